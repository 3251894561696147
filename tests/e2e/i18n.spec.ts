import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, expectAccessible, recordAnalytics, test, waitForHydration } from "./fixtures";
import { E2E_PORT } from "../../playwright.config";

/** The one origin the server accepts state-changing requests from (APP_URL in the config). */
const APP_ORIGIN = `http://127.0.0.1:${E2E_PORT}`;

// Issue "Languages and regions": server-side locale resolution, the language dropdown, persistence,
// the upsell, keyboard use and axe in each language; region packs with their events.
type Texts = Record<string, Record<string, unknown>>;

function dictionary(id: string, namespace: string): Texts[string] {
  const file = path.resolve(import.meta.dirname, "../../locales", id, `${namespace}.json`);
  return JSON.parse(readFileSync(file, "utf8")) as Texts[string];
}

const LANGUAGES = [
  { locale: "ms-MY", dictionary: "ms" },
  { locale: "zh-MY", dictionary: "zh" },
  { locale: "ta-MY", dictionary: "ta" },
  { locale: "vi-VN", dictionary: "vi" },
  { locale: "th-TH", dictionary: "th" },
] as const;

const headline = (id: string) => String(dictionary(id, "hero").headline);
const demoButton = (id: string) => String(dictionary(id, "header").requestDemo);

test.describe("locale resolved on the server", () => {
  test("Accept-Language th-TH gets Thai HTML with lang=th-TH", async ({ request }) => {
    const response = await request.get("/kestrel", { headers: { "Accept-Language": "th-TH" } });
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<html[^>]* lang="th-TH"/);
    expect(html).toContain(headline("th"));
    expect(html).not.toContain(headline("en"));
    expect(response.headers().vary).toMatch(/Accept-Language/);
  });

  for (const [header, lang] of [
    ["ms;q=0.9, de", "ms-MY"],
    ["vi", "vi-VN"],
    ["fr-CA", "fr-CA"],
    ["de-DE", "en-CA"],
    ["", "en-CA"],
  ] as const) {
    test(`Accept-Language ${JSON.stringify(header)} resolves to ${lang}`, async ({ request }) => {
      const response = await request.get("/kestrel", { headers: { "Accept-Language": header } });
      expect(await response.text()).toMatch(new RegExp(`<html[^>]* lang="${lang}"`));
    });
  }

  test("a saved choice beats Accept-Language; an unknown saved value is ignored", async ({
    request,
  }) => {
    const saved = await request.post("/locale", {
      form: { locale: "ta-MY" },
      headers: { Origin: APP_ORIGIN },
    });
    expect(saved.status()).toBe(200);
    const cookie = saved.headers()["set-cookie"]?.split(";")[0] ?? "";
    expect(cookie).toMatch(/^kestrel-locale=/);
    const page = await request.get("/kestrel", {
      headers: { Cookie: cookie, "Accept-Language": "th-TH" },
    });
    expect(await page.text()).toMatch(/<html[^>]* lang="ta-MY"/);
    const forged = await request.get("/kestrel", {
      headers: { Cookie: "kestrel-locale=eHgtWFg%3D", "Accept-Language": "vi-VN" },
    });
    expect(await forged.text()).toMatch(/<html[^>]* lang="vi-VN"/);
  });
});

