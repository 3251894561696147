import { z } from "~/platform/lib/zod";

// The ESG Advisor's knowledge base (content/knowledge-base/): short passages it answers from, each
// with where its facts come from. The advisor quotes sentences of passages, so every sentence must
// stand on its own and be true as written; a passage's citations are the sources of all of them.

export const KB_LANGUAGES = ["en", "fr-CA", "ms", "zh", "ta", "vi", "th"] as const;

export const KB_TOPICS = [
  "mas-626",
  "fintrac",
  "bnm-amla",
  "amlo",
  "ppatk-amlc-sbv",
  "kyc-escalation",
  "ghg-scopes",
  "issb",
  "singapore-climate",
  "nist-ai-rmf",
  "eu-ai-act",
  "iso-iec-23894",
  "mas-feat",
  "ai-bias",
  "pep-cdd",
  "payments-sanctions",
  "aml-typologies",
  "records-escalation",
] as const;

/** Where a passage's rules apply; "global" for standards and practice that apply anywhere. */
export const JURISDICTIONS = ["ca", "sg", "my", "th", "id", "ph", "vn", "eu", "global"] as const;

const id = z
  .string()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "ids are lower-case words joined by hyphens")
  .max(80);

export const CitationSchema = z.strictObject({
  /** The tag of REGULATORY-FACTS (content/sources.json), e.g. "M3". */
  source: z.string().regex(/^[A-Z]+\d+$/),
  /** The source's address, exactly as REGULATORY-FACTS gives it. */
  url: z.url(),
  /** Where in the source: a section, paragraph or table row a reader can find. */
  section: z.string().trim().min(1).max(200),
});

export const PassageSchema = z.strictObject({
  id,
  title: z.string().trim().min(5).max(120),
  topic: z.enum(KB_TOPICS),
  language: z.enum(KB_LANGUAGES),
  /** Words a learner might use that the text does not (STR for suspicious transaction report…). */
  keywords: z.array(z.string().trim().min(2).max(40)).max(20).default([]),
  /** Paragraphs of whole sentences, 120 to 400 words in all. */
  paragraphs: z.array(z.string().trim().min(40).max(1200)).min(1).max(6),
  citations: z.array(CitationSchema).min(1).max(6),
  /** Where its rules apply; by default, the place its topic belongs to (see retrieval). */
  jurisdiction: z.enum(JURISDICTIONS).optional(),
  /** A translation names the English passage it renders; it keeps that passage's citations. */
  translationOf: id.optional(),
});
export type Passage = z.infer<typeof PassageSchema>;

/** The kinds of fact a question may ask for: the answer leads with the sentence stating it. */
export const FACT_TYPES = [
  "deadline",
  "threshold",
  "who",
  "penalty",
  "retention",
  "contact",
] as const;

/** What a question asks for: one of the facts, or what to do, what something is, a list. */
export const QUESTION_TYPES = [...FACT_TYPES, "action", "definition", "list"] as const;

/** Words and phrases in each language, for matching (see lexicon.server.ts for how they match). */
const cues = z.partialRecord(
  z.enum(KB_LANGUAGES),
  z.array(z.string().trim().min(1).max(60)).max(80),
);

/**
 * content/knowledge-base/lexicon.json: how a question is understood in any of the seven
 * languages. Terms are matched case-insensitively as whole words (a trailing `*` matches any
 * word starting so); Thai and Chinese terms match anywhere, Tamil terms as word beginnings.
 */
export const LexiconSchema = z.strictObject({
  /** Places and the regulators, laws and systems that name them. */
  jurisdictions: z.record(z.enum(JURISDICTIONS), cues),
  /** Each question type: words a question asking it uses, and words a sentence stating it uses. */
  questionTypes: z.record(z.enum(QUESTION_TYPES), z.strictObject({ question: cues, answer: cues })),
  /** Openings of an explicit follow-up ("and in Malaysia?", "what about Thailand?"). */
  followUps: cues,
  /** Places the sources do not cover (Hong Kong, Australia…): a question about one is not answered. */
  otherPlaces: cues.optional(),
  /** Concepts of the field, named in every language: what retrieval matches across languages. */
  concepts: z
    .array(
      z.strictObject({
        id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
        terms: cues,
      }),
    )
    .min(1)
    .max(400),
});
export type Lexicon = z.infer<typeof LexiconSchema>;

/**
 * content/knowledge-base/eval.json: questions as learners ask them, each with what a correct
 * answer must do. `facts` lists what the answer must state: every entry must match, each entry
 * being alternatives (regular expressions, matched case-insensitively). An item with `after` is
 * an explicit follow-up to that question (asked alone it has no subject).
 */
export const EvalSchema = z
  .array(
    z.strictObject({
      id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
      language: z.enum(KB_LANGUAGES),
      question: z.string().trim().min(3).max(300),
      /** answer: must state `facts`; harmful/advice: refused as such; outside: not in the sources. */
      kind: z.enum(["answer", "harmful", "advice", "outside"]),
      facts: z
        .array(z.array(z.string().min(1).max(200)).min(1).max(8))
        .max(6)
        .optional(),
      /** The passages a correct answer draws on (any of them), for retrieval's own measure. */
      passages: z.array(id).max(4).optional(),
      after: z.string().trim().min(3).max(300).optional(),
    }),
  )
  .superRefine((items, ctx) => {
    items.forEach((item, index) => {
      if ((item.kind === "answer") !== (item.facts !== undefined && item.facts.length > 0)) {
        ctx.addIssue({ code: "custom", path: [index, "facts"], message: "answers state facts" });
      }
    });
  });
export type EvalItem = z.infer<typeof EvalSchema>[number];

export type KbLanguage = (typeof KB_LANGUAGES)[number];
export type KbTopic = (typeof KB_TOPICS)[number];
export type Jurisdiction = (typeof JURISDICTIONS)[number];
export type QuestionType = (typeof QUESTION_TYPES)[number];
