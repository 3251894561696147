import { href } from "react-router";
import reminders from "../../../locales/en/reminders.json";
import { getDb } from "~/platform/db/db.server";
import {
  DEFAULT_LOCALE,
  LOCALES,
  type Locale,
  addEnglishNamespaces,
  getI18n,
  htmlLang,
  loadDictionaries,
  requiredRegion,
} from "~/platform/i18n";
import { type Mail, sendMail, sendMails } from "~/platform/mail/index.server";
import { type NewNotification, notifyMany } from "~/platform/notifications/index.server";
import { brand } from "~/platform/lib/brand";
import { formatLongDate } from "~/platform/lib/dates";
import { getEnv } from "~/platform/lib/env.server";
import { listOrganisations } from "./organisations.server";
import { extensionsOf } from "./requirements.server";
import { type ReminderKind, auditDateState, daysBetween, dueReminders, localDate } from "./rules";
import {
  type ComplianceSnapshot,
  type LearnerFacts,
  type RequirementState,
  complianceSnapshot,
} from "./status.server";
import type { Organisation } from "./types";

// Reminders and recertification notices (issue "Reminders"), sent by the job runner.
//
// At most once: every reminder is a row of reminder_claim, unique per (requirement, learner,
// cycle, kind), inserted before anything is sent. Only the pass whose insert made the row mails it,
// so two passes at once (two servers on one PostgreSQL) never both send it, and a pass that stops
// halfway leaves its claims behind: they stay `claimed` and are never sent again. A learner may
// then miss one reminder; they never get it twice, and the next reminder (a week later at most)
// still comes. A mail the mail server refuses is marked failed, in the claim and the outbox, and is
// not retried either: an address that bounces today bounces tomorrow.

addEnglishNamespaces({ reminders });

/** The recertification notice, claimed once per cycle like the reminders. */
const WINDOW_OPEN = "window-open";
/** Escalations of an overdue requirement: the line manager, then the compliance owner. */
const ESCALATE_MANAGER = "escalate-manager";
const ESCALATE_OWNER = "escalate-owner";
/** A manager's "remind now": claimed under its own instant, so it never blocks the job's. */
const MANUAL = "manual";
type ClaimKind =
  | ReminderKind
  | typeof WINDOW_OPEN
  | typeof ESCALATE_MANAGER
  | typeof ESCALATE_OWNER
  | typeof MANUAL;

/** Where a reminder sends the learner, and the manager. */
const COMPLIANCE_PATH = href("/training/compliance");
/** Where an escalation sends its reader: the people and what each still owes. */
const ROSTER_PATH = href("/training/roster");
/** Where the next audit date is set. */
const REQUIREMENTS_PATH = href("/training/requirements");
/** Rows per claim insert: 7 parameters each stays well under SQLite's and PostgreSQL's limits. */
const CLAIMS_PER_INSERT = 1000;
/** Reminders notified, mailed and marked together. */
const DELIVERIES_PER_BATCH = 500;

/**
 * The language of an organisation's mails. No language is stored per learner yet, so each region
 * reads its own first locale (CA → en-CA, TH → th-TH, VN → vi-VN, MY → ms-MY, SG → en-SG); a region
 * without a language of its own (ID, PH, EU) reads the default, English.
 */
export function organisationLocale(region: string): Locale {
  const wanted = region.toLowerCase();
  return LOCALES.find((locale) => requiredRegion(locale) === wanted) ?? DEFAULT_LOCALE;
}

export interface ReminderDue {
  requirementId: number;
  userId: string;
  cycle: number;
  kind: ClaimKind;
  /**
   * What reminder_claim stores: the kind, and for a cycle whose due date an extension moved, the
   * new date too (`overdue@2026-03-01`), so the new date gets its own reminders (rules.ts
   * `dueReminders`) while the claim stays unique per requirement, learner, cycle and kind.
   */
  claimKind: string;
  dueDate: string;
  /** For an escalation: the user it goes to (the learner's line manager, or the owner). */
  recipientId?: string;
  /** For an escalation: whole days overdue. */
  daysLate?: number;
}

const claimKey = (requirementId: number, userId: string, cycle: number, kind: string) =>
  `${requirementId}:${userId}:${cycle}:${kind}`;

