import type { Page } from "@playwright/test";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../app/routes";
import { PILOT_DOMAIN, login, totp } from "./auth";
import { chooseLocale, expect, test, uniqueEmail, waitForHydration } from "./fixtures";

// Every page as a phone, a tablet and a desktop shows it, in every language the interface speaks:
// nothing scrolls sideways and no control sits off-screen (a table may scroll inside itself).
const WIDTHS = [360, 390, 768, 1280] as const;
const LANGUAGES = ["en-CA", "fr-CA", "ms-MY", "zh-SG", "ta-MY", "vi-VN", "th-TH"] as const;

/**
 * Every route of app/routes.ts, as its path pattern: who walks it (a visitor, a signed-in learner,
 * an administrator with the second factor), at which address when it takes parameters, or why it
 * is not walked. A route added to the table and not named here fails the first test below.
 */
interface Plan {
  visitor?: string;
  learner?: string;
  admin?: string;
  skip?: string;
}
const RESOURCE = "a resource (a file, JSON or a redirect), not a page";
const PLAN: Record<string, Plan> = {
  "/": { skip: "redirects to /kestrel" },
  "/kestrel": { visitor: "/kestrel" },
  "/kestrel/aml-demo": { visitor: "/kestrel/aml-demo" },
  "/esg": { skip: "redirects to /courses/esg-ai-ethics" },
  "/e2e": { skip: "the test harness's fixed text, which no visitor meets" },
  "/partners": { visitor: "/partners" },
  "/contact": { visitor: "/contact" },
  "/demo": { visitor: "/demo" },
  "/privacy": { visitor: "/privacy" },
  "/terms": { visitor: "/terms" },
  "/courses/aml-fraud": { visitor: "/courses/aml-fraud" },
  "/courses/esg-ai-ethics": { visitor: "/courses/esg-ai-ethics" },
  "/404": { visitor: "/404" },
  "/login": { visitor: "/login" },
  "/logout": { skip: "signs out and redirects" },
  "/sso/callback": { skip: "a provider's answer: redirects to the page wanted or to /login" },
  "/app": { learner: "/app" },
  "/app/skills/export/:kind/:id": { skip: RESOURCE },
  "/training": { visitor: "/training", learner: "/training" },
  "/training/track/:trackId": { visitor: "/training/track/sg-aml-cft-annual" },
  "/training/track/:trackId/module/:moduleId": {
    visitor: "/training/track/esg-track/module/esg-fundamentals-singapore",
  },
  "/training/track/:trackId/final": { learner: "/training/track/esg-track/final" },
  "/training/module/:moduleId": { visitor: "/training/module/cdd-edd-beneficial-ownership" },
  "/training/lease-fraud-demo": { visitor: "/training/lease-fraud-demo" },
  "/training/certificates": {
    visitor: "/training/certificates",
    learner: "/training/certificates",
  },
  "/training/notifications": { learner: "/training/notifications" },
  "/training/compliance": { learner: "/training/compliance" },
  // A learner meets the refusal; the managers' form is the admin area's, walked below.
  "/training/requirements": { learner: "/training/requirements" },
  "/training/reports": { learner: "/training/reports" },
  // A learner meets the refusal; a manager's roster is tested in roster.spec.ts.
  "/training/roster": { learner: "/training/roster" },
  "/training/roster.csv": { skip: RESOURCE },
  "/training/roster.pdf": { skip: RESOURCE },
  "/training/policies/:id/document": { skip: RESOURCE },
  // A learner's list of their policies (none yet in their organisation).
  "/training/policies": { learner: "/training/policies" },
  "/training/policies/:id": {
    skip: "needs a published policy; its list, /training/policies, is walked",
  },
  "/training/evidence": { learner: "/training/evidence" },
  "/training/reviews": { learner: "/training/reviews" },
  "/training/reviews/:attemptId": {
    skip: "needs a submitted AML attempt; its list, /training/reviews, is walked",
  },
  "/training/certificates/:code/pdf": { skip: RESOURCE },
  "/training/certificates/:code/credential": { skip: RESOURCE },
  "/training/reports/:id/download": { skip: RESOURCE },
  "/training/evidence/package": { skip: RESOURCE },
  "/training/evidence/:evidenceId/:format": { skip: RESOURCE },
  "/docs/modules/:courseId/:file": { skip: RESOURCE },
  "/verify": { skip: "redirects to /verify/:code" },
  "/verify/:code": { visitor: "/verify/VERIFY-ZZZ000000" },
  "/evidence/verify": { visitor: "/evidence/verify" },
  "/evidence/verifier/:file": { skip: RESOURCE },
  "/admin": { admin: "/admin" },
  "/admin/waitlist": { admin: "/admin/waitlist" },
  "/admin/contact": { admin: "/admin/contact" },
  "/admin/demo": { admin: "/admin/demo" },
  "/admin/outbox": { admin: "/admin/outbox" },
  "/admin/allowlist": { admin: "/admin/allowlist" },
  "/admin/sso": { admin: "/admin/sso" },
  "/admin/security": { admin: "/admin/security" },
  "/admin/certificates": { admin: "/admin/certificates" },
  "/admin/requirements": { admin: "/admin/requirements" },
  "/admin/evidence": { admin: "/admin/evidence" },
  "/admin/scim": { admin: "/admin/scim" },
  "/sitemap.xml": { skip: RESOURCE },
  "/robots.txt": { skip: RESOURCE },
  "/theme": { skip: RESOURCE },
  "/locale": { skip: RESOURCE },
  "/region": { skip: RESOURCE },
  "/api/events": { skip: RESOURCE },
  "/api/waitlist": { skip: RESOURCE },
  "/api/aml/guidance": { skip: RESOURCE },
  "/api/advisor": { skip: RESOURCE },
  "/api/certificates/:code": { skip: RESOURCE },
  "/api/evidence/verify": { skip: RESOURCE },
  "/.well-known/jwks.json": { skip: RESOURCE },
  "/credentials/status/:list": { skip: RESOURCE },
  "/admin/export/:dataset": { skip: RESOURCE },
  "/admin/evidence/register.csv": { skip: RESOURCE },
  "/admin/evidence/package": { skip: RESOURCE },
  "*": { visitor: "/no-such-page" },
};

