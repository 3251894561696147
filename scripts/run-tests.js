// npm test: every check, in the order CI needs them, each one's duration printed at the end so the
// suite's time can be seen and kept down (docs/decisions/036). Stops at the first stage that fails.
import { spawn } from "node:child_process";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
/**
 * Stages run one after another; the steps of a stage side by side. The type check and the lint
 * are one process each, so together they use both cores in the time of the longer one (neither
 * reads what the other writes: the lint does not resolve React Router's generated types).
 */
const STAGES = [["typecheck", "lint"], ["test:unit"], ["build"], ["test:e2e"]];

/**
 * Runs one npm script. Alone, its output streams to the terminal; beside another, it is kept and
 * printed whole when the step ends, so the two never interleave.
 * @param {string} step
 * @param {boolean} alone
 * @returns {Promise<{ step: string; seconds: number; ok: boolean }>}
 */
function run(step, alone) {
  const from = Date.now();
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", step], {
      cwd: ROOT,
      stdio: alone ? "inherit" : ["ignore", "pipe", "pipe"],
    });
    /** @type {Buffer[]} */
    const output = [];
    child.stdout?.on("data", (chunk) => output.push(chunk));
    child.stderr?.on("data", (chunk) => output.push(chunk));
    child.on("close", (status) => {
      if (!alone) process.stdout.write(Buffer.concat(output));
      resolve({ step, seconds: (Date.now() - from) / 1000, ok: status === 0 });
    });
  });
}

/** @type {{ step: string; seconds: number; ok: boolean }[]} */
const done = [];
const started = Date.now();
for (const stage of STAGES) {
  const results = await Promise.all(stage.map((step) => run(step, stage.length === 1)));
  done.push(...results);
  if (results.some((result) => !result.ok)) break;
}
console.log("\nnpm test durations");
for (const { step, seconds, ok } of done) {
  console.log(`  ${step.padEnd(12)} ${seconds.toFixed(0).padStart(5)} s${ok ? "" : "  FAILED"}`);
}
console.log(`  ${"total".padEnd(12)} ${((Date.now() - started) / 1000).toFixed(0).padStart(5)} s`);
const steps = STAGES.flat();
process.exit(done.every((entry) => entry.ok) && done.length === steps.length ? 0 : 1);