/**
 * The reminders that fall due now and were not claimed before: at most one reminder per learner and
 * requirement (dueReminders), plus the recertification notice when a renewal cycle has opened.
 * `claimed` holds `claimKey`s; `extended` the `requirement:user:cycle` keys whose due date an
 * extension set, with that date.
 */
export function remindersDue(input: {
  states: readonly RequirementState[];
  claimed: ReadonlySet<string>;
  extended: ReadonlyMap<string, string>;
  /** Requirements due a number of days after assignment. */
  relative?: ReadonlySet<number>;
  now: Date;
  timeZone: string;
}): ReminderDue[] {
  const { states, claimed, extended, now, timeZone, relative = new Set() } = input;
  const due: ReminderDue[] = [];
  for (const state of states) {
    if (state.status === "completed") continue;
    const { requirementId, userId, cycle, effectiveDueDate: dueDate } = state;
    const add = (kind: ClaimKind, claimKind: string) => {
      if (!claimed.has(claimKey(requirementId, userId, cycle, claimKind))) {
        due.push({ requirementId, userId, cycle, kind, claimKind, dueDate });
      }
    };
    if (state.renewal) add(WINDOW_OPEN, WINDOW_OPEN);
    // A first cycle due after each member's assignment has a due date of its own (a reassignment
    // gives a new one), so its reminders are claimed under that date, like an extension's.
    const isExtended =
      extended.get(`${requirementId}:${userId}:${cycle}`) === dueDate ||
      (relative.has(requirementId) && cycle === 1);
    for (const { kind } of dueReminders({
      dueDate,
      completed: false,
      now,
      timeZone,
      sent: new Set(),
    })) {
      add(kind, isExtended ? `${kind}@${dueDate}` : kind);
    }
  }
  return due;
}

const isOverdue = (kind: ClaimKind) => kind.startsWith("overdue");

/**
 * The escalations that fall due now and were not claimed before: a requirement overdue
 * `escalationDays` days or more copies the learner's line manager, twice that many the compliance
 * owner (a step with nobody to go to is skipped). Claimed per due date, like the reminders.
 */
export function escalationsDue(input: {
  states: readonly RequirementState[];
  managerOf: ReadonlyMap<string, string | null>;
  ownerId: string | null;
  escalationDays: number;
  claimed: ReadonlySet<string>;
  now: Date;
  timeZone: string;
}): ReminderDue[] {
  const { states, managerOf, ownerId, escalationDays, claimed, now, timeZone } = input;
  const today = localDate(now, timeZone);
  const due: ReminderDue[] = [];
  for (const state of states) {
    if (state.status !== "overdue") continue;
    const { requirementId, userId, cycle, effectiveDueDate: dueDate } = state;
    const daysLate = daysBetween(dueDate, today);
    const steps: [ClaimKind, string | null | undefined, number][] = [
      [ESCALATE_MANAGER, managerOf.get(userId), escalationDays],
      [ESCALATE_OWNER, ownerId, 2 * escalationDays],
    ];
    for (const [kind, recipientId, after] of steps) {
      if (!recipientId || recipientId === userId || daysLate < after) continue;
      const claimKind = `${kind}@${dueDate}`;
      if (claimed.has(claimKey(requirementId, userId, cycle, claimKind))) continue;
      due.push({ requirementId, userId, cycle, kind, claimKind, dueDate, recipientId, daysLate });
    }
  }
  return due;
}

/** Every claim already made for these requirements, as `claimKey`s: one query. */
async function claimedKeys(requirementIds: readonly number[]): Promise<Set<string>> {
  if (requirementIds.length === 0) return new Set();
  const rows = await getDb()
    .selectFrom("reminder_claim")
    .select(["requirement_id", "user_id", "cycle", "kind"])
    .where("requirement_id", "in", requirementIds)
    .execute();
  return new Set(
    rows.map((row) =>
      claimKey(Number(row.requirement_id), row.user_id, Number(row.cycle), row.kind),
    ),
  );
}

/**
 * Claims the reminders, many per statement; answers those this pass claimed, with their claim ids.
 * A reminder another pass claimed first is not returned (ON CONFLICT DO NOTHING RETURNING).
 */
