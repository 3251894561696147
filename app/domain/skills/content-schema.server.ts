import { KB_TOPICS } from "~/domain/advisor/index.server";
import { z } from "~/platform/lib/zod";

// A skill of the pilot area's generator (content/skills/<id>.json): what it drafts, what it asks
// for, and the template its draft follows. The template provider fills it with the user's notes and
// the knowledge-base passages retrieved for them; a language model, when configured, writes the
// same sections from the same passages.

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

export const SkillSectionSchema = z.strictObject({
  heading: line(80),
  /** What the writer puts in this section, addressed to them ("Name the customer and…"). */
  prompt: line(400),
  /** Points a reviewer checks in this section; plain statements, no facts without a source. */
  checklist: z.array(line(200)).max(8).default([]),
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
});
export type Skill = z.infer<typeof SkillSchema>;
