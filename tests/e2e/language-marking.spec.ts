import type { Page } from "@playwright/test";
import { PILOT_DOMAIN, login } from "./auth";
import { chooseLocale, expect, test, uniqueEmail, waitForHydration } from "./fixtures";

// What stays English on a page in another language says so (lang="en"), so a screen reader reads
// it in an English voice and a reader knows why: a run of English prose outside such an element
// is a text left untranslated. Names, titles and acronyms (every word capitalised) are not prose.
const LANGUAGES = [
  { locale: "th-TH", lang: "th" },
  { locale: "ta-MY", lang: "ta" },
  { locale: "zh-SG", lang: "zh" },
] as const;

const PAGES = [
  "/kestrel",
  "/demo",
  "/contact",
  "/privacy",
  "/terms",
  "/courses/aml-fraud",
  "/courses/esg-ai-ethics",
  "/training",
  "/training/track/sg-aml-cft-annual",
  "/training/module/cdd-edd-beneficial-ownership",
  "/training/lease-fraud-demo",
];
const SIGNED_IN = ["/app", "/training/compliance", "/training/certificates"];

async function unmarkedEnglish(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const runs: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const prose = /[A-Za-z][\w'’-]*(?:[\s,;:()"“”]+[A-Za-z][\w'’-]*){3,}/g;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      if (!element || element.closest("script, style, noscript, [hidden], [aria-hidden=true]"))
        continue;
      const lang = element.closest("[lang]")?.getAttribute("lang") ?? "";
      if (lang.startsWith("en")) continue;
      for (const run of node.textContent?.match(prose) ?? []) {
        // Words in lower case other than a name's function words ("Office of the … of Canada").
        const lower = (run.match(/(?:^|\s)[a-z]{2,}/g) ?? []).filter(
          (word) => !/^\s?(?:of|the|and|for|in|on|to|a|an|de|du|des|la|le)$/.test(word),
        );
        if (lower.length >= 2) runs.push(run.slice(0, 80));
      }
    }
    return runs;
  });
}

async function walk(page: Page, paths: readonly string[]) {
  const found: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    await waitForHydration(page);
    for (const run of await unmarkedEnglish(page)) found.push(`${path}: ${run}`);
  }
  return found;
}

for (const { locale, lang } of LANGUAGES) {
  test(`${locale}: English left on a page is marked lang="en"`, async ({ page }) => {
    test.slow();
    await chooseLocale(page, locale);
    await page.goto("/kestrel");
    await expect(page.locator("html")).toHaveAttribute("lang", new RegExp(`^${lang}`));
    expect(await walk(page, PAGES)).toEqual([]);
    // Signing in is in English (the helper reads its labels), then the language is chosen again.
    await page.context().clearCookies();
    await login(page, uniqueEmail(`marked-${lang}`, PILOT_DOMAIN));
    await chooseLocale(page, locale);
    expect(await walk(page, SIGNED_IN)).toEqual([]);
  });
}
