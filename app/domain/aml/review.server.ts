import { createHash } from "node:crypto";
import { data } from "react-router";
import { getDb, inOneTransaction } from "~/platform/db/db.server";
import { accountsOf, getOptionalUser } from "~/platform/auth/index.server";
import { membershipOf } from "~/domain/compliance/index.server";
import { recordEvidence } from "~/domain/evidence/index.server";
import { getLocaleState } from "~/platform/i18n/index.server";
import { parseSubmission, refuse } from "~/platform/lib/reply.server";
import { z } from "~/platform/lib/zod";
import { bandIdOf, bandOf } from "./grading";
import { wordsFor } from "./feedback-words.server";
import type { Rubric } from "./pack-schema";
import { getPack } from "./packs.server";
import { type StoredResult, resultView } from "./posts.server";
import type { AnswerField, ReviewPage, ReviewQueue, ReviewReason, ReviewView } from "./types";

// A person's review of automatically graded answers (docs/decisions/038). A signed-in learner's
// written answer waits for one when the model and the rules disagree, when its grade is on the
// pass line, or when it falls in the sample; a manager of the learner's organisation confirms the
// grade or overrides it with a reason, recorded in the evidence chain beside the automatic grade.

/** The share of the other written answers a person reviews, by a hash of the attempt's id. */
export const REVIEW_SAMPLE_PERCENT = 10;
/** A grade this close to the pass line (the second band's floor) is reviewed. */
const BORDERLINE_POINTS = 3;

/** Why an attempt's grade should be reviewed, if it should. */
export function reviewReason(
  attemptId: number,
  rubric: Rubric,
  percent: number,
  flagged: "disagreement" | null,
): ReviewReason | null {
  if (flagged) return flagged;
  const passAt = rubric.bands[1]?.min ?? 70;
  if (Math.abs(percent - passAt) <= BORDERLINE_POINTS) return "borderline";
  const draw = createHash("sha256").update(`aml-review:${attemptId}`).digest().readUInt16BE(0);
  return draw % 100 < REVIEW_SAMPLE_PERCENT ? "sample" : null;
}

/** Puts an attempt in its organisation's review queue (inside the attempt's own transaction). */
export async function queueReview(input: {
  attemptId: number;
  organisationId: number;
  reason: ReviewReason;
  learner: { name: string; email: string };
  percent: number;
  band: string;
  at: Date;
}): Promise<void> {
  await getDb()
    .insertInto("aml_review")
    .values({
      attempt_id: input.attemptId,
      organisation_id: input.organisationId,
      reason: input.reason,
      status: "pending",
      learner_name: input.learner.name,
      learner_email: input.learner.email,
      automatic_percent: input.percent,
      automatic_band: input.band,
      created_at: input.at.toISOString(),
    })
    .execute();
}

export async function reviewOf(attemptId: number): Promise<ReviewView | null> {
  const row = await getDb()
    .selectFrom("aml_review")
    .select(["status", "final_percent", "final_band", "note"])
    .where("attempt_id", "=", attemptId)
    .executeTakeFirst();
  if (!row) return null;
  return { status: row.status, percent: row.final_percent, band: row.final_band, note: row.note };
}

/**
 * The signed-in reviewer's organisation, or null: its managers review, and the members they name
 * reviewers (requirement-admin.server.ts).
 */
async function reviewerOf(request: Request) {
  const user = await getOptionalUser(request);
  if (!user) return null;
  const membership = await membershipOf(user, request);
  if ((membership.role !== "manager" && !membership.reviewer) || !membership.organisation) {
    return null;
  }
  return { user, organisationId: membership.organisation.id };
}

/** No one reviews their own answer: it is not in their queue, and its page is not found. */
const ownAnswer = (reviewer: { user: { email: string } }, learnerEmail: string) =>
  learnerEmail === reviewer.user.email;