async function claim(
  due: readonly ReminderDue[],
  now: Date,
  extra: { sentTo?: ReadonlyMap<string, string>; actorEmail?: string } = {},
) {
  const claimed: (ReminderDue & { claimId: number })[] = [];
  const byKey = new Map(
    due.map((item) => [
      claimKey(item.requirementId, item.userId, item.cycle, item.claimKind),
      item,
    ]),
  );
  for (let start = 0; start < due.length; start += CLAIMS_PER_INSERT) {
    const rows = await getDb()
      .insertInto("reminder_claim")
      .values(
        due.slice(start, start + CLAIMS_PER_INSERT).map((item) => ({
          requirement_id: item.requirementId,
          user_id: item.userId,
          cycle: item.cycle,
          kind: item.claimKind,
          status: "claimed",
          claimed_at: now.toISOString(),
          finished_at: null,
          error: null,
          sent_to: item.recipientId ? (extra.sentTo?.get(item.recipientId) ?? null) : null,
          actor_email: extra.actorEmail ?? null,
        })),
      )
      .onConflict((conflict) =>
        conflict.columns(["requirement_id", "user_id", "cycle", "kind"]).doNothing(),
      )
      .returning(["id", "requirement_id", "user_id", "cycle", "kind"])
      .execute();
    for (const row of rows) {
      const item = byKey.get(
        claimKey(Number(row.requirement_id), row.user_id, Number(row.cycle), row.kind),
      );
      if (item) claimed.push({ ...item, claimId: Number(row.id) });
    }
  }
  return claimed;
}

type Delivery = "sent" | "queued" | "failed";

/** Records how each claimed reminder went: one update per outcome, not one per learner. */
async function finishClaims(outcomes: ReadonlyMap<Delivery, number[]>) {
  const finishedAt = new Date().toISOString();
  for (const [status, ids] of outcomes) {
    for (let start = 0; start < ids.length; start += CLAIMS_PER_INSERT) {
      await getDb()
        .updateTable("reminder_claim")
        .set({
          status,
          finished_at: finishedAt,
          // sendMail keeps the mail server's reason in the outbox row of the mail.
          error:
            status === "failed" ? "The mail server refused the reminder; see the outbox." : null,
        })
        .where("id", "in", ids.slice(start, start + CLAIMS_PER_INSERT))
        .execute();
    }
  }
}

interface MailContext {
  t: ReturnType<typeof getI18n>["t"];
  language: string;
  organisation: Organisation;
  url: string;
}

const formatDate = (context: MailContext, date: string) =>
  formatLongDate(context.language, new Date(`${date}T00:00:00Z`));

function closing(context: MailContext, why: string): string[] {
  return [context.t("reminders:signOff"), brand.fullName, "", "--", why];
}

/** The learner's mail for one reminder, in the organisation's language. */
export function learnerMail(
  context: MailContext,
  input: { learner: LearnerFacts; requirement: string; reminder: ReminderDue; now: Date },
): Mail {
  const { t, organisation } = context;
  const { learner, requirement, reminder, now } = input;
  const values = {
    requirement,
    dueDate: formatDate(context, reminder.dueDate),
    organisation: organisation.name,
  };
  // A reminder sent late (the job was down) counts the days actually left.
  const daysLeft = daysBetween(localDate(now, organisation.timeZone), reminder.dueDate);
  const texts =
    reminder.kind === WINDOW_OPEN
      ? {
          subject: t("reminders:windowOpen.subject", values),
          body: t("reminders:windowOpen.body", values),
        }
      : reminder.kind === "overdue"
        ? {
            subject: t("reminders:overdue.subject", values),
            body: t("reminders:overdue.body", values),
          }
        : isOverdue(reminder.kind)
          ? {
              subject: t("reminders:stillOverdue.subject", values),
              body: t("reminders:stillOverdue.body", values),
            }
          : daysLeft <= 0
            ? {
                subject: t("reminders:dueToday.subject", values),
                body: t("reminders:dueToday.body", values),
              }
            : {
                subject: t("reminders:dueSoon.subject", { ...values, count: daysLeft }),
                body: t("reminders:dueSoon.body", { ...values, count: daysLeft }),
              };
  const greeting = learner.name.trim()
    ? t("reminders:greeting", { name: learner.name.trim() })
    : t("reminders:greetingNoName");
  return {
    to: learner.email,
    subject: texts.subject,
    text: [
      greeting,
      "",
      texts.body,
      "",
      t("reminders:openRequirements", { url: context.url }),
      "",
      ...closing(
        context,
        t("reminders:why", { organisation: organisation.name, product: brand.fullName }),
      ),
    ].join("\n"),
  };
}

