import { readFileSync } from "node:fs";
import path from "node:path";
import type { Locator } from "@playwright/test";
import { chooseLocale, expect, expectAccessible, test, waitForHydration } from "./fixtures";

// The region pack's texts (the regulator, the track, how to report a scam) read in the page's
// language; only what stays English (the sources' titles) is marked lang="en".

interface PackTexts {
  authority: { full: string };
  track: { title: string };
  quickref: { title: string; reportHow: string[] };
}

function texts(language: string, region: string): PackTexts {
  const file = path.resolve(
    import.meta.dirname,
    "../../content/region-packs",
    language,
    `${region}.json`,
  );
  return JSON.parse(readFileSync(file, "utf8")) as PackTexts;
}

/** What inside an element is marked English, as a screen reader would switch voice for it. */
function englishIn(locator: Locator) {
  return locator.locator('[lang="en"]').allTextContents();
}

test("a Thai learner in the consumer scam module is told how to report in Thai: call 1441", async ({
  page,
}) => {
  await chooseLocale(page, "th-TH");
  await page.goto("/training/module/consumer-scam-awareness");
  await waitForHydration(page);
  const thai = texts("th", "th");
  const guide = page.getByTestId("module-reporting");
  await expect(guide.getByRole("heading")).toHaveText(thai.quickref.title);
  await expect(guide.getByRole("listitem")).toHaveText(thai.quickref.reportHow);
  await expect(guide.getByRole("listitem").first()).toContainText("1441");
  await expect(guide).not.toContainText("How to report");
  await expect(guide).not.toContainText("Scam in progress");
  // The sources are English titles, and say so.
  expect(await englishIn(guide)).toEqual([
    "Bangkok Post: Government hails use of 1441 hotline",
    "Anti-Money Laundering Act B.E. 2542 (English text)",
  ]);
  await expectAccessible(page);
});

test("the Thai scam-awareness track is titled and explained in Thai", async ({ page }) => {
  await chooseLocale(page, "th-TH");
  await page.goto("/training/track/scam-awareness-track");
  await waitForHydration(page);
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).toHaveText(texts("th", "th").track.title);
  await expect(heading).not.toHaveAttribute("lang", "en");
  await expect(page.getByTestId("module-reporting")).toContainText("1441");
});

test("/kestrel in Vietnamese shows the quick reference in Vietnamese, and follows a change of region or language", async ({
  page,
}) => {
  await chooseLocale(page, "vi-VN");
  await page.goto("/kestrel");
  await waitForHydration(page);
  const pack = page.getByTestId("region-pack");
  const vietnam = texts("vi", "vn");
  await expect(pack).toHaveAttribute("data-region", "vn");
  await expect(pack).toContainText("SBV");
  await expect(pack).toContainText(vietnam.authority.full);
  await expect(pack.getByRole("heading", { name: vietnam.quickref.title })).toBeVisible();
  for (const step of vietnam.quickref.reportHow) await expect(pack).toContainText(step);
  await expect(pack).not.toContainText("How to report");
  // Nothing is marked English but the sources' titles.
  const sourceTitles = await pack.getByRole("link").locator('[lang="en"]').allTextContents();
  expect(sourceTitles.length).toBeGreaterThan(0);
  expect(await englishIn(pack)).toEqual(sourceTitles);

  // Another region, in place: its texts in Vietnamese.
  await page.getByTestId("region-select").selectOption("th");
  await expect(pack).toHaveAttribute("data-region", "th");
  await expect(pack.getByRole("heading", { name: texts("vi", "th").quickref.title })).toBeVisible();
  await expect(pack).toContainText("1441");

  // Another language, in place: the same region's texts in that language.
  await page.getByTestId("lang-select").selectOption("en-CA");
  await expect(page.locator("html")).toHaveAttribute("lang", "en-CA");
  await expect(pack.getByRole("heading", { name: "How to report in Thailand" })).toBeVisible();
  await page.getByTestId("lang-select").selectOption("th-TH");
  await expect(page.locator("html")).toHaveAttribute("lang", "th-TH");
  await expect(pack.getByRole("heading", { name: texts("th", "th").quickref.title })).toBeVisible();
  await expectAccessible(page);
});
