import path from "node:path";
import type { Plugin } from "vite";

// How builds take React Router: its production files, with three server caches patched in.

/**
 * React Router's package exports name only its development build, under every condition
 * (remix-run/react-router#14102), so a production build would run its warnings and checks on
 * every request and ship them to every browser. Builds take the production files instead, on the
 * server bundled into it, so the app and React Router's own entry points share one copy
 * (docs/decisions/029). `npm run dev` keeps the development build and its warnings.
 */
export function reactRouterProductionBuild(): Plugin {
  const files: Record<string, string> = {
    "react-router": "index.mjs",
    "react-router/dom": "dom-export.mjs",
  };
  const dist = path.resolve(import.meta.dirname, "../node_modules/react-router/dist/production");
  return {
    name: "kestrel:react-router-production",
    apply: "build",
    enforce: "pre",
    resolveId(id) {
      const file = files[id];
      return file ? path.join(dist, file) : null;
    },
  };
}

/**
 * Three things React Router 7 redoes on every rendered request although they depend only on the
 * build and the path (docs/decisions/031), kept instead, in the production files builds use
 * (docs/decisions/029):
 * - `ServerRouter` builds the route tree from the manifest; kept per manifest.
 * - `createStaticRouter` converts that tree into data routes; kept per tree.
 * - Matching a path against the precomputed route branches, done three times per request (the
 *   handler, the static handler, the partial manifest in `<Scripts>`); kept per branches and path,
 *   at most 1,000 paths at a time, each answer a fresh copy since callers own their matches.
 * Each patch names the exact text it replaces, and the server build fails when one no longer
 * applies, so an upgrade of React Router cannot drop one silently. The browser's copy is unchanged.
 */
const patches: { name: string; find: string; replace: string }[] = [
  {
    name: "ServerRouter keeps its routes",
    find: `  let routes = createServerRoutes(
    manifest.routes,
    routeModules,
    context.future,
    context.isSpaMode
  );`,
    replace: `  let routes = keptServerRoutes.get(manifest.routes);
  if (!routes) {
    routes = createServerRoutes(manifest.routes, routeModules, context.future, context.isSpaMode);
    keptServerRoutes.set(manifest.routes, routes);
  }`,
  },
  {
    name: "the kept server routes",
    find: `function ServerRouter({`,
    replace: `var keptServerRoutes = new WeakMap();
function ServerRouter({`,
  },
  {
    name: "createStaticRouter keeps its data routes",
    find: `function createStaticRouter(routes, context, opts = {}) {
  let manifest = {};
  let dataRoutes = convertRoutesToDataRoutes(
    routes,
    mapRouteProperties,
    void 0,
    manifest
  );`,
    replace: `var keptDataRoutes = new WeakMap();
function createStaticRouter(routes, context, opts = {}) {
  let kept = keptDataRoutes.get(routes);
  if (!kept) {
    let manifest2 = {};
    kept = { manifest: manifest2, dataRoutes: convertRoutesToDataRoutes(routes, mapRouteProperties, void 0, manifest2) };
    keptDataRoutes.set(routes, kept);
  }
  let { manifest, dataRoutes } = kept;`,
  },
  {
    name: "matching keeps its answers per branches and path",
    find: `function matchRoutesImpl(routes, locationArg, basename, allowPartial, precomputedBranches) {`,
    replace: `var keptMatches = new WeakMap();
function matchRoutesImpl(routes, locationArg, basename, allowPartial, precomputedBranches) {
  if (!precomputedBranches) return matchRoutesFresh(routes, locationArg, basename, allowPartial);
  let pathname = (typeof locationArg === "string" ? parsePath(locationArg) : locationArg).pathname;
  let key = basename + "\\u0000" + allowPartial + "\\u0000" + pathname;
  let kept = keptMatches.get(precomputedBranches);
  if (!kept) keptMatches.set(precomputedBranches, kept = new Map());
  let matches = kept.get(key);
  if (matches === void 0) {
    matches = matchRoutesFresh(routes, locationArg, basename, allowPartial, precomputedBranches);
    if (kept.size >= 1e3) kept.clear();
    kept.set(key, matches);
  }
  if (matches === null) return null;
  let params = { ...matches[0].params };
  return matches.map((match) => ({ ...match, params }));
}
function matchRoutesFresh(routes, locationArg, basename, allowPartial, precomputedBranches) {`,
  },
];

const reactRouterFile = /node_modules[\\/]react-router[\\/]dist[\\/]production[\\/][^\\/]+\.mjs$/;

export function reactRouterCaches(): Plugin {
  const applied = new Set<string>();
  return {
    name: "kestrel:react-router-caches",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "ssr",
    transform(code, id) {
      if (!reactRouterFile.test(id)) return null;
      let patched = code;
      for (const patch of patches) {
        if (!patched.includes(patch.find)) continue;
        patched = patched.replace(patch.find, () => patch.replace);
        applied.add(patch.name);
      }
      return patched === code ? null : { code: patched, map: null };
    },
    buildEnd() {
      const missing = patches.filter((patch) => !applied.has(patch.name));
      if (missing.length > 0) {
        this.error(
          `React Router changed: no longer found for ${missing.map((patch) => `"${patch.name}"`).join(", ")} (docs/decisions/031)`,
        );
      }
    },
  };
}