/** How many answers wait for the signed-in manager's review; null for anyone else. */
export async function waitingReviews(request: Request): Promise<number | null> {
  const reviewer = await reviewerOf(request);
  if (!reviewer) return null;
  const row = await getDb()
    .selectFrom("aml_review")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("organisation_id", "=", reviewer.organisationId)
    .where("status", "=", "pending")
    .where("learner_email", "!=", reviewer.user.email)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function loadReviewQueue(request: Request): Promise<ReviewQueue> {
  const user = await getOptionalUser(request);
  const reviewer = await reviewerOf(request);
  const empty = { reviewed: 0, confirmed: 0, byReviewer: [] };
  if (!reviewer) return { signedIn: !!user, reviewer: false, pending: [], stats: empty };
  const db = getDb();
  const rows = await db
    .selectFrom("aml_review")
    .innerJoin("aml_attempt", "aml_attempt.id", "aml_review.attempt_id")
    .select([
      "aml_review.attempt_id as attemptId",
      "aml_review.learner_name as learnerName",
      "aml_review.learner_email as learnerEmail",
      "aml_review.reason",
      "aml_review.status",
      "aml_review.automatic_percent as percent",
      "aml_review.automatic_band as band",
      "aml_review.reviewer_id as reviewerId",
      "aml_review.created_at as createdAt",
      "aml_attempt.jurisdiction",
      "aml_attempt.scenario_id as scenarioId",
    ])
    .where("aml_review.organisation_id", "=", reviewer.organisationId)
    .orderBy("aml_review.created_at")
    .execute();
  const reviewed = rows.filter((row) => row.status !== "pending");
  const counts = new Map<string, number>();
  for (const row of reviewed) {
    if (row.reviewerId) counts.set(row.reviewerId, (counts.get(row.reviewerId) ?? 0) + 1);
  }
  // Each reviewer by name (or address), as the organisation knows them.
  const names = new Map(
    (await accountsOf([...counts.keys()])).map((account) => [
      account.id,
      account.name.trim() || account.email,
    ]),
  );
  return {
    signedIn: true,
    reviewer: true,
    pending: rows
      .filter((row) => row.status === "pending" && !ownAnswer(reviewer, row.learnerEmail))
      .map((row) => ({
        attemptId: row.attemptId,
        learner: row.learnerName || row.learnerEmail,
        scenario:
          getPack(row.jurisdiction)?.scenarios.find((s) => s.id === row.scenarioId)?.title ??
          row.scenarioId,
        reason: row.reason,
        percent: row.percent,
        band: row.band,
        createdAt: row.createdAt,
      })),
    stats: {
      reviewed: reviewed.length,
      confirmed: reviewed.filter((row) => row.status === "confirmed").length,
      byReviewer: [...counts].map(([id, count]) => ({ name: names.get(id) ?? "", count })),
    },
  };
}

/** One answer to review; 404 for anyone but a manager of the learner's organisation. */
async function reviewRow(request: Request, attemptId: number) {
  const reviewer = await reviewerOf(request);
  if (!reviewer) throw data({ notFound: "review" }, { status: 404 });
  const row = await getDb()
    .selectFrom("aml_review")
    .innerJoin("aml_attempt", "aml_attempt.id", "aml_review.attempt_id")
    .selectAll("aml_review")
    .select([
      "aml_attempt.jurisdiction",
      "aml_attempt.scenario_id as scenarioId",
      "aml_attempt.mode",
      "aml_attempt.submission",
      "aml_attempt.result",
      "aml_attempt.created_at as attemptCreatedAt",
      "aml_attempt.learner_id as learnerId",
    ])
    .where("aml_review.attempt_id", "=", attemptId)
    .where("aml_review.organisation_id", "=", reviewer.organisationId)
    .executeTakeFirst();
  const pack = row && getPack(row.jurisdiction);
  const scenario = pack?.scenarios.find((candidate) => candidate.id === row?.scenarioId);
  if (!row || !pack || !scenario || ownAnswer(reviewer, row.learner_email)) {
    throw data({ notFound: "review" }, { status: 404 });
  }
  return { reviewer, row, pack, scenario };
}

const ANSWER_FIELDS: Record<string, AnswerField> = {
  signalNotes: "signals",
  why: "why",
  decision: "decision",
  decisionNotes: "decisionNotes",
  analysis: "analysis",
};

export async function loadReview(request: Request, attemptId: number): Promise<ReviewPage> {
  const { row, scenario } = await reviewRow(request, attemptId);
  const submission = JSON.parse(row.submission) as Record<string, unknown>;
  const { locale } = await getLocaleState(request);
  const stored = JSON.parse(row.result) as StoredResult;
  const result = resultView(
    { id: attemptId, mode: row.mode, createdAt: row.attemptCreatedAt },
    scenario,
    { ...stored, grade: stored.rules ?? stored.grade },
    null,
    await wordsFor(locale),
  );
  return {
    attemptId,
    learner: row.learner_name || row.learner_email,
    scenario: { title: scenario.title, summary: scenario.summary },
    reason: row.reason,
    status: row.status,
    answer: Object.entries(ANSWER_FIELDS).flatMap(([key, field]) =>
      typeof submission[key] === "string" && submission[key] !== ""
        ? [{ field, value: String(submission[key]) }]
        : [],
    ),
    result,
    review: {
      status: row.status,
      percent: row.final_percent,
      band: row.final_band,
      note: row.note,
    },
  };
}

const DecisionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("confirm"),
    note: z.string().trim().max(500).default(""),
  }),
  z.object({
    intent: z.literal("override"),
    percent: z.coerce.number().int().min(0).max(100),
    note: z.string().trim().min(1).max(500),
  }),
]);

