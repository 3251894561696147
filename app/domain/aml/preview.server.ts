import { data } from "react-router";
import { getDb } from "~/platform/db/db.server";
import { ensureLearner, getLearner } from "~/domain/training/index.server";
import { refuse, tooMany } from "~/platform/lib/reply.server";
import { numberFormat } from "~/platform/lib/intl";
import { getLogger } from "~/platform/lib/logger.server";
import { hitRateLimit, rateLimitKey } from "~/platform/lib/rate-limit.server";
import { z } from "~/platform/lib/zod";
import {
  CHIP_LABELS,
  type AttemptMode,
  FDI_SAMPLE,
  type Grade,
  type GuidedSubmission,
  fdiInputOf,
  fraudDefenseIndex,
  gradeFreeForm,
  gradeGuided,
  gradePlayer,
} from "./grading";
import {
  DECISIONS,
  DEFAULT_JURISDICTION,
  JURISDICTIONS,
  type Jurisdiction,
  SIGNAL_CHIPS,
  type Scenario,
} from "./pack-schema";
import { evidenceAbout, recordEvidence } from "~/domain/evidence/index.server";
import { ATTESTATION, attemptPayload } from "./evidence.server";
import { resolveSource } from "./packs";
import { getPack, knownSources } from "./packs.server";
import type { AmlPreview, DraftView, ResultView, ScenarioView } from "./types";

// The AML live training preview (/kestrel/aml-demo): what the page shows of a pack and a scenario
// (never the answer key before a submission), and its actions: drafts, guided submissions,
// free-form grading and report drafts, and the scenario player's grade. Every attempt is stored.

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

const CONFIDENCE_LABELS = {
  1: "1 Not confident",
  2: "2 Somewhat confident",
  3: "3 Very confident",
} as const;

const jurisdictionParam = z.enum(JURISDICTIONS);
const scenarioParam = z.string().regex(/^[a-z0-9-]{1,60}$/);

function notFound(): never {
  throw data({ notFound: "scenario" }, { status: 404 });
}

function scenarioView(scenario: Scenario): ScenarioView {
  return {
    id: scenario.id,
    title: scenario.title,
    summary: scenario.summary,
    narrative: scenario.narrative,
    objectives: scenario.objectives,
    role: scenario.role,
    version: scenario.version,
    customerProfile: scenario.customerProfile,
    activity: scenario.activity,
    artifactsRequired: scenario.artifactsRequired,
    questions: scenario.questions,
    sources: scenario.sources.map((source) => resolveSource(knownSources, source)),
    stages: scenario.stages,
    branches: scenario.branches.map(({ id, from, condition, consequence, nextScenario }) => ({
      id,
      from,
      condition,
      consequence,
      nextScenario,
    })),
  };
}

/** Which pack and scenario the request names: unknown ones are a 404, absent ones the defaults. */
function chosen(url: URL) {
  const rawJurisdiction = url.searchParams.get("jurisdiction");
  const parsed = jurisdictionParam.safeParse(rawJurisdiction ?? DEFAULT_JURISDICTION);
  if (!parsed.success) notFound();
  const jurisdiction = parsed.data;
  const pack = getPack(jurisdiction);
  const rawScenario = url.searchParams.get("scenario");
  if (rawScenario === null) return { jurisdiction, pack, scenario: pack?.scenarios[0] ?? null };
  const scenario = pack?.scenarios.find((candidate) => candidate.id === rawScenario);
  if (!scenario) notFound();
  return { jurisdiction, pack, scenario };
}

