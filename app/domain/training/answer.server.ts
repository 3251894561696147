import { data } from "react-router";
import { parseSubmission, refuse, tooMany } from "~/platform/lib/reply.server";
import { hitRateLimit, rateLimitKey } from "~/platform/lib/rate-limit.server";
import { z } from "~/platform/lib/zod";
import { type ContentLanguage, localize } from "./content-schema";
import { isPassingScore } from "./grading";
import { floorSeconds, isTooFast, secondsBetween, stepSeconds } from "./timing";
import { type Learner, getLearner } from "./learners.server";
import { type Drawn, drawnItem } from "./draw.server";
import {
  type GradedItem,
  LEASE_PREFIX,
  type AnswerResult,
  drawFor,
  findItem,
  progressOf,
} from "./progress.server";
import type { AnswerFeedback } from "./types";

// The answer post of the module player and the lease scenarios: checked here against the content,
// then stored with what it completes by the take-completion workflow
// (app/workflows/complete-take.server.ts), and answered with right or wrong, the feedback and the
// right option.

export const ANSWER_RATE_LIMITS = {
  perLearner: { limit: 120, windowMs: 10 * 60_000 },
  perIp: { limit: 300, windowMs: 10 * 60_000 },
};

const slug = z.string().regex(/^[a-z0-9-]{1,60}$/);
export const AnswerFormSchema = z.object({
  take: z.string().regex(/^[A-Za-z0-9_-]{16,28}$/),
  step: slug,
  // Empty only where a step may complete unanswered (the last lease step).
  option: z.union([slug, z.literal("")]).default(""),
});

export interface AnswerOptions {
  request: Request;
  itemId: string;
  fields: Record<string, string>;
  clientIp: string;
  language: ContentLanguage;
  /** The step that may be sent without an option (the last lease step). */
  mayCompleteUnanswered?: string;
  fill?: (text: string) => string;
}

/** An answer that may be recorded: its item, step and take, checked against the content. */
export interface CheckedAnswer {
  item: GradedItem;
  step: GradedItem["steps"][number];
  take: string;
  optionId: string | null;
  learner: Learner;
  /** The items the take shows (drawn now, for a take this answer starts). */
  drawn: Drawn;
}

/**
 * Checks an answer before anything is written: the form, the content, the rate limits and the
 * module's prerequisites. Every refusal is a response the page shows where the learner is.
 */
export async function checkAnswer(options: AnswerOptions) {
  const { request, itemId, fields } = options;
  const item = findItem(itemId);
  if (!item) return { refusal: refuse(404, "not_found") };
  const parsed = parseSubmission(fields, AnswerFormSchema);
  if ("refusal" in parsed) return { refusal: parsed.refusal };
  const { take, step: stepId, option } = parsed.value;
  const step = item.steps.find((candidate) => candidate.id === stepId);
  if (!step) return { refusal: refuse(404, "not_found") };
  const optionId = option === "" ? null : option;
  if (optionId === null && options.mayCompleteUnanswered !== stepId) {
    return { refusal: refuse(400, "validation") };
  }

  const learner = await getLearner(request);
  const byIp = await hitRateLimit(
    rateLimitKey("training-answer", { ip: options.clientIp }),
    ANSWER_RATE_LIMITS.perIp,
  );
  if (!byIp.allowed) return { refusal: tooMany(byIp.retryAfterSeconds) };
  if (learner.id) {
    const byLearner = await hitRateLimit(
      rateLimitKey("training-answer", { userId: learner.id }),
      ANSWER_RATE_LIMITS.perLearner,
    );
    if (!byLearner.allowed) return { refusal: tooMany(byLearner.retryAfterSeconds) };
  }
  const { progress, runs } = await progressOf(learner.id, item);
  if (progress.status === "locked") {
    return {
      refusal: refuse(403, "forbidden", { prerequisites: progress.missingPrerequisites }),
    };
  }
  const drawn = drawFor(item, take, runs);
  const question = drawnItem(step, drawn);
  if (optionId !== null && !question?.options.some((choice) => choice.id === optionId)) {
    return { refusal: refuse(400, "validation") };
  }
  return { answer: { item, step, take, optionId, learner, drawn } satisfies CheckedAnswer };
}

