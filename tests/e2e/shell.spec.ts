import type { Route } from "@playwright/test";
import { expect, expectAccessible, holdScripts, test, waitForHydration } from "./fixtures";

test.describe("header and footer", () => {
  test("header links: home, Campus in a new tab, Partners, Contact, Request a Demo", async ({
    page,
  }) => {
    await page.goto("/kestrel");
    const header = page.getByRole("banner");
    await expect(
      header.getByRole("link", { name: /Kestrel Compliance Academy, home/ }),
    ).toHaveAttribute("href", "/kestrel");
    const nav = header.getByRole("navigation", { name: "Main" }).first();
    const campus = nav.getByRole("link", { name: /Campus/ });
    await expect(campus).toHaveAttribute("target", "_blank");
    await expect(campus).toHaveAttribute("rel", "noopener noreferrer");
    await expect(nav.getByRole("link", { name: "Partners" })).toHaveAttribute("href", "/partners");
    await expect(nav.getByRole("link", { name: "Contact" })).toHaveAttribute("href", "/contact");
    await expect(header.getByRole("link", { name: "Request a Demo" })).toHaveAttribute(
      "href",
      "/demo",
    );
    // No Back button outside courses and training.
    await expect(header.getByRole("link", { name: "Back" })).toHaveCount(0);
  });

  test("footer: regions, legal links, notice, copyright, operator and five named flags", async ({
    page,
  }) => {
    await page.goto("/kestrel");
    const footer = page.getByRole("contentinfo");
    for (const [name, href] of [
      ["Canada", "/kestrel#canada"],
      ["Singapore", "/kestrel#singapore"],
      ["ASEAN", "/kestrel#asean"],
      ["Terms of Service", "/terms"],
      ["Privacy Policy", "/privacy"],
      ["Contact Support", "/contact"],
    ] as const) {
      await expect(footer.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    await expect(footer).toContainText("does not replace, professional legal advice");
    await expect(footer).toContainText("is not a law firm");
    await expect(footer).toContainText("pilot programme with limited access");
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Kestrel Learning Inc.`);
    await expect(footer).toContainText("Operated by Kestrel Learning Inc., Vancouver, Canada.");
    const flags = footer.getByRole("list", { name: "Regions we serve" }).getByRole("img");
    await expect(flags).toHaveCount(5);
    for (const country of ["Canada", "Singapore", "Malaysia", "Thailand", "Vietnam"]) {
      await expect(footer.getByRole("img", { name: country })).toBeVisible();
    }
  });

  test("a skip link moves keyboard users to the main content", async ({ page }) => {
    await page.goto("/kestrel");
    await waitForHydration(page);
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
  });
});

test.describe("mobile menu", () => {
  test.use({ viewport: { width: 390, height: 760 } });

  test("opens and closes by keyboard, returns focus, and closes on navigation", async ({
    page,
  }) => {
    await page.goto("/kestrel");
    await waitForHydration(page);
    const toggle = page.getByRole("button", { name: "Open menu" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    // On a phone the demo button moves into the menu.
    const demo = page.getByRole("banner").getByRole("link", { name: "Request a Demo" });
    await expect(demo).toHaveCount(0);
    await toggle.focus();
    await page.keyboard.press("Enter");
    const close = page.getByRole("button", { name: "Close menu" });
    await expect(close).toHaveAttribute("aria-expanded", "true");
    const menu = page.locator(`#${await close.getAttribute("aria-controls")}`);
    await expect(menu.getByRole("link", { name: "Partners" })).toBeVisible();
    await expect(demo).toHaveCount(1);
    await expect(menu.getByRole("link", { name: "Request a Demo" })).toHaveAttribute(
      "href",
      "/demo",
    );
    await expectAccessible(page);

    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();

    await page.keyboard.press("Enter");
    await expect(menu).toBeVisible();
    await page.keyboard.press("Tab"); // first link in the menu: Campus
    await expect(menu.getByRole("link", { name: /Campus/ })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(menu.getByRole("link", { name: "Partners" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/partners$/);
    await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute(
      "aria-expanded",
      "false",
    );
  });
});

test.describe("mobile menu before the scripts have run", () => {
  test.use({ viewport: { width: 390, height: 760 } });

  test("the toggle opens the menu, which stays open once the page hydrates", async ({ page }) => {
    let held: Route[] | null = [];
    await page.route(/\/assets\/.+\.js$/, (route) =>
      held ? void held.push(route) : route.continue(),
    );
    await page.goto("/kestrel", { waitUntil: "domcontentloaded" });
    const toggle = page.getByRole("button", { name: "Open menu" });
    const menu = page.locator(`[id="${await toggle.getAttribute("aria-controls")}"]`);
    await expect(menu).toBeHidden();
    await toggle.click();
    await expect(menu.getByRole("link", { name: "Partners" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();

    const waiting = held;
    held = null;
    for (const route of waiting) await route.continue();
    await waitForHydration(page);
    await expect(page).toHaveURL(/\/kestrel$/);
    await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute(
      "aria-expanded",
      "true",
    );
    await expect(menu.getByRole("link", { name: "Partners" })).toBeVisible();
    await page.getByRole("button", { name: "Close menu" }).click();
    await expect(menu).toBeHidden();
  });
});

test.describe("scrolling", () => {
  test.use({ viewport: { width: 1280, height: 500 } });

  test("first visit stores the flag", async ({ page }) => {
    await page.goto("/kestrel");
    await waitForHydration(page);
    expect(await page.evaluate(() => localStorage.getItem("kestrel:first-visit"))).toBe("true");
  });

  test("a link to an anchor scrolls to it; a route change scrolls to the top", async ({ page }) => {
    await page.goto("/kestrel");
    await waitForHydration(page);
    await page.getByRole("contentinfo").getByRole("link", { name: "ASEAN" }).click();
    await expect(page).toHaveURL(/#asean$/);
    await expect(page.locator("#asean")).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);

    await page.getByRole("contentinfo").getByRole("link", { name: "Terms of Service" }).click();
    await expect(page).toHaveURL(/\/terms$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("a reader who scrolls before the scripts run stays where they scrolled", async ({
    page,
  }) => {
    await page.goto("/kestrel");
    await waitForHydration(page); // the first visit's flag is stored: this is a returning reader
    // The page's scripts are held back until the reader has scrolled, as on a slow phone.
    const release = await holdScripts(page);
    await page.goto("/kestrel", { waitUntil: "commit" });
    await page.getByRole("contentinfo").waitFor();
    await page.evaluate(() => window.scrollTo(0, 1500));
    expect(await page.evaluate(() => window.scrollY)).toBe(1500);
    release();
    await waitForHydration(page);
    expect(await page.evaluate(() => window.scrollY)).toBe(1500);
  });

  test("back restores the place the reader left", async ({ page }) => {
    await page.goto("/kestrel");
    await waitForHydration(page);
    const link = page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" });
    await link.scrollIntoViewIfNeeded();
    const left = await page.evaluate(() => window.scrollY);
    expect(left).toBeGreaterThan(0);
    await link.click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await expect(page).toHaveURL(/\/kestrel$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(left);
  });

  for (const width of [1280, 390]) {
    test(`back returns to the very place in the middle of a long page, ${width} px wide`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 700 });
      await page.goto("/kestrel");
      await waitForHydration(page);
      await page.evaluate(() => window.scrollTo(0, 2500));
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(2500);
      // What the reader sees there, to find it again.
      const seen = await page.evaluate(() =>
        document.elementFromPoint(180, 250)?.textContent?.trim().slice(0, 60),
      );
      // Followed where it is (a click here would first scroll the link into view).
      await page.evaluate(() =>
        document.querySelector<HTMLAnchorElement>('footer a[href="/privacy"]')?.click(),
      );
      await expect(page).toHaveURL(/\/privacy$/);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      await page.goBack();
      await expect(page).toHaveURL(/\/kestrel$/);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(2500);
      expect(
        await page.evaluate(() =>
          document.elementFromPoint(180, 250)?.textContent?.trim().slice(0, 60),
        ),
      ).toBe(seen);
    });
  }

  test("PDF viewer hashes (page=, toolbar=, navpanes=) do not scroll", async ({ page }) => {
    await page.goto("/kestrel");
    await waitForHydration(page);
    for (const hash of ["page=2", "toolbar=0", "navpanes=0&page=3"]) {
      await page.evaluate(() => window.scrollTo(0, 300));
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(300);
      await page.evaluate((h) => (window.location.hash = h), hash);
      await expect(page).toHaveURL(new RegExp(`#${hash}$`));
      // The router has taken the new location and the page has painted twice since.
      await page.evaluate(
        () =>
          new Promise((painted) =>
            requestAnimationFrame(() => requestAnimationFrame(() => painted(null))),
          ),
      );
      expect(await page.evaluate(() => window.scrollY)).toBe(300);
    }
    // An ordinary hash does scroll to its anchor.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.evaluate(() => (window.location.hash = "asean"));
    await expect(page.locator("#asean")).toBeInViewport();
  });

  test("the scroll-to-top button appears after 300 px and returns to the top", async ({ page }) => {
    await page.goto("/kestrel");
    await waitForHydration(page);
    const button = page.getByRole("button", { name: "Scroll to top" });
    await page.evaluate(() => window.scrollTo(0, 250));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(250);
    await expect(button).toHaveCount(0);
    await page.evaluate(() => window.scrollTo(0, 450));
    await expect(button).toBeVisible();
    await expectAccessible(page);
    await button.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(button).toHaveCount(0);
  });
});

test.describe("theme", () => {
  test("dark by default, toggled to light, kept after a reload", async ({ page }) => {
    await page.goto("/kestrel");
    await waitForHydration(page);
    await expect(page.locator("html")).toHaveClass(/dark/);
    await expectAccessible(page);
    // The page switches at once; the cookie is written when the POST answers.
    const saved = page.waitForResponse(
      (response) => response.url().includes("/theme") && response.request().method() === "POST",
    );
    await page.getByRole("button", { name: "Switch to light theme" }).click();
    await expect(page.locator("html")).not.toHaveClass(/dark/);
    await expect(page.getByRole("button", { name: "Switch to dark theme" })).toBeVisible();
    expect((await saved).ok()).toBe(true);
    await page.reload();
    await expect(page.locator("html")).not.toHaveClass(/dark/);
    await expectAccessible(page);
    await page.getByRole("button", { name: "Switch to dark theme" }).click();
    await expect(page.locator("html")).toHaveClass(/dark/);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the toggle still works and returns to the same page", async ({ page }) => {
      await page.goto("/kestrel#asean");
      await expect(page.locator("html")).toHaveClass(/dark/);
      await page.getByRole("button", { name: "Switch to light theme" }).click();
      await expect(page).toHaveURL(/\/kestrel$/);
      await expect(page.locator("html")).not.toHaveClass(/dark/);
    });
  });
});

test.describe("unhandled rejections", () => {
  test.use({ expectedConsoleError: /^a real failure$/ });

  test("an abandoned request's abort is not reported as an error; anything else is", async ({
    page,
  }) => {
    const reported: string[] = [];
    page.on("pageerror", (error) => reported.push(error.message));
    await page.goto("/");
    await waitForHydration(page);
    await page.evaluate(async () => {
      // What the router leaves when it aborts a revalidation mid-stream, and a genuine failure.
      void Promise.reject(new DOMException("signal is aborted without reason", "AbortError"));
      void Promise.reject(new Error("a real failure"));
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    await expect.poll(() => reported).toEqual(["a real failure"]);
  });
});
