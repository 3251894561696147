import { data } from "react-router";
import { getDb } from "~/platform/db/db.server";
import {
  ensureLearner,
  floorSeconds,
  getLearner,
  isTooFast,
  openedAt,
  secondsBetween,
} from "~/domain/training/index.server";
import { recordEvidence } from "~/domain/evidence/index.server";
import { refuse, tooMany } from "~/platform/lib/reply.server";
import { numberFormat } from "~/platform/lib/intl";
import { getLogger } from "~/platform/lib/logger.server";
import type { z } from "~/platform/lib/zod";
import {
  CHIP_LABELS,
  type AttemptMode,
  type Grade,
  type GuidedSubmission,
  gradeFreeForm,
  gradeGuided,
  gradePlayer,
} from "./grading";
import type { Scenario } from "./pack-schema";
import { attemptPayload, learnerNameOf } from "./evidence.server";
import { getReaders } from "./lexicons.server";
import { askModel, withModel } from "./model-grader.server";
import { queueReview, reviewReason } from "./review.server";
import { draftStepTimes } from "./drafts.server";
import { llmSettings } from "~/platform/lib/llm.server";
import { citationChoices } from "./citations";
import { wordsFor } from "./feedback-words.server";
import { getLocaleState, packLanguage } from "~/platform/i18n/index.server";
import { scenarioIn } from "./packs.server";
import {
  type AmlAccount,
  AnalysisSchema,
  GONE,
  GuidedSchema,
  MESSAGES,
  PlayerSchema,
  ReportSchema,
  type StoredResult,
  type Target,
  limited,
  parsePost,
  resultView,
  target,
} from "./posts.server";
import type { ResultView } from "./types";
import { guidedStepSeconds } from "./step-times";

// Grading and storing an attempt (guided, free-form or player), and drafting the STR report.

/** How the evidence record names a decision (English, as the whole record is). */
const DECISION_LABELS = {
  ESCALATE: "Escalate now",
  REQUEST_KYC: "Request more KYC",
  NO_ACTION: "No action: clear the alert",
  "": "",
} as const;

const CONFIDENCE_LABELS = {
  1: "1 Not confident",
  2: "2 Somewhat confident",
  3: "3 Very confident",
} as const;

/** A day: a sealed key older than this starts no clock. */
const OPEN_KEY_MAX_MS = 24 * 3_600_000;

/**
 * An attempt's time on task, from the sealed key its page was served with to now, judged against
 * the pack's stated time per scenario; null when the key is missing, forged or stale.
 */
