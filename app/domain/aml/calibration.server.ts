import { z } from "~/platform/lib/zod";
import { CALIBRATION_CLASSES, GRADING_LANGUAGES, type GradingLanguage } from "./lexicon-schema";
import { DECISIONS, JURISDICTIONS, SIGNAL_CHIPS } from "./constants";
import { type Grade, gradeFreeForm, gradeGuided } from "./grading";
import { getReaders } from "./lexicons.server";
import { getPack } from "./packs.server";

// The grader against answers an AML trainer has labelled (content/compliance-packs/calibration):
// how often it gives the trainer's band, how often within one band, per language, and whether any
// adversarial answer (a wrong decision argued well, a negated answer, a list of terms, a copy of
// the case, an answer about something else) passes. `npm run eval:grading` prints it.

const BANDS = [
  "Excellent",
  "Proficient",
  "Developing",
  "Needs improvement",
  "Insufficient",
] as const;
/** A grade in the top two bands passes. */
const PASSING = 1;

export const CalibrationSchema = z.array(
  z
    .strictObject({
      id: z.string().min(1).max(120),
      scenario: z.string().min(1).max(60),
      jurisdiction: z.enum(JURISDICTIONS),
      mode: z.enum(["freeform", "guided"]),
      decision: z.enum(DECISIONS),
      text: z.string().max(8000).optional(),
      guided: z
        .strictObject({
          signals: z.array(z.enum(SIGNAL_CHIPS)),
          signalNotes: z.string().max(400),
          why: z.string().max(400),
          decisionNotes: z.string().max(300),
          citations: z.array(z.number().int().min(0).max(39)),
          confidence: z.union([z.literal(1), z.literal(2), z.literal(3)]),
        })
        .optional(),
      class: z.enum(CALIBRATION_CLASSES),
      band: z.enum(BANDS),
      why: z.string().min(1),
    })
    .refine((entry) => (entry.mode === "guided" ? !!entry.guided : !!entry.text), {
      message: "a free-form entry has text, a guided one its answers",
    }),
);
export type CalibrationEntry = z.infer<typeof CalibrationSchema>[number];

export const ADVERSARIAL = [
  "wrong-decision",
  "negated",
  "salad",
  "copied",
  "off-topic",
] as const satisfies readonly (typeof CALIBRATION_CLASSES)[number][];

export interface Graded {
  entry: CalibrationEntry;
  language: GradingLanguage;
  grade: Grade;
  /** Bands between the grader's and the trainer's (0 = same). */
  distance: number;
}

export function gradeEntry(entry: CalibrationEntry): Graded {
  const pack = getPack(entry.jurisdiction);
  const scenario = pack?.scenarios.find((candidate) => candidate.id === entry.scenario);
  if (!pack || !scenario) throw new Error(`${entry.id}: no scenario ${entry.scenario}`);
  const readers = getReaders();
  const grade =
    entry.mode === "guided" && entry.guided
      ? gradeGuided(pack.rubric, scenario, { ...entry.guided, decision: entry.decision }, readers)
      : gradeFreeForm(
          pack.rubric,
          scenario,
          { decision: entry.decision, analysis: entry.text ?? "" },
          readers,
        );
  const given = BANDS.indexOf(grade.band as (typeof BANDS)[number]);
  return {
    entry,
    language: grade.grader?.language ?? "en",
    grade,
    distance: Math.abs(given - BANDS.indexOf(entry.band)),
  };
}

export const passes = (graded: Graded) =>
  BANDS.indexOf(graded.grade.band as (typeof BANDS)[number]) <= PASSING;

export interface Agreement {
  answers: number;
  sameBand: number;
  withinOne: number;
}

function agreement(graded: readonly Graded[]): Agreement {
  const share = (count: number) => (graded.length === 0 ? 0 : count / graded.length);
  return {
    answers: graded.length,
    sameBand: share(graded.filter((one) => one.distance === 0).length),
    withinOne: share(graded.filter((one) => one.distance <= 1).length),
  };
}

export interface GradingEvaluation extends Agreement {
  /** Per class of adversarial answer: how many there are and the share that passes. */
  adversarial: Record<(typeof ADVERSARIAL)[number], { answers: number; passRate: number }>;
  /** Agreement per language of the answers (by the language each is labelled with). */
  languages: Partial<Record<GradingLanguage, Agreement>>;
  /** Answers graded two or more bands away from their label. */
  misses: Graded[];
  /** Median time to grade one answer, in milliseconds. */
  medianMs: number;
}

/** The language an entry is labelled with: the first part of its id ("th-paynow-…"). */
export const entryLanguage = (entry: CalibrationEntry): GradingLanguage => {
  const prefix = entry.id.split("-")[0] as GradingLanguage;
  return GRADING_LANGUAGES.includes(prefix) ? prefix : "en";
};

/** Every HELD_OUT_EVERY-th answer of a language, by id, is held out of tuning. */
export const HELD_OUT_EVERY = 4;

/**
 * The answers the grader is tuned on and those held out of tuning (measured, never looked at to
 * change the grader): per language, the answers sorted by id, every fourth held out. The split
 * depends on the ids alone, so it is the same on every run and an added answer moves few others.
 */
export function splitCalibration(entries: readonly CalibrationEntry[]): {
  tunedOn: CalibrationEntry[];
  heldOut: CalibrationEntry[];
} {
  const held = new Set<string>();
  for (const language of GRADING_LANGUAGES) {
    const ids = entries
      .filter((entry) => entryLanguage(entry) === language)
      .map((entry) => entry.id)
      .sort();
    ids.forEach((id, index) => {
      if (index % HELD_OUT_EVERY === HELD_OUT_EVERY - 1) held.add(id);
    });
  }
  return {
    tunedOn: entries.filter((entry) => !held.has(entry.id)),
    heldOut: entries.filter((entry) => held.has(entry.id)),
  };
}

export function evaluateGrading(entries: readonly CalibrationEntry[]): GradingEvaluation {
  const times: number[] = [];
  const graded = entries.map((entry) => {
    const started = performance.now();
    const one = gradeEntry(entry);
    times.push(performance.now() - started);
    return one;
  });
  times.sort((a, b) => a - b);
  const adversarial = Object.fromEntries(
    ADVERSARIAL.map((kind) => {
      const ofKind = graded.filter((one) => one.entry.class === kind);
      const passed = ofKind.filter(passes).length;
      return [
        kind,
        { answers: ofKind.length, passRate: ofKind.length ? passed / ofKind.length : 0 },
      ];
    }),
  ) as GradingEvaluation["adversarial"];
  const languages = Object.fromEntries(
    GRADING_LANGUAGES.map((language) => [
      language,
      agreement(graded.filter((one) => entryLanguage(one.entry) === language)),
    ]).filter(([, value]) => (value as Agreement).answers > 0),
  );
  return {
    ...agreement(graded),
    adversarial,
    languages,
    misses: graded.filter((one) => one.distance >= 2),
    medianMs: times[Math.floor(times.length / 2)] ?? 0,
  };
}
