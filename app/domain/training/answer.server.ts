import { data } from "react-router";
import { recordEvidence } from "~/domain/evidence/index.server";
import { apiErrorBody } from "~/platform/lib/api.server";
import { hitRateLimit, rateLimitKey } from "~/platform/lib/rate-limit.server";
import { z } from "~/platform/lib/zod";
import { type ContentLanguage, localize } from "./content-schema";
import { passPercent } from "./grading";
import { ensureLearner, getLearner } from "./learners.server";
import {
  type GradedItem,
  LEASE_PREFIX,
  TakeMismatchError,
  findItem,
  progressOf,
  recordAnswer,
} from "./progress.server";

// The answer post of the module player and the lease scenarios: checked here against the content,
// stored as an attempt, answered with right or wrong, the feedback and the right option.

export const ANSWER_RATE_LIMITS = {
  perLearner: { limit: 120, windowMs: 10 * 60_000 },
  perIp: { limit: 300, windowMs: 10 * 60_000 },
};

const slug = z.string().regex(/^[a-z0-9-]{1,60}$/);
export const AnswerFormSchema = z.object({
  take: z.string().regex(/^[A-Za-z0-9_-]{16}$/),
  step: slug,
  // Empty only where a step may complete unanswered (the last lease step).
  option: z.union([slug, z.literal("")]).default(""),
});

export interface AnswerFeedback {
  /** The take the answer belongs to. */
  take: string;
  stepId: string;
  optionId: string | null;
  correct: boolean;
  rightOptionId: string;
  /** Why the chosen option is right or wrong; null for a step completed unanswered. */
  feedback: string | null;
  rightOptionText: string;
  completed: boolean;
  score: number | null;
}

type Failure = { error: ReturnType<typeof apiErrorBody>["error"] & { prerequisites?: string[] } };

function fail(
  status: number,
  code: Parameters<typeof apiErrorBody>[0],
  extra: object = {},
  headers?: HeadersInit,
) {
  return data<Failure>({ error: { ...apiErrorBody(code).error, ...extra } }, { status, headers });
}

/**
 * Grades one answer. `mayCompleteUnanswered` names the step that may be sent without an option.
 * Every outcome is a response the page shows where the learner is, their choice kept.
 */
export async function answerStep(options: {
  request: Request;
  itemId: string;
  fields: Record<string, string>;
  clientIp: string;
  language: ContentLanguage;
  mayCompleteUnanswered?: string;
  fill?: (text: string) => string;
}) {
  const { request, itemId, fields, language } = options;
  const fill = options.fill ?? ((text: string) => text);
  const item = findItem(itemId);
  if (!item) return fail(404, "not_found");
  const parsed = AnswerFormSchema.safeParse(fields);
  if (!parsed.success) return fail(400, "validation");
  const { take, step: stepId, option } = parsed.data;
  const step = item.steps.find((candidate) => candidate.id === stepId);
  if (!step) return fail(404, "not_found");
  const optionId = option === "" ? null : option;
  if (optionId === null && options.mayCompleteUnanswered !== stepId) return fail(400, "validation");
  if (optionId !== null && !step.question.options.some((choice) => choice.id === optionId)) {
    return fail(400, "validation");
  }

  const learner = await getLearner(request);
  const byIp = await hitRateLimit(
    rateLimitKey("training-answer", { ip: options.clientIp }),
    ANSWER_RATE_LIMITS.perIp,
  );
  if (!byIp.allowed) return tooMany(byIp.retryAfterSeconds);
  if (learner.id) {
    const byLearner = await hitRateLimit(
      rateLimitKey("training-answer", { userId: learner.id }),
      ANSWER_RATE_LIMITS.perLearner,
    );
    if (!byLearner.allowed) return tooMany(byLearner.retryAfterSeconds);
  }
  const progress = await progressOf(learner.id, item);
  if (progress.status === "locked") {
    return fail(403, "forbidden", { prerequisites: progress.missingPrerequisites });
  }

  const { id: learnerId, setCookie } = await ensureLearner(learner);
  let result;
  try {
    result = await recordAnswer({ learnerId, item, takeKey: take, stepId, optionId });
  } catch (error) {
    if (error instanceof TakeMismatchError) return fail(400, "validation");
    throw error;
  }
  if (result.newlyCompleted && learner.kind === "user") {
    await recordEvidence({
      user: { id: learner.userId, email: learner.email },
      learnerId,
      kind: "module-completion",
      subject: `take:${take}`,
      scenarioId: itemId.replace(LEASE_PREFIX, ""),
      payload: {
        jurisdiction: null,
        mode: itemId.startsWith(LEASE_PREFIX) ? "lease-scenario" : "module",
        packVersion: null,
        timestamp: new Date().toISOString(),
        content: {
          item: itemId,
          learner: { name: learner.name, email: learner.email },
          take,
          score: result.score,
          passed: (result.score ?? 0) >= passPercent(item.passMark, item.steps.length),
          answers: result.answers.map((answer) => ({
            step: answer.stepId,
            option: answer.optionId,
            correct: answer.correct,
          })),
        },
      },
    });
  }
  const chosen = step.question.options.find((choice) => choice.id === result.optionId);
  const right = step.question.options.find((choice) => choice.id === result.rightOptionId);
  const answer: AnswerFeedback = {
    take,
    stepId,
    optionId: result.optionId,
    correct: result.correct,
    rightOptionId: result.rightOptionId,
    feedback: chosen ? fill(localize(chosen.feedback, language)) : null,
    rightOptionText: right ? fill(localize(right.text, language)) : "",
    completed: result.completed,
    score: result.score,
  };
  return data({ answer }, { headers: setCookie ? { "Set-Cookie": setCookie } : undefined });
}

function tooMany(retryAfterSeconds: number) {
  return fail(429, "rate_limited", {}, { "Retry-After": String(retryAfterSeconds) });
}

/** The feedback of the steps a take already answered, for a page shown again (reload, resume). */
export function answeredFeedback(
  take: string,
  item: GradedItem,
  answers: readonly { stepId: string; optionId: string | null; correct: boolean }[],
  language: ContentLanguage,
  fill: (text: string) => string = (text) => text,
): AnswerFeedback[] {
  return answers.flatMap((stored) => {
    const step = item.steps.find((candidate) => candidate.id === stored.stepId);
    if (!step) return [];
    const chosen = step.question.options.find((choice) => choice.id === stored.optionId);
    const right = step.question.options.find((choice) => choice.id === step.question.answer);
    return [
      {
        take,
        stepId: stored.stepId,
        optionId: stored.optionId,
        correct: stored.correct,
        rightOptionId: step.question.answer,
        feedback: chosen ? fill(localize(chosen.feedback, language)) : null,
        rightOptionText: right ? fill(localize(right.text, language)) : "",
        completed: false,
        score: null,
      },
    ];
  });
}
