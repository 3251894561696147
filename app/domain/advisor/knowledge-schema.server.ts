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
] as const;

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
  /** A translation names the English passage it renders; it keeps that passage's citations. */
  translationOf: id.optional(),
});
export type Passage = z.infer<typeof PassageSchema>;

export const EvalSchema = z.array(
  z.strictObject({
    question: z.string().trim().min(5).max(300),
    /** The passages that answer it; empty for a question outside the knowledge base. */
    expected: z.array(id).max(4),
  }),
);

export type KbLanguage = (typeof KB_LANGUAGES)[number];
export type KbTopic = (typeof KB_TOPICS)[number];