export async function loadAmlPreview(request: Request): Promise<AmlPreview> {
  const url = new URL(request.url);
  const { jurisdiction, pack, scenario } = chosen(url);
  const learner = await getLearner(request);
  const [draft, result, fdi] = await Promise.all([
    learner.id && scenario && pack
      ? readDraft(learner.id, jurisdiction, scenario.id, pack.config.version)
      : null,
    learner.id && scenario && pack ? latestResult(learner.id, jurisdiction, scenario) : null,
    jurisdiction === "ca" && pack ? fdiOf(learner.id, pack.scenarios.length) : null,
  ]);
  return {
    jurisdictions: JURISDICTIONS,
    jurisdiction,
    pack: pack
      ? {
          title: pack.config.title,
          regulator: pack.config.regulator,
          version: pack.config.version,
          description: pack.config.metadata.description,
          estimatedDuration: pack.config.metadata.estimatedDuration,
        }
      : null,
    scenarios: pack?.scenarios.map(({ id, title }) => ({ id, title })) ?? [],
    scenario: scenario ? scenarioView(scenario) : null,
    draft,
    result,
    fdi,
    chips: SIGNAL_CHIPS,
    signedIn: learner.kind === "user",
    limits: AML_LIMITS,
    guidedVersion: GUIDED_VERSION,
    autosaveSeconds: AUTOSAVE_SECONDS,
  };
}

const ResponsesSchema = z.strictObject({
  signals: z.array(z.enum(SIGNAL_CHIPS)).max(SIGNAL_CHIPS.length).default([]),
  signalNotes: z.string().max(AML_LIMITS.signalNotes).default(""),
  why: z.string().max(AML_LIMITS.why).default(""),
  decision: z.union([z.enum(DECISIONS), z.literal("")]).default(""),
  decisionNotes: z.string().max(AML_LIMITS.decisionNotes).default(""),
  confidence: z.number().int().min(1).max(3).default(2),
  citations: z.array(z.number().int().min(0).max(7)).max(8).default([]),
});

async function readDraft(
  learnerId: string,
  jurisdiction: Jurisdiction,
  scenarioId: string,
  packVersion: string,
): Promise<DraftView | null> {
  const row = await getDb()
    .selectFrom("aml_draft")
    .selectAll()
    .where("learner_id", "=", learnerId)
    .where("jurisdiction", "=", jurisdiction)
    .where("scenario_id", "=", scenarioId)
    .executeTakeFirst();
  if (!row) return null;
  const parsed = ResponsesSchema.safeParse(JSON.parse(row.responses));
  if (!parsed.success) return null;
  return {
    step: row.step,
    responses: parsed.data,
    savedAt: row.saved_at,
    editedAt: row.edited_at,
    stale: row.pack_version !== packVersion,
  };
}

async function latestResult(
  learnerId: string,
  jurisdiction: Jurisdiction,
  scenario: Scenario,
): Promise<ResultView | null> {
  const row = await getDb()
    .selectFrom("aml_attempt")
    .select(["id", "mode", "result", "created_at"])
    .where("learner_id", "=", learnerId)
    .where("jurisdiction", "=", jurisdiction)
    .where("scenario_id", "=", scenario.id)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  const stored = JSON.parse(row.result) as StoredResult;
  const subject = `aml-attempt:${row.id}`;
  const [record, attestation] = await Promise.all([
    evidenceAbout("aml-attempt", subject),
    evidenceAbout("aml-attestation", subject),
  ]);
  return resultView(
    { id: row.id, mode: row.mode, createdAt: row.created_at },
    scenario,
    stored,
    record && { evidenceId: record.evidenceId, attestationId: attestation?.evidenceId ?? null },
  );
}

interface StoredResult {
  grade: Grade;
  player: ResultView["player"];
  feedback?: string | null;
}

function resultView(
  attempt: { id: number; mode: AttemptMode; createdAt: string },
  scenario: Scenario,
  stored: StoredResult,
  evidence: ResultView["evidence"],
): ResultView {
  const { mode, createdAt } = attempt;
  const pack = getPack(scenario.jurisdiction);
  const anchors = new Map(
    pack?.rubric.criteria.map((criterion) => [
      criterion.id,
      resolveSource(knownSources, criterion.regulatoryAnchor),
    ]),
  );
  return {
    mode,
    createdAt,
    grade: {
      ...stored.grade,
      details: stored.grade.details.map((detail) => ({
        ...detail,
        anchor: anchors.get(detail.criterion) ?? {
          url: "",
          section: "",
          summary: "",
          secondary: false,
        },
      })),
    },
    redFlags: scenario.redFlags,
    keySignals: scenario.answerKey.keySignals.map((signal) => signal.label),
    expectedDecision: scenario.answerKey.expectedDecision,
    rationale: scenario.answerKey.rationale,
    player: stored.player,
    feedback: stored.feedback ?? null,
    attemptId: attempt.id,
    evidence,
  };
}

