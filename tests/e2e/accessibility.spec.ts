import { expectAccessible, test, waitForHydration } from "./fixtures";

// Every page the app serves today, in both themes and at phone and desktop widths.
const pages = ["/kestrel", "/404", "/e2e", "/login"];

for (const theme of ["dark", "light"] as const) {
  for (const viewport of [
    { width: 390, height: 800 },
    { width: 1280, height: 800 },
  ]) {
    test.describe(`${theme} theme at ${viewport.width}px`, () => {
      test.use({ viewport });
      for (const path of pages) {
        test(`${path} has no serious or critical axe violations`, async ({ page, context }) => {
          if (theme === "light") {
            await page.goto("/e2e");
            await waitForHydration(page);
            await page.getByRole("button", { name: "Switch to light theme" }).click();
            await page.waitForFunction(() => !document.documentElement.classList.contains("dark"));
            await context.cookies(); // the cookie is set before we move on
          }
          await page.goto(path);
          await waitForHydration(page);
          await expectAccessible(page);
        });
      }
    });
  }
}
