import { z } from "~/platform/lib/zod";

// The training catalogue as data (content/training): tracks, modules, lease scenarios. Validated
// when the server loads it and by a unit test (catalogue.test.ts). Text is kept per language with
// English required; a language without its own text reads English.

export const CONTENT_LANGUAGES = ["en", "fr-CA", "ms", "zh", "ta", "vi", "th"] as const;
export type ContentLanguage = (typeof CONTENT_LANGUAGES)[number];

const text = z.string().trim().min(1).max(2000);
const id = z
  .string()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "ids are lower-case words joined by hyphens")
  .max(60);

/** A text in English and any of the other content languages. */
export const LocalizedSchema = z.strictObject({
  en: text,
  "fr-CA": text.optional(),
  ms: text.optional(),
  zh: text.optional(),
  ta: text.optional(),
  vi: text.optional(),
  th: text.optional(),
});
export type Localized = z.infer<typeof LocalizedSchema>;

const paragraphs = z.array(LocalizedSchema).min(1).max(8);

export const LEVELS = ["beginner", "intermediate", "advanced"] as const;
export type Level = (typeof LEVELS)[number];

/** A claim's source: a tag of REGULATORY-FACTS (content/sources.json) and where in it. */
export const AnchorSchema = z.strictObject({
  source: z.string().regex(/^[A-Z]+\d+$/),
  section: text.max(200),
});

const OptionSchema = z.strictObject({
  id,
  text: LocalizedSchema,
  /** Shown after the answer: why this option is right, or why it is wrong. */
  feedback: LocalizedSchema,
});

/**
 * One knowledge-check item: a single-answer question with feedback on every option, the
 * regulatory anchor it tests, and an id unique in its module (answers are stored with it).
 */
export const ItemSchema = z
  .strictObject({
    id,
    anchor: AnchorSchema,
    prompt: LocalizedSchema,
    options: z.array(OptionSchema).min(3).max(4),
    /** The id of the one right option. Never sent to the browser before the learner answers. */
    answer: id,
  })
  .check((ctx) => {
    const ids = ctx.value.options.map((option) => option.id);
    if (new Set(ids).size !== ids.length) {
      ctx.issues.push({ code: "custom", message: "option ids repeat", input: ids });
    }
    if (!ids.includes(ctx.value.answer)) {
      ctx.issues.push({ code: "custom", message: "answer is not an option", input: ids });
    }
  });
export type Item = z.infer<typeof ItemSchema>;

/** Every step of a module draws one item per take from a bank of at least this many. */
export const MIN_BANK_SIZE = 4;

export const STEP_KINDS = ["introduction", "keyConcepts", "practicalApplication"] as const;
export type StepKind = (typeof STEP_KINDS)[number];

const TableSchema = z.strictObject({
  caption: LocalizedSchema,
  columns: z.array(LocalizedSchema).min(2).max(8),
  /** A cell in words is localized; a code, an amount or a list of source ids is a plain string. */
  rows: z
    .array(
      z
        .array(z.union([text.max(300), LocalizedSchema]))
        .min(2)
        .max(8),
    )
    .min(1)
    .max(12),
});

const StepSchema = z.strictObject({
  id,
  /** Lesson steps: Introduction, Key Concepts, Practical Application (SPEC §2), in that order. */
  kind: z.enum([...STEP_KINDS, "scenario"]),
  title: LocalizedSchema.optional(),
  body: paragraphs,
  /** A worked example: a short case the learner reads before the question. */
  example: z.strictObject({ title: LocalizedSchema, body: paragraphs }).optional(),
  /** Synthetic records shown as tables (dealer files, lease applications, transfers). */
  records: z.array(TableSchema).max(3).optional(),
  /** The step's item bank: a take draws one of these, options shuffled. */
  items: z.array(ItemSchema).min(MIN_BANK_SIZE).max(10),
});
export type Step = z.infer<typeof StepSchema>;

export const ModuleSchema = z
  .strictObject({
    id,
    /** `lesson`: three steps. `scenarios`: the consumer scam format, three scenarios out of 75. */
    format: z.enum(["lesson", "scenarios"]).default("lesson"),
    title: LocalizedSchema,
    description: LocalizedSchema,
    level: z.enum(LEVELS),
    durationMinutes: z.number().int().min(5).max(120),
    /** SPEC §9: every module is worth 100 points. */
    points: z.literal(100),
    /** First-try correct answers needed to pass (of the module's three questions). */
    passMark: z.number().int().min(1).max(3).default(2),
    prerequisites: z.array(id).max(5).default([]),
    objectives: z.array(LocalizedSchema).min(2).max(6),
    anchors: z.array(AnchorSchema).min(1).max(8),
    intro: paragraphs.optional(),
    steps: z.array(StepSchema).length(3),
  })
  .check((ctx) => {
    const { format, steps } = ctx.value;
    const kinds = steps.map((step) => step.kind);
    const expected = format === "lesson" ? [...STEP_KINDS] : ["scenario", "scenario", "scenario"];
    if (kinds.join() !== expected.join()) {
      ctx.issues.push({
        code: "custom",
        message: `steps must be ${expected.join(", ")}`,
        input: kinds,
      });
    }
    const ids = steps.map((step) => step.id);
    if (new Set(ids).size !== ids.length) {
      ctx.issues.push({ code: "custom", message: "step ids repeat", input: ids });
    }
  });
export type Module = z.infer<typeof ModuleSchema>;

export const TrackSchema = z.strictObject({
  id,
  /** The regional scam-awareness track takes its title and description from the region pack. */
  title: LocalizedSchema.optional(),
  description: LocalizedSchema.optional(),
  fromRegionPack: z.boolean().default(false),
  /** A market's annual AML/CFT track: the region (region-packs) whose readers it is for. */
  market: z.enum(["sg", "ca", "my", "th"]).optional(),
  level: z.enum(LEVELS),
  featured: z.boolean().default(false),
  modules: z.array(id).min(1).max(11),
  prerequisites: z.array(id).max(3).default([]),
});
export type Track = z.infer<typeof TrackSchema>;

export const LeaseScenarioSchema = z.strictObject({
  id,
  title: LocalizedSchema,
  description: LocalizedSchema,
  difficulty: z.enum(LEVELS),
  durationMinutes: z.number().int().min(5).max(120),
  points: z.number().int().min(50).max(1000),
  caseStudy: paragraphs,
  redFlags: z.array(LocalizedSchema).min(3).max(8),
  focusAreas: z.array(LocalizedSchema).min(2).max(6),
  anchors: z.array(AnchorSchema).min(1).max(8),
  steps: z
    .array(
      z.strictObject({
        id,
        title: LocalizedSchema,
        body: paragraphs,
        records: z.array(TableSchema).min(1).max(3),
        task: LocalizedSchema,
        question: ItemSchema,
      }),
    )
    .length(3),
});
export type LeaseScenario = z.infer<typeof LeaseScenarioSchema>;

/** The text for a language, else English. */
export function localize(value: Localized, language: ContentLanguage): string {
  return value[language] ?? value.en;
}