interface DigestLine {
  learner: LearnerFacts;
  requirement: string;
  dueDate: string;
  newly: boolean;
}

/** The managers' summary of the overdue reminders a pass sent. */
export function managerDigestMail(
  context: MailContext,
  manager: LearnerFacts,
  lines: readonly DigestLine[],
): Mail {
  const { t, organisation } = context;
  const count = lines.length;
  const greeting = manager.name.trim()
    ? t("reminders:greeting", { name: manager.name.trim() })
    : t("reminders:greetingNoName");
  return {
    to: manager.email,
    subject: t("reminders:digest.subject", { organisation: organisation.name, count }),
    text: [
      greeting,
      "",
      t("reminders:digest.intro", { organisation: organisation.name, count }),
      "",
      ...lines.map((line) =>
        t(line.newly ? "reminders:digest.newlyOverdue" : "reminders:digest.stillOverdue", {
          learner: line.learner.name.trim() || line.learner.email,
          email: line.learner.email,
          requirement: line.requirement,
          dueDate: formatDate(context, line.dueDate),
        }),
      ),
      "",
      t("reminders:digest.openDashboard", { url: context.url }),
      "",
      ...closing(
        context,
        t("reminders:digest.why", { organisation: organisation.name, product: brand.fullName }),
      ),
    ].join("\n"),
  };
}

/** The learner's notification of a reminder: one per requirement, cycle and kind. */
function reminderNotification(reminder: ReminderDue, requirement: string): NewNotification {
  const overdue = isOverdue(reminder.kind);
  return {
    eventKey: `requirement-reminder:${reminder.requirementId}:${reminder.cycle}:${reminder.claimKind}`,
    kind:
      reminder.kind === WINDOW_OPEN
        ? "recertificationOpen"
        : overdue
          ? "requirementOverdue"
          : "requirementDueSoon",
    params: { requirement, dueDate: reminder.dueDate },
    type: "compliance",
    // SPEC §3: only high-priority notifications carry an action (the compliance page).
    ...(overdue
      ? { priority: "high", actionRequired: true, actionUrl: COMPLIANCE_PATH }
      : { priority: "medium", actionRequired: false }),
  };
}

export interface ReminderPassResult {
  /** Reminders this pass claimed (and so mailed, or tried to). */
  claimed: number;
  sent: number;
  queued: number;
  failed: number;
  /** Mails to managers. */
  digests: number;
  /** Escalations mailed to line managers and compliance owners. */
  escalations: number;
}

