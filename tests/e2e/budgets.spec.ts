import { statSync } from "node:fs";
import path from "node:path";
import { expect, test, waitForHydration } from "./fixtures";
import { overBudget, readBudgets, sizesByChunk, writeBudgets } from "./js-budget";

const CLIENT = path.resolve(import.meta.dirname, "../../build/client");
const budgets = readBudgets();
// `npm run budgets:update` records today's chunk sizes; the totals stay as set by hand.
const updating = Boolean(process.env.UPDATE_JS_BUDGETS);

test.describe("JavaScript budgets (brotli, as sent)", () => {
  test.describe.configure({ mode: updating ? "serial" : "parallel" });

  for (const page of Object.keys(budgets)) {
    test(`${page} loads no more JavaScript than its budget`, async ({ page: tab }) => {
      const scripts: { file: string; bytes: number }[] = [];
      tab.on("response", (response) => {
        const url = new URL(response.url());
        if (!/^\/assets\/.+\.js$/.test(url.pathname)) return;
        // What the browser was sent: the build's brotli file (scripts/precompress.js).
        expect(response.headers()["content-encoding"]).toBe("br");
        scripts.push({
          file: url.pathname,
          bytes: statSync(path.join(CLIENT, `${url.pathname}.br`)).size,
        });
      });
      await tab.goto(page);
      await waitForHydration(tab);
      await tab.waitForLoadState("networkidle");
      const now = sizesByChunk(scripts);
      const budget = budgets[page];
      if (!budget) throw new Error(`no budget for ${page}`);
      if (updating) {
        budget.chunks = now;
        writeBudgets(budgets);
        return;
      }
      expect(overBudget(page, budget, now)).toBeNull();
    });
  }
});

test("an overrun names the chunks that grew and the ones that are new", () => {
  const budget = { budget: 100, chunks: { framework: 60, root: 30 } };
  expect(overBudget("/x", budget, { framework: 60, root: 35 })).toBeNull();
  expect(overBudget("/x", budget, { framework: 60, root: 35, field: 21 })).toBe(
    "/x loads 116 bytes of JavaScript (brotli), over its budget of 100: root grew from 30 to 35 bytes; field is new: 21 bytes",
  );
  expect(overBudget("/x", budget, { framework: 80, root: 30 })).toBe(
    "/x loads 110 bytes of JavaScript (brotli), over its budget of 100: framework grew from 60 to 80 bytes",
  );
  expect(overBudget("/x", budget, { framework: 50, root: 30, other: 25 })).toMatch(
    /other is new: 25 bytes$/,
  );
});
