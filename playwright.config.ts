import { defineConfig, devices } from "@playwright/test";

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_DATABASE = "data/e2e/kestrel.db";
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 3125);
/** Every mail the server under test sends arrives here, one JSON line each. */
export const E2E_MAILBOX = "data/e2e-mail/mail.jsonl";

// Debian's Chromium; no browser is ever downloaded (scripts/ensure-chromium.js installs it).
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
        NODE_ENV: "production",
        PORT: String(E2E_PORT),
        HOST: "127.0.0.1",
        DATABASE_URL: E2E_DATABASE,
        SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
        // tests/e2e/auth.ts: who may sign in, and the bootstrap administrator.
        PILOT_DOMAINS: "pilot.example",
        ADMIN_EMAILS: "admin0@kestrel.test,admin1@kestrel.test,admin2@kestrel.test",
        LOG_LEVEL: "warn",
      },
    },
  ],
});
