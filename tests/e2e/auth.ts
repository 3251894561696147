import type { Page } from "@playwright/test";
import { deliveredMail } from "./db";
import { totp } from "../totp";
import { expect, waitForHydration } from "./fixtures";

export { totp };

// Pilot sign-in as a person does it: the email, then the code from the mail the server sent.

/** Domains and addresses the server under test lets in (playwright.config.ts). */
export const PILOT_DOMAIN = "pilot.example";
/** A bootstrap administrator per attempt: a retry meets an admin without a second factor. */
export const adminEmail = (retry: number) => `admin${retry}@kestrel.test`;

/** The newest sign-in code delivered to `email`. */
export async function codeFor(email: string, sentBefore = 0): Promise<string> {
  let code = "";
  await expect
    .poll(
      () => {
        const mails = deliveredMail().filter((mail) => mail.to.includes(email));
        if (mails.length <= sentBefore) return "";
        code = /sign-in code is (\d{6})/.exec(mails.at(-1)?.data ?? "")?.[1] ?? "";
        return code;
      },
      { timeout: 10_000 },
    )
    .toMatch(/^\d{6}$/);
  return code;
}

export function mailCount(email: string): number {
  return deliveredMail().filter((mail) => mail.to.includes(email)).length;
}

/** Signs in through /login and waits for the page sign-in leads to. */
export async function login(page: Page, email: string, path = "/login"): Promise<void> {
  const before = mailCount(email);
  await page.goto(path);
  await waitForHydration(page);
  await page.getByLabel("Work email").fill(email);
  await page.getByRole("button", { name: "Enter Pilot" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  await page.getByLabel("Sign-in code").fill(await codeFor(email, before));
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** Signs a bootstrap administrator in and sets up their authenticator, landing on `path`. */
export async function signInAdmin(page: Page, email: string, path: string): Promise<void> {
  await login(page, email, `/login?redirectTo=${encodeURIComponent(path)}`);
  await expect(page).toHaveURL(/\/admin\/security/);
  await page.getByRole("button", { name: "Set up an authenticator app" }).click();
  const secret = (await page.getByTestId("totp-secret").textContent()) ?? "";
  await page.getByLabel("6-digit code").fill(totp(secret));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}