function attemptTiming(opened: string | undefined, now: Date, found: Target, floorPercent: number) {
  const start = opened ? openedAt(opened) : null;
  if (!start || start > now || now.getTime() - start.getTime() > OPEN_KEY_MAX_MS) return null;
  const seconds = secondsBetween(start.toISOString(), now.toISOString());
  const readingMinutes =
    found.pack.config.metadata.estimatedDuration / Math.max(1, found.pack.scenarios.length);
  return {
    startedAt: start.toISOString(),
    completedAt: now.toISOString(),
    seconds,
    readingMinutes,
    floorPercent,
    floorSeconds: floorSeconds(readingMinutes, floorPercent),
    tooFast: isTooFast(seconds, readingMinutes, floorPercent),
  };
}

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
  /** Grades the attempt once the rate limit lets it through (a model may be asked). */
  grade: () => Promise<Graded>;
  player?: ResultView["player"];
  /** The sealed key the page was served with, if it sent one. */
  opened: string | undefined;
  /** What the learner did, step by step, for the evidence record. */
  actions: { action: string; value: string }[];
  after?: (learnerId: string) => Promise<void>;
  /** When each step began (guided flow): the marks its draft holds for this learner. */
  stepMarks?: (learnerId: string) => Promise<string | null>;
  /** The signed-in account whose organisation's evidence chain records the attempt. */
  account: AmlAccount | null;
}) {
  const { found } = options;
  const { scenario } = found;
  const learner = await getLearner(options.request);
  const wait = await limited("grading", learner, options.clientIp);
  if (wait !== null) return tooMany(wait);
  const { grade, rules, review } = await options.grade();
  const now = new Date();
  const { id: learnerId, setCookie } = await ensureLearner(learner, now);
  const createdAt = now.toISOString();
  const player = options.player ?? null;
  const whole = attemptTiming(options.opened, now, found, options.account?.timeFloorPercent ?? 0);
  const timing =
    whole && options.stepMarks
      ? {
          ...whole,
          steps: guidedStepSeconds(await options.stepMarks(learnerId), whole.startedAt, createdAt),
        }
      : whole;
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
      result: JSON.stringify({
        grade,
        player,
        feedback,
        ...(rules !== grade && { rules }),
        ...(review && { review }),
      } satisfies StoredResult),
      requires_escalation: scenario.answerKey.requiresEscalation ? 1 : 0,
      escalated_in_time: grade.escalatedInTime === null ? null : grade.escalatedInTime ? 1 : 0,
      complete_record: grade.completeRecord ? 1 : 0,
      created_at: createdAt,
      started_at: timing?.startedAt ?? null,
      seconds: timing?.seconds ?? null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  // A signed-in learner's written answer may wait for a person's review.
  const reason =
    options.account && options.mode !== "player"
      ? reviewReason(attemptId, found.pack.rubric, grade.percent, review)
      : null;
  if (options.account && reason) {
    await queueReview({
      attemptId,
      organisationId: options.account.organisationId,
      reason,
      learner: { name: options.account.name, email: options.account.email },
      percent: grade.percent,
      band: grade.band,
      at: now,
    });
  }
  // A signed-in learner's attempt joins their organisation's evidence chain, in English.
  const english = await wordsFor("en-US");
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
          said: (line) => english.line(line, { rubric: found.pack.rubric, scenario }),
          player,
          at: now,
          timeOnTask: timing,
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
    evidence && {
      evidenceId: evidence.evidenceId,
      attestationId: null,
      learnerName: await learnerNameOf(evidence),
    },
    await wordsFor((await getLocaleState(options.request)).locale),
    reason ? { status: "pending", percent: null, band: null, note: null } : null,
  );
  return data({ result }, { headers: setCookie ? { "Set-Cookie": setCookie } : undefined });
}

