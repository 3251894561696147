import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { AxeResults } from "axe-core";
import { type Page, test as base, expect } from "@playwright/test";

const NEVER = /$^/;

/**
 * True when `resource` is the page itself, the /404 page every unknown path ends on, or the React
 * Router data request (`/path.data`) of either.
 */
function isPageRequest(resource: string, pageUrl: string): boolean {
  try {
    const path = new URL(resource).pathname.replace(/(\/_root)?\.data$/, "");
    return path === "/404" || path === new URL(pageUrl).pathname;
  } catch {
    return false;
  }
}

/**
 * Every test fails on an unexpected console error or uncaught page error. Tests that provoke an
 * error on purpose name what they expect in `expectedConsoleError`. The browser's own note that a
 * document answered with an error status (a 404 page, say) is not an error of the page.
 */
let visitors = 0;

export const test = base.extend<{ expectedConsoleError: RegExp }>({
  expectedConsoleError: [NEVER, { option: true }],
  page: async ({ page, expectedConsoleError }, use, testInfo) => {
    // Each test's page is a visitor of its own address, as behind a load balancer (the server
    // trusts X-Forwarded-For from loopback): per-address limits, such as sign-in codes, count one
    // visitor's requests, not the whole suite's.
    visitors += 1;
    await page.setExtraHTTPHeaders({
      "X-Forwarded-For": `2001:db8:${testInfo.workerIndex.toString(16)}:${visitors.toString(16)}::1`,
    });
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() !== "error") return;
      const text = message.text();
      const documentStatus =
        text.startsWith("Failed to load resource: the server responded with a status of") &&
        isPageRequest(message.location().url, page.url());
      if (!documentStatus && !expectedConsoleError.test(text)) errors.push(text);
    });
    page.on("pageerror", (error) => {
      if (!expectedConsoleError.test(error.message)) errors.push(error.message);
    });
    // A blocked script, style, eval or connection breaks a page quietly: each one fails the test.
    const violations = await watchCspViolations(page);
    await use(page);
    expect(errors, "unexpected console errors").toEqual([]);
    expect(violations, "Content-Security-Policy violations").toEqual([]);
  },
});

export { expect };

/** Collects the page's Content-Security-Policy violations, from its first document on. */
export async function watchCspViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeBinding("__reportCspViolation", (_source, violation: string) => {
    violations.push(violation);
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { __reportCspViolation: (text: string) => void })
        .__reportCspViolation;
      report(
        `${event.effectiveDirective} blocked ${event.blockedURI || "an inline script or style"} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  return violations;
}

/** axe-core's browser bundle, read once per worker. */
const axeSource = readFileSync(
  createRequire(import.meta.url).resolve("axe-core/axe.min.js"),
  "utf8",
);

/**
 * Runs axe on the page as it is now: no serious or critical violations are allowed. axe runs in
 * the page itself (our pages have no frames), injected once per document, and sends back only its
 * violations: @axe-core/playwright opened a second page for every check and returned every rule's
 * passes too, which made each check cost three times the CPU (docs/decisions/056).
 */
export async function expectAccessible(page: Page): Promise<void> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const { axe } = window as unknown as {
      axe: { run: (...args: unknown[]) => Promise<AxeResults> };
    };
    const results = await axe.run(document, { resultTypes: ["violations"] });
    return results.violations.map(({ id, help, impact, nodes }) => ({
      id,
      help,
      impact,
      targets: nodes.map((node) => node.target.join(" ")),
    }));
  });
  const blocking = violations.filter(
    (violation) => violation.impact === "serious" || violation.impact === "critical",
  );
  expect(blocking.map((v) => `${v.id}: ${v.help} (${v.targets.join(", ")})`)).toEqual([]);
}

/** Waits until React has hydrated, so client behaviour (menus, toggles) is live. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}

/**
 * Holds the page's scripts back until the returned function is called: what a visitor meets
 * between the server's HTML arriving and the page hydrating. Load with `waitUntil: "commit"`.
 */
export async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/[^?]+\.js(\?|$)/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Collects the browser `analytics` events of SPEC §7 (their `detail`) from the first script on. */
export async function recordAnalytics(
  page: Page,
): Promise<() => Promise<Record<string, unknown>[]>> {
  await page.addInitScript(() => {
    const events: unknown[] = [];
    Object.assign(window, { __analytics: events });
    window.addEventListener("analytics", (event) => events.push((event as CustomEvent).detail));
  });
  return () =>
    page.evaluate(
      () => (window as unknown as { __analytics: Record<string, unknown>[] }).__analytics,
    );
}

/** An email address no other test uses, so rows found in the database are this test's own. */
/** The language a visitor chose, as the server's `kestrel-locale` cookie remembers it. */
export async function chooseLocale(page: Page, locale: string): Promise<void> {
  await page.context().addCookies([
    {
      name: "kestrel-locale",
      value: encodeURIComponent(Buffer.from(JSON.stringify(locale)).toString("base64")),
      url: test.info().project.use.baseURL ?? "http://127.0.0.1",
    },
  ]);
}

export function uniqueEmail(label: string, domain = "example.com"): string {
  return `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@${domain}`;
}
