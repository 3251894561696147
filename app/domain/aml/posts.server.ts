import { parseShallowJson } from "~/platform/lib/json-depth";
import { hitRateLimit, rateLimitKey } from "~/platform/lib/rate-limit.server";
import { parseSubmission, refuse } from "~/platform/lib/reply.server";
import { z } from "~/platform/lib/zod";
import type { AttemptMode, Grade } from "./grading";
import {
  DECISIONS,
  JURISDICTIONS,
  type Jurisdiction,
  SIGNAL_CHIPS,
  type Scenario,
} from "./pack-schema";
import { resolveSource } from "./packs";
import { getPack, knownSources, scenarioIn } from "./packs.server";
import type { ResultView } from "./types";
import type { Words } from "./feedback-words.server";
import type { Learner } from "~/domain/training/index.server";

// What the AML page's posts share: limits, schemas, messages, rate limits, target, result view.

/**
 * SPEC §5 guided limits; the free-form analysis is bounded by the form body (16 KB). The page's
 * copy of their type is `AmlPreview["limits"]` in types.ts: change both together.
 */
export const AML_LIMITS = {
  signalNotes: 400,
  why: 400,
  decisionNotes: 300,
  analysis: 8000,
  playerSteps: 40,
} as const;
export const GUIDED_VERSION = "1.2.0";
export const AUTOSAVE_SECONDS = 10;

export const AML_RATE_LIMITS = {
  drafts: { limit: 120, windowMs: 10 * 60_000 },
  grading: { limit: 60, windowMs: 10 * 60_000 },
  perIp: { limit: 600, windowMs: 10 * 60_000 },
};

export const jurisdictionParam = z.enum(JURISDICTIONS);
export const scenarioParam = z.string().regex(/^[a-z0-9-]{1,60}$/);

export const ResponsesSchema = z.strictObject({
  signals: z.array(z.enum(SIGNAL_CHIPS)).max(SIGNAL_CHIPS.length).default([]),
  signalNotes: z.string().max(AML_LIMITS.signalNotes).default(""),
  why: z.string().max(AML_LIMITS.why).default(""),
  decision: z.union([z.enum(DECISIONS), z.literal("")]).default(""),
  decisionNotes: z.string().max(AML_LIMITS.decisionNotes).default(""),
  confidence: z.number().int().min(1).max(3).default(2),
  citations: z.array(z.number().int().min(0).max(39)).max(40).default([]),
});

export interface StoredResult {
  grade: Grade;
  player: ResultView["player"];
  feedback?: string | null;
  /** The rules' own grade, where a model's verdict made the grade of record differ. */
  rules?: Grade;
  /** Why a person should look at this grade (the model and the rules a band or more apart). */
  review?: "disagreement";
}

/**
 * A stored attempt as the page shows it, the answer key included (it has been submitted), worded
 * in the reader's language where the lexicons have the words.
 */
export function resultView(
  attempt: { id: number; mode: AttemptMode; createdAt: string },
  scenario: Scenario,
  stored: StoredResult,
  evidence: ResultView["evidence"],
  words: Words,
  review: ResultView["review"] = null,
): ResultView {
  const { mode, createdAt } = attempt;
  const pack = getPack(scenario.jurisdiction);
  const anchors = new Map(
    pack?.rubric.criteria.map((criterion) => [
      criterion.id,
      resolveSource(knownSources, criterion.regulatoryAnchor),
    ]),
  );
  const { grade } = stored;
  const rationale = words.rationale(scenario);
  const shown = scenarioIn(scenario, words.caseLanguage);
  return {
    mode,
    createdAt,
    grade: {
      ...grade,
      band: words.band(grade),
      penalties: grade.penalties.map((penalty) => ({
        ...penalty,
        description: pack
          ? words.penalty(pack.rubric, penalty.kind, penalty.description)
          : penalty.description,
      })),
      details: grade.details.map((detail) => ({
        ...detail,
        ...(pack ? words.criterion(pack.rubric, detail) : { lang: "en" }),
        explanation: detail.explanation.map((line) =>
          pack ? words.line(line, { rubric: pack.rubric, scenario }) : String(line),
        ),
        // Lines stored as English sentences (before 2.0.0) stay English.
        linesLang: detail.explanation.some((line) => typeof line === "string") ? "en" : undefined,
        anchor: anchors.get(detail.criterion) ?? {
          url: "",
          section: "",
          summary: "",
          secondary: false,
        },
      })),
    },
    redFlags: shown.scenario.redFlags,
    redFlagsLang: shown.lang,
    keySignals: scenario.answerKey.keySignals.map((signal) => words.signal(scenario, signal.id)),
    expectedDecision: scenario.answerKey.expectedDecision,
    rationale: rationale.text,
    rationaleLang: rationale.lang,
    player: stored.player,
    feedback: stored.feedback ?? null,
    attemptId: attempt.id,
    evidence,
    review,
  };
}

/**
 * The message and each field's message are dictionary keys with their values (lib/field-message:
 * `aml:errors.tooLong?max=300`), which the page words in the reader's language, naming the field.
 */
