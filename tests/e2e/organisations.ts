import type { Browser, Page } from "@playwright/test";
import { login } from "./auth";
import { expect, waitForHydration } from "./fixtures";

// An organisation as an admin sets one up for a test: its domain let in, its people signed in,
// one of them made its manager.

/** On /admin/allowlist, signed in as an admin: lets `domain`'s people in as `organisation`. */
export async function admitOrganisation(
  page: Page,
  domain: string,
  organisation: string,
): Promise<void> {
  await waitForHydration(page);
  await page.getByLabel("Domain or email").fill(domain);
  await page.getByLabel("Organisation").fill(organisation);
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(page.getByRole("cell", { name: domain, exact: true })).toBeVisible();
}

/** Each email signs in, in a browser context of its own, and lands on `path`. */
export async function signInEach(
  browser: Browser,
  emails: readonly string[],
  path: string,
): Promise<Page[]> {
  const pages = await Promise.all(emails.map(async () => (await browser.newContext()).newPage()));
  for (const [index, email] of emails.entries()) {
    const person = pages[index];
    if (!person) throw new Error("no page");
    await login(person, email, `/login?redirectTo=${encodeURIComponent(path)}`);
    await expect(person).toHaveURL(new RegExp(`${path}$`));
  }
  return pages;
}

/** Opens `organisation` on /admin/requirements: its requirements and its members. */
export async function showOrganisation(page: Page, organisation: string): Promise<void> {
  await page.goto("/admin/requirements");
  await page.getByLabel("Organisation").selectOption({ label: organisation });
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page.getByTestId("organisation-name")).toHaveText(organisation);
  await waitForHydration(page);
}

/** On the organisation's /admin/requirements: makes the member with `email` its manager. */
export async function makeManager(page: Page, email: string): Promise<void> {
  const row = page.getByTestId("members").getByRole("row").filter({ hasText: email });
  await row.getByRole("combobox").selectOption("manager");
  await row.getByRole("button", { name: "Change role" }).click();
  await expect(row.getByRole("status")).toHaveText("Role changed.");
}
