import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { GRADING_LANGUAGES } from "./lexicon-schema";
import {
  ADVERSARIAL,
  CalibrationSchema,
  entryLanguage,
  evaluateGrading,
  gradeEntry,
  passes,
} from "./calibration.server";
import { getPacks } from "./packs.server";

// The grader against the labelled answers (npm run eval:grading prints the figures). What this
// test holds: no adversarial answer passes, in any language, and agreement does not fall below
// what it is today.

const DIR = path.join(import.meta.dirname, "../../../content/compliance-packs/calibration");
const entries = readdirSync(DIR)
  .filter((file) => file.endsWith(".json"))
  .flatMap((file) =>
    CalibrationSchema.parse(JSON.parse(readFileSync(path.join(DIR, file), "utf8"))),
  );

describe("the calibration set", () => {
  test("covers every case and every language the interface speaks, with every class", () => {
    expect(entries.length).toBeGreaterThanOrEqual(150);
    const scenarios = [...getPacks().values()].flatMap((pack) => pack.scenarios.map((s) => s.id));
    expect(new Set(entries.map((entry) => entry.scenario))).toEqual(new Set(scenarios));
    expect(new Set(entries.map(entryLanguage))).toEqual(new Set(GRADING_LANGUAGES));
    for (const kind of ADVERSARIAL) {
      expect(entries.filter((entry) => entry.class === kind).length).toBeGreaterThanOrEqual(4);
    }
    expect(new Set(entries.map((entry) => entry.id)).size).toBe(entries.length);
  });

  test.each(ADVERSARIAL)("no %s answer passes, in any language", (kind) => {
    const passed = entries
      .filter((entry) => entry.class === kind)
      .map(gradeEntry)
      .filter(passes)
      .map((graded) => `${graded.entry.id}: ${graded.grade.percent} %`);
    expect(passed).toEqual([]);
  });

  test("agreement with the trainer's bands holds", () => {
    const result = evaluateGrading(entries);
    expect(result.sameBand).toBeGreaterThanOrEqual(0.65);
    expect(result.withinOne).toBeGreaterThanOrEqual(0.95);
  });
});
