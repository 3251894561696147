import { z } from "~/platform/lib/zod";
import {
  CRITERION_IDS,
  DECISIONS,
  EXPORT_KIT_ITEMS,
  JURISDICTIONS,
  PENALTY_KINDS,
  ROLES,
  SIGNAL_CHIPS,
} from "./constants";

// Compliance packs (content/compliance-packs/{ca,sg,my,th}): config, rubric and scenarios, the shapes
// of SPEC §3 "Compliance pack". A pack is written in English; what a learner reads of it is
// translated beside it (case-texts.ts, docs/decisions/052). A source is a tag of REGULATORY-FACTS
// (content/sources.json); its address is filled in when the pack loads.

export {
  JURISDICTIONS,
  type Jurisdiction,
  DEFAULT_JURISDICTION,
  SIGNAL_CHIPS,
  type SignalChip,
  DECISIONS,
  type Decision,
  ROLES,
  PENALTY_KINDS,
  type PenaltyKind,
  EXPORT_KIT_ITEMS,
  CRITERION_IDS,
  type CriterionId,
} from "./constants";

const text = z.string().trim().min(1).max(2000);
const short = z.string().trim().min(1).max(200);
const id = z
  .string()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "ids are lower-case words joined by hyphens")
  .max(60);
const version = z.string().regex(/^\d+\.\d+\.\d+$/, "versions are major.minor.patch");
const isoDate = z.iso.date();
/** Words or phrases matched in free text, case- and accent-insensitively, as whole words. */
const terms = z.array(z.string().trim().min(2).max(80)).min(1).max(30);

/** A claim's source: a tag of REGULATORY-FACTS, the part of it, and what it says. */
export const SourceSchema = z.strictObject({
  source: z.string().regex(/^[A-Z]+\d+$/),
  section: short,
  summary: text,
});
export type SourceRef = z.infer<typeof SourceSchema>;

export const PackConfigSchema = z.strictObject({
  id,
  title: short,
  jurisdiction: z.enum(JURISDICTIONS),
  /** How the regulator is named in the pack-details bar, e.g. 'MAS / STRO'. */
  regulator: short,
  sector: short,
  version,
  /** Training catalogue modules the pack builds on. */
  modules: z.array(id).max(10),
  exportKit: z.strictObject({
    include: z.array(z.enum(EXPORT_KIT_ITEMS)).min(1),
    /**
     * How long the evidence is kept, and on what footing: a production deadline only where the
     * market's law sets one (FINTRAC's 30 days is Canada's), and the basis in words, with its
     * source where one confirms it.
     */
    retention: z.strictObject({
      recordRetentionYears: z.number().int().min(1).max(10),
      productionDays: z.number().int().min(1).max(90).optional(),
      basis: z.strictObject({
        text,
        source: z
          .string()
          .regex(/^[A-Z]+\d+$/)
          .optional(),
      }),
    }),
  }),
  metadata: z.strictObject({
    description: text,
    targetRoles: z.array(z.enum(ROLES)).min(1),
    difficulty: z.enum(["beginner", "intermediate", "advanced"]),
    estimatedDuration: z.number().int().min(1).max(600),
    lastUpdated: isoDate,
    regulatoryBasis: z.array(SourceSchema).min(1).max(12),
  }),
});
export type PackConfig = z.infer<typeof PackConfigSchema>;

/** A concept the why-it-matters text should show, with the words that show it. */
const ConceptSchema = z.strictObject({ id, label: short, terms });

/** How each criterion is scored (see grading.ts); one shape per criterion. */
const PassRulesSchema = z.discriminatedUnion("kind", [
  z.strictObject({
    kind: z.literal("signals"),
    /** Taken off the criterion's share for each chip chosen that is not a key signal. */
    noisePenalty: z.number().min(0).max(0.5),
    passAt: z.number().min(0).max(1),
  }),
  z.strictObject({
    kind: z.literal("reasoning"),
    /** Concepts a scenario's answer key can ask for; see Scenario.answerKey.concepts. */
    concepts: z.array(ConceptSchema).min(3).max(30),
    passAt: z.number().min(0).max(1),
  }),
  z.strictObject({
    kind: z.literal("decision"),
    /** Share earned for escalating a case that called for more KYC first. */
    overEscalationCredit: z.number().min(0).max(1),
    /**
     * Share earned for asking for more KYC where escalation was due: the learner saw that the case
     * needs action, and the late escalation is penalised apart (delayedEscalation).
     */
    underEscalationCredit: z.number().min(0).max(1).default(0),
    /** Where set, escalation is due within this many hours of detection (the pack's rule). */
    escalationWithinHours: z.number().int().min(1).max(240).optional(),
    passAt: z.number().min(0).max(1),
  }),
  z.strictObject({
    kind: z.literal("documentation"),
    /** Words that show each part of a who/what/when/where/why/how narrative in free text. */
    narrative: z.strictObject({
      who: terms,
      what: terms,
      when: terms,
      where: terms,
      why: terms,
      how: terms,
    }),
    passAt: z.number().min(0).max(1),
  }),
]);
export type PassRules = z.infer<typeof PassRulesSchema>;

export const CriterionSchema = z.strictObject({
  id: z.enum(CRITERION_IDS),
  label: short,
  weight: z.number().gt(0).lt(1),
  regulatoryAnchor: SourceSchema,
  passRules: PassRulesSchema,
  /** Shown when the criterion is missed: what a good answer does. */
  hint: text,
  maxScore: z.number().int().min(1).max(100),
});
export type Criterion = z.infer<typeof CriterionSchema>;