async function fdiOf(learnerId: string | null, totalScenarios: number): Promise<AmlPreview["fdi"]> {
  const rows = learnerId
    ? await getDb()
        .selectFrom("aml_attempt")
        .select([
          "scenario_id",
          "mode",
          "score",
          "requires_escalation",
          "escalated_in_time",
          "complete_record",
          "created_at",
        ])
        .where("learner_id", "=", learnerId)
        .where("jurisdiction", "=", "ca")
        .execute()
    : [];
  const input =
    rows.length === 0
      ? FDI_SAMPLE
      : fdiInputOf(
          rows.map((row) => ({
            scenarioId: row.scenario_id,
            mode: row.mode,
            score: Number(row.score),
            requiresEscalation: row.requires_escalation === 1,
            escalatedInTime: row.escalated_in_time === null ? null : row.escalated_in_time === 1,
            completeRecord: row.complete_record === 1,
            createdAt: row.created_at,
          })),
          totalScenarios,
        );
  return { ...input, ...fraudDefenseIndex(input), sample: rows.length === 0 };
}

// Actions

/**
 * The message and each field's message are dictionary keys with their values (lib/field-message:
 * `aml:errors.tooLong?max=300`), which the page words in the reader's language, naming the field.
 */
const MESSAGES = {
  required: "aml:errors.required",
  tooLong: "aml:errors.tooLong",
  invalid: "aml:errors.invalid",
  scenarioGone: "aml:errors.scenarioGone",
  signInToSave: "aml:errors.signInToSave",
  attest: "aml:errors.attest",
  invalidPath: "aml:errors.invalidPath",
  unknownAction: "aml:errors.unknownAction",
} as const;

/** Each refused field's message: too long (with the limit) or not valid. */
function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path.at(-1) ?? "form");
    fields[key] =
      issue.code === "too_big" && typeof issue.maximum === "number"
        ? `${MESSAGES.tooLong}?max=${issue.maximum}`
        : MESSAGES.invalid;
  }
  return fields;
}

const Target = z.object({ jurisdiction: jurisdictionParam, scenario: scenarioParam });

const DraftSchema = Target.extend({
  step: z.coerce.number().int().min(0).max(3),
  editedAt: z.iso.datetime(),
  responses: z.string().max(4000),
});
const GuidedSchema = Target.extend({ responses: z.string().max(4000) });
const AnalysisSchema = Target.extend({
  analysis: z.string().max(AML_LIMITS.analysis),
});
const PlayerSchema = Target.extend({ path: z.string().max(2000) });

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

