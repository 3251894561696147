import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { reactRouterCaches } from "./react-router-build";

// The patches must apply to the React Router this project installs, each exactly once, and the
// build must stop when one no longer does (docs/decisions/031).

const dist = path.resolve(import.meta.dirname, "../node_modules/react-router/dist/production");
const files = readdirSync(dist)
  .filter((name) => name.endsWith(".mjs") && name !== "index-react-server.mjs")
  .map((name) => path.join(dist, name));

interface Hooks {
  transform(code: string, id: string): { code: string } | null;
  buildEnd(): void;
}

function serverBuild() {
  const plugin = reactRouterCaches() as unknown as Hooks;
  const context = {
    environment: { name: "ssr" },
    error(message: string): never {
      throw new Error(message);
    },
  };
  return {
    transform: (file: string) =>
      plugin.transform.call(context, readFileSync(file, "utf8"), file)?.code ?? null,
    end: () => plugin.buildEnd.call(context),
  };
}

describe("React Router's server caches", () => {
  it("patch the installed production files once each, and the build goes on", () => {
    const build = serverBuild();
    const patched = files.map((file) => build.transform(file)).filter((code) => code !== null);
    const all = patched.join("\n");
    for (const name of ["keptServerRoutes", "keptDataRoutes", "keptMatches"]) {
      expect(all.match(new RegExp(`var ${name} = new WeakMap`, "g")), name).toHaveLength(1);
    }
    expect(all).toContain("function matchRoutesFresh(");
    expect(() => build.end()).not.toThrow();
  });

  it("stop the build, naming what was not found, when React Router's code has changed", () => {
    const build = serverBuild();
    const router = files.find((file) =>
      readFileSync(file, "utf8").includes("function ServerRouter("),
    );
    expect(router).toBeDefined();
    build.transform(router ?? "");
    expect(() => build.end()).toThrow(/matching keeps its answers per branches and path/);
  });

  it("leave other files alone", () => {
    const plugin = reactRouterCaches() as unknown as Hooks;
    expect(plugin.transform.call({}, "function ServerRouter({", "/app/routes/home.tsx")).toBeNull();
  });
});
