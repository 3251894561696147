// npm test: every check, in the order CI needs them, each one's duration printed at the end so the
// suite's time can be seen and kept down (docs/decisions/036). Stops at the first that fails.
import { spawnSync } from "node:child_process";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
const STEPS = ["typecheck", "lint", "test:unit", "build", "test:e2e"];

/** @type {{ step: string; seconds: number; ok: boolean }[]} */
const done = [];
const started = Date.now();
for (const step of STEPS) {
  const from = Date.now();
  const { status } = spawnSync("npm", ["run", step], { cwd: ROOT, stdio: "inherit" });
  done.push({ step, seconds: (Date.now() - from) / 1000, ok: status === 0 });
  if (status !== 0) break;
}
console.log("\nnpm test durations");
for (const { step, seconds, ok } of done) {
  console.log(`  ${step.padEnd(12)} ${seconds.toFixed(0).padStart(5)} s${ok ? "" : "  FAILED"}`);
}
console.log(`  ${"total".padEnd(12)} ${((Date.now() - started) / 1000).toFixed(0).padStart(5)} s`);
process.exit(done.every((entry) => entry.ok) && done.length === STEPS.length ? 0 : 1);
