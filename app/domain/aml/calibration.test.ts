import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { z } from "~/platform/lib/zod";
import { BAND_IDS } from "./constants";
import { GRADING_LANGUAGES } from "./lexicon-schema";
import {
  ADVERSARIAL,
  CalibrationSchema,
  entryLanguage,
  evaluateGrading,
  gradeEntry,
  passes,
  splitCalibration,
} from "./calibration.server";
import { getPacks } from "./packs.server";

// The grader against the labelled answers (npm run eval:grading prints the figures). What this
// test holds: no adversarial answer passes, in any language, and agreement, on the answers tuned on
// and on those held out of tuning, does not fall below what it is today.

const DIR = path.join(import.meta.dirname, "../../../content/compliance-packs/calibration");
const entries = readdirSync(DIR)
  .filter((file) => file.endsWith(".json"))
  .flatMap((file) =>
    CalibrationSchema.parse(JSON.parse(readFileSync(path.join(DIR, file), "utf8"))),
  );

// Grading every answer takes a few seconds on a busy machine: the limit is for a hung test.
const GRADING_ALL = 60_000;

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

  test.each(ADVERSARIAL)(
    "no %s answer passes, in any language",
    (kind) => {
      const passed = entries
        .filter((entry) => entry.class === kind)
        .map(gradeEntry)
        .filter(passes)
        .map((graded) => `${graded.entry.id}: ${graded.grade.percent} %`);
      expect(passed).toEqual([]);
    },
    GRADING_ALL,
  );

  test(
    "agreement with the trainer's bands holds, on the answers tuned on and those held out",
    () => {
      const { tunedOn, heldOut } = splitCalibration(entries);
      const all = evaluateGrading(entries);
      expect(all.sameBand).toBeGreaterThanOrEqual(0.87);
      // Every language within 5 points of English.
      const english = all.languages.en?.sameBand ?? 1;
      for (const [language, figures] of Object.entries(all.languages)) {
        expect(figures?.sameBand, language).toBeGreaterThanOrEqual(english - 0.05);
      }
      const tuned = evaluateGrading(tunedOn);
      expect(tuned.sameBand).toBeGreaterThanOrEqual(0.88);
      expect(tuned.withinOne).toBeGreaterThanOrEqual(0.95);
      // The held-out answers are measured, never tuned on: this holds their figure where it stands.
      const held = evaluateGrading(heldOut);
      expect(held.sameBand).toBeGreaterThanOrEqual(0.8);
      expect(held.withinOne).toBeGreaterThanOrEqual(0.95);
    },
    GRADING_ALL,
  );

  test("the held-out split is every fourth answer of each language by id, the same on every run", () => {
    const { heldOut } = splitCalibration(entries);
    const again = splitCalibration([...entries].reverse()).heldOut.map((entry) => entry.id);
    expect(new Set(again)).toEqual(new Set(heldOut.map((entry) => entry.id)));
    for (const language of GRADING_LANGUAGES) {
      const ids = entries.filter((entry) => entryLanguage(entry) === language).map((e) => e.id);
      const held = heldOut.filter((entry) => entryLanguage(entry) === language);
      expect(held.length).toBe(Math.floor(ids.length / 4));
    }
  });
});

// Tuned-on English answers (strong, adequate, weak) translated faithfully into French and
// Vietnamese by analysts of those markets, facts, reasoning and omissions kept: the same answer
// earns the same grade within one band, in the same band nearly always.
const TRANSLATIONS = z
  .array(
    z.strictObject({
      of: z.string().min(1),
      language: z.enum(GRADING_LANGUAGES),
      text: z.string().min(1).max(8000),
    }),
  )
  .parse(
    JSON.parse(
      readFileSync(
        path.join(import.meta.dirname, "../../../tests/fixtures/grading-translations.json"),
        "utf8",
      ),
    ),
  );

describe("the same answer translated", () => {
  test(
    "grades within one band of its English original, and in the same band nine times in ten",
    () => {
      const { heldOut } = splitCalibration(entries);
      const distances = TRANSLATIONS.map(({ of, language, text }) => {
        const original = entries.find((entry) => entry.id === of);
        if (!original) throw new Error(`no calibration answer ${of}`);
        // Only answers tuned on are translated: the held-out ones stay unseen.
        expect(heldOut).not.toContain(original);
        const english = gradeEntry(original);
        const translated = gradeEntry({ ...original, text });
        expect(translated.language, of).toBe(language);
        const place = (graded: typeof english) =>
          BAND_IDS.indexOf(graded.grade.bandId ?? "insufficient");
        const distance = Math.abs(place(english) - place(translated));
        expect(distance, `${of} in ${language}`).toBeLessThanOrEqual(1);
        return distance;
      });
      expect(distances.length).toBeGreaterThanOrEqual(30);
      const same = distances.filter((distance) => distance === 0).length;
      expect(same / distances.length).toBeGreaterThanOrEqual(0.9);
    },
    GRADING_ALL,
  );
});