async function limited(scope: "drafts" | "grading", learnerId: string | null, clientIp: string) {
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
function target(jurisdiction: Jurisdiction, scenarioId: string) {
  const pack = getPack(jurisdiction);
  const scenario = pack?.scenarios.find((candidate) => candidate.id === scenarioId);
  return pack && scenario ? { pack, scenario } : null;
}

const GONE = { message: MESSAGES.scenarioGone };

/** The signed-in learner's account and organisation, for the evidence their work leaves. */
export interface AmlAccount {
  id: string;
  name: string;
  email: string;
  organisationId: number;
}

/**
 * The AML page's posts. The caller runs it in one transaction (app/workflows/aml-work.server.ts),
 * so a graded attempt, its evidence record and the draft it replaces are committed together.
 */
export async function amlAction(
  request: Request,
  fields: Record<string, string>,
  clientIp: string,
  account: AmlAccount | null,
) {
  const intent = fields.intent;
  switch (intent) {
    case "save-draft":
      return saveDraft(request, fields, clientIp);
    case "submit-guided":
      return submitGuided(request, fields, clientIp, account);
    case "grade-freeform":
      return gradeAnalysis(request, fields, clientIp, account);
    case "draft-report":
      return draftReport(fields);
    case "grade-player":
      return submitPlayer(request, fields, clientIp, account);
    case "save-evidence":
      return saveEvidence(request, fields, clientIp, account);
    default:
      return refuse(400, "validation", { fields: { intent: MESSAGES.unknownAction } });
  }
}

async function saveDraft(request: Request, fields: Record<string, string>, clientIp: string) {
  const parsed = DraftSchema.safeParse(fields);
  if (!parsed.success) return refuse(400, "validation", { fields: fieldErrors(parsed.error) });
  const responses = ResponsesSchema.safeParse(parseJson(parsed.data.responses));
  if (!responses.success)
    return refuse(400, "validation", { fields: fieldErrors(responses.error) });
  const { jurisdiction, scenario: scenarioId, step } = parsed.data;
  const found = target(jurisdiction, scenarioId);
  if (!found) return refuse(404, "not_found", GONE);
  const learner = await getLearner(request);
  const wait = await limited("drafts", learner.id, clientIp);
  if (wait !== null) return tooMany(wait);
  const now = new Date();
  // The learner's clock orders their saves; one far ahead of ours is held to ours.
  const edited = new Date(Math.min(Date.parse(parsed.data.editedAt), now.getTime() + 60_000));
  const { id: learnerId, setCookie } = await ensureLearner(learner, now);
  const row = {
    learner_id: learnerId,
    jurisdiction,
    scenario_id: scenarioId,
    pack_version: found.pack.config.version,
    step,
    responses: JSON.stringify(responses.data),
    edited_at: edited.toISOString(),
    saved_at: now.toISOString(),
  };
  await getDb()
    .insertInto("aml_draft")
    .values(row)
    .onConflict((oc) =>
      oc
        .columns(["learner_id", "jurisdiction", "scenario_id"])
        .doUpdateSet({
          pack_version: row.pack_version,
          step: row.step,
          responses: row.responses,
          edited_at: row.edited_at,
          saved_at: row.saved_at,
        })
        // A save that arrives after a newer one changes nothing.
        .where("aml_draft.edited_at", "<=", row.edited_at),
    )
    .execute();
  return data(
    { draftSaved: { at: row.saved_at } },
    { headers: setCookie ? { "Set-Cookie": setCookie } : undefined },
  );
}

type Target = NonNullable<ReturnType<typeof target>>;

/**
 * Stores a graded attempt for the request's learner (made on their first one) and answers its
 * result; `after` runs with the learner's id once it is stored.
 */
async function storeAttempt(options: {
  request: Request;
  clientIp: string;
  found: Target;
  mode: AttemptMode;
  submission: unknown;
  grade: Grade;
  player?: ResultView["player"];
  /** What the learner did, step by step, for the evidence record. */
  actions: { action: string; value: string }[];
  after?: (learnerId: string) => Promise<void>;
  /** The signed-in account whose organisation's evidence chain records the attempt. */
  account: AmlAccount | null;
}) {
  const { grade, found } = options;
  const { scenario } = found;
  const learner = await getLearner(options.request);
  const wait = await limited("grading", learner.id, options.clientIp);
  if (wait !== null) return tooMany(wait);
  const now = new Date();
  const { id: learnerId, setCookie } = await ensureLearner(learner, now);
  const createdAt = now.toISOString();
  const player = options.player ?? null;
  // Written feedback on the learner's own words has no provider yet: results carry none.
  const feedback = null;
  const { id: attemptId } = await getDb()
    .insertInto("aml_attempt")
    .values({
      learner_id: learnerId,
      jurisdiction: scenario.jurisdiction,
      scenario_id: scenario.id,
      mode: options.mode,
      pack_version: found.pack.config.version,
      submission: JSON.stringify(options.submission),
      score: grade.score,
      percent: grade.percent,
      band: grade.band,
      result: JSON.stringify({ grade, player, feedback } satisfies StoredResult),
      requires_escalation: scenario.answerKey.requiresEscalation ? 1 : 0,
      escalated_in_time: grade.escalatedInTime === null ? null : grade.escalatedInTime ? 1 : 0,
      complete_record: grade.completeRecord ? 1 : 0,
      created_at: createdAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  // A signed-in learner's attempt joins their organisation's evidence chain.
  const evidence = options.account
    ? await recordEvidence({
        organisationId: options.account.organisationId,
        user: options.account,
        learnerId,
        kind: "aml-attempt",
        subject: `aml-attempt:${attemptId}`,
        scenarioId: scenario.id,
        payload: attemptPayload(found.pack, scenario, {
          attemptId,
          mode: options.mode,
          learner: { name: options.account.name, email: options.account.email },
          actions: options.actions,
          grade,
          player,
          at: now,
        }),
      })
    : null;
  getLogger().info(
    {
      jurisdiction: scenario.jurisdiction,
      scenario: scenario.id,
      mode: options.mode,
      percent: grade.percent,
    },
    "aml attempt graded",
  );
  await options.after?.(learnerId);
  const result = resultView(
    { id: attemptId, mode: options.mode, createdAt },
    scenario,
    { grade, player, feedback },
    evidence && { evidenceId: evidence.evidenceId, attestationId: null },
  );
  return data({ result }, { headers: setCookie ? { "Set-Cookie": setCookie } : undefined });
}

async function submitGuided(
  request: Request,
  fields: Record<string, string>,
  clientIp: string,
  account: AmlAccount | null,
) {
  const parsed = GuidedSchema.safeParse(fields);
  if (!parsed.success) return refuse(400, "validation", { fields: fieldErrors(parsed.error) });
  const responses = ResponsesSchema.safeParse(parseJson(parsed.data.responses));
  if (!responses.success)
    return refuse(400, "validation", { fields: fieldErrors(responses.error) });
  const given = responses.data;
  const missing: Record<string, string> = {};
  if (given.signals.length === 0 && given.signalNotes.trim() === "") {
    missing.signals = MESSAGES.required;
  }
  if (given.why.trim() === "") missing.why = MESSAGES.required;
  if (given.decision === "") missing.decision = MESSAGES.required;
  if (Object.keys(missing).length > 0) return refuse(400, "validation", { fields: missing });
  const found = target(parsed.data.jurisdiction, parsed.data.scenario);
  if (!found) return refuse(404, "not_found", GONE);
  const submission: GuidedSubmission = {
    ...given,
    decision: given.decision as GuidedSubmission["decision"],
    confidence: given.confidence as GuidedSubmission["confidence"],
    citations: given.citations.filter((index) => index < found.scenario.sources.length),
  };
  return storeAttempt({
    request,
    account,
    clientIp,
    found,
    mode: "guided",
    submission,
    actions: [
      {
        action: "Signals",
        value: [
          ...submission.signals.map((chip) => CHIP_LABELS[chip]),
          submission.signalNotes.trim(),
        ]
          .filter(Boolean)
          .join("; "),
      },
      { action: "Why it matters", value: submission.why },
      {
        action: "Decision",
        value: submission.decision === "ESCALATE" ? "Escalate now" : "Request more KYC",
      },
      { action: "Decision notes", value: submission.decisionNotes },
      { action: "Confidence", value: CONFIDENCE_LABELS[submission.confidence] },
      {
        action: "Citations",
        value: submission.citations
          .map((index) => found.scenario.sources[index]?.section ?? "")
          .join("; "),
      },
    ],
    grade: gradeGuided(found.pack.rubric, found.scenario, submission),
    // Submitted: the draft has done its work.
    after: async (learnerId) => {
      await getDb()
        .deleteFrom("aml_draft")
        .where("learner_id", "=", learnerId)
        .where("jurisdiction", "=", found.scenario.jurisdiction)
        .where("scenario_id", "=", found.scenario.id)
        .execute();
    },
  });
}

/** The analysis a free-form post carries, and its scenario; or the error to answer. */
function analysisOf(fields: Record<string, string>) {
  const parsed = AnalysisSchema.safeParse(fields);
  if (!parsed.success) return refuse(400, "validation", { fields: fieldErrors(parsed.error) });
  const analysis = parsed.data.analysis.trim();
  if (analysis === "") {
    return refuse(400, "validation", { fields: { analysis: MESSAGES.required } });
  }
  const found = target(parsed.data.jurisdiction, parsed.data.scenario);
  if (!found) return refuse(404, "not_found", GONE);
  return { analysis, found };
}

async function gradeAnalysis(
  request: Request,
  fields: Record<string, string>,
  clientIp: string,
  account: AmlAccount | null,
) {
  const given = analysisOf(fields);
  if (!("analysis" in given)) return given;
  const { analysis, found } = given;
  return storeAttempt({
    request,
    account,
    clientIp,
    found,
    mode: "freeform",
    submission: { analysis },
    actions: [{ action: "Analysis", value: analysis }],
    grade: gradeFreeForm(found.pack.rubric, found.scenario, analysis),
  });
}

/** The STR draft of SPEC §3 'Report draft': the scenario's template filled with the analysis. */
export function fillReport(scenario: Scenario, analysis: string, date: string) {
  const values: Record<string, string> = {
    analysis,
    date,
    "scenario.title": scenario.title,
    "customerProfile.type": scenario.customerProfile.type,
    "customerProfile.segment": scenario.customerProfile.segment,
    "customerProfile.details": scenario.customerProfile.details,
    "activity.amount": numberFormat("en", { maximumFractionDigits: 2 }).format(
      scenario.activity.amount,
    ),
    "activity.currency": scenario.activity.currency,
    "activity.pattern": scenario.activity.pattern,
    "activity.details": scenario.activity.details,
  };
  const fill = (text: string) =>
    text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, key: string) => values[key] ?? whole);
  return {
    title: fill(scenario.strTemplate.title),
    content: scenario.strTemplate.sections
      .map((section) => `${section.heading}\n${fill(section.body)}`)
      .join("\n\n"),
  };
}

function draftReport(fields: Record<string, string>) {
  const given = analysisOf(fields);
  if (!("analysis" in given)) return given;
  const date = new Date().toISOString().slice(0, 10);
  return data({ report: fillReport(given.found.scenario, given.analysis, date) });
}

async function submitPlayer(
  request: Request,
  fields: Record<string, string>,
  clientIp: string,
  account: AmlAccount | null,
) {
  const parsed = PlayerSchema.safeParse(fields);
  if (!parsed.success) return refuse(400, "validation", { fields: fieldErrors(parsed.error) });
  const path = z
    .array(scenarioParam)
    .min(1)
    .max(AML_LIMITS.playerSteps)
    .safeParse(parseJson(parsed.data.path));
  if (!path.success) return refuse(400, "validation", { fields: { path: MESSAGES.invalidPath } });
  const found = target(parsed.data.jurisdiction, parsed.data.scenario);
  if (!found) return refuse(404, "not_found", GONE);
  const outcome = gradePlayer(found.pack.rubric, found.scenario, path.data);
  if (!outcome.valid) {
    getLogger().info({ reason: outcome.reason }, "aml player path refused");
    return refuse(400, "validation", { fields: { path: MESSAGES.invalidPath } });
  }
  const grade: Grade = {
    score: outcome.score / 100,
    percent: outcome.score,
    band: outcome.passed ? "Pass" : "Below pass",
    details: [],
    penalties: outcome.penalties,
    escalatedInTime: outcome.escalatedInTime,
    completeRecord: false,
    missedSignals: [],
  };
  return storeAttempt({
    request,
    account,
    clientIp,
    found,
    mode: "player",
    submission: { path: path.data },
    actions: outcome.steps.map((step) => ({ action: step.condition, value: step.consequence })),
    grade,
    player: { findings: outcome.findings, passed: outcome.passed, steps: outcome.steps },
  });
}

const EvidenceSchema = z.object({
  attempt: z.coerce.number().int().positive(),
  attest: z.literal("on", { error: MESSAGES.attest }),
  reportTitle: z.string().max(200).default(""),
  reportContent: z.string().max(12000).default(""),
});

/**
 * Save Evidence: the learner confirms the attempt is their own work, and a record of that, holding
 * the attempt's export-kit items (and the STR draft, when there is one), joins the chain. Saving
 * again answers the record already saved.
 */
async function saveEvidence(
  request: Request,
  fields: Record<string, string>,
  clientIp: string,
  account: AmlAccount | null,
) {
  const parsed = EvidenceSchema.safeParse(fields);
  if (!parsed.success) {
    const attest = parsed.error.issues.some((issue) => issue.path[0] === "attest");
    return refuse(400, "validation", {
      fields: attest ? { attest: MESSAGES.attest } : fieldErrors(parsed.error),
    });
  }
  const learner = await getLearner(request);
  if (learner.kind !== "user") {
    return refuse(403, "forbidden", { message: MESSAGES.signInToSave });
  }
  const wait = await limited("grading", learner.id, clientIp);
  if (wait !== null) return tooMany(wait);
  const attempt = learner.id
    ? await getDb()
        .selectFrom("aml_attempt")
        .select(["id"])
        .where("id", "=", parsed.data.attempt)
        .where("learner_id", "=", learner.id)
        .executeTakeFirst()
    : undefined;
  if (!attempt) return refuse(404, "not_found");
  const subject = `aml-attempt:${attempt.id}`;
  const saved = await evidenceAbout("aml-attestation", subject);
  if (saved) return data({ evidenceSaved: { evidenceId: saved.evidenceId } });
  const record = await evidenceAbout("aml-attempt", subject);
  if (!record) return refuse(404, "not_found");
  const at = new Date();
  const { title, content } = {
    title: parsed.data.reportTitle.trim(),
    content: parsed.data.reportContent.trim(),
  };
  if (!account) return refuse(403, "forbidden", { message: MESSAGES.signInToSave });
  const attested = await recordEvidence({
    organisationId: account.organisationId,
    user: account,
    learnerId: learner.id,
    kind: "aml-attestation",
    subject,
    scenarioId: record.scenarioId,
    payload: {
      ...record.envelope.payload,
      timestamp: at.toISOString(),
      content: {
        ...record.envelope.payload.content,
        attemptEvidenceId: record.evidenceId,
        attestation: { statement: ATTESTATION, confirmed: true, at: at.toISOString() },
        ...(content && { reportDraft: { title, content } }),
      },
    },
  });
  return data({ evidenceSaved: { evidenceId: attested.evidenceId } });
}

/** At sign-in, a guest's AML attempts and drafts move to the account's learner. */
export async function moveAmlWork(fromLearnerId: string, toLearnerId: string): Promise<void> {
  const db = getDb();
  await db
    .updateTable("aml_attempt")
    .set({ learner_id: toLearnerId })
    .where("learner_id", "=", fromLearnerId)
    .execute();
  // A draft the account already has for the same scenario wins if it was edited later.
  const drafts = await db
    .selectFrom("aml_draft")
    .selectAll()
    .where("learner_id", "=", fromLearnerId)
    .execute();
  for (const draft of drafts) {
    await db
      .insertInto("aml_draft")
      .values({ ...draft, learner_id: toLearnerId })
      .onConflict((oc) =>
        oc
          .columns(["learner_id", "jurisdiction", "scenario_id"])
          .doUpdateSet({
            pack_version: draft.pack_version,
            step: draft.step,
            responses: draft.responses,
            edited_at: draft.edited_at,
            saved_at: draft.saved_at,
          })
          .where("aml_draft.edited_at", "<", draft.edited_at),
      )
      .execute();
  }
  await db.deleteFrom("aml_draft").where("learner_id", "=", fromLearnerId).execute();
}
