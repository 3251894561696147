import { E2E_PORT } from "../../playwright.config";
import { type RunningProvider, startOidcProvider } from "../integration/oidc";
import { signInAdmin } from "./auth";
import { expect, expectAccessible, test, waitForHydration } from "./fixtures";

// Single sign-on as an administrator and a member meet it (decision 048): the admin sets up the
// organisation's provider (a real `oidc-provider` started here) and tests the connection; the
// member types their work email, signs in on the provider's own login and consent pages, lands
// signed in where they were going, and signs out; the admin sees both in the audit trail.

const PROVIDER_PORT = E2E_PORT + 10;
const CLIENT = {
  clientId: "kestrel-e2e",
  clientSecret: "an e2e client secret, long enough to be real",
};
const stamp = Date.now();
const domain = `sso-${stamp}.example`;
const member = `ana@${domain}`;
let provider: RunningProvider;

test.beforeAll(async () => {
  provider = await startOidcProvider({
    ...CLIENT,
    redirectUri: `http://127.0.0.1:${E2E_PORT}/sso/callback`,
    people: [{ email: member, name: "Ana Lim", groups: ["Tellers"] }],
    port: PROVIDER_PORT,
  });
});
test.afterAll(async () => {
  await provider?.close();
});

test("an admin sets up an organisation's provider; its member signs in there, lands signed in and signs out", async ({
  page,
  browser,
}, testInfo) => {
  test.slow();
  const organisation = `Sso Bank ${stamp}-${testInfo.retry}`;
  await signInAdmin(page, `warden${testInfo.retry}@kestrel.test`, "/admin/sso");
  await waitForHydration(page);
  await page.getByLabel("Organisation", { exact: true }).fill(organisation);
  await page.getByLabel("Issuer", { exact: true }).fill(provider.issuer);
  await page.getByLabel("Client ID").fill(CLIENT.clientId);
  await page.getByLabel("Client secret").fill(CLIENT.clientSecret);
  await page.getByLabel("Email domains").fill(domain);
  await page.getByLabel("Email codes").selectOption("forbidden");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Settings saved.")).toBeVisible();
  const configured = page.getByRole("table", { name: "Organisations with single sign-on" });
  await expect(configured.getByRole("cell", { name: organisation, exact: true })).toBeVisible();
  await page.getByRole("button", { name: `Test connection ${organisation}` }).click();
  await expect(page.getByText("Connection test passed")).toBeVisible();
  await expectAccessible(page);

  const context = await browser.newContext();
  const person = await context.newPage();
  await person.goto("/login?redirectTo=%2Ftraining%2Fcompliance");
  await waitForHydration(person);
  await person.getByLabel("Work email").fill(member.toUpperCase());
  await person.getByRole("button", { name: "Enter Pilot" }).click();
  // The provider's own pages: the login (the email given as the hint), then the consent.
  await expect(person).toHaveURL(new RegExp(`^${provider.issuer}/interaction/`));
  await expect(person.locator('input[name="login"]')).toHaveValue(member);
  await person.locator('input[name="password"]').fill("any password");
  await person.getByRole("button", { name: "Sign-in" }).click();
  await person.getByRole("button", { name: "Continue" }).click();
  await expect(person).toHaveURL(new RegExp(`:${E2E_PORT}/training/compliance$`));
  await expect(person.getByRole("button", { name: "Sign Out" }).first()).toBeVisible();

  await person.getByRole("button", { name: "Sign Out" }).first().click();
  await expect(person.getByRole("button", { name: "Sign Out" })).toHaveCount(0);
  await person.goto("/app");
  await expect(person).toHaveURL(/\/login\?redirectTo=%2Fapp$/);
  await context.close();

  await page.reload();
  const audit = page.getByRole("table", { name: "Single sign-on audit trail" });
  await expect(audit.getByRole("row", { name: new RegExp(`Signed in ${member}`) })).toBeVisible();
  await expect(audit.getByRole("row", { name: /Connection tested/ })).toBeVisible();
  await expect(audit.getByRole("row", { name: /Settings saved/ })).toBeVisible();
});
