import { KB_TOPICS } from "~/domain/advisor/index.server";
import { z } from "~/platform/lib/zod";
import { FACT_KINDS } from "./facts";

// A skill of the pilot area's generator (content/skills/<id>.json): what it drafts, what it asks
// for, and the template its draft follows. The template provider builds each section from the facts
// the user's notes hold (the kinds the section lists, and sentences matching its cues), asks the
// section's question where the notes say nothing, and quotes the knowledge base for the case's
// jurisdiction (docs/decisions/045); a language model, when configured, may rewrite that draft.

export const SKILL_CATEGORIES = ["aml", "kyc", "policy", "training", "esg", "ai"] as const;

/** Icons the page can show (lucide names), so content cannot ask for one the bundle lacks. */
export const SKILL_ICONS = [
  "file-warning",
  "user-search",
  "list-checks",
  "scroll-text",
  "graduation-cap",
  "leaf",
  "cpu",
] as const;

const id = z
  .string()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/)
  .max(60);
const line = (max: number) => z.string().trim().min(1).max(max);
const pattern = z
  .string()
  .min(1)
  .max(300)
  .refine((source) => {
    try {
      new RegExp(source, "iu");
      return true;
    } catch {
      return false;
    }
  }, "not a regular expression");

export const SkillSectionSchema = z.strictObject({
  heading: line(80),
  /** What the writer puts in this section, addressed to them ("Name the customer and…"). */
  prompt: line(400),
  /** Points a reviewer checks in this section; plain statements, no facts without a source. */
  checklist: z.array(line(200)).max(8).default([]),
  /** The kinds of fact from the notes this section states (facts.ts). */
  facts: z.array(z.enum(FACT_KINDS)).max(6).default([]),
  /** Patterns (regular expressions, case-insensitive) of the notes' sentences this section quotes. */
  cues: z.array(pattern).max(12).default([]),
  /** What to ask the author when the notes give this section nothing. */
  ask: line(240),
});

/** A red flag a skill looks for in the notes, by the words that show it. */
export const RedFlagSchema = z.strictObject({
  label: line(120),
  cues: z.array(pattern).min(1).max(12),
  /** The method the flag points to, named in the draft's "How" only when the flag is present. */
  typology: line(160).optional(),
});

export const SkillSchema = z.strictObject({
  id,
  name: line(60),
  category: z.enum(SKILL_CATEGORIES),
  icon: z.enum(SKILL_ICONS),
  description: line(240),
  inputLabel: line(80),
  /** A realistic example the page offers to fill the input with (no real person's data). */
  sampleInput: line(2000),
  /** Knowledge-base topics searched with the user's input for the draft's sources. */
  topics: z.array(z.enum(KB_TOPICS)).min(1).max(4),
  template: z.strictObject({
    title: line(120),
    /** A line under the title: what the draft is and what must be checked before it is used. */
    caution: line(300),
    sections: z.array(SkillSectionSchema).min(2).max(8),
  }),
  redFlags: z.array(RedFlagSchema).max(16).default([]),
});
export type Skill = z.infer<typeof SkillSchema>;