/** One organisation's reminders; see the comment at the top of the file. */
async function remindOrganisation(
  organisation: Organisation,
  { now, smtpUrl }: { now: Date; smtpUrl?: string },
): Promise<ReminderPassResult> {
  const result: ReminderPassResult = {
    claimed: 0,
    sent: 0,
    queued: 0,
    failed: 0,
    digests: 0,
    escalations: 0,
  };
  const snapshot = await complianceSnapshot(organisation, { now });
  await warnOfPassedAudit(snapshot, now);
  if (snapshot.states.length === 0) return result;
  const requirementIds = snapshot.requirements.map((requirement) => requirement.id);
  const [claimed, extensions] = await Promise.all([
    claimedKeys(requirementIds),
    extensionsOf(requirementIds),
  ]);
  // The newest extension of a cycle counts, and extensionsOf lists them oldest first.
  const extended = new Map(
    extensions.map((extension) => [
      `${extension.requirementId}:${extension.userId}:${extension.cycle}`,
      extension.dueDate,
    ]),
  );
  const mine = await claim(
    remindersDue({
      states: snapshot.states,
      claimed,
      extended,
      relative: new Set(
        snapshot.requirements
          .filter((requirement) => requirement.dueDays !== null)
          .map((requirement) => requirement.id),
      ),
      now,
      timeZone: organisation.timeZone,
    }),
    now,
  );
  const learners = new Map(snapshot.learners.map((learner) => [learner.id, learner]));
  const emails = new Map(snapshot.learners.map((learner) => [learner.id, learner.email]));
  const escalations = await claim(
    escalationsDue({
      states: snapshot.states,
      managerOf: new Map(snapshot.learners.map((learner) => [learner.id, learner.managerId])),
      // A compliance owner who has left the organisation is nobody to escalate to.
      ownerId:
        organisation.complianceOwnerId && learners.has(organisation.complianceOwnerId)
          ? organisation.complianceOwnerId
          : null,
      escalationDays: organisation.escalationDays,
      claimed,
      now,
      timeZone: organisation.timeZone,
    }).filter((escalation) => learners.has(escalation.recipientId ?? "")),
    now,
    { sentTo: emails },
  );
  result.claimed = mine.length + escalations.length;
  if (result.claimed === 0) return result;

  const context = await mailContext(organisation);
  const requirementNames = new Map(snapshot.requirements.map((r) => [r.id, r.name]));
  const mailOptions = smtpUrl === undefined ? {} : { smtpUrl };
  const digest: DigestLine[] = [];
  const prepared = mine.flatMap((reminder) => {
    const learner = learners.get(reminder.userId);
    const requirement = requirementNames.get(reminder.requirementId);
    return learner && requirement !== undefined ? [{ reminder, learner, requirement }] : [];
  });
  // Written in batches, a few statements each, not a commit per learner.
  for (let start = 0; start < prepared.length; start += DELIVERIES_PER_BATCH) {
    const batch = prepared.slice(start, start + DELIVERIES_PER_BATCH);
    await notifyMany(
      batch.map(({ reminder, learner, requirement }) => ({
        userId: learner.id,
        notification: reminderNotification(reminder, requirement),
      })),
    );
    const deliveries = await sendMails(
      batch.map(({ reminder, learner, requirement }) =>
        learnerMail(context, { learner, requirement, reminder, now }),
      ),
      mailOptions,
    );
    const outcomes = new Map<Delivery, number[]>();
    for (const [index, { reminder, learner, requirement }] of batch.entries()) {
      const delivery = deliveries[index] ?? "failed";
      outcomes.set(delivery, (outcomes.get(delivery) ?? []).concat(reminder.claimId));
      result[delivery] += 1;
      if (isOverdue(reminder.kind)) {
        digest.push({
          learner,
          requirement,
          dueDate: reminder.dueDate,
          newly: reminder.kind === "overdue",
        });
      }
    }
    await finishClaims(outcomes);
  }

  // Each escalation is its own mail to one person about one learner: few, and each asks them to act.
  const escalated = escalations.flatMap((escalation) => {
    const learner = learners.get(escalation.userId);
    const recipient = learners.get(escalation.recipientId ?? "");
    const requirement = requirementNames.get(escalation.requirementId);
    return learner && recipient && requirement !== undefined
      ? [{ escalation, learner, recipient, requirement }]
      : [];
  });
  if (escalated.length > 0) {
    const deliveries = await sendMails(
      escalated.map(({ escalation, learner, recipient, requirement }) =>
        escalationMail(context, { escalation, learner, recipient, requirement }),
      ),
      mailOptions,
    );
    const outcomes = new Map<Delivery, number[]>();
    for (const [index, { escalation }] of escalated.entries()) {
      const delivery = deliveries[index] ?? "failed";
      outcomes.set(delivery, (outcomes.get(delivery) ?? []).concat(escalation.claimId));
      result[delivery] += 1;
      result.escalations += 1;
    }
    await finishClaims(outcomes);
  }

  // Managers get one summary per pass rather than a copy of every overdue reminder: on the day a
  // deadline passes, an organisation of 2,000 learners would otherwise flood each manager's inbox
  // with hundreds of near-identical mails. The summary lists only what this pass claimed, so a
  // learner appears in it once per reminder, however many passes or servers run.
  if (digest.length > 0) {
    digest.sort((a, b) => a.learner.email.localeCompare(b.learner.email));
    for (const manager of snapshot.learners.filter((member) => member.role === "manager")) {
      await sendMail(managerDigestMail(context, manager, digest), mailOptions);
      result.digests += 1;
    }
  }
  return result;
}

async function mailContext(organisation: Organisation): Promise<MailContext> {
  const locale = organisationLocale(organisation.region);
  await loadDictionaries(locale);
  return {
    t: getI18n(locale).t,
    language: htmlLang(locale),
    organisation,
    url: `${getEnv().APP_URL}${COMPLIANCE_PATH}`,
  };
}

