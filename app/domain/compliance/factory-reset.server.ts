import { recordAnalyticsEvents } from "~/platform/analytics/index.server";
import { getOptionalUser } from "~/platform/auth/index.server";
import { revokeAllHeld } from "~/domain/certificates/index.server";
import { resetCourseProgress } from "~/domain/courses/index.server";
import { getLocaleState } from "~/platform/i18n/index.server";
import { removeAllNotifications } from "~/platform/notifications/index.server";
import { getLearner, resetLearnerProgress } from "~/domain/training/index.server";
import { getLogger } from "~/platform/lib/logger.server";
import { forgetFigures } from "./dashboard.server";
import { membershipOf } from "./organisations.server";

/** The reason recorded on every certificate a holder's Factory Reset revokes. */
export const RESET_REASON = "reset by holder";

/**
 * SPEC §4 Factory Reset, kept honest: the learner's progress starts again and their notifications
 * go, their certificates are revoked (so a verifier sees it), and every take stays stored for the
 * audit trail. A guest resets their progress only.
 */
export async function factoryReset(request: Request, now = new Date()): Promise<void> {
  const user = await getOptionalUser(request);
  await resetLearnerProgress(request, now);
  const learner = await getLearner(request);
  if (learner.id) await resetCourseProgress(learner.id);
  let revoked = 0;
  if (user) {
    revoked = await revokeAllHeld({
      userId: user.id,
      reason: RESET_REASON,
      actorEmail: user.email,
      now,
    });
    await removeAllNotifications(user.id, now);
    forgetFigures((await membershipOf(user, request)).organisation.id);
  }
  const { locale } = await getLocaleState(request);
  await recordAnalyticsEvents({
    events: [{ name: "factory_reset", properties: { revoked }, path: "/training", locale }],
  });
  getLogger().info({ userId: user?.id ?? null, revoked }, "training progress reset by its learner");
}
