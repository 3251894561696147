import { AnchorSchema, LEVELS, LocalizedSchema } from "~/domain/training/index.server";
import { z } from "~/platform/lib/zod";

// A course as data (content/courses/<id>/): the overview, framework cards, governance controls,
// exercises, the decks built from them and the narrations read from them. English is required;
// every text may carry the other content languages, read where present.

const id = z
  .string()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "ids are lower-case words joined by hyphens")
  .max(60);
const list = (min: number, max: number) => z.array(LocalizedSchema).min(min).max(max);
const sources = z.array(AnchorSchema).min(1).max(8);

/** What a narration reads, word for word: its transcript (WCAG 2.2 1.2.1). */
const NarrationSchema = z.strictObject({
  title: LocalizedSchema,
  paragraphs: list(2, 12),
});

export const OverviewSchema = z.strictObject({
  /** One lead paragraph under the course title. */
  lead: LocalizedSchema,
  objectives: list(3, 6),
  sections: z
    .array(
      z.strictObject({ id, heading: LocalizedSchema, paragraphs: list(1, 4), sources: sources }),
    )
    .min(2)
    .max(6),
  narration: NarrationSchema,
});

export const FrameworkSchema = z.strictObject({
  id,
  name: LocalizedSchema,
  /** The field it governs, e.g. 'AI risk management'. */
  area: LocalizedSchema,
  /** The practice it asks of a firm, in a few words. */
  practice: LocalizedSchema,
  description: LocalizedSchema,
  keyRequirements: list(3, 6),
  implementation: list(3, 6),
  sources,
  narration: NarrationSchema,
});

export const RACI_LETTERS = ["responsible", "accountable", "consulted", "informed"] as const;

export const GovernanceControlSchema = z.strictObject({
  id,
  title: LocalizedSchema,
  description: LocalizedSchema,
  metrics: list(3, 5),
  controls: list(3, 5),
  /** An illustrative case, labelled as such: a firm and its lesson, no real names. */
  caseStudy: z.strictObject({ title: LocalizedSchema, paragraphs: list(1, 3) }),
  raciRoles: z
    .array(
      z.strictObject({
        activity: LocalizedSchema,
        responsible: LocalizedSchema,
        accountable: LocalizedSchema,
        consulted: LocalizedSchema,
        informed: LocalizedSchema,
      }),
    )
    .min(2)
    .max(4),
  sources,
});

const OptionSchema = z.strictObject({ id, text: LocalizedSchema });

const ExerciseStepSchema = z
  .strictObject({
    id,
    question: LocalizedSchema,
    /** multiple-choice: one right option; checkbox: every right option and none other. */
    type: z.enum(["multiple-choice", "checkbox"]),
    options: z.array(OptionSchema).min(3).max(6),
    /** The right option ids. Never sent to the browser before the learner checks or asks. */
    answer: z.array(id).min(1).max(5),
    explanation: LocalizedSchema,
  })
  .check((ctx) => {
    const { type, options, answer } = ctx.value;
    const ids = options.map((option) => option.id);
    const problem = (message: string) =>
      ctx.issues.push({ code: "custom", message, input: ctx.value.id });
    if (new Set(ids).size !== ids.length) problem("option ids repeat");
    if (new Set(answer).size !== answer.length) problem("answer ids repeat");
    if (!answer.every((choice) => ids.includes(choice))) problem("an answer is not an option");
    if (type === "multiple-choice" && answer.length !== 1)
      problem("one answer for multiple-choice");
    if (type === "checkbox" && answer.length === ids.length) problem("not every option is right");
  });

export const ExerciseSchema = z.strictObject({
  id,
  title: LocalizedSchema,
  description: LocalizedSchema,
  /** The situation the steps ask about. */
  scenario: list(1, 3),
  steps: z.array(ExerciseStepSchema).length(2),
  sources,
});

/** One page of a deck: text of its own, or a part of the content shown the same way everywhere. */
export const SlideSchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("title") }),
  z.strictObject({
    kind: z.literal("text"),
    title: LocalizedSchema,
    bullets: list(1, 7),
    sources: sources.optional(),
  }),
  z.strictObject({
    kind: z.literal("framework"),
    framework: id,
    part: z.enum(["summary", "requirements", "implementation"]),
  }),
  z.strictObject({
    kind: z.literal("control"),
    control: id,
    part: z.enum(["summary", "practice", "case"]),
  }),
  z.strictObject({ kind: z.literal("exercise"), exercise: id }),
  z.strictObject({ kind: z.literal("sources") }),
]);
export type Slide = z.infer<typeof SlideSchema>;

export const DeckSchema = z.strictObject({
  id,
  title: LocalizedSchema,
  /** The page count the course promises (SPEC §9); the slides must match it. */
  pages: z.number().int().min(4).max(40),
  slides: z.array(SlideSchema).min(4).max(40),
});

export const CourseSchema = z.strictObject({
  id,
  title: LocalizedSchema,
  level: z.enum(LEVELS),
  durationMinutes: z.number().int().min(5).max(240),
  points: z.number().int().min(10).max(1000),
  overview: OverviewSchema,
  frameworks: z.array(FrameworkSchema).min(1).max(8),
  governance: z.array(GovernanceControlSchema).min(1).max(8),
  exercises: z.array(ExerciseSchema).min(1).max(6),
  decks: z.array(DeckSchema).min(1).max(6),
});
export type Course = z.infer<typeof CourseSchema>;
export type Framework = z.infer<typeof FrameworkSchema>;
export type GovernanceControl = z.infer<typeof GovernanceControlSchema>;
export type Exercise = z.infer<typeof ExerciseSchema>;
export type Deck = z.infer<typeof DeckSchema>;
