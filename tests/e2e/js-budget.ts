import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

// Per-page JavaScript budgets (docs/decisions/017): what a page loads before it is interactive, in
// brotli bytes as sent, against a total set by hand and the chunk sizes recorded when it was set.

export const BUDGETS_FILE = path.join(import.meta.dirname, "js-budgets.json");

export interface PageBudget {
  /** Bytes of brotli the page may load; set by hand, with the headroom noted in the file. */
  budget: number;
  /** Brotli bytes per chunk (file name without its hash) when the budget was last reviewed. */
  chunks: Record<string, number>;
}

export type Budgets = Record<string, PageBudget>;

export function readBudgets(): Budgets {
  return JSON.parse(readFileSync(BUDGETS_FILE, "utf8")) as Budgets;
}

export function writeBudgets(budgets: Budgets): void {
  writeFileSync(BUDGETS_FILE, `${JSON.stringify(budgets, null, 2)}\n`);
}

/** `framework-zBjiFCvg.js` → `framework`: the name a chunk keeps from build to build. */
export function chunkName(file: string): string {
  return path.basename(file).replace(/-[\w-]{8}\.js$/, "");
}

/** Sizes by chunk name; two files of the same name (a route and a feature) are added up. */
export function sizesByChunk(files: { file: string; bytes: number }[]): Record<string, number> {
  const sizes: Record<string, number> = {};
  for (const { file, bytes } of files) {
    const name = chunkName(file);
    sizes[name] = (sizes[name] ?? 0) + bytes;
  }
  return sizes;
}

/** Null when the page is within its budget; otherwise what grew, for the failure message. */
export function overBudget(page: string, budget: PageBudget, now: Record<string, number>) {
  const total = Object.values(now).reduce((sum, bytes) => sum + bytes, 0);
  if (total <= budget.budget) return null;
  const grew = Object.entries(now)
    .filter(([name, bytes]) => bytes > (budget.chunks[name] ?? 0))
    .map(([name, bytes]) =>
      name in budget.chunks
        ? `${name} grew from ${budget.chunks[name]} to ${bytes} bytes`
        : `${name} is new: ${bytes} bytes`,
    );
  return `${page} loads ${total} bytes of JavaScript (brotli), over its budget of ${budget.budget}: ${
    grew.length > 0 ? grew.join("; ") : "no single chunk grew"
  }`;
}
