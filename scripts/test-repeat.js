// npm run test:repeat -- N: the whole suite N times in a row (default 10), to prove it does not flake.
// Type checking, lint and the build are deterministic, so they run once; then each run is the unit
// and integration tests followed by the browser suite, exactly as `npm test` runs them. Every run's
// output goes to data/test-repeat/run-K.log; the summary names each run, its time and its verdict.
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
const LOGS = path.join(ROOT, "data/test-repeat");
const runs = Number(process.argv[2] ?? 10);
if (!Number.isInteger(runs) || runs < 1) {
  console.error(
    `Usage: npm run test:repeat -- N (a whole number of runs, got "${process.argv[2]}")`,
  );
  process.exit(2);
}

/**
 * Runs an npm script; its output goes to the log, not the terminal.
 * @param {string} script
 * @param {string[]} log
 */
function npm(script, log) {
  const result = spawnSync("npm", ["run", script], { cwd: ROOT, encoding: "utf8" });
  log.push(`$ npm run ${script}\n${result.stdout}${result.stderr}`);
  return result.status === 0;
}

mkdirSync(LOGS, { recursive: true });
/** @type {string[]} */
const setup = [];
for (const script of ["typecheck", "lint", "build"]) {
  if (!npm(script, setup)) {
    writeFileSync(path.join(LOGS, "setup.log"), setup.join("\n"));
    console.error(`npm run ${script} failed before the first run: see ${LOGS}/setup.log`);
    process.exit(1);
  }
}

const verdicts = [];
for (let run = 1; run <= runs; run += 1) {
  const started = Date.now();
  /** @type {string[]} */
  const log = [];
  const failed = ["test:unit", "test:e2e"].filter((script) => !npm(script, log));
  const file = path.join(LOGS, `run-${run}.log`);
  writeFileSync(file, log.join("\n"));
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  const verdict = failed.length === 0 ? "passed" : `FAILED (${failed.join(", ")}; ${file})`;
  verdicts.push(failed.length === 0);
  console.log(`run ${run}/${runs}: ${verdict} in ${minutes} min`);
}
const passed = verdicts.filter(Boolean).length;
console.log(`${passed} of ${runs} runs green`);
process.exit(passed === runs ? 0 : 1);
