import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_DATABASE = "data/e2e/kestrel.db";
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 3125);
/** Every mail the server under test sends arrives here, one JSON line each. */
export const E2E_MAILBOX = "data/e2e-mail/mail.jsonl";
/** nginx terminating TLS on this port, in front of a second server of the app on the next one. */
export const E2E_PROXY_PORT = Number(process.env.E2E_PROXY_PORT ?? E2E_PORT + 6);
export const E2E_PROXY_URL = `https://localhost:${E2E_PROXY_PORT}`;
const proxiedAppPort = E2E_PROXY_PORT + 1;
/** The proxy runs where nginx is installed (scripts/ensure-e2e-tools.js installs it). */
export const NGINX_PATH = process.env.NGINX_PATH ?? "/usr/sbin/nginx";
const withProxy = existsSync(NGINX_PATH);

/** What both servers of the app under test share: who may sign in, where mail goes. */
const appEnv = {
  NODE_ENV: "production",
  HOST: "127.0.0.1",
  SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
  // tests/e2e/auth.ts: who may sign in, and the bootstrap administrator.
  PILOT_DOMAINS: "pilot.example",
  ADMIN_EMAILS:
    "admin0@kestrel.test,admin1@kestrel.test,admin2@kestrel.test,registrar0@kestrel.test,registrar1@kestrel.test,registrar2@kestrel.test,steward0@kestrel.test,steward1@kestrel.test,steward2@kestrel.test,examiner0@kestrel.test,examiner1@kestrel.test,examiner2@kestrel.test,surveyor0@kestrel.test,surveyor1@kestrel.test,surveyor2@kestrel.test,warden0@kestrel.test,warden1@kestrel.test,warden2@kestrel.test,provisioner0@kestrel.test,provisioner1@kestrel.test,provisioner2@kestrel.test,publisher0@kestrel.test,publisher1@kestrel.test,publisher2@kestrel.test",
  LOG_LEVEL: "warn",
  // No reminder pass on its own schedule: tests/e2e/reminders.spec.ts runs one when it needs it.
  JOBS: "off",
  // A small weekly quota, so tests/e2e/skills.spec.ts reaches it in a few runs.
  SKILL_RUNS_PER_WEEK: "4",
  // Every page whose header or footer is sent from kept HTML is also rendered afresh and compared;
  // a difference ends the response, so the test that met it fails (docs/decisions/030).
  HTML_REUSE: "verify",
};

// Debian's Chromium; no browser is ever downloaded (scripts/ensure-e2e-tools.js installs it).
export const chromiumLaunch = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  // Two browsers and three servers share two cores: a step that takes 2 s alone takes 5 s here, so
  // the limits are for a test that hangs, not one that waits its turn (docs/decisions/056).
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"], ["html", { open: "never" }]] : "list",
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    launchOptions: chromiumLaunch,
    trace: "retain-on-failure",
  },
  projects: [
    { name: "chromium", use: { ...devices["Desktop Chrome"], launchOptions: chromiumLaunch } },
  ],
  webServer: [
    {
      // A local SMTP server that speaks the real protocol; the app delivers to it.
      command: `rm -rf data/e2e-mail && node scripts/smtp-sink.js ${E2E_SMTP_PORT} ${E2E_MAILBOX}`,
      port: E2E_SMTP_PORT,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      // The production build, on a database of its own that each run starts afresh.
      command: `rm -rf data/e2e && node server/start.js`,
      url: `http://127.0.0.1:${E2E_PORT}/readyz`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        ...appEnv,
        PORT: String(E2E_PORT),
        // The address the browser uses: the one origin state-changing requests may come from.
        APP_URL: `http://127.0.0.1:${E2E_PORT}`,
        DATABASE_URL: E2E_DATABASE,
        // Each test's page names its own client address (tests/e2e/fixtures.ts).
        TRUST_PROXY: "loopback",
      },
    },
    ...(withProxy
      ? [
          {
            // As in production: HTTPS ends at the proxy, plain HTTP behind it.
            command: `rm -rf data/e2e-proxied && node server/start.js`,
            url: `http://127.0.0.1:${proxiedAppPort}/readyz`,
            reuseExistingServer: false,
            timeout: 60_000,
            env: {
              ...appEnv,
              PORT: String(proxiedAppPort),
              APP_URL: E2E_PROXY_URL,
              TRUST_PROXY: "loopback",
              SESSION_SECRET: "an-e2e-proxy-secret-that-is-long-enough-0123",
              DATABASE_URL: "data/e2e-proxied/kestrel.db",
            },
          },
          {
            command: `node scripts/tls-proxy.js ${E2E_PROXY_PORT} ${proxiedAppPort} data/e2e-proxy`,
            url: `${E2E_PROXY_URL}/readyz`,
            ignoreHTTPSErrors: true,
            reuseExistingServer: false,
            timeout: 30_000,
            env: { NGINX_PATH },
          },
        ]
      : []),
  ],
});