/** An answer to a take it does not belong to: the form was tampered with or is stale. */
export function takeMismatch() {
  return refuse(400, "validation");
}

/** The evidence payload of a completed take (SPEC §3 "Export payload"). */
export function takeEvidencePayload(
  checked: CheckedAnswer,
  learner: { name: string; email: string },
  result: AnswerResult,
  floorPercent: number,
  now = new Date(),
) {
  const { item, take } = checked;
  const completedAt = now.toISOString();
  const seconds = secondsBetween(result.startedAt, completedAt);
  return {
    jurisdiction: null,
    mode: item.itemId.startsWith(LEASE_PREFIX) ? "lease-scenario" : "module",
    packVersion: null,
    timestamp: new Date().toISOString(),
    content: {
      item: item.itemId,
      learner,
      take,
      score: result.score,
      passed: isPassingScore(result.score ?? 0, item.passMark, item.steps.length),
      answers: result.answers.map((answer) => ({
        step: answer.stepId,
        item: answer.itemId ?? null,
        option: answer.optionId,
        correct: answer.correct,
      })),
      timeOnTask: {
        startedAt: result.startedAt,
        completedAt,
        seconds,
        steps: stepSeconds(result.startedAt, result.answers),
        readingMinutes: item.readingMinutes,
        floorPercent,
        floorSeconds: floorSeconds(item.readingMinutes, floorPercent),
        tooFast: isTooFast(seconds, item.readingMinutes, floorPercent),
      },
    },
  };
}

/** The reply to a recorded answer: right or wrong, the feedback and the right option. */
export function answerReply(
  options: AnswerOptions,
  checked: CheckedAnswer,
  result: AnswerResult,
  setCookie: string | undefined,
) {
  const fill = options.fill ?? ((text: string) => text);
  const { step, take } = checked;
  const choices = drawnItem(step, checked.drawn)?.options ?? [];
  const chosen = choices.find((choice) => choice.id === result.optionId);
  const right = choices.find((choice) => choice.id === result.rightOptionId);
  const answer: AnswerFeedback = {
    take,
    stepId: step.id,
    optionId: result.optionId,
    correct: result.correct,
    rightOptionId: result.rightOptionId,
    feedback: chosen ? fill(localize(chosen.feedback, options.language)) : null,
    rightOptionText: right ? fill(localize(right.text, options.language)) : "",
    completed: result.completed,
    score: result.score,
  };
  return data({ answer }, { headers: setCookie ? { "Set-Cookie": setCookie } : undefined });
}

/** The feedback of the steps a take already answered, for a page shown again (reload, resume). */
export function answeredFeedback(
  take: string,
  item: GradedItem,
  drawn: Drawn,
  answers: readonly { stepId: string; optionId: string | null; correct: boolean }[],
  language: ContentLanguage,
  fill: (text: string) => string = (text) => text,
): AnswerFeedback[] {
  return answers.flatMap((stored) => {
    const step = item.steps.find((candidate) => candidate.id === stored.stepId);
    const question = step && drawnItem(step, drawn);
    if (!question) return [];
    const chosen = question.options.find((choice) => choice.id === stored.optionId);
    const right = question.options.find((choice) => choice.id === question.answer);
    return [
      {
        take,
        stepId: stored.stepId,
        optionId: stored.optionId,
        correct: stored.correct,
        rightOptionId: question.answer,
        feedback: chosen ? fill(localize(chosen.feedback, language)) : null,
        rightOptionText: right ? fill(localize(right.text, language)) : "",
        completed: false,
        score: null,
      },
    ];
  });
}
