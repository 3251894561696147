import { z } from "~/platform/lib/zod";
import {
  BAND_IDS,
  CRITERION_IDS,
  GRADING_LANGUAGES,
  NARRATIVE_PARTS,
  PENALTY_KINDS,
} from "./constants";

export {
  BAND_IDS,
  type BandId,
  CALIBRATION_CLASSES,
  GRADING_LANGUAGES,
  type GradingLanguage,
  NARRATIVE_PARTS,
  type NarrativePart,
} from "./constants";

// What the grader knows of a language (content/compliance-packs/lexicon/<language>.json): the
// words that deny, suppose or join what a clause says, its function words, how a decision is
// stated, the rubric's concepts and each case's signals and facts in that language, and the
// grading texts a learner reads in it. English terms of concepts, signals and facts stay in the
// packs themselves; an answer in any language is also matched against them, since regulatory
// terms (STR, EDD, PEP) are written in English across the region.

const id = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/);
const phrase = z.string().trim().min(1).max(80);
const phrases = (min: number) => z.array(phrase).min(min).max(200);
const text = z.string().trim().min(1).max(2000);

export const LexiconSchema = z.strictObject({
  language: z.enum(GRADING_LANGUAGES),
  cues: z.strictObject({
    /** Words or phrases that deny what their clause says ("not", "no need to", "ไม่"). */
    negation: phrases(3),
    /** Words that make a clause a supposition, not a statement ("if", "unless", "หาก"). */
    conditional: phrases(2),
    /** Words that begin a new clause ("but", "because", "so", "แต่", "เพราะ"). */
    boundaries: phrases(3),
    /** The language's most common function words; a sentence has some, a list of terms few. */
    functionWords: phrases(30),
    /** Words that only join or introduce terms ("and", "or", "the"): terms strung with them alone are a list. */
    joiners: phrases(2),
    /**
     * Set phrases that hold a negation or condition word and deny or suppose nothing ("no later
     * than", "not only", "if any", "không rõ"): the cues inside them are not cues.
     */
    idioms: phrases(0).default([]),
    /**
     * Phrases of time or degree that may close a clause after a negation without taking it ("an
     * STR is not justified at this stage"): the negation still denies what comes before it.
     */
    adjuncts: phrases(0).default([]),
  }),
  /** How a decision is stated in a sentence ("escalate", "file an STR"; "clear the alert"). */
  decisions: z.strictObject({
    ESCALATE: phrases(3),
    REQUEST_KYC: phrases(3),
    NO_ACTION: phrases(3),
  }),
  /** The rubrics' reasoning concepts by id (every pack's). English: in the rubric files. */
  concepts: z.record(id, phrases(2)).default({}),
  /** Each case's key signals by scenario id, then signal id. English: in the scenario files. */
  signals: z.record(id, z.record(id, phrases(1))).default({}),
  /** Each case's facts by part of the narrative (names and figures need no translation). */
  facts: z.record(id, z.partialRecord(z.enum(NARRATIVE_PARTS), phrases(1))).default({}),
  /** What a learner reads of the rubrics in this language; English: in the packs. */
  texts: z
    .strictObject({
      bands: z.record(z.enum(BAND_IDS), z.string().min(1).max(60)),
      criteria: z.record(
        id,
        z.partialRecord(z.enum(CRITERION_IDS), z.strictObject({ label: phrase, hint: text })),
      ),
      concepts: z.record(id, phrase),
      signals: z.record(id, z.record(id, z.string().trim().min(1).max(200))),
      rationale: z.record(id, text),
      penalties: z.record(id, z.partialRecord(z.enum(PENALTY_KINDS), text)),
    })
    .optional(),
});
export type Lexicon = z.infer<typeof LexiconSchema>;