/** The mail that copies a line manager or the compliance owner on an overdue requirement. */
export function escalationMail(
  context: MailContext,
  input: {
    escalation: ReminderDue;
    learner: LearnerFacts;
    recipient: LearnerFacts;
    requirement: string;
  },
): Mail {
  const { t, organisation } = context;
  const { escalation, learner, recipient, requirement } = input;
  const values = {
    learner: learner.name.trim() || learner.email,
    email: learner.email,
    requirement,
    dueDate: formatDate(context, escalation.dueDate),
    organisation: organisation.name,
    count: escalation.daysLate ?? 0,
  };
  const greeting = recipient.name.trim()
    ? t("reminders:greeting", { name: recipient.name.trim() })
    : t("reminders:greetingNoName");
  const owner = escalation.kind === ESCALATE_OWNER;
  return {
    to: recipient.email,
    subject: t("reminders:escalation.subject", values),
    text: [
      greeting,
      "",
      t(owner ? "reminders:escalation.bodyOwner" : "reminders:escalation.bodyManager", values),
      "",
      t("reminders:escalation.openRoster", { url: `${getEnv().APP_URL}${ROSTER_PATH}` }),
      "",
      ...closing(
        context,
        t(owner ? "reminders:escalation.whyOwner" : "reminders:escalation.whyManager", {
          organisation: organisation.name,
          product: brand.fullName,
        }),
      ),
    ].join("\n"),
  };
}

/**
 * SPEC §9's next audit date once it has passed: the compliance owner (or, without one, each
 * manager) is told under the bell, once per date, so the dashboard never shows a past date as the
 * next audit without someone who can change it having been warned.
 */
async function warnOfPassedAudit(snapshot: ComplianceSnapshot, now: Date): Promise<void> {
  const { organisation, learners } = snapshot;
  if (!auditDateState(organisation.nextAudit, now, organisation.timeZone).past) return;
  const owner = learners.find((learner) => learner.id === organisation.complianceOwnerId);
  const told = owner ? [owner] : learners.filter((learner) => learner.role === "manager");
  if (told.length === 0) return;
  await notifyMany(
    told.map((learner) => ({
      userId: learner.id,
      notification: {
        eventKey: `audit-date-passed:${organisation.id}:${organisation.nextAudit}`,
        kind: "auditDatePassed" as const,
        params: { organisation: organisation.name, date: organisation.nextAudit },
        type: "audit",
        priority: "high",
        actionRequired: true,
        actionUrl: REQUIREMENTS_PATH,
      },
    })),
  );
}

/**
 * One reminder pass at `now` over every organisation (or one): claims the reminders that fall due,
 * notifies and mails each learner, and sends each organisation's managers their summary.
 * `smtpUrl` replaces SMTP_URL (tests).
 */
