import { membershipOf } from "~/domain/compliance/index.server";
import { recordEvidence } from "~/domain/evidence/index.server";
import {
  type AnswerOptions,
  DEFAULT_TIME_FLOOR_PERCENT,
  LEASE_PREFIX,
  TakeMismatchError,
  answerReply,
  checkAnswer,
  ensureLearner,
  recordAnswer,
  takeEvidencePayload,
  takeMismatch,
} from "~/domain/training/index.server";
import { inOneTransaction } from "~/platform/db/db.server";
import { actorOf } from "./actor.server";
import { issueEarnedCertificates } from "./issue-certificates.server";

// A learner answers a step of a module or lease scenario (docs/decisions/036). The answer, the
// take it completes, the completion's evidence record and the certificates it earns are one
// commit: a graded take without its evidence cannot exist, nor evidence without its take.

export async function answerTakeStep(options: AnswerOptions) {
  const checked = await checkAnswer(options);
  if ("refusal" in checked) return checked.refusal;
  const { answer } = checked;
  const actor = await actorOf(options.request);
  const floorPercent = actor.account
    ? (await membershipOf(actor.account, options.request)).organisation.assessment.timeFloorPercent
    : DEFAULT_TIME_FLOOR_PERCENT;
  try {
    const { result, setCookie } = await inOneTransaction(async () => {
      const { id: learnerId, setCookie } = await ensureLearner(answer.learner);
      const result = await recordAnswer({
        learnerId,
        item: answer.item,
        takeKey: answer.take,
        stepId: answer.step.id,
        optionId: answer.optionId,
        drawn: answer.drawn,
      });
      const { account } = actor;
      if (result.newlyCompleted && account) {
        await recordEvidence({
          organisationId: account.organisationId,
          user: account,
          learnerId,
          kind: "module-completion",
          subject: `take:${answer.take}`,
          scenarioId: answer.item.itemId.replace(LEASE_PREFIX, ""),
          payload: takeEvidencePayload(answer, account, result, floorPercent),
        });
      }
      // A take that ends in a pass may earn certificates (the module's, its track's): issued now,
      // so the completion screen's link finds them.
      if (result.completed && account) {
        await issueEarnedCertificates({ ...actor, learner: { ...actor.learner, id: learnerId } });
      }
      return { result, setCookie };
    });
    return answerReply(options, answer, result, setCookie);
  } catch (error) {
    if (error instanceof TakeMismatchError) return takeMismatch();
    throw error;
  }
}