/** A reviewer's decision on an answer: confirm the grade or override it, with a reason. */
export async function decideReview(
  request: Request,
  attemptId: number,
  fields: Record<string, string>,
) {
  const { reviewer, row, pack, scenario } = await reviewRow(request, attemptId);
  const parsed = parseSubmission(fields, DecisionSchema);
  if ("refusal" in parsed) return parsed.refusal;
  if (row.status !== "pending") return taken();
  const decision = parsed.value;
  const percent = decision.intent === "override" ? decision.percent : row.automatic_percent;
  const band = bandOf(pack.rubric, percent);
  const now = new Date();
  const decided = await inOneTransaction(async () => {
    const updated = await getDb()
      .updateTable("aml_review")
      .set({
        status: decision.intent === "override" ? "overridden" : "confirmed",
        final_percent: percent,
        final_band: band,
        reviewer_id: reviewer.user.id,
        note: decision.note || null,
        reviewed_at: now.toISOString(),
      })
      .where("attempt_id", "=", attemptId)
      .where("status", "=", "pending")
      .executeTakeFirst();
    // Another reviewer decided first: nothing is written.
    if (Number(updated.numUpdatedRows) !== 1) return false;
    await recordEvidence({
      organisationId: reviewer.organisationId,
      user: reviewer.user,
      learnerId: row.learnerId,
      kind: "aml-review",
      subject: `aml-attempt:${attemptId}`,
      scenarioId: scenario.id,
      payload: {
        jurisdiction: scenario.jurisdiction,
        mode: row.mode,
        packVersion: pack.config.version,
        timestamp: now.toISOString(),
        content: {
          attemptId,
          // The attempt's own record names the learner (sealed, so it can be erased): a review
          // is the reviewer's act and carries no copy.
          reason: row.reason,
          automatic: { percent: row.automatic_percent, band: row.automatic_band },
          decision: decision.intent === "override" ? "overridden" : "confirmed",
          final: { percent, band, bandId: bandIdOf(pack.rubric, percent) },
          reviewer: { email: reviewer.user.email },
          note: decision.note || null,
        },
      },
    });
    return true;
  });
  if (!decided) return taken();
  return { reviewed: await reviewOf(attemptId) };
}

const taken = () => refuse(409, "validation", { message: "aml:review.taken" });
