import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { queryE2eDatabase } from "./db";
import {
  expect,
  expectAccessible,
  recordAnalytics,
  test,
  uniqueEmail,
  waitForHydration,
} from "./fixtures";

// SPEC §2/§4 "Waitlist modal", by keyboard and with the mouse, and what it stores.
const unique = () => uniqueEmail("wl", "bank.example");

/** The names of the analytics events the page has dispatched so far. */
async function recordEventNames(page: Page) {
  const events = await recordAnalytics(page);
  return async () => (await events()).map((e) => String(e.event));
}

async function fill(page: Page, email: string) {
  const dialog = page.getByRole("dialog");
  // The dialog moves focus to its first field after 100 ms (SPEC §9); type after that, as a person would.
  await expect(dialog.getByLabel("Full name")).toBeFocused();
  await dialog.getByLabel("Full name").fill("Ana Cruz");
  await dialog.getByLabel("Work email").fill(email);
  await dialog.getByLabel("Company").fill("Manila Trust");
  await dialog.getByLabel("Role").fill("Compliance officer");
}

test("keyboard only: open from the header on /demo, focus inside, Tab stays in, Escape returns focus", async ({
  page,
}) => {
  await page.goto("/demo");
  await waitForHydration(page);
  const trigger = page.getByRole("button", { name: "Join The Waitlist" });
  await trigger.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Full name")).toBeFocused();
  for (let i = 0; i < 15; i++) {
    await page.keyboard.press("Tab");
    expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
  }
  await expectAccessible(page);
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(trigger).toBeFocused();

  // Opened again, the untouched form is new: no "required" notes from the walk through it.
  await page.keyboard.press("Enter");
  await expect(dialog.getByLabel("Full name")).toBeFocused();
  await expect(dialog.getByText("This field is required")).toHaveCount(0);
  await expect(dialog.getByLabel("Full name")).not.toHaveAttribute("aria-invalid", "true");
});

test("joins only with every field and consent; the entry lands in the database", async ({
  page,
}) => {
  const events = await recordEventNames(page);
  const email = unique();
  await page.goto("/demo");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Join The Waitlist" }).click();
  const dialog = page.getByRole("dialog");
  const join = dialog.getByRole("button", { name: "Join the waitlist" });
  await expect(join).toBeDisabled();
  await fill(page, email);
  await expect(join).toBeDisabled();
  // What the consent agrees to can be read first: both documents are links.
  await expect(dialog.getByRole("link", { name: "Read the Privacy Policy" })).toHaveAttribute(
    "href",
    "/privacy",
  );
  await expect(dialog.getByRole("link", { name: "Read the Terms of Service" })).toHaveAttribute(
    "href",
    "/terms",
  );
  await dialog.getByRole("checkbox").check();
  await expect(join).toBeEnabled();
  await join.click();
  await expect(dialog.getByText("You're on the list. We'll be in touch soon.")).toBeVisible();
  await expect(dialog.getByRole("link", { name: "Book a Demo" })).toHaveAttribute("href", "/demo");
  await expect(dialog.getByRole("link", { name: "Explore Enterprise" })).toHaveAttribute(
    "href",
    "/kestrel",
  );
  expect(
    queryE2eDatabase("select name, company, consent from waitlist_entry where email = ?", email),
  ).toEqual([{ name: "Ana Cruz", company: "Manila Trust", consent: 1 }]);
  await expect
    .poll(events)
    .toEqual(
      expect.arrayContaining([
        "waitlist_trigger",
        "waitlist_open",
        "waitlist_submit_attempt",
        "waitlist_submit_success",
      ]),
    );
  await dialog.getByRole("link", { name: "Book a Demo" }).click();
  expect(await events()).toContain("waitlist_success_demo_click");
});

test("a malformed email says 'Enter a valid email'", async ({ page }) => {
  await page.goto("/demo");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Join The Waitlist" }).click();
  await expect(page.getByRole("dialog").getByLabel("Full name")).toBeFocused();
  const email = page.getByRole("dialog").getByLabel("Work email");
  await email.fill("ana@");
  await email.blur();
  await expect(page.getByRole("dialog").getByText("Enter a valid email")).toBeVisible();
});

test.describe("when the server fails", () => {
  test.use({ expectedConsoleError: /Failed to load resource/ });

  test("shows the error and keeps every value", async ({ page }) => {
    const events = await recordEventNames(page);
    await page.route("**/api/waitlist", (route) => route.fulfill({ status: 500, body: "{}" }));
    await page.goto("/demo");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Join The Waitlist" }).click();
    const dialog = page.getByRole("dialog");
    await fill(page, "keep@bank.example");
    await dialog.getByRole("checkbox").check();
    await dialog.getByRole("button", { name: "Join the waitlist" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("Something went wrong. Please try again.");
    await expect(dialog.getByLabel("Full name")).toHaveValue("Ana Cruz");
    await expect(dialog.getByLabel("Work email")).toHaveValue("keep@bank.example");
    await expect(dialog.getByRole("checkbox")).toBeChecked();
    await expect.poll(events).toContain("waitlist_submit_error");
  });
});

test("Thailand's waitlist warns against sensitive personal data, in Thai", async ({ browser }) => {
  const context = await browser.newContext({ locale: "th-TH" });
  const page = await context.newPage();
  await page.goto("/demo");
  await waitForHydration(page);
  const thai = (namespace: string) =>
    JSON.parse(readFileSync(`locales/th/${namespace}.json`, "utf8")) as {
      joinWaitlist: string;
      waitlist: { regions: { th: { sensitiveDataNotice: string } } };
    };
  await page.getByRole("button", { name: thai("header").joinWaitlist }).click();
  await expect(page.getByRole("dialog")).toContainText(
    thai("forms").waitlist.regions.th.sensitiveDataNotice,
  );
  await context.close();
});

test("other regions' waitlists carry no such notice", async ({ page }) => {
  await page.goto("/demo");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Join The Waitlist" }).click();
  await expect(page.getByRole("dialog").getByLabel("Full name")).toBeVisible();
  await expect(page.getByRole("dialog")).not.toContainText("sensitive personal data");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the header button asks for the page form; errors keep values; the entry is stored", async ({
    page,
  }) => {
    const email = unique();
    await page.goto("/demo");
    await page.getByRole("button", { name: "Join The Waitlist" }).click();
    await expect(page).toHaveURL(/\/demo\?waitlist=open#waitlist$/);
    const form = page.locator("#waitlist");
    await form.getByLabel("Full name").fill("Lim Wei");
    await form.getByLabel("Work email").fill("not-an-email");
    await form.getByLabel("Role").fill("MLRO");
    await form.getByRole("button", { name: "Join the waitlist" }).click();
    await expect(form.getByText("Enter a valid email")).toBeVisible();
    await expect(form.getByText("This field is required").first()).toBeVisible();
    await expect(form.getByLabel("Full name")).toHaveValue("Lim Wei");
    await expect(form.getByLabel("Role")).toHaveValue("MLRO");

    await form.getByLabel("Work email").fill(email);
    await form.getByLabel("Company").fill("Straits Bank");
    await form.getByRole("checkbox").check();
    await form.getByRole("button", { name: "Join the waitlist" }).click();
    await expect(page.getByText("You're on the list. We'll be in touch soon.")).toBeVisible();
    expect(
      queryE2eDatabase("select name, role from waitlist_entry where email = ?", email),
    ).toEqual([{ name: "Lim Wei", role: "MLRO" }]);
  });
});
