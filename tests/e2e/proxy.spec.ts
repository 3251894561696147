import { existsSync } from "node:fs";
import { E2E_PROXY_URL, NGINX_PATH, chromiumLaunch } from "../../playwright.config";
import { PILOT_DOMAIN, login } from "./auth";
import { expect, test, uniqueEmail, waitForHydration } from "./fixtures";

// The app as production runs it: nginx ends HTTPS (a self-signed certificate) and forwards plain
// HTTP with X-Forwarded-Proto, -Host and -For to a server whose APP_URL is the https address and
// which trusts the proxy on loopback (playwright.config.ts, scripts/tls-proxy.js).

// The certificate is self-signed. Left to Playwright's ignoreHTTPSErrors alone, Chromium asks about
// it again on every new connection and, when a page's requests race, can give up on one after
// too many asks (net::ERR_TOO_MANY_RETRIES on a stylesheet, once in about twelve runs, seen in its
// net log); its own switch accepts the certificate in the network layer. Requests made from the
// test itself (page.request) still need ignoreHTTPSErrors.
test.use({
  baseURL: E2E_PROXY_URL,
  ignoreHTTPSErrors: true,
  launchOptions: {
    ...chromiumLaunch,
    args: [...chromiumLaunch.args, "--ignore-certificate-errors"],
  },
});

test.beforeEach(() => {
  expect(
    existsSync(NGINX_PATH),
    `nginx is needed at ${NGINX_PATH}: npm run test:e2e installs it`,
  ).toBe(true);
});

test("signing in over HTTPS through the proxy opens the pilot with a __Host- secure session", async ({
  page,
  context,
}) => {
  const email = uniqueEmail("proxied", PILOT_DOMAIN);
  await login(page, email);
  await expect(page).toHaveURL(`${E2E_PROXY_URL}/app`);
  await expect(page.getByText(`You are signed in as ${email}.`)).toBeVisible();
  const session = (await context.cookies()).find((cookie) => cookie.name.includes("session"));
  expect(session).toMatchObject({
    name: "__Host-kestrel.session",
    secure: true,
    httpOnly: true,
    path: "/",
    sameSite: "Lax",
  });
});

test("the contact form sends through the proxy", async ({ page }) => {
  await page.goto("/contact");
  await waitForHydration(page);
  await page.getByLabel("Name").fill("Proxy Visitor");
  await page
    .getByLabel("Email", { exact: true })
    .fill(uniqueEmail("proxied-contact", "example.com"));
  await page.getByLabel("Message").fill("Sent over HTTPS through a reverse proxy.");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("heading", { name: "Message Sent!" })).toBeVisible();
});

test("a theme chosen over HTTPS is kept in a Secure cookie", async ({ page, context }) => {
  await page.goto("/");
  await waitForHydration(page);
  // Dark by default (SPEC §9); light is the absence of the class.
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  const response = await page.request.post("/theme", {
    form: { theme: "light" },
    headers: { Origin: E2E_PROXY_URL },
  });
  expect(response.status()).toBe(200);
  expect(response.headers()["set-cookie"]).toMatch(/; Secure/i);
  const theme = (await context.cookies()).find((cookie) => cookie.name === "kestrel-theme");
  expect(theme?.secure).toBe(true);
  await page.reload();
  await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
});
