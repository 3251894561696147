import { readFileSync } from "node:fs";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { queryE2eDatabase } from "./db";
import { expect, expectAccessible, recordAnalytics, test, waitForHydration } from "./fixtures";

// SPEC §2 "AML landing" (/courses/aml-fraud): hero, feature cards, the Compliance Hints and
// Regulatory Guidance dialogs (SPEC §8 fallback when the guidance cannot load), the step indicator
// and the demo section.
const PAGE = "/courses/aml-fraud";
const GUIDANCE = "/api/aml/guidance";

/** Presses Tab until `target` has focus, as a keyboard user reaches it. */
async function tabTo(page: Page, target: Locator) {
  for (let presses = 0; presses < 40; presses += 1) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error("Tab never reached the element");
}

async function openLanding(page: Page) {
  await page.goto(PAGE);
  await waitForHydration(page);
}

test("shows the hero, the feature cards, the steps and the demo section, and passes axe", async ({
  page,
}) => {
  await openLanding(page);
  await expect(page).toHaveTitle("AML Live Training | Kestrel");
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /MAS\/STRO/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    "href",
    /\/courses\/aml-fraud$/,
  );
  await expect(page.getByText("MAS/STRO & FINTRAC Compliance Training")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Kestrel AML Live Training");
  await expect(page.getByRole("link", { name: "View ESG Courses" })).toHaveAttribute(
    "href",
    "/courses/esg-ai-ethics",
  );
  for (const feature of ["MAS/STRO Scenarios", "Interactive Learning", "Evidence Export"]) {
    await expect(page.getByRole("heading", { level: 3, name: feature })).toBeVisible();
  }
  await expect(page.getByText("PDF/CSV reports with audit trails.")).toBeVisible();

  await expect(page.getByRole("heading", { name: "Step 1 of 3" })).toBeVisible();
  await expect(page.getByText("Guided Flow • Version 1.2.0")).toBeVisible();
  const steps = page.getByRole("list", { name: "Guided flow progress" }).getByRole("listitem");
  await expect(steps).toHaveCount(3);
  await expect(steps.nth(0)).toHaveAttribute("aria-current", "step");
  await expect(steps.nth(0)).toContainText("Choose a scenario");
  await expect(steps.nth(0)).toContainText("Current step");
  await expect(steps.nth(1)).not.toHaveAttribute("aria-current");
  await expect(steps.nth(1)).toContainText("Pending");

  const demo = page.locator("section#aml-demo");
  await expect(demo).toHaveAccessibleName("Try the guided scenario");
  await expect(demo.getByRole("link", { name: "Open the live training preview" })).toHaveAttribute(
    "href",
    "/kestrel/aml-demo",
  );
  await expectAccessible(page);
});

test("the step indicator follows the learner: working the flow, then reading the feedback", async ({
  page,
}) => {
  await openLanding(page);
  const heading = page.locator("#aml-steps");
  const steps = page.getByRole("list", { name: "Guided flow progress" }).getByRole("listitem");
  await expect(heading).toHaveText("Step 1 of 3");

  const flow = page.getByTestId("guided-flow");
  await flow.getByRole("button", { name: "Round amounts", exact: true }).click();
  await expect(heading).toHaveText("Step 2 of 3");
  await expect(steps.nth(0)).toContainText("Done");
  await expect(steps.nth(1)).toHaveAttribute("aria-current", "step");

  await page.getByRole("checkbox", { name: "Guided flow" }).uncheck();
  const freeForm = page.getByTestId("free-form");
  await freeForm
    .getByLabel(/Your analysis/)
    .fill("Transfers from many people leave within hours: escalate to the compliance officer.");
  await freeForm.getByRole("radio", { name: "Escalate now" }).check();
  await freeForm.getByRole("button", { name: "Grade" }).click();
  await expect(page.getByTestId("aml-result")).toBeVisible();
  await expect(heading).toHaveText("Step 3 of 3");
  await expect(steps.nth(1)).toContainText("Done");
  await expect(steps.nth(2)).toHaveAttribute("aria-current", "step");
  await expect(steps.nth(2)).toContainText("Review your feedback");
});

