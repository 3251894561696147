import { href, redirect } from "react-router";
import { membershipOf } from "~/domain/compliance/index.server";
import { recordEvidence } from "~/domain/evidence/index.server";
import {
  FINAL_DEFAULTS,
  type FinalSettings,
  loadFinal,
  recordFinal,
} from "~/domain/training/index.server";
import { inOneTransaction } from "~/platform/db/db.server";
import { type Actor, actorOf } from "./actor.server";
import { issueEarnedCertificates } from "./issue-certificates.server";

// A track's final assessment (docs/decisions/037): held to the settings of the learner's
// organisation (the defaults for a learner without one), and once submitted the attempt, its
// evidence record and the track certificate it earns are one commit.

async function settingsOf(request: Request, actor: Actor): Promise<FinalSettings> {
  if (!actor.account) return FINAL_DEFAULTS;
  const { organisation } = await membershipOf(actor.account, request);
  return {
    passPercent: organisation.assessment.finalPassPercent,
    itemCount: organisation.assessment.finalItemCount,
    coolingOffHours: organisation.assessment.finalCoolingOffHours,
  };
}

export async function openFinal(request: Request, trackId: string) {
  const actor = await actorOf(request);
  return loadFinal(request, trackId, await settingsOf(request, actor));
}

/** Grades a submitted attempt and shows its result; a refusal keeps the learner on the form. */
export async function submitFinal(
  request: Request,
  trackId: string,
  fields: Record<string, string>,
) {
  const actor = await actorOf(request);
  const outcome = await inOneTransaction(async () => {
    const graded = await recordFinal(request, trackId, fields);
    if ("refusal" in graded) return graded;
    const { attempt, newlyCompleted } = graded.recorded;
    const { account } = actor;
    if (newlyCompleted && account && actor.learner.id) {
      await recordEvidence({
        organisationId: account.organisationId,
        user: account,
        learnerId: actor.learner.id,
        kind: "module-completion",
        subject: `take:${attempt.run.takeKey}`,
        scenarioId: `final/${trackId}`,
        payload: {
          jurisdiction: null,
          mode: "final-assessment",
          packVersion: null,
          timestamp: attempt.run.completedAt ?? new Date().toISOString(),
          content: {
            item: `final/${trackId}`,
            learner: { name: account.name, email: account.email },
            take: attempt.run.takeKey,
            heldTo: attempt.heldTo,
            score: attempt.score,
            right: attempt.right,
            passed: attempt.passed,
            startedAt: attempt.run.startedAt,
            answers: attempt.run.answers.map((answer) => ({
              question: answer.stepId,
              item: answer.itemId ?? null,
              option: answer.optionId,
              correct: answer.correct,
            })),
          },
        },
      });
      if (attempt.passed) await issueEarnedCertificates(actor);
    }
    return graded;
  });
  if ("refusal" in outcome) return outcome.refusal;
  const done = encodeURIComponent(outcome.recorded.attempt.run.takeKey ?? "");
  throw redirect(`${href("/training/track/:trackId/final", { trackId })}?done=${done}`);
}