export async function runReminderPass({
  now = new Date(),
  organisationId,
  smtpUrl,
}: { now?: Date; organisationId?: number; smtpUrl?: string } = {}): Promise<ReminderPassResult> {
  const total: ReminderPassResult = {
    claimed: 0,
    sent: 0,
    queued: 0,
    failed: 0,
    digests: 0,
    escalations: 0,
  };
  const organisations = (await listOrganisations()).filter(
    (organisation) => organisationId === undefined || organisation.id === organisationId,
  );
  // One organisation's failure (its data, the database for a moment) does not hold back the others'
  // reminders; the pass still fails at the end, so the runner logs it and cron sees it.
  const failures: unknown[] = [];
  for (const organisation of organisations) {
    try {
      const result = await remindOrganisation(organisation, { now, smtpUrl });
      for (const key of Object.keys(total) as (keyof ReminderPassResult)[]) {
        total[key] += result[key];
      }
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length > 0) {
    throw new AggregateError(failures, `Reminders failed for ${failures.length} organisation(s).`);
  }
  return total;
}

/**
 * A manager's "remind now" for the selected rows (`<requirement id>:<user id>`) of their
 * organisation: each learner who has not completed the requirement is mailed and notified at
 * once, and the reminder is recorded with who asked for it. Rows of another organisation, or
 * already completed, are left alone. Answers how many were reminded and how many were not.
 */
export async function remindNow(
  organisation: Organisation,
  rowKeys: readonly string[],
  actorEmail: string,
  { now = new Date(), smtpUrl }: { now?: Date; smtpUrl?: string } = {},
): Promise<{ done: number; skipped: number }> {
  const wanted = new Set(rowKeys);
  const userIds = [...new Set(rowKeys.map((key) => key.slice(key.indexOf(":") + 1)))];
  const snapshot = await complianceSnapshot(organisation, { userIds, now });
  const states = snapshot.states.filter(
    (state) => state.status !== "completed" && wanted.has(`${state.requirementId}:${state.userId}`),
  );
  const at = now.toISOString();
  const mine = await claim(
    states.map((state) => ({
      requirementId: state.requirementId,
      userId: state.userId,
      cycle: state.cycle,
      kind: MANUAL,
      claimKind: `${MANUAL}@${at}`,
      dueDate: state.effectiveDueDate,
    })),
    now,
    { actorEmail },
  );
  if (mine.length > 0) {
    const context = await mailContext(organisation);
    const learners = new Map(snapshot.learners.map((learner) => [learner.id, learner]));
    const names = new Map(snapshot.requirements.map((r) => [r.id, r.name]));
    const overdue = new Set(
      states
        .filter((state) => state.status === "overdue")
        .map((state) => `${state.requirementId}:${state.userId}`),
    );
    const prepared = mine.flatMap((reminder) => {
      const learner = learners.get(reminder.userId);
      const requirement = names.get(reminder.requirementId);
      if (!learner || requirement === undefined) return [];
      // Worded as the job words the same state: still overdue, or due in so many days.
      const kind: ClaimKind = overdue.has(`${reminder.requirementId}:${reminder.userId}`)
        ? "overdue-week-1"
        : "before-14";
      return [{ reminder: { ...reminder, kind }, learner, requirement }];
    });
    await notifyMany(
      prepared.map(({ reminder, learner, requirement }) => ({
        userId: learner.id,
        notification: reminderNotification(reminder, requirement),
      })),
    );
    const deliveries = await sendMails(
      prepared.map(({ reminder, learner, requirement }) =>
        learnerMail(context, { learner, requirement, reminder, now }),
      ),
      smtpUrl === undefined ? {} : { smtpUrl },
    );
    const outcomes = new Map<Delivery, number[]>();
    for (const [index, { reminder }] of prepared.entries()) {
      const delivery = deliveries[index] ?? "failed";
      outcomes.set(delivery, (outcomes.get(delivery) ?? []).concat(reminder.claimId));
    }
    await finishClaims(outcomes);
  }
  return { done: mine.length, skipped: rowKeys.length - mine.length };
}

export interface ReminderLogEntry {
  at: string;
  /** The learner reminded, or about whom an escalation was sent. */
  learnerId: string;
  requirement: string;
  /** `reminder`, `manual`, `escalate-manager`, `escalate-owner` or `window-open`. */
  kind: string;
  /** An escalation's recipient. */
  sentTo: string | null;
  /** Who asked for a manual reminder. */
  actorEmail: string | null;
  status: "claimed" | "sent" | "queued" | "failed";
}

/** The organisation's reminders and escalations, newest first: every one is recorded. */
export async function reminderLog(
  organisationId: number,
  limit = 100,
): Promise<ReminderLogEntry[]> {
  const rows = await getDb()
    .selectFrom("reminder_claim")
    .innerJoin("requirement", "requirement.id", "reminder_claim.requirement_id")
    .select([
      "reminder_claim.claimed_at",
      "reminder_claim.user_id",
      "requirement.name",
      "reminder_claim.kind",
      "reminder_claim.sent_to",
      "reminder_claim.actor_email",
      "reminder_claim.status",
    ])
    .where("requirement.organisation_id", "=", organisationId)
    .orderBy("reminder_claim.id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => {
    const kind = row.kind.split("@")[0] ?? row.kind;
    return {
      at: row.claimed_at,
      learnerId: row.user_id,
      requirement: row.name,
      kind:
        kind === MANUAL ||
        kind === ESCALATE_MANAGER ||
        kind === ESCALATE_OWNER ||
        kind === WINDOW_OPEN
          ? kind
          : "reminder",
      sentTo: row.sent_to,
      actorEmail: row.actor_email,
      status: row.status,
    };
  });
}