export const MESSAGES = {
  required: "aml:errors.required",
  tooLong: "aml:errors.tooLong",
  invalid: "aml:errors.invalid",
  scenarioGone: "aml:errors.scenarioGone",
  signInToSave: "aml:errors.signInToSave",
  attest: "aml:errors.attest",
  invalidPath: "aml:errors.invalidPath",
  unknownAction: "aml:errors.unknownAction",
} as const;

/** The AML page's words for an issue its schemas do not word: too long (with the limit), missing, not valid. */
const amlErrors: z.core.$ZodErrorMap = (issue) =>
  issue.code === "too_big" && typeof issue.maximum === "number"
    ? `${MESSAGES.tooLong}?max=${issue.maximum}`
    : issue.input === undefined
      ? MESSAGES.required
      : MESSAGES.invalid;

/**
 * Parses an AML post the way every action does (`parseSubmission`), in the AML page's words; a
 * field inside a JSON field (`responses.why`) is named by its own name, as the page shows it.
 */
export function parsePost<Schema extends z.ZodType>(
  fields: Record<string, string>,
  schema: Schema,
):
  | { value: z.output<Schema> }
  | { refusal: ReturnType<typeof refuse>; fields: Record<string, string> } {
  const parsed = parseSubmission(fields, schema, amlErrors);
  if ("value" in parsed) return parsed;
  const named: Record<string, string> = {};
  for (const [name, message] of Object.entries(parsed.fields)) {
    const own =
      name
        .replace(/\[\d+\]/g, "")
        .split(".")
        .at(-1) ?? name;
    named[own] ??= message;
  }
  return { refusal: refuse(400, "validation", { fields: named }), fields: named };
}

/** A field holding JSON (the guided answers, the player's path), read with `schema`. */
function jsonField<Schema extends z.ZodType>(max: number, schema: Schema) {
  return z
    .string()
    .max(max)
    .transform((text, ctx): unknown => {
      const value = parseShallowJson(text);
      if (value !== undefined) return value;
      ctx.issues.push({ code: "custom", message: MESSAGES.invalid, input: text });
      return z.NEVER;
    })
    .pipe(schema);
}

const TargetSchema = z.object({
  jurisdiction: jurisdictionParam,
  scenario: scenarioParam,
  /** The sealed key the page was served with: when the attempt began. */
  opened: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,28}$/)
    .optional(),
});

export const DraftSchema = TargetSchema.extend({
  step: z.coerce.number().int().min(0).max(3),
  editedAt: z.iso.datetime(),
  responses: jsonField(4000, ResponsesSchema),
});
export const GuidedSchema = TargetSchema.extend({ responses: jsonField(4000, ResponsesSchema) });
/** An analysis to draft a report from. */
export const ReportSchema = TargetSchema.extend({ analysis: z.string().max(AML_LIMITS.analysis) });
/** An analysis to grade, with its decision of record chosen as a control. */
export const AnalysisSchema = ReportSchema.extend({
  decision: z.enum(DECISIONS, {
    error: (issue) =>
      issue.input === undefined || issue.input === "" ? MESSAGES.required : MESSAGES.invalid,
  }),
});
export const PlayerSchema = TargetSchema.extend({
  path: jsonField(
    2000,
    z.array(scenarioParam).min(1).max(AML_LIMITS.playerSteps, { error: MESSAGES.invalidPath }),
  ),
});

export const EvidenceSchema = z.object({
  attempt: z.coerce.number().int().positive(),
  attest: z.literal("on", { error: MESSAGES.attest }),
  reportTitle: z.string().max(200).default(""),
  reportContent: z.string().max(12000).default(""),
  /** Asked for when the attempt's record names no learner: the name the evidence will carry. */
  learnerName: z.string().max(400).default(""),
});

export async function limited(scope: "drafts" | "grading", learner: Learner, clientIp: string) {
  // A signed-in learner is counted from the first request, before their learner row exists (the
  // row is made when the first attempt is stored, so a burst from a new account would slip by).
  const learnerId = learner.id ?? (learner.kind === "user" ? `user-${learner.userId}` : null);
  const byIp = await hitRateLimit(
    rateLimitKey(`aml-${scope}`, { ip: clientIp }),
    AML_RATE_LIMITS.perIp,
  );
  if (!byIp.allowed) return byIp.retryAfterSeconds;
  if (learnerId) {
    const byLearner = await hitRateLimit(
      rateLimitKey(`aml-${scope}`, { userId: learnerId }),
      AML_RATE_LIMITS[scope],
    );
    if (!byLearner.allowed) return byLearner.retryAfterSeconds;
  }
  return null;
}

/** The pack and scenario a post names; a scenario that is gone is a clear error, the draft kept. */
export function target(jurisdiction: Jurisdiction, scenarioId: string) {
  const pack = getPack(jurisdiction);
  const scenario = pack?.scenarios.find((candidate) => candidate.id === scenarioId);
  return pack && scenario ? { pack, scenario } : null;
}

export type Target = NonNullable<ReturnType<typeof target>>;

export const GONE = { message: MESSAGES.scenarioGone };

/** The signed-in learner's account and organisation, for the evidence their work leaves. */
export interface AmlAccount {
  id: string;
  name: string;
  email: string;
  organisationId: number;
  /** The organisation's time floor, a percent of the stated time (issue: assessment). */
  timeFloorPercent: number;
}
