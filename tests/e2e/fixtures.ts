import AxeBuilder from "@axe-core/playwright";
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

/** Runs axe on the page as it is now: no serious or critical violations are allowed. */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations.filter(
    (violation) => violation.impact === "serious" || violation.impact === "critical",
  );
  expect(
    blocking.map(
      (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
    ),
  ).toEqual([]);
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
