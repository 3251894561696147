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
            await page.goto("/e2e");
            await waitForHydration(page);
            // The toggle switches at once; the choice is saved when the server has answered.
            const saved = page.waitForResponse(
              (response) =>
                response.request().method() === "POST" && /\/theme(\.data)?$/.test(response.url()),
            );
            await page.getByRole("button", { name: "Switch to light theme" }).click();
            expect((await saved).ok()).toBe(true);
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
