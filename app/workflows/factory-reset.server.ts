import { href } from "react-router";
import { forgetFigures } from "~/domain/compliance/index.server";
import { resetCourseProgress } from "~/domain/courses/index.server";
import { resetProgress } from "~/domain/training/index.server";
import { recordAnalyticsEvents } from "~/platform/analytics/index.server";
import { inOneTransaction } from "~/platform/db/db.server";
import { getLogger } from "~/platform/lib/logger.server";
import { removeAllNotifications } from "~/platform/notifications/index.server";
import { actorOf } from "./actor.server";
import { revokeAllHeld } from "./certificate-status.server";

/** The reason recorded on every certificate a holder's Factory Reset revokes. */
export const RESET_REASON = "reset by holder";

/**
 * SPEC §4 Factory Reset, kept honest (docs/decisions/036): the learner's progress starts again and
 * their notifications go, their certificates are revoked with an evidence record each (so a
 * verifier sees it), and every take stays stored for the audit trail; all in one commit. A guest
 * resets their progress only.
 */
export async function factoryReset(request: Request, now = new Date()): Promise<void> {
  const actor = await actorOf(request);
  const { account, learner } = actor;
  const revoked = await inOneTransaction(async () => {
    if (learner.id) {
      await resetProgress(learner.id, now);
      await resetCourseProgress(learner.id);
    }
    if (!account) return 0;
    const count = await revokeAllHeld({
      userId: account.id,
      reason: RESET_REASON,
      actorEmail: account.email,
      now,
    });
    await removeAllNotifications(account.id, now);
    return count;
  });
  if (account) forgetFigures(account.organisationId);
  await recordAnalyticsEvents({
    events: [
      {
        name: "factory_reset",
        properties: { revoked },
        path: href("/training"),
        locale: actor.locale,
      },
    ],
  });
  getLogger().info(
    { userId: account?.id ?? null, revoked },
    "training progress reset by its learner",
  );
}