test.describe("in the light theme on a phone", () => {
  test.use({ viewport: { width: 390, height: 800 } });

  test("the page and both dialogs pass axe", async ({ page, baseURL }) => {
    const saved = await page.request.post("/theme", {
      form: { theme: "light" },
      headers: { Origin: baseURL ?? "" },
    });
    expect(saved.ok()).toBe(true);
    await openLanding(page);
    await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
    await expectAccessible(page);
    for (const name of ["Compliance Hints", "Regulatory Guidance"]) {
      await page.getByRole("button", { name }).click();
      const dialog = page.getByRole("dialog", { name });
      await expect(dialog.getByRole("listitem").first()).toBeVisible();
      await expectAccessible(page);
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
    }
  });
});

test("Compliance Hints opens and closes by keyboard, keeping focus inside, and is recorded", async ({
  page,
}) => {
  const analytics = await recordAnalytics(page);
  await openLanding(page);
  const trigger = page.getByRole("button", { name: "Compliance Hints" });
  await tabTo(page, trigger);
  await page.keyboard.press("Enter");

  const dialog = page.getByRole("dialog", { name: "Compliance Hints" });
  await expect(dialog).toBeVisible();
  await expect(
    dialog.getByRole("heading", { name: "Suspicious Transaction Indicators" }),
  ).toBeVisible();
  await expect(dialog.getByRole("listitem")).toHaveText([
    "Round-amount transactions avoiding thresholds",
    "Rapid pass-through of funds",
    "High-risk jurisdictions",
    "Politically exposed persons with unusual patterns",
    "Structuring to avoid enhanced due diligence",
  ]);
  await expect(dialog).toContainText("escalate immediately");
  await expect(dialog).toContainText("MAS Notice 626 and FINTRAC");
  await expectAccessible(page);

  // Focus is trapped: Tab from the last control comes back into the dialog.
  await expect(dialog.getByRole("button", { name: "Close" })).toBeFocused();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);

  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();
  expect((await analytics()).map((event) => event.event)).toContain("guided_hint_opened");
});

test("Regulatory Guidance loads its entries when opened by keyboard, each with a link", async ({
  page,
}) => {
  await openLanding(page);
  const trigger = page.getByRole("button", { name: "Regulatory Guidance" });
  await tabTo(page, trigger);
  await page.keyboard.press("Enter");

  const dialog = page.getByRole("dialog", { name: "Regulatory Guidance" });
  const entries = dialog.getByRole("list", { name: "Regulations" }).getByRole("listitem");
  await expect(entries).toHaveCount(4);
  await expect(entries.getByRole("heading")).toHaveText([
    "MAS Notice 626, Paragraph 6",
    "MAS Notice 626, Paragraph 8",
    "MAS Notice 626, Paragraph 14",
    "CDSA, Section 45",
  ]);
  await expect(entries.nth(2)).toContainText("Suspicious transaction reporting.");
  await expect(dialog).not.toContainText("11.3");
  const links = dialog.getByRole("link", { name: /Read the full regulation/ });
  await expect(links).toHaveCount(4);
  for (const link of await links.all()) {
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", /noopener/);
    await expect(link).toHaveAttribute("href", /^https:\/\/www\.(mas|police)\.gov\.sg\//);
  }
  await expectAccessible(page);

  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();
});

test.describe("when the guidance cannot be loaded", () => {
  // The browser reports the failed request itself; the page only warns.
  test.use({
    expectedConsoleError:
      /^Failed to load resource: (net::ERR_FAILED|the server responded with a status of 503)/,
  });

  for (const [failure, answer] of [
    ["no answer", "abort"],
    ["an error status", "503"],
  ] as const) {
    test(`${failure} keeps the title over an empty list, logged, and the next open tries again`, async ({
      page,
    }) => {
      const warnings: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "warning") warnings.push(message.text());
      });
      await page.route(`**${GUIDANCE}`, (route) =>
        answer === "abort" ? route.abort() : route.fulfill({ status: 503, body: "unavailable" }),
      );
      await openLanding(page);
      const trigger = page.getByRole("button", { name: "Regulatory Guidance" });
      await trigger.click();

      const dialog = page.getByRole("dialog", { name: "Regulatory Guidance" });
      await expect(dialog.getByText("The guidance could not be loaded.")).toBeVisible();
      await expect(dialog.getByRole("list", { name: "Regulations" })).toBeAttached();
      await expect(dialog.getByRole("listitem")).toHaveCount(0);
      expect(warnings.some((text) => /regulatory guidance could not be loaded/i.test(text))).toBe(
        true,
      );
      await expectAccessible(page);

      await page.keyboard.press("Escape");
      await expect(trigger).toBeFocused();
      await page.unroute(`**${GUIDANCE}`);
      await page.keyboard.press("Enter");
      await expect(dialog.getByRole("listitem")).toHaveCount(4);
    });
  }
});

