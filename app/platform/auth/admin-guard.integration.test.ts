import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { signInForTest } from "../../../tests/integration/auth";
import { answerOf, contextFor, pageRequest } from "../../../tests/integration/call-action";

// Every admin capability needs a session that has proved the second factor, wherever its route
// lives: an administrator signed in with only the emailed code is a learner everywhere except on
// the page that asks for the second factor. The routes are read from app/routes.ts, so a new
// route is covered the day it is added.

interface RouteModule {
  loader?: (args: unknown) => unknown;
  action?: (args: unknown) => unknown;
}

const modules = import.meta.glob<RouteModule>("../../routes/*.{ts,tsx}");

function flatten(entries: readonly RouteConfigEntry[]): { path: string; file: string }[] {
  return entries.flatMap((entry) => [
    ...(entry.path !== undefined || entry.index
      ? [{ path: entry.path ?? "", file: entry.file }]
      : []),
    ...flatten(entry.children ?? []),
  ]);
}

const all = flatten(routes);
/** A URL for a route's path, its parameters filled in. */
const urlOf = (path: string) =>
  `/${path.replace(/:(\w+)\??/g, (_, name: string) => `probe-${name}`).replace(/\*$/, "probe")}`;
const paramsOf = (path: string) =>
  Object.fromEntries([...path.matchAll(/:(\w+)/g)].map(([, name]) => [name, `probe-${name}`]));

/** Every route module, with what the route answers a request carrying `cookie`. */
async function answer(
  route: { path: string; file: string },
  kind: "loader" | "action",
  cookie: string,
) {
  const module = await modules[`../../${route.file}`]?.();
  const run = module?.[kind];
  if (!run) return null;
  const request =
    kind === "loader"
      ? pageRequest(urlOf(route.path), { cookie })
      : pageRequest(urlOf(route.path), { cookie, body: new URLSearchParams({ intent: "probe" }) });
  const answered = await answerOf(() =>
    run({ request, context: contextFor("198.51.100.77"), params: paramsOf(route.path) }),
  ).catch((error: unknown) => ({ status: 500, error }));
  return answered;
}

/** The admin area: every page there except the frame and the page that asks for the factor. */
const ADMIN_OPEN = new Set(["routes/admin.tsx", "routes/admin.security.tsx"]);
const adminRoutes = all.filter(
  (route) => route.path.startsWith("admin") && !ADMIN_OPEN.has(route.file),
);

describe("admin capabilities need the proven second factor", () => {
  it("finds every route of app/routes.ts, the admin area among them", () => {
    expect(all.length).toBeGreaterThan(40);
    for (const route of all) expect(modules[`../../${route.file}`], route.file).toBeDefined();
    expect(adminRoutes.length).toBeGreaterThanOrEqual(10);
  });

  it("sends an administrator without it from every admin page and action to the second factor", async () => {
    const { cookie } = await signInForTest("unproven", { admin: true });
    const proven = await signInForTest("proven", { admin: true, secondFactor: true });
    for (const route of adminRoutes) {
      for (const kind of ["loader", "action"] as const) {
        const refused = await answer(route, kind, cookie);
        if (!refused) continue;
        expect(refused.status, `${kind} of ${route.path}`).toBe(302);
        expect((refused as Response).headers.get("Location"), route.path).toMatch(
          /^\/admin\/security\?redirectTo=/,
        );
        // The same request with the factor proved is not sent there.
        const allowed = await answer(route, kind, proven.cookie);
        const location = allowed && "headers" in allowed ? allowed.headers.get("Location") : null;
        expect(location ?? "", `${kind} of ${route.path} with the second factor`).not.toMatch(
          /^\/admin\/security/,
        );
      }
    }
  }, 60_000);

  it("treats an administrator without it as a learner on every other page", async () => {
    const unproven = await signInForTest("halfadmin", { admin: true });
    const learner = await signInForTest("plainlearner");
    const others = all.filter((route) => !route.path.startsWith("admin"));
    for (const route of others) {
      const asAdmin = await answer(route, "loader", unproven.cookie);
      if (!asAdmin) continue;
      const asLearner = await answer(route, "loader", learner.cookie);
      expect(asAdmin.status, route.path || "/").toBe(asLearner?.status);
    }
  }, 120_000);
});
