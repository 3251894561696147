// Measures the AML grader against answers an AML trainer labelled (content/compliance-packs/
// calibration/*.json) with the built server bundle: agreement with the labels (same band, within
// one band), per language, the pass rate of every class of adversarial answer, and the time to
// grade one. Targets: 0 % of adversarial answers pass, ≥ 80 % same band, ≥ 95 % within one band,
// every language within 5 points of English. `npm run eval:grading` builds first.
//
// Every fourth answer of each language (by id, `splitCalibration`) is held out: the grader is tuned
// on the rest, and the held-out figure is the honest one. `--disagreements` prints the tuned-on
// answers whose grade is not the trainer's band, by class and language, with the grader's reading;
// it never prints a held-out answer.
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
const { tunedOn, heldOut } = app.calibration.splitCalibration(entries);
const result = app.evaluateGrading(entries);
const tuned = app.evaluateGrading(tunedOn);
const held = app.evaluateGrading(heldOut);
const percent = (/** @type {number} */ share) => `${(share * 100).toFixed(1)} %`;

if (process.argv.includes("--disagreements")) {
  const off = tunedOn
    .map(app.calibration.gradeEntry)
    .filter((/** @type {{ distance: number }} */ one) => one.distance > 0)
    .sort(
      (/** @type {any} */ a, /** @type {any} */ b) =>
        a.entry.class.localeCompare(b.entry.class) || a.language.localeCompare(b.language),
    );
  for (const one of off) {
    console.log(
      `\n${one.entry.class} ${app.calibration.entryLanguage(one.entry)} ${one.entry.id}: labelled ${one.entry.band}, graded ${one.grade.band} (${one.grade.percent} %), read as ${one.language}`,
    );
    for (const detail of one.grade.details) {
      console.log(`  ${detail.criterion} ${detail.earned}/${detail.maxScore}`);
    }
    console.log(
      `  penalties: ${one.grade.penalties.map((/** @type {{ kind: string }} */ p) => p.kind).join(", ") || "none"}`,
    );
    console.log(`  missed signals: ${one.grade.missedSignals.join("; ")}`);
    console.log(`  trainer: ${one.entry.why}`);
  }
  console.log("");
}

// Held-out answers are counted, never shown: looking at them would make them tuned on.
for (const miss of tuned.misses) {
  console.log(
    `two or more bands apart: ${miss.entry.id} labelled ${miss.entry.band}, graded ${miss.grade.band} (${miss.grade.percent} %)`,
  );
}
console.log(`held-out answers two or more bands apart: ${held.misses.length}`);
const row = (/** @type {string} */ name, /** @type {any} */ agreement) =>
  `${name}: ${agreement.answers} answers, same band ${percent(agreement.sameBand)}, within one ${percent(agreement.withinOne)}`;
console.log(row("all", result));
console.log(row("tuned on", tuned));
console.log(row("held out", held));
console.log(
  `targets: same band ${percent(TARGETS.sameBand)}, within one ${percent(TARGETS.withinOne)}`,
);
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
  const [t, h] = [tuned.languages[language], held.languages[language]];
  console.log(
    `${row(language, agreement)}; tuned on ${percent(t?.sameBand ?? 0)} / ${percent(t?.withinOne ?? 0)} (${t?.answers ?? 0}), held out ${percent(h?.sameBand ?? 0)} / ${percent(h?.withinOne ?? 0)} (${h?.answers ?? 0})`,
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