const PenaltySchema = z.strictObject({
  multiplier: z.number().gt(0).lt(1),
  /** The highest score a submission can keep once this penalty applies. */
  cap: z.number().gt(0).lt(1).optional(),
  description: text,
});

export const RubricSchema = z
  .strictObject({
    id,
    jurisdiction: z.enum(JURISDICTIONS),
    version,
    criteria: z.array(CriterionSchema).length(4),
    /** Highest first; the last starts at 0. */
    bands: z
      .array(z.strictObject({ min: z.number().int().min(0).max(100), label: short }))
      .length(5),
    branchingPenalties: z.strictObject({
      doNothing: PenaltySchema,
      delayedEscalation: PenaltySchema,
      incompleteDocumentation: PenaltySchema,
    }),
    citations: z.array(SourceSchema).min(1).max(20),
    review_due: isoDate,
  })
  .check((ctx) => {
    const { criteria, bands } = ctx.value;
    const ids = criteria.map((criterion) => criterion.id);
    if (CRITERION_IDS.some((criterion, index) => ids[index] !== criterion)) {
      ctx.issues.push({ code: "custom", message: `criteria must be ${CRITERION_IDS}`, input: ids });
    }
    for (const criterion of criteria) {
      if (criterion.passRules.kind !== criterion.id) {
        ctx.issues.push({
          code: "custom",
          message: `criterion ${criterion.id} has ${criterion.passRules.kind} pass rules`,
          input: criterion.id,
        });
      }
    }
    const total = criteria.reduce((sum, criterion) => sum + criterion.weight, 0);
    if (Math.abs(total - 1) > 1e-9) {
      ctx.issues.push({ code: "custom", message: "weights must add up to 1", input: total });
    }
    const mins = bands.map((band) => band.min);
    if (
      mins.some((min, index) => index > 0 && min >= (mins[index - 1] ?? 101)) ||
      mins.at(-1) !== 0
    ) {
      ctx.issues.push({ code: "custom", message: "bands go down to 0", input: mins });
    }
  });
export type Rubric = z.infer<typeof RubricSchema>;

const BranchSchema = z.strictObject({
  id,
  /** The node the choice is offered at: 'start' or a stage id. */
  from: id.default("start"),
  /** What the learner chooses, as a button label. */
  condition: short,
  /** What happens next, shown after the choice. Say 'finding' or 'violation' to record one. */
  consequence: text,
  /** A stage id, or 'complete'. */
  nextScenario: id.default("complete"),
  scoreModifier: z.enum(["none", ...PENALTY_KINDS]).default("none"),
});

export const ScenarioSchema = z.strictObject({
  id,
  title: short,
  summary: text,
  narrative: z.array(text).min(1).max(8),
  objectives: z.array(short).min(1).max(6),
  redFlags: z.array(short).min(1).max(10),
  artifactsRequired: z.array(short).min(1).max(10),
  role: z.enum(ROLES),
  jurisdiction: z.enum(JURISDICTIONS),
  version,
  /** Intermediate nodes of the scenario player, reached by a branch's nextScenario. */
  stages: z
    .array(z.strictObject({ id, title: short, situation: text }))
    .max(6)
    .default([]),
  branches: z.array(BranchSchema).min(1).max(20),
  sources: z.array(SourceSchema).min(1).max(8),
  questions: z
    .array(z.strictObject({ id, prompt: text, hint: text }))
    .min(1)
    .max(6),
  customerProfile: z.strictObject({
    type: short,
    pep: z.boolean(),
    segment: short,
    details: text,
  }),
  activity: z.strictObject({
    amount: z.number().positive(),
    currency: z.string().regex(/^[A-Z]{3}$/),
    pattern: short,
    details: text,
  }),
  riskTags: z.array(id).min(1).max(10),
  /** The STR narrative skeleton the free-form Draft fills: {{analysis}} and {{scenario.*}} fields. */
  strTemplate: z.strictObject({
    title: short,
    sections: z
      .array(z.strictObject({ heading: short, body: text }))
      .min(3)
      .max(10),
  }),
  /** What the rubric grades against. Never sent to the browser before a submission. */
  answerKey: z.strictObject({
    expectedDecision: z.enum(DECISIONS),
    /** True when the case calls for escalation to the compliance officer (the FDI's SLA). */
    requiresEscalation: z.boolean(),
    keySignals: z
      .array(z.strictObject({ id, label: short, chip: z.enum(SIGNAL_CHIPS).optional(), terms }))
      .min(2)
      .max(8),
    /** Reasoning concept ids of the rubric this case turns on. */
    concepts: z.array(id).min(2).max(8),
    /**
     * The case's facts by part of a report's narrative (names, figures, dates, places, channels):
     * a record answers "who" when it names who, not when it has the word "who". "Why" is answered
     * by the reasoning concepts a text asserts.
     */
    facts: z.strictObject({
      who: terms,
      what: terms,
      when: terms,
      where: terms,
      how: terms,
    }),
    /** Decision words in free text, for free-form grading. */
    decisionTerms: z.strictObject({ ESCALATE: terms, REQUEST_KYC: terms }),
    /** Words that cite each source in free text (by index in `sources`). */
    citationTerms: z.array(terms).min(1).max(8),
    /** Why the expected decision is right, shown after submission. */
    rationale: text,
  }),
});
export type Scenario = z.infer<typeof ScenarioSchema>;