export async function submitGuided(
  request: Request,
  fields: Record<string, string>,
  clientIp: string,
  account: AmlAccount | null,
) {
  const parsed = parsePost(fields, GuidedSchema);
  if ("refusal" in parsed) return parsed.refusal;
  const given = parsed.value.responses;
  const missing: Record<string, string> = {};
  if (given.signals.length === 0 && given.signalNotes.trim() === "") {
    missing.signals = MESSAGES.required;
  }
  if (given.why.trim() === "") missing.why = MESSAGES.required;
  if (given.decision === "") missing.decision = MESSAGES.required;
  if (Object.keys(missing).length > 0) return refuse(400, "validation", { fields: missing });
  const found = target(parsed.value.jurisdiction, parsed.value.scenario);
  if (!found) return refuse(404, "not_found", GONE);
  const choices = citationChoices(found.scenario, found.pack.rubric);
  const submission: GuidedSubmission = {
    ...given,
    decision: given.decision as GuidedSubmission["decision"],
    confidence: given.confidence as GuidedSubmission["confidence"],
    citations: given.citations.filter((index) => index < choices.length),
  };
  return storeAttempt({
    request,
    account,
    clientIp,
    found,
    opened: parsed.value.opened,
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
      { action: "Decision", value: DECISION_LABELS[submission.decision] },
      { action: "Decision notes", value: submission.decisionNotes },
      { action: "Confidence", value: CONFIDENCE_LABELS[submission.confidence] },
      {
        action: "Citations",
        value: submission.citations.map((index) => choices[index]?.ref.section ?? "").join("; "),
      },
    ],
    grade: () =>
      withSecondGrader(
        found,
        gradeGuided(found.pack.rubric, found.scenario, submission, getReaders()),
        submission.decision,
        [submission.signalNotes, submission.why, submission.decisionNotes].join("\n"),
      ),
    stepMarks: (learnerId) =>
      draftStepTimes(learnerId, found.scenario.jurisdiction, found.scenario.id),
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

/** An attempt's grade of record, the rules' own, and why a person should review it. */
interface Graded {
  grade: Grade;
  rules: Grade;
  review: "disagreement" | null;
}

/**
 * The rules' grade, or, with a language model configured, the grade the model's verdict gives
 * within the rules' bounds; one the two put more than a band apart is marked for review.
 */
async function withSecondGrader(
  found: Target,
  rules: Grade,
  decision: string,
  text: string,
): Promise<Graded> {
  const settings = llmSettings();
  if (!settings) return { grade: rules, rules, review: null };
  const verdict = await askModel(settings, {
    rubric: found.pack.rubric,
    scenario: found.scenario,
    decision,
    text,
  }).catch((error: unknown) => {
    getLogger().warn({ err: error }, "aml model grader failed; the rules' grade stands");
    return null;
  });
  const combined = withModel(found.pack.rubric, rules, verdict);
  return { grade: combined.grade, rules, review: combined.disagrees ? "disagreement" : null };
}

/** The analysis a free-form post carries, and its scenario; or the error to answer. */
function analysisOf<S extends typeof ReportSchema | typeof AnalysisSchema>(
  fields: Record<string, string>,
  schema: S,
) {
  const parsed = parsePost(fields, schema);
  if ("refusal" in parsed) return parsed.refusal;
  const value = parsed.value as z.infer<S>;
  const analysis = value.analysis.trim();
  if (analysis === "") {
    return refuse(400, "validation", { fields: { analysis: MESSAGES.required } });
  }
  const found = target(value.jurisdiction, value.scenario);
  if (!found) return refuse(404, "not_found", GONE);
  return { ...value, analysis, found };
}

export async function gradeAnalysis(
  request: Request,
  fields: Record<string, string>,
  clientIp: string,
  account: AmlAccount | null,
) {
  const given = analysisOf(fields, AnalysisSchema);
  if (!("analysis" in given)) return given;
  const { analysis, decision, found, opened } = given;
  return storeAttempt({
    request,
    account,
    clientIp,
    found,
    opened,
    mode: "freeform",
    submission: { decision, analysis },
    actions: [
      { action: "Decision", value: DECISION_LABELS[decision] },
      { action: "Analysis", value: analysis },
    ],
    grade: () =>
      withSecondGrader(
        found,
        gradeFreeForm(found.pack.rubric, found.scenario, { decision, analysis }, getReaders()),
        decision,
        analysis,
      ),
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

/** The draft in the reader's language where their case is translated. */
export async function draftReport(request: Request, fields: Record<string, string>) {
  const given = analysisOf(fields, ReportSchema);
  if (!("analysis" in given)) return given;
  const date = new Date().toISOString().slice(0, 10);
  const { locale } = await getLocaleState(request);
  const { scenario } = scenarioIn(given.found.scenario, packLanguage(locale));
  return data({ report: fillReport(scenario, given.analysis, date) });
}

export async function submitPlayer(
  request: Request,
  fields: Record<string, string>,
  clientIp: string,
  account: AmlAccount | null,
) {
  const parsed = parsePost(fields, PlayerSchema);
  if ("refusal" in parsed) {
    // Any fault in the path (not JSON, too long, an unknown step) is one: the path is not valid.
    return "path" in parsed.fields
      ? refuse(400, "validation", { fields: { path: MESSAGES.invalidPath } })
      : parsed.refusal;
  }
  const found = target(parsed.value.jurisdiction, parsed.value.scenario);
  if (!found) return refuse(404, "not_found", GONE);
  const outcome = gradePlayer(found.pack.rubric, found.scenario, parsed.value.path);
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
    opened: parsed.value.opened,
    mode: "player",
    submission: { path: parsed.value.path },
    actions: outcome.steps.map((step) => ({ action: step.condition, value: step.consequence })),
    grade: () => Promise.resolve({ grade, rules: grade, review: null }),
    player: { findings: outcome.findings, passed: outcome.passed, steps: outcome.steps },
  });
}
