import { THEME_COOKIE } from "../../app/platform/shell/theme";
import { expect, expectAccessible, test, waitForHydration } from "./fixtures";

// Every page the app serves today, in both themes and at phone and desktop widths.
const pages = [
  "/kestrel",
  "/404",
  "/e2e",
  "/login",
  "/training",
  "/training/track/scam-awareness-track",
  "/training/track/esg-track/module/esg-fundamentals-singapore",
  "/training/module/esg-fundamentals-singapore",
  "/training/lease-fraud-demo?scenario=dealer-inside-fraud",
  "/training/track/no-such-track",
  "/training/certificates",
  "/training/reviews",
  "/verify/VERIFY-ZZZ000000",
];

for (const theme of ["dark", "light"] as const) {
  for (const viewport of [
    { width: 390, height: 800 },
    { width: 1280, height: 800 },
  ]) {
    test.describe(`${theme} theme at ${viewport.width}px`, () => {
      test.use({ viewport });
      for (const path of pages) {
        test(`${path} has no serious or critical axe violations`, async ({ page }) => {
          if (theme === "light") {
            // The choice the theme toggle saves (tests/e2e/shell.spec.ts clicks it): the cookie
            // React Router writes, its value as JSON in base64.
            await page.context().addCookies([
              {
                name: THEME_COOKIE,
                value: Buffer.from(JSON.stringify("light")).toString("base64"),
                url: test.info().project.use.baseURL ?? "",
              },
            ]);
          }
          await page.goto(path);
          await waitForHydration(page);
          // The page under test is in the theme this run is named for.
          await expect(page.locator("html")).toHaveClass(
            theme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/,
          );
          await expectAccessible(page);
        });
      }
    });
  }
}

test("the check fails on a page with a serious violation", async ({ page }) => {
  await page.goto("/kestrel");
  await waitForHydration(page);
  await expectAccessible(page);
  // An image without a text alternative, as a careless change might add one.
  await page.evaluate(() => {
    const image = document.createElement("img");
    image.src = "/favicon.ico";
    document.querySelector("main")?.append(image);
  });
  await expect(expectAccessible(page)).rejects.toThrow(/image-alt/);
});
