import { login, totp } from "./auth";
import { expect, expectAccessible, test, waitForHydration } from "./fixtures";

// SCIM provisioning's settings as an admin meets them (issue 47): the base URL to paste into the
// identity provider, a token shown once, its rotation and revocation, each proved against the
// real endpoint, and the audit of all of it.

test("an admin issues a SCIM token, sees it once, rotates and revokes it, and reads the audit", async ({
  page,
  playwright,
}, testInfo) => {
  test.slow();
  const email = `provisioner${testInfo.retry}@kestrel.test`;
  await login(page, email, "/login?redirectTo=%2Fadmin%2Fscim");
  await expect(page).toHaveURL(/\/admin\/security/);
  await page.getByRole("button", { name: "Set up an authenticator app" }).click();
  const secret = (await page.getByTestId("totp-secret").textContent()) ?? "";
  await page.getByLabel("6-digit code").fill(totp(secret));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/admin\/scim$/);
  await expect(page.getByRole("heading", { name: "SCIM provisioning", level: 2 })).toBeVisible();
  await waitForHydration(page);

  // The organisation of everyone no allowlist entry names, made when the admin signed in.
  await page.getByLabel("Organisation").selectOption({ label: "Independent learners" });
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page.getByTestId("scim-organisation")).toHaveText("Independent learners");
  const baseUrl = await page.getByLabel("Base URL").inputValue();
  expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/scim\/v2$/);

  // A client with no cookies, as an identity provider calls.
  const provider = await playwright.request.newContext();
  const status = async (token: string) =>
    (
      await provider.get(`${baseUrl}/ServiceProviderConfig`, {
        headers: { Authorization: `Bearer ${token}` },
      })
    ).status();

  // A retry may find the token of the attempt before: then the button rotates it.
  await page.getByRole("button", { name: /^(Issue a token|Rotate token)$/ }).click();
  const first = await page.getByTestId("scim-token").inputValue();
  expect(first).toMatch(/^kscim_\d+_[\w-]{43}$/);
  await expect(page.getByTestId("scim-token-state")).toContainText("is in force");
  await expectAccessible(page);
  expect(await status(first)).toBe(200);

  // Shown once: reading the page again does not show it.
  await page.reload();
  await expect(page.getByTestId("scim-token-state")).toContainText("Last used");
  await expect(page.getByTestId("scim-token")).toHaveCount(0);

  await waitForHydration(page);
  await page.getByRole("button", { name: "Rotate token" }).click();
  const second = await page.getByTestId("scim-token").inputValue();
  expect(second).not.toBe(first);
  expect(await status(first)).toBe(401);
  expect(await status(second)).toBe(200);

  await page.getByRole("button", { name: "Revoke token" }).click();
  await expect(page.getByTestId("scim-token-state")).toHaveText(
    "No token is in force: provisioning is off.",
  );
  expect(await status(second)).toBe(401);
  await expect(page.getByRole("button", { name: "Revoke token" })).toHaveCount(0);

  const audit = page.getByRole("table", { name: "Audit" });
  await expect(audit.getByRole("row").nth(1)).toContainText("token.revoked");
  await expect(audit).toContainText("token.rotated");
  await expect(audit).toContainText("GET /ServiceProviderConfig");
  await expect(audit).toContainText(email);
  await expectAccessible(page);
  await provider.dispose();
});