test.describe("the language dropdown", () => {
  for (const { locale, dictionary: id } of LANGUAGES) {
    test(`switches the shell to ${locale} without a reload, keeps it after one, passes axe`, async ({
      page,
    }) => {
      const events = await recordAnalytics(page);
      await page.goto("/kestrel");
      await waitForHydration(page);
      await page.evaluate(() => Object.assign(window, { __samePage: true }));
      await page.getByTestId("lang-select").selectOption(locale);

      await expect(page.locator("html")).toHaveAttribute("lang", locale);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(headline(id));
      await expect(page.getByRole("link", { name: demoButton(id) }).first()).toBeVisible();
      expect(await page.evaluate(() => "__samePage" in window)).toBe(true);
      const changed = (await events()).find((e) => e.event === "i18n_changed");
      expect(changed).toMatchObject({ locale, tenantId: "kestrel-enterprise" });
      expect(Date.parse(String(changed?.timestamp))).not.toBeNaN();

      await page.reload();
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
      await expect(page.getByTestId("lang-select")).toHaveValue(locale);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(headline(id));
      await expectAccessible(page);
    });
  }

  test("lists all 14 locales by their own names; en-US is disabled and names its region", async ({
    page,
  }) => {
    await page.goto("/kestrel");
    const options = page.getByTestId("lang-select").locator("option");
    await expect(options).toHaveCount(14);
    await expect(options.filter({ hasText: "Bahasa Melayu (Malaysia)" })).toBeEnabled();
    await expect(options.filter({ hasText: "ไทย (ประเทศไทย)" })).toBeEnabled();
    const us = page.locator('option[value="en-US"]');
    await expect(us).toBeDisabled();
    await expect(us).toContainText("United States region pack");
  });

  test("choosing a locale the tenant lacks is refused with an upsell", async ({ page }) => {
    await page.goto("/kestrel");
    await waitForHydration(page);
    const select = page.getByTestId("lang-select");
    // A disabled option cannot be clicked; choose it the way a script or assistive tool would.
    await select.evaluate((element: HTMLSelectElement) => {
      element.value = "en-US";
      element.dispatchEvent(new Event("change", { bubbles: true }));
    });
    const upsell = page.getByRole("alert").filter({ hasText: "region pack" });
    await expect(upsell).toContainText("Available with the United States region pack");
    await expect(upsell.getByRole("link", { name: "Request a Demo" })).toHaveAttribute(
      "href",
      "/demo",
    );
    await expect(select).toHaveValue("en-CA");
    await expect(page.locator("html")).toHaveAttribute("lang", "en-CA");
    await expectAccessible(page);
    await page.keyboard.press("Escape");
    await expect(upsell).toHaveCount(0);
  });

  test("works by keyboard alone", async ({ page }) => {
    await page.goto("/kestrel");
    await waitForHydration(page);
    const select = page.getByTestId("lang-select");
    for (
      let i = 0;
      i < 10 && !(await select.evaluate((el) => el === document.activeElement));
      i++
    ) {
      await page.keyboard.press("Tab");
    }
    await expect(select).toBeFocused();
    await expect(select).toHaveAccessibleName("Language");
    await page.keyboard.press("ArrowDown"); // en-CA → fr-CA
    await expect(page.locator("html")).toHaveAttribute("lang", "fr-CA");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(headline("fr-CA"));
    await expect(select).toBeFocused();
  });

  test("boot event carries the locale, tenant and time", async ({ page }) => {
    const events = await recordAnalytics(page);
    await page.goto("/kestrel");
    await waitForHydration(page);
    await expect.poll(async () => (await events()).map((e) => e.event)).toContain("i18n_boot");
    const boot = (await events()).find((e) => e.event === "i18n_boot");
    expect(boot).toMatchObject({ locale: "en-CA", tenantId: "kestrel-enterprise" });
    expect(Date.parse(String(boot?.timestamp))).not.toBeNaN();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the form posts the choice and returns to the same page", async ({ page }) => {
      await page.goto("/404");
      await page.getByTestId("lang-select").selectOption("vi-VN");
      await page.getByRole("button", { name: "Change language" }).click();
      await expect(page).toHaveURL(/\/404$/);
      await expect(page.locator("html")).toHaveAttribute("lang", "vi-VN");
      const notFound = dictionary("vi", "errors").notFound as Record<string, string>;
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(String(notFound.title));
    });

    test("a refused locale comes back with the upsell in the header", async ({ page }) => {
      await page.goto("/kestrel");
      // Without JavaScript a disabled option cannot be chosen; post what a crafted form would.
      await page.getByTestId("lang-select").evaluate((element: HTMLSelectElement) => {
        element
          .querySelector<HTMLOptionElement>('option[value="en-US"]')
          ?.removeAttribute("disabled");
        element.value = "en-US";
      });
      await page.getByRole("button", { name: "Change language" }).click();
      await expect(page).toHaveURL(/\/kestrel\?upsell=en-US$/);
      await expect(page.getByRole("alert")).toContainText(
        "Available with the United States region pack",
      );
      await expect(page.locator("html")).toHaveAttribute("lang", "en-CA");
    });
  });
});

