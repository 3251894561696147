import { readFileSync } from "node:fs";
import { unzipSync } from "fflate";
import { PILOT_DOMAIN, login, totp } from "./auth";
import { expect, expectAccessible, test, uniqueEmail, waitForHydration } from "./fixtures";
import { passModule } from "./modules";

// The evidence register as an admin meets it (issue "Evidence register"): a learner's module pass
// joins their organisation's chain; the admin finds it by organisation and learner, sees the
// chain audit, and takes away the register CSV and the organisation's audit package.

test("an admin finds a learner's evidence, and downloads the register CSV and the audit package", async ({
  page,
  browser,
}, testInfo) => {
  test.slow();
  const learnerEmail = uniqueEmail("evidence", PILOT_DOMAIN);
  const learnerContext = await browser.newContext();
  const learner = await learnerContext.newPage();
  await login(learner, learnerEmail);
  await passModule(learner, "esg-fundamentals-singapore");
  await learnerContext.close();

  await login(
    page,
    `examiner${testInfo.retry}@kestrel.test`,
    "/login?redirectTo=%2Fadmin%2Fevidence",
  );
  await expect(page).toHaveURL(/\/admin\/security/);
  await page.getByRole("button", { name: "Set up an authenticator app" }).click();
  const secret = (await page.getByTestId("totp-secret").textContent()) ?? "";
  await page.getByLabel("6-digit code").fill(totp(secret));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/admin\/evidence$/);
  await expect(page.getByRole("heading", { name: "Evidence register" })).toBeVisible();
  await expect(page.getByText("Choose an organisation to audit its chain")).toBeVisible();
  await expectAccessible(page);

  await waitForHydration(page);
  await page.getByLabel("Organisation").selectOption({ label: "Independent learners" });
  await page.getByRole("searchbox", { name: "Learner" }).fill(learnerEmail.toUpperCase());
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/learner=/);
  await expect(page.getByRole("status")).toHaveText(/^Matching records: [1-9]/);
  const table = page.getByRole("region", { name: /Evidence records, newest first/ });
  await expect(table.getByRole("row").filter({ hasText: "Module completion" })).toContainText(
    learnerEmail,
  );
  const evidenceId =
    (await table
      .getByRole("row")
      .filter({ hasText: "Module completion" })
      .getByText(/^EV-/)
      .textContent()) ?? "";
  await expect(page.getByTestId("chain-audit")).toHaveText(/^Chain intact: \d+ records? checked/);
  await expectAccessible(page);

  const csvDownload = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download register CSV" }).click();
  const csv = readFileSync((await (await csvDownload).path()) ?? "", "utf8");
  expect(csv.startsWith("\uFEFF")).toBe(true);
  const [header, ...rows] = csv.slice(1).trim().split("\n");
  expect(header).toMatch(/^organisation,organisation_id,sequence,evidence_id,kind,/);
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) expect(row).toContain(learnerEmail);
  expect(rows.join("\n")).toContain(evidenceId);

  const zipDownload = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download audit package (ZIP)" }).click();
  const download = await zipDownload;
  expect(download.suggestedFilename()).toMatch(/^audit-package_independent-learners_.*\.zip$/);
  const zip = new Uint8Array(readFileSync((await download.path()) ?? ""));
  expect(Buffer.from(zip.subarray(0, 2)).toString("latin1")).toBe("PK");
  const files = unzipSync(zip);
  expect(Object.keys(files)).toEqual(
    expect.arrayContaining(["README.txt", "jwks.json", "manifest.html", "manifest.csv"]),
  );
  expect(Object.keys(files).some((name) => name.endsWith(`-${evidenceId}.pdf`))).toBe(true);
  expect(new TextDecoder().decode(files["manifest.html"])).toContain(evidenceId);

  // A filter that matches nothing says so.
  await page.getByRole("searchbox", { name: "Learner" }).fill("nobody-at-all");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText("No evidence matches these filters.")).toBeVisible();
  await expectAccessible(page);
});
