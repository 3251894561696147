import { data, href } from "react-router";
import {
  type HolderNameReply,
  type IssuanceOutcome,
  NEEDS_NAME_EVENT,
  achievementsDue,
  descriptionKey,
  getHolderName,
  issueCertificate,
  loadCertificatesPage,
  parseHolderName,
  setHolderName,
} from "~/domain/certificates/index.server";
import { loadCourseAchievements } from "~/domain/courses/index.server";
import { recordEvidence } from "~/domain/evidence/index.server";
import { achievementsOf, contentLanguage } from "~/domain/training/index.server";
import { inOneTransaction } from "~/platform/db/db.server";
import { getI18n } from "~/platform/i18n";
import { notify, settleNotifications } from "~/platform/notifications/index.server";
import { type Actor, actorOf } from "./actor.server";

// The one place certificates are issued (SPEC §9, docs/decisions/019 and 036): after a take or a
// course is completed, when the certificates page is opened, and when the name to print is given.
// Each certificate, its evidence record and its notification are committed together.

/**
 * Issues every certificate the actor has earned and does not hold yet. A guest holds none; a
 * learner without a name to print is asked for it first. Joins the caller's transaction.
 */
export function issueEarnedCertificates(actor: Actor, now = new Date()): Promise<IssuanceOutcome> {
  return inOneTransaction(async () => {
    const { account, learner } = actor;
    if (!account) return { kind: "guest" };
    const language = contentLanguage(actor.locale);
    const achievements = learner.id
      ? [
          ...(await achievementsOf(learner.id, language, actor.region)),
          ...(await loadCourseAchievements(learner.id)),
        ]
      : [];
    const due = await achievementsDue(account.id, achievements);
    const name = await getHolderName(account.id);
    if (!name) {
      const [first] = due;
      if (first) {
        await notify(account.id, {
          eventKey: NEEDS_NAME_EVENT,
          kind: "certificateNeedsName",
          params: { title: first.title },
          type: "training",
          priority: "high",
          actionRequired: true,
          actionUrl: href("/training/certificates"),
        });
      }
      return { kind: "needs-name", pending: due.length };
    }
    await settleNotifications(account.id, [NEEDS_NAME_EVENT]);
    if (due.length === 0) return { kind: "issued", issued: [], held: achievements.length };
    const { t } = getI18n(actor.locale);
    const issued: string[] = [];
    for (const achievement of due) {
      const { code, issued: payload } = await issueCertificate({
        userId: account.id,
        name,
        achievement,
        description: t(descriptionKey(achievement.kind), { title: achievement.title }),
        language,
        now,
      });
      if (payload) {
        await recordEvidence({
          organisationId: account.organisationId,
          user: account,
          kind: "certificate-issued",
          subject: `certificate:${code}`,
          scenarioId: achievement.id,
          payload: {
            jurisdiction: null,
            mode: "certificate",
            packVersion: null,
            timestamp: payload.issuedAt,
            content: { certificate: payload },
          },
        });
      }
      await notify(account.id, {
        eventKey: `certificate-issued:${code}`,
        kind: "certificateIssued",
        params: { title: achievement.title, code },
        type: "training",
        priority: "medium",
        actionRequired: false,
        actionUrl: href("/training/certificates"),
      });
      issued.push(code);
    }
    return { kind: "issued", issued, held: achievements.length };
  });
}

/** Saves the name to print and issues what was waiting for it, in one commit. */
export async function saveHolderNameAndIssue(request: Request, fields: Record<string, string>) {
  const actor = await actorOf(request);
  if (!actor.account) throw data({ message: "Sign in to continue." }, { status: 401 });
  const account = actor.account;
  const parsed = parseHolderName(fields);
  if ("reply" in parsed) return parsed.reply;
  const outcome = await inOneTransaction(async () => {
    await setHolderName(account.id, parsed.name);
    return issueEarnedCertificates(actor);
  });
  return data<HolderNameReply>({
    ok: true,
    name: parsed.name,
    issued: outcome.kind === "issued" ? outcome.issued.length : 0,
  });
}

/** The certificates page, after issuing any certificate earned since the learner last looked. */
export async function openCertificatesPage(request: Request) {
  const outcome = await issueEarnedCertificates(await actorOf(request));
  return loadCertificatesPage(request, outcome);
}