test("Start Guided Scenario moves to the demo and records the event on the server", async ({
  page,
}) => {
  await openLanding(page);
  await page.getByRole("link", { name: "Start Guided Scenario" }).click();

  const demo = page.locator("#aml-demo");
  await expect(demo).toBeFocused();
  await expect(demo).toBeInViewport();
  // The browser sends its events in batches, a couple of seconds apart.
  const stored = async () =>
    queryE2eDatabase<{ properties: string; path: string }>(
      "select properties, path from analytics_event where anonymous_id = ? and name = ?",
      await page.evaluate(() => localStorage.getItem("kestrel:anonymous-id")),
      "guided_scenario_start",
    );
  await expect.poll(stored, { timeout: 15_000 }).toHaveLength(1);
  const [row] = await stored();
  expect(JSON.parse(row?.properties ?? "")).toEqual({ course: "AML", location: "hero_cta" });
  expect(row?.path).toBe(PAGE);
});

test("GET /api/aml/guidance answers cacheable JSON entries", async ({ request }) => {
  const response = await request.get(GUIDANCE);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^application\/json/);
  expect(response.headers()["cache-control"]).toMatch(/public, max-age=\d+/);
  const body = (await response.json()) as { entries: Record<string, string>[] };
  expect(body.entries.length).toBeGreaterThan(0);
  for (const entry of body.entries) {
    expect(Object.keys(entry).sort()).toEqual(
      ["guidance", "link", "regulation", "section", "summary"].sort(),
    );
  }
});

test("the page is in the sitemap and in the visitor's language, its case too", async ({
  request,
}) => {
  expect(await (await request.get("/sitemap.xml")).text()).toContain(`${PAGE}</loc>`);
  const thai = (namespace: string) =>
    JSON.parse(
      readFileSync(path.resolve(import.meta.dirname, `../../locales/th/${namespace}.json`), "utf8"),
    ) as Record<string, string>;
  const response = await request.get(PAGE, { headers: { "Accept-Language": "th-TH" } });
  const html = await response.text();
  expect(html).toMatch(/<html[^>]* lang="th-TH"/);
  expect(html).toContain(thai("header").requestDemo);
  expect(html).toContain(String(thai("aml").startGuided));
  expect(html).not.toContain("Kestrel AML Live Training");
  // The case is the Thai pack's first, in Thai (content/compliance-packs/texts/th), and says so.
  const cases = JSON.parse(
    readFileSync(
      path.resolve(import.meta.dirname, "../../content/compliance-packs/texts/th/th.json"),
      "utf8",
    ),
  ) as { scenarios: Record<string, { title: string }> };
  const titles = Object.values(cases.scenarios).map((entry) => entry.title);
  const shown = /<h3 lang="th"[^>]*>([^<]+)<\/h3>/.exec(html)?.[1];
  expect(titles).toContain(shown);
});
