import { readFileSync } from "node:fs";
import { PILOT_DOMAIN, login } from "./auth";
import {
  chooseLocale,
  expect,
  expectAccessible,
  test,
  uniqueEmail,
  waitForHydration,
} from "./fixtures";

// The Skills page of the pilot area, against the real server (template provider, no model).

test("a signed-in user generates a scrubbed draft, exports it, saves and reopens it", async ({
  page,
}) => {
  await login(page, uniqueEmail("skills", PILOT_DOMAIN));
  await page.goto("/app");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "Skills", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: /Training & Compliance/ })).toHaveAttribute(
    "href",
    "/training",
  );
  await expect(page.getByRole("link", { name: /AML Compliance Platform/ })).toHaveAttribute(
    "href",
    "/kestrel/aml-demo",
  );
  await expect(page.getByRole("button", { name: "Save Draft" })).toBeDisabled();
  await expectAccessible(page);

  // The skill list is a radio group: arrow keys move through it; a click on a skill picks it.
  const radios = page.getByRole("radio");
  await expect(radios.first()).toBeChecked();
  await radios.first().focus();
  await page.keyboard.press("ArrowDown");
  await expect(radios.nth(1)).toBeChecked();
  await expect(radios.nth(1)).toBeFocused();
  const kyc = page.getByRole("radio", { name: /KYC escalation memo/ });
  await page.locator("label", { has: kyc }).click();
  await expect(kyc).toBeChecked();

  const notes = page.locator("#skill-input");
  await notes.fill(
    "Walk-in customer Lim Ah Kow, NRIC S1234567D, email lim.ak@example.com, deposited SGD 9,500 " +
      "in cash three days running and asked about the reporting threshold. Staff know him as Lucky.",
  );
  // Before generating, the learner sees what will be removed and marks what was missed
  // (issue 45); the review is theirs alone.
  await page.getByRole("button", { name: "Check for personal data" }).click();
  const review = page.getByRole("region", { name: "Personal data in your notes" });
  await expect(review.getByTestId("pii-found")).toContainText("Lim Ah Kow → [PERSON 1]");
  await expect(review.getByTestId("pii-found")).toContainText("S1234567D → [SG_NRIC 1]");
  await expect(review.getByTestId("pii-found")).not.toContainText("Lucky");
  await review.getByRole("textbox").fill("Lucky");
  await review.getByRole("button", { name: "Mark as personal data" }).click();
  await expect(review.getByTestId("pii-found")).toContainText("Lucky → [PERSON 2]");
  await expectAccessible(page);

  await page.getByRole("button", { name: "Generate" }).click();
  const panel = page.getByRole("region", { name: "Generated Content" });
  await expect(panel.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(panel).toContainText(
    /Removed before generating: 2 people, 1 NRIC or FIN,? and 1 email address\./,
  );
  await expect(panel).toContainText("[EMAIL 1]");
  await expect(panel).toContainText("[PERSON 1]: customer");
  await expect(panel.locator(".prose-draft")).not.toContainText("lim.ak@example.com");
  await expect(panel.locator(".prose-draft")).not.toContainText("Lucky");
  await expect(panel.locator(".prose-draft")).not.toContainText("Lim Ah Kow");
  await expect(panel).toContainText("SGD 9,500");
  await expect(page.getByTestId("skill-runs")).toContainText("1 of 4 runs used this week");
  // Two sentences, each ended once: the count and the day it starts again.
  await expect(page.getByTestId("skill-runs")).toContainText(
    /this week\. The count starts again [A-Z][a-z]+day, [A-Z][a-z]+ \d+\.$/,
  );
  await expectAccessible(page);

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export HTML" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Content exported successfully" }),
  ).toBeVisible();
  const file = readFileSync(await (await download).path(), "utf8");
  expect(file).toMatch(/^<!doctype html>/);
  expect(file).toContain("[EMAIL 1]");
  expect(file).not.toContain("Lucky");
  expect(file).not.toContain("Lim Ah Kow");
  expect(file).not.toMatch(/<script/i);

  await page.getByRole("button", { name: "Save Draft" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Draft saved successfully" }),
  ).toBeVisible();
  const drafts = page.getByRole("region", { name: "Saved drafts" });
  await expect(drafts.getByRole("listitem")).toHaveCount(1);

  await page.reload();
  await waitForHydration(page);
  await expect(page.getByText("Your draft appears here once you generate it.")).toBeVisible();
  await drafts.getByRole("button", { name: "Open" }).click();
  await expect(panel).toContainText("[EMAIL 1]");
  await drafts.getByRole("button", { name: "Delete" }).click();
  await expect(drafts.getByText("No saved drafts yet.")).toBeVisible();
});

test("an empty or over-long note is refused with the text kept", async ({ page }) => {
  await login(page, uniqueEmail("skills-input", PILOT_DOMAIN));
  await page.goto("/app");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Generate" }).click();
  await expect(page.getByText("Paste your notes first.")).toBeVisible();
  const long = "x".repeat(8001);
  await page.getByRole("textbox").fill(long);
  await page.getByRole("button", { name: "Generate" }).click();
  await expect(page.getByText("Notes can be up to 8,000 characters.")).toBeVisible();
  await expect(page.getByRole("textbox")).toHaveValue(long);
  await expect(page.getByTestId("skill-runs")).toContainText("0 of 4 runs used this week");
});

test("the weekly quota stops the generator and says when it comes back", async ({ page }) => {
  await login(page, uniqueEmail("skills-quota", PILOT_DOMAIN));
  await page.goto("/app");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Use the sample notes" }).click();
  const generate = page.getByRole("button", { name: "Generate" });
  for (let run = 1; run <= 4; run += 1) {
    await generate.click();
    await expect(page.getByTestId("skill-runs")).toContainText(`${run} of 4 runs used this week`);
  }
  await expect(generate).toBeDisabled();
  await expect(page.getByRole("alert")).toContainText(
    "You have used this week's 4 runs. You can generate again Monday",
  );
  await expectAccessible(page);
});

test("the weekly count reads as two sentences, each ended once, in every language", async ({
  page,
}) => {
  await login(page, uniqueEmail("skills-sentences", PILOT_DOMAIN));
  for (const locale of ["en", "fr-CA", "ms", "zh", "ta", "vi", "th"]) {
    await chooseLocale(page, locale);
    await page.goto("/app");
    const runs = page.getByTestId("skill-runs");
    await expect(runs).toBeVisible();
    const text = (await runs.textContent()) ?? "";
    // No doubled full stop ("a.m.."), and the count's sentence ends before the next one starts
    // (Thai ends a sentence with a space, not a mark).
    expect(text, locale).not.toMatch(/[.。]\s*[.。]/);
    expect(text, locale).toMatch(locale === "th" ? /\S \S/ : /[.。] \S/);
    expect(text.trim(), locale).toMatch(locale === "th" ? /\S$/ : /[.。]$/);
  }
});
