import type { Page } from "@playwright/test";
import { PILOT_DOMAIN, login } from "./auth";
import { chooseLocale, expect, test, uniqueEmail, waitForHydration } from "./fixtures";

// Every page as a phone, a tablet and a desktop shows it, in every language the interface speaks:
// nothing scrolls sideways and no control sits off-screen (a table may scroll inside itself).
const WIDTHS = [360, 390, 768, 1280] as const;
const LANGUAGES = ["en-CA", "fr-CA", "ms-MY", "zh-SG", "ta-MY", "vi-VN", "th-TH"] as const;

const PUBLIC = [
  "/kestrel",
  "/demo",
  "/contact",
  "/partners",
  "/privacy",
  "/terms",
  "/login",
  "/courses/aml-fraud",
  "/courses/esg-ai-ethics",
  "/kestrel/aml-demo",
  "/training",
  "/training/track/sg-aml-cft-annual",
  "/training/track/esg-track/module/esg-fundamentals-singapore",
  "/training/module/cdd-edd-beneficial-ownership",
  "/training/lease-fraud-demo",
  "/training/certificates",
  "/evidence/verify",
  "/verify/VERIFY-ZZZ000000",
  "/no-such-page",
];
const SIGNED_IN = ["/app", "/training", "/training/compliance", "/training/notifications"];

/** What overflows: the page's own width, and each control that lies outside the window. */
async function overflow(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const scrollsInside = (element: Element) => {
      for (let node = element.parentElement; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (["auto", "scroll", "hidden", "clip"].includes(style.overflowX)) return true;
      }
      return false;
    };
    const off = [...document.querySelectorAll("a, button, input, select, textarea, [role=tab]")]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        if (box.width <= 1 || box.height <= 1) return false;
        if (getComputedStyle(element).visibility === "hidden") return false;
        return (box.right > width + 1 || box.left < -1) && !scrollsInside(element);
      })
      .map(
        (element) =>
          `${element.tagName.toLowerCase()} "${(element.textContent ?? "").trim().slice(0, 40)}"`,
      );
    return { page: document.documentElement.scrollWidth - width, off };
  });
}

async function walk(page: Page, paths: readonly string[]) {
  const problems: string[] = [];
  for (const path of paths) {
    await page.setViewportSize({ width: WIDTHS[0], height: 800 });
    await page.goto(path);
    await waitForHydration(page);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      const found = await overflow(page);
      if (found.page > 0) problems.push(`${path} at ${width}px: ${found.page}px too wide`);
      for (const control of found.off)
        problems.push(`${path} at ${width}px: ${control} off-screen`);
    }
  }
  return problems;
}

for (const locale of LANGUAGES) {
  test.describe(locale, () => {
    test("no page scrolls sideways or hides a control, at 360 to 1280 px", async ({ page }) => {
      test.slow();
      await chooseLocale(page, locale);
      expect(await walk(page, PUBLIC)).toEqual([]);
    });

    test("signed in, the same holds", async ({ page }) => {
      await login(page, uniqueEmail(`wide-${locale.toLowerCase()}`, PILOT_DOMAIN));
      await chooseLocale(page, locale);
      expect(await walk(page, SIGNED_IN)).toEqual([]);
    });
  });
}