const walked = (who: "visitor" | "learner" | "admin") =>
  Object.values(PLAN).flatMap((plan) => (plan[who] ? [plan[who]] : []));
const PUBLIC = walked("visitor");
const SIGNED_IN = walked("learner");
const ADMIN = walked("admin");
const TRANSLATED_ADMIN = ["/admin", "/admin/requirements", "/admin/security"];

/** The path patterns of the route table's pages and resources (layouts add no path of their own). */
function routePaths(entries: readonly RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const full = entry.path === "*" ? "*" : entry.path ? `${parent}/${entry.path}` : parent;
    if (entry.children?.length) return routePaths(entry.children, full);
    return [entry.index ? parent || "/" : full];
  });
}

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

async function walk(page: Page, paths: readonly string[], { scripts = true } = {}) {
  const problems: string[] = [];
  for (const path of paths) {
    await page.setViewportSize({ width: WIDTHS[0], height: 800 });
    await page.goto(path);
    if (scripts) await waitForHydration(page);
    else await page.evaluate(() => document.fonts.ready.then(() => true));
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      const found = await overflow(page);
      const here = [
        ...(found.page > 0 ? [`${path} at ${width}px: ${found.page}px too wide`] : []),
        ...found.off.map((control) => `${path} at ${width}px: ${control} off-screen`),
      ];
      if (here.length > 0) await keepScreenshot(page, `${path} at ${width}px`);
      problems.push(...here);
    }
  }
  return problems;
}

/** The page as it overflowed, under test-results/ with the test's other output (CI keeps it). */
async function keepScreenshot(page: Page, name: string) {
  const file = test.info().outputPath(`${name.replace(/[^a-z0-9]+/gi, "-")}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await test.info().attach(name, { path: file, contentType: "image/png" });
}

test("every route of the route table is walked, or says why not", () => {
  const table = routePaths(routes);
  expect(
    table.filter((path) => !(path in PLAN)),
    "routes the walk does not name",
  ).toEqual([]);
  expect(
    Object.keys(PLAN).filter((path) => !table.includes(path)),
    "named routes no longer in the table",
  ).toEqual([]);
  for (const [path, plan] of Object.entries(PLAN)) {
    expect(
      Boolean(plan.visitor ?? plan.learner ?? plan.admin) !== Boolean(plan.skip),
      `${path}: walked or skipped with a reason`,
    ).toBe(true);
  }
});

test.use({ screenshot: "only-on-failure" });

for (const locale of LANGUAGES) {
  test.describe(locale, () => {
    test("no page scrolls sideways or hides a control, at 360 to 1280 px", async ({ page }) => {
      test.slow();
      await chooseLocale(page, locale);
      expect(await walk(page, PUBLIC)).toEqual([]);
    });

    test("signed in, the same holds", async ({ page }) => {
      // A walk of every signed-in page at four widths, as long as the public one.
      test.slow();
      await login(page, uniqueEmail(`wide-${locale.toLowerCase()}`, PILOT_DOMAIN));
      await chooseLocale(page, locale);
      expect(await walk(page, SIGNED_IN)).toEqual([]);
    });
  });
}

test.describe("without scripts", () => {
  test.use({ javaScriptEnabled: false });

  // The language and region forms show their submit buttons; the header keeps room for a Back link.
  test("the header and the region form still fit, in every language", async ({ page }) => {
    const problems: string[] = [];
    for (const locale of LANGUAGES) {
      await chooseLocale(page, locale);
      problems.push(...(await walk(page, ["/kestrel", "/courses/aml-fraud"], { scripts: false })));
    }
    expect(problems).toEqual([]);
  });
});

test("the admin area, signed in with the second factor, in every language", async ({
  page,
}, testInfo) => {
  // Most admin pages' own text is English in every language (no translation of the "admin"
  // namespace): every admin page in English, and in every language the header and the pages that
  // show translated text (the requirements forms, the security page's messages).
  test.setTimeout(240_000);
  await login(page, `surveyor${testInfo.retry}@kestrel.test`, "/login?redirectTo=%2Fadmin");
  await expect(page).toHaveURL(/\/admin\/security/);
  await page.getByRole("button", { name: "Set up an authenticator app" }).click();
  const secret = (await page.getByTestId("totp-secret").textContent()) ?? "";
  await page.getByLabel("6-digit code").fill(totp(secret));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  for (const locale of LANGUAGES) {
    await chooseLocale(page, locale);
    expect(await walk(page, locale === "en-CA" ? ADMIN : TRANSLATED_ADMIN), locale).toEqual([]);
  }
});
