import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// docs/decisions/036: import-x/no-cycle refuses cycles between files; this refuses them between
// folders (a feature of the platform or domain tier, the workflows tier, lib, ui and db), so two
// features never depend on each other through a chain of otherwise acyclic files. Tests are left
// out: they may drive their feature through a route.

const ROOT = path.resolve(import.meta.dirname, "..");
const IMPORT = /(?:from|import)\s*\(?\s*["']([^"']+)["']/g;

function sourceFiles(dir) {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "+types" ? [] : sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** The folder a project file counts in, or null outside the tiers. */
export function folderOf(file) {
  const feature = /^app\/(platform|domain)\/([^/]+)\//.exec(file);
  if (feature) return `${feature[1]}/${feature[2]}`;
  return file.startsWith("app/workflows/") ? "workflows" : null;
}

function resolve(importer, source) {
  if (source.startsWith("~/")) return path.posix.join("app", source.slice(2));
  if (source.startsWith(".")) return path.posix.join(path.posix.dirname(importer), source);
  return null;
}

export function folderGraph(files, read) {
  const edges = new Map();
  for (const file of files) {
    const from = folderOf(file);
    if (!from) continue;
    for (const [, source] of read(file).matchAll(IMPORT)) {
      const target = resolve(file, source);
      const to = target && folderOf(`${target}/`.replace(/\/+$/, "/"));
      if (!to || to === from) continue;
      if (!edges.has(from)) edges.set(from, new Set());
      edges.get(from).add(to);
    }
  }
  return edges;
}

/** Every cycle's folders, as a path that returns to its start; empty when there is none. */
export function cyclesOf(edges) {
  const cycles = [];
  const state = new Map();
  const stack = [];
  const visit = (node) => {
    state.set(node, "open");
    stack.push(node);
    for (const next of edges.get(node) ?? []) {
      if (state.get(next) === "open") cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, "done");
  };
  for (const node of [...edges.keys()].sort()) if (!state.has(node)) visit(node);
  return cycles;
}

describe("folder graph", () => {
  it("finds a cycle through three folders and none in a chain", () => {
    const graph = (pairs) => new Map(pairs.map(([from, to]) => [from, new Set(to)]));
    expect(
      cyclesOf(
        graph([
          ["a", ["b"]],
          ["b", ["c"]],
          ["c", ["a"]],
        ]),
      ),
    ).toEqual([["a", "b", "c", "a"]]);
    expect(
      cyclesOf(
        graph([
          ["a", ["b"]],
          ["b", ["c"]],
        ]),
      ),
    ).toEqual([]);
  });

  it("has no import cycle between the folders of app/", () => {
    const files = sourceFiles("app");
    const edges = folderGraph(files, (file) => readFileSync(path.join(ROOT, file), "utf8"));
    expect(edges.size).toBeGreaterThan(10);
    expect(cyclesOf(edges).map((cycle) => cycle.join(" → "))).toEqual([]);
  });
});
