// Measures the PII scrubber on the labelled case notes of tests/fixtures/pii/ (issue 45):
// precision and recall per type and overall, for the notes it was tuned on, the held-out notes
// written with them before any tuning, both together ("all"), and the blind notes written after
// tuning. Targets: recall ≥ 0.95 and precision ≥ 0.9 overall and for people's names. Exits 1 below
// them on "all".
// The corpus is test data, not part of the build: the TypeScript is loaded through Vite's module
// runner, so `npm run eval:pii` needs no build first.
import path from "node:path";
import { runnerImport } from "vite";

const root = path.resolve(import.meta.dirname, "..");
const { module: evaluation } = await runnerImport(
  path.join(root, "tests/fixtures/pii/evaluate.ts"),
  {
    configFile: false,
    root,
    logLevel: "error",
    resolve: { alias: { "~": path.join(root, "app") } },
  },
);

const notes = evaluation.corpus();
const verbose = process.argv.includes("--verbose");
/** @type {[string, unknown[]][]} */
const sets = [
  ["tuning", notes.filter((/** @type {{ set: string }} */ note) => note.set === "tuning")],
  ["held out", notes.filter((/** @type {{ set: string }} */ note) => note.set === "heldOut")],
  [
    "all",
    notes.filter((/** @type {{ set: string }} */ note) => ["tuning", "heldOut"].includes(note.set)),
  ],
  ["first blind", notes.filter((/** @type {{ set: string }} */ note) => note.set === "blind")],
  ["second blind", notes.filter((/** @type {{ set: string }} */ note) => note.set === "blind2")],
];
let allMeet = false;
for (const [name, set] of sets) {
  const result = evaluation.evaluatePii(set);
  console.log(evaluation.reportLines(name, result).join("\n"));
  if (verbose) {
    for (const miss of result.missed)
      console.log(`  missed ${miss.note} ${miss.type}: ${miss.value}`);
    for (const wrong of result.wrong)
      console.log(`  wrong  ${wrong.note} ${wrong.type}: ${wrong.value}`);
  }
  if (name === "all") allMeet = evaluation.meetsTargets(result);
  console.log("");
}
const { recall, precision } = evaluation.PII_TARGETS;
console.log(`targets: recall ≥ ${recall}, precision ≥ ${precision}, overall and for PERSON`);
process.exitCode = allMeet ? 0 : 1;
