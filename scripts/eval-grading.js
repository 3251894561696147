// Measures the AML grader against answers an AML trainer labelled (content/compliance-packs/
// calibration/*.json) with the built server bundle: agreement with the labels (same band, within
// one band), per language, the pass rate of every class of adversarial answer, and the time to
// grade one. Targets: 0 % of adversarial answers pass, ≥ 80 % same band, ≥ 95 % within one band,
// every language within 5 points of English. `npm run eval:grading` builds first.
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";

const BUILD_PATH = "../build/server/index.js";
const DIR = path.join(import.meta.dirname, "../content/compliance-packs/calibration");
const TARGETS = { sameBand: 0.8, withinOne: 0.95, languageGap: 0.05 };

const app = await import(BUILD_PATH);
const entries = readdirSync(DIR)
  .filter((file) => file.endsWith(".json"))
  .sort()
  .flatMap((file) =>
    app.CalibrationSchema.parse(JSON.parse(readFileSync(path.join(DIR, file), "utf8"))),
  );
const result = app.evaluateGrading(entries);
const percent = (/** @type {number} */ share) => `${(share * 100).toFixed(1)} %`;

for (const miss of result.misses) {
  console.log(
    `two or more bands apart: ${miss.entry.id} labelled ${miss.entry.band}, graded ${miss.grade.band} (${miss.grade.percent} %)`,
  );
}
console.log(`answers: ${result.answers}`);
console.log(`same band: ${percent(result.sameBand)} (target ${percent(TARGETS.sameBand)})`);
console.log(`within one band: ${percent(result.withinOne)} (target ${percent(TARGETS.withinOne)})`);
let adversarialPass = 0;
for (const [kind, { answers, passRate }] of Object.entries(result.adversarial)) {
  console.log(`adversarial ${kind}: ${answers} answers, ${percent(passRate)} pass (target 0 %)`);
  adversarialPass += passRate;
}
const english = result.languages.en;
let languagesClose = true;
for (const [language, agreement] of Object.entries(result.languages)) {
  const gap = english ? english.sameBand - agreement.sameBand : 0;
  if (gap > TARGETS.languageGap) languagesClose = false;
  console.log(
    `${language}: ${agreement.answers} answers, same band ${percent(agreement.sameBand)}, within one ${percent(agreement.withinOne)}`,
  );
}
console.log(`grading: median ${result.medianMs.toFixed(2)} ms an answer`);
process.exitCode =
  adversarialPass === 0 &&
  result.sameBand >= TARGETS.sameBand &&
  result.withinOne >= TARGETS.withinOne &&
  languagesClose
    ? 0
    : 1;