test.describe("POST /locale", () => {
  const origin = { Origin: APP_ORIGIN };

  test("refuses unknown, missing and hostile values; the page keeps its language", async ({
    request,
  }) => {
    const forms: Record<string, string>[] = [
      { locale: "xx-XX" },
      {},
      { locale: "<script>alert(1)</script>" },
      { locale: "ms-MY".repeat(1000) },
    ];
    for (const form of forms) {
      const response = await request.post("/locale", { form, headers: origin });
      expect(response.status(), JSON.stringify(form).slice(0, 40)).toBe(400);
      expect(response.headers()["set-cookie"]).toBeUndefined();
    }
  });

  test("refuses a locale outside the entitlements", async ({ request }) => {
    const response = await request.post("/locale", { form: { locale: "en-US" }, headers: origin });
    expect(response.status()).toBe(403);
    expect(await response.json()).toEqual({
      ok: false,
      error: { code: "forbidden", message: "errors:forbidden", refused: "en-US" },
    });
    expect(response.headers()["set-cookie"]).toBeUndefined();
  });

  test("answers 415 for JSON and 413 for an oversized body", async ({ request }) => {
    const json = await request.post("/locale", { data: { locale: "ms-MY" }, headers: origin });
    expect(json.status()).toBe(415);
    const big = await request.post("/locale", {
      form: { locale: "ms-MY", padding: "x".repeat(20_000) },
      headers: origin,
    });
    expect(big.status()).toBe(413);
  });

  test("only redirects back to this site", async ({ request }) => {
    const response = await request.post("/locale", {
      form: { locale: "th-TH", redirectTo: "//evil.example/phish" },
      headers: origin,
      maxRedirects: 0,
    });
    expect(response.status()).toBe(303);
    expect(response.headers().location).toBe("/kestrel");
  });
});

test.describe("region packs", () => {
  test("Singapore is the default pack for a Singapore locale; switching loads another", async ({
    browser,
  }) => {
    const context = await browser.newContext({ locale: "en-SG" });
    const page = await context.newPage();
    const events = await recordAnalytics(page);
    await page.goto("/kestrel");
    await waitForHydration(page);
    const pack = page.getByTestId("region-pack");
    await expect(pack).toHaveAttribute("data-region", "sg");
    await expect(pack).toContainText("STRO");
    await expect(pack).toContainText("1799");

    await page.getByTestId("region-select").selectOption("th");
    await expect(pack).toHaveAttribute("data-region", "th");
    await expect(pack).toContainText("AMLO");
    await expect(pack).toContainText("1441");
    const names = (await events()).map((e) => e.event);
    expect(names).toEqual(expect.arrayContaining(["region_switch", "pack_loaded"]));
    expect((await events()).find((e) => e.event === "region_switch")).toMatchObject({
      from: "sg",
      to: "th",
      language: "en",
    });
    expect((await events()).find((e) => e.event === "pack_loaded")).toMatchObject({
      region: "th",
      language: "en",
      success: true,
    });
    await expectAccessible(page);

    await page.reload();
    await expect(pack).toHaveAttribute("data-region", "th");
    await context.close();
  });

  test("pack texts are in the page's language", async ({ browser }) => {
    const context = await browser.newContext({ locale: "vi-VN" });
    const page = await context.newPage();
    await page.goto("/kestrel");
    await expect(page.locator("html")).toHaveAttribute("lang", "vi-VN");
    const pack = page.getByTestId("region-pack");
    await expect(pack).toHaveAttribute("data-region", "vn");
    await expect(pack).toContainText("SBV");
    await expect(pack).toContainText("Cách trình báo tại Việt Nam");
    await context.close();
  });

  test.describe("when the network fails", () => {
    test.use({ expectedConsoleError: /Failed to load resource: net::ERR_FAILED/ });

    test("a pack that fails to load falls back to Singapore, with a loading state meanwhile", async ({
      page,
    }) => {
      const events = await recordAnalytics(page);
      await page.goto("/kestrel");
      await waitForHydration(page);
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/ph-[\w-]+\.js$/, async (route) => {
        await held;
        await route.abort();
      });
      await page.getByTestId("region-select").selectOption("ph");
      await expect(
        page.getByRole("status").filter({ hasText: "Loading the region pack" }),
      ).toBeVisible();
      release();
      await expect(
        page.getByText("could not be loaded, so the Singapore pack is shown"),
      ).toBeVisible();
      await expect(page.getByTestId("region-pack")).toHaveAttribute("data-region", "sg");
      await expect
        .poll(async () => (await events()).find((e) => e.event === "pack_loaded"))
        .toMatchObject({ region: "ph", success: false });
    });
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the region form saves the choice", async ({ page }) => {
      await page.goto("/kestrel");
      await page.getByTestId("region-select").selectOption("my");
      await page.getByRole("button", { name: "Change region" }).click();
      await expect(page).toHaveURL(/\/kestrel$/);
      await expect(page.getByTestId("region-pack")).toHaveAttribute("data-region", "my");
      await expect(page.getByTestId("region-pack")).toContainText("997");
    });
  });
});
