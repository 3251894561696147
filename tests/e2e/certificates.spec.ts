import { readFileSync } from "node:fs";
import { pdfText } from "../pdf-text";
import { PILOT_DOMAIN, login, totp } from "./auth";
import { expect, expectAccessible, test, uniqueEmail, waitForHydration } from "./fixtures";
import { passModule } from "./modules";

// Certificates as a learner, a stranger with a code and an admin meet them (issue "Certificates").

test("a learner earns a certificate, prints their Thai name on it, and anyone can verify it until an admin revokes it", async ({
  page,
  browser,
}, testInfo) => {
  test.slow();
  await login(page, uniqueEmail("holder", PILOT_DOMAIN));
  await passModule(page, "esg-fundamentals-singapore");
  await expect(page.getByTestId("completion-certificate")).toContainText(
    "You earned a certificate for this module.",
  );
  await expect(
    page.getByRole("link", { name: "Notifications: 1 needs your action" }),
  ).toBeVisible();
  await page.getByRole("link", { name: "View Certificates" }).click();
  await expect(page).toHaveURL(/\/training\/certificates$/);
  await expect(page.getByRole("status").first()).toContainText("You have earned 1 certificate.");
  // Earned and waiting for a name is not "none yet".
  await expect(page.getByTestId("certificates-empty")).toHaveCount(0);
  await expectAccessible(page);

  const name = "สมชาย ใจดี";
  await page.getByLabel("Name to print").fill(name);
  await page.getByRole("button", { name: "Save name" }).click();
  const card = page.getByTestId("certificate");
  await expect(card).toContainText("ESG Fundamentals");
  await expect(card.getByTestId("certificate-status")).toHaveText("VERIFIED");
  await expect(card).toContainText("Valid for 1 year from issue date");
  const code = (await card.getByTestId("certificate-code").textContent()) ?? "";
  expect(code).toMatch(/^VERIFY-[A-Z]{3}\d{6}$/);
  await expectAccessible(page);

  // The bell: the request for a name is settled, the issuance is announced.
  await page.getByRole("link", { name: "Notifications", exact: true }).click();
  const notifications = page.getByTestId("notification");
  await expect(notifications).toHaveCount(2);
  await expect(notifications.first()).toContainText("Certificate issued");
  await expect(notifications.first()).toContainText(code);
  await expectAccessible(page);
  await notifications.first().getByRole("button", { name: "Mark as read" }).click();
  await expect(notifications.first().getByRole("button", { name: "Mark as read" })).toHaveCount(0);
  await notifications.last().getByRole("button", { name: "Remove" }).click();
  await expect(notifications).toHaveCount(1);
  await page.getByRole("button", { name: "Clear All" }).click();
  await expect(page.getByTestId("notifications-empty")).toContainText("No notifications");
  await page.goto("/training/certificates");

  const downloading = page.waitForEvent("download");
  await card.getByRole("link", { name: "Download PDF" }).click();
  const download = await downloading;
  const bytes = new Uint8Array(readFileSync((await download.path()) ?? ""));
  expect(Buffer.from(bytes.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
  const text = await pdfText(bytes);
  expect(text).toContain(name.replace(/\s+/g, ""));
  expect(text).toContain(code);

  // A stranger, signed out, checks the code they were given, typed carelessly.
  const strangerContext = await browser.newContext();
  const stranger = await strangerContext.newPage();
  await stranger.goto("/training/certificates");
  await expect(stranger.getByTestId("certificates-signed-out")).toBeVisible();
  await waitForHydration(stranger);
  // Lower case, with a space inside and around (VERIFY-UPZ050860 as "verify-upz 050860").
  const careless = ` ${code.toLowerCase().replace(/(\d)/, " $1")} `;
  await stranger.getByLabel("Certificate verification code").fill(careless);
  await stranger.getByRole("button", { name: "Verify", exact: true }).click();
  // The address names the code in its one form, not as typed.
  await expect(stranger).toHaveURL(new RegExp(`/verify/${code}$`));
  const result = stranger.getByTestId("verify-result");
  await expect(stranger.getByTestId("verify-status")).toHaveText("Valid");
  await expect(result).toContainText(name);
  await expect(result).toContainText("Kestrel Compliance Academy");
  await expect(stranger.getByTestId("verify-signature")).toContainText("Signature valid");
  expect(await stranger.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
  await expectAccessible(stranger);

  // An admin revokes it, with a reason; the public page says so.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await login(
    adminPage,
    `registrar${testInfo.retry}@kestrel.test`,
    "/login?redirectTo=%2Fadmin%2Fcertificates",
  );
  await expect(adminPage).toHaveURL(/\/admin\/security/);
  await adminPage.getByRole("button", { name: "Set up an authenticator app" }).click();
  const secret = (await adminPage.getByTestId("totp-secret").textContent()) ?? "";
  await adminPage.getByLabel("6-digit code").fill(totp(secret));
  await adminPage.getByRole("button", { name: "Verify" }).click();
  await expect(adminPage).toHaveURL(/\/admin\/certificates$/);
  await adminPage.getByLabel("Search").fill(code);
  await adminPage.getByLabel("Search").press("Enter");
  await expect(adminPage.getByRole("status").first()).toContainText(": 1");
  await waitForHydration(adminPage);
  await adminPage.getByLabel(`Reason for revoking ${code}`).fill("Issued to the wrong person");
  await adminPage.getByRole("button", { name: "Revoke" }).click();
  await expect(adminPage.getByText(`Certificate ${code} revoked.`)).toBeVisible();
  await expect(adminPage.getByTestId("certificate-history")).toContainText(
    /Revoked on \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC by registrar\d@kestrel\.test/,
  );
  await expect(adminPage.getByTestId("certificate-history")).toContainText(
    "Issued to the wrong person",
  );
  await expectAccessible(adminPage);

  await stranger.reload();
  await expect(stranger.getByTestId("verify-status")).toHaveText("Revoked");
  await expect(stranger.getByTestId("verify-result")).toContainText("Issued to the wrong person");
  await page.reload();
  await expect(card.getByTestId("certificate-status")).toHaveText("REVOKED");
  await Promise.all([strangerContext.close(), adminContext.close()]);
});

test("an unknown code says no certificate matches it", async ({ page }) => {
  const response = await page.goto("/verify/VERIFY-ZZZ000000");
  expect(response?.status()).toBe(404);
  await expect(
    page.getByRole("heading", { name: "No certificate matches this code" }),
  ).toBeVisible();
  const malformed = await page.goto("/verify/not-a-code");
  expect(malformed?.status()).toBe(404);
  await expect(
    page.getByRole("heading", { name: "No certificate matches this code" }),
  ).toBeVisible();
  await expectAccessible(page);
});
