// Compliance rules (SPEC §3 compliance requirement and analytics, §4 training data, §9): pure
// functions shared by the dashboard, the reminder job and the reports, so each answers "is this
// overdue?" the same way.
//
// Three kinds of time, never mixed up:
// - an instant is a `Date` or an ISO 8601 timestamp with its offset (`2026-01-31T23:30:00.000Z`),
//   as the database and certificates store them; `now` is always passed in, never read here;
// - a calendar date is `YYYY-MM-DD` with no time zone of its own: a due date ends at the end of that
//   day wherever the learner is, so it is compared with the learner's local date of `now`;
// - a time zone is an IANA name (`America/Toronto`); an unknown one throws a RangeError.

import { RENEWAL_OPENS_DAYS, VALIDITY_YEARS } from "~/domain/certificates";
import { DEFAULT_REGULATOR, REGULATOR_BY_REGION } from "./constants";

export type Instant = Date | string | number;

const DAY_MS = 24 * 60 * 60 * 1000;

// Building an Intl formatter costs more than the rest of a rule; one per time zone is kept.
const localDates = new Map<string, Intl.DateTimeFormat>();

/** The calendar date (YYYY-MM-DD) an instant falls on in a time zone. */
export function localDate(instant: Instant, timeZone: string): string {
  let format = localDates.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      calendar: "gregory",
      numberingSystem: "latn",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
    localDates.set(timeZone, format);
  }
  const parts = format.formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((candidate) => candidate.type === type)?.value ?? "";
  return `${part("year").padStart(4, "0")}-${part("month")}-${part("day")}`;
}

/** Days since 1970-01-01 of a calendar date; a malformed or impossible date throws. */
function dayNumber(date: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const time = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : NaN;
  // Date.UTC rolls 2026-02-30 over to 2 March; reading the date back catches it.
  if (Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== date) {
    throw new RangeError(`Not a calendar date (YYYY-MM-DD): ${date}`);
  }
  return time / DAY_MS;
}

/** Whole days from one calendar date to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

export type RequirementState = "completed" | "overdue" | "pending";

export interface RequirementStatus {
  status: RequirementState;
  /** The learner's local date of completion; null until completed. */
  completedDate: string | null;
  /** The due date that counts: an extension when there is one. */
  effectiveDueDate: string;
}

/**
 * SPEC §9: a requirement is overdue when its due date has passed and it is not completed, else
 * completed or pending. A completion counts whenever it came, late or not, and from the moment it
 * happened, so a report for a past `now` sees the state of that day. An extension only ever moves
 * the due date later: one earlier than the due date is ignored.
 */
export function requirementStatus(input: {
  dueDate: string;
  completedAt: Instant | null;
  now: Date;
  timeZone: string;
  extendedDueDate?: string | null;
}): RequirementStatus {
  const { dueDate, completedAt, now, timeZone, extendedDueDate } = input;
  const effectiveDueDate =
    extendedDueDate && daysBetween(dueDate, extendedDueDate) > 0 ? extendedDueDate : dueDate;
  if (completedAt !== null && new Date(completedAt).getTime() <= now.getTime()) {
    return {
      status: "completed",
      completedDate: localDate(completedAt, timeZone),
      effectiveDueDate,
    };
  }
  const overdue = daysBetween(effectiveDueDate, localDate(now, timeZone)) > 0;
  return { status: overdue ? "overdue" : "pending", completedDate: null, effectiveDueDate };
}

export type Recurrence = "none" | "yearly";

/** The learner's newest certificate for the training that fulfils a requirement. */
export interface CertificateTerm {
  /**
   * Its place among the learner's certificates for that training, 1 for the first, as stored.
   * A renewal is issued only once the previous certificate has expired, so each generation
   * fulfils one cycle and the cycle number follows from it.
   */
  generation: number;
  issuedAt: Instant;
  expiresAt: Instant;
}

export interface Cycle {
  /** 1-based: the first completion fulfils cycle 1, each renewal the next one. */
  cycle: number;
  /**
   * When the certificate's recertification window opens (or opened, when `windowOpen`): the start
   * of the next cycle. Null without a certificate, and for a requirement that never recurs.
   */
  opensAt: string | null;
  /** The current cycle is a renewal waiting for a newer certificate. */
  windowOpen: boolean;
  /** The current cycle is fulfilled: the requirement counts as completed. */
  fulfilled: boolean;
  /** While `windowOpen`: when the certificate being renewed expires (or expired). */
  renewBy: string | null;
}

/**
 * The cycle a learner is in for a requirement. A yearly requirement is fulfilled while its
 * certificate is valid and outside the recertification window; from `expiresAt - windowDays` on, the
 * next cycle is open and unfulfilled until a newer certificate is passed in. A requirement without
 * recurrence has one cycle forever, fulfilled by any certificate, even an expired one. Pass the
 * newest certificate that is not revoked, or null. Days are counted as 24 hours.
 */
export function currentCycle(input: {
  recurrence: Recurrence;
  windowDays: number;
  certificate: CertificateTerm | null;
  now: Date;
}): Cycle {
  const { recurrence, windowDays, certificate, now } = input;
  if (!Number.isFinite(windowDays) || windowDays < 0) {
    throw new RangeError(`A recertification window is a number of days, 0 or more: ${windowDays}`);
  }
  const none = { opensAt: null, windowOpen: false, renewBy: null };
  if (recurrence === "none") return { cycle: 1, fulfilled: certificate !== null, ...none };
  if (!certificate) return { cycle: 1, fulfilled: false, ...none };
  const expiresAt = new Date(certificate.expiresAt);
  const opensAt = new Date(expiresAt.getTime() - windowDays * DAY_MS);
  const windowOpen = now.getTime() >= opensAt.getTime();
  return {
    cycle: certificate.generation + (windowOpen ? 1 : 0),
    opensAt: opensAt.toISOString(),
    windowOpen,
    fulfilled: !windowOpen,
    renewBy: windowOpen ? expiresAt.toISOString() : null,
  };
}

/** SPEC §3, §9: completed requirements of all requirements, a whole percent; 0 without any. */
export function complianceScore(states: readonly RequirementState[]): number {
  if (states.length === 0) return 0;
  return Math.round((100 * states.filter((state) => state === "completed").length) / states.length);
}

/**
 * SPEC §3, §9: module completions of all the modules every user could complete, a whole percent;
 * 0 without users. `completions` counts distinct (user, module) pairs; the module count is passed
 * in because the catalogue is read on the server only.
 */
export function teamCompletionRate(input: {
  completions: number;
  users: number;
  moduleCount: number;
}): number {
  const possible = input.users * input.moduleCount;
  return possible === 0 ? 0 : Math.round((100 * input.completions) / possible);
}

/**
 * SPEC §3: the mean time from a take's first answer to its completion, in whole minutes; null
 * when no take is completed. The clock starts at the first answer, not at the page view, so a
 * module left open in a tab does not count as time spent.
 */
export function averageMinutesToComplete(
  takes: readonly { firstAnswerAt: Instant; completedAt: Instant }[],
): number | null {
  if (takes.length === 0) return null;
  const totalMs = takes.reduce(
    (sum, take) =>
      sum + new Date(take.completedAt).getTime() - new Date(take.firstAnswerAt).getTime(),
    0,
  );
  return Math.round(totalMs / takes.length / 60_000);
}

/** Days before the due date on which a learner is reminded, latest first. */
const REMINDER_DAYS_BEFORE = [1, 7, 14] as const;

export type ReminderKind =
  `before-${(typeof REMINDER_DAYS_BEFORE)[number]}` | "overdue" | `overdue-week-${number}`;

export interface Reminder {
  kind: ReminderKind;
  /** Overdue reminders also go to the learner's managers. */
  copyManagers: boolean;
}

/**
 * The reminder to send now for one requirement of one learner, if any (a list of at most one, so a
 * job can loop over it). Reminders fall on the learner's local dates 14, 7 and 1 days before the
 * (effective) due date, on the first day after it ("overdue"), and every 7 days after that
 * ("overdue-week-1", "-2", …). When the job missed a date, only the latest reminder that has
 * fallen due is sent, late, never a burst of stale ones; one already in `sent` is not sent again.
 * `sent` holds the kinds sent for this due date (a new cycle or extension starts a new set).
 */
export function dueReminders(input: {
  dueDate: string;
  completed: boolean;
  now: Date;
  timeZone: string;
  sent: ReadonlySet<string>;
}): Reminder[] {
  const { dueDate, completed, now, timeZone, sent } = input;
  if (completed) return [];
  const daysLate = daysBetween(dueDate, localDate(now, timeZone));
  let kind: ReminderKind | undefined;
  if (daysLate > 0) {
    const weeks = Math.floor((daysLate - 1) / 7);
    kind = weeks === 0 ? "overdue" : `overdue-week-${weeks}`;
  } else {
    const daysBefore = REMINDER_DAYS_BEFORE.find((days) => days >= -daysLate);
    if (daysBefore !== undefined) kind = `before-${daysBefore}`;
  }
  if (kind === undefined || sent.has(kind)) return [];
  return [{ kind, copyManagers: kind.startsWith("overdue") }];
}

/** The month (YYYY-MM) an instant falls in, in a time zone. */
export function monthKey(instant: Instant, timeZone: string): string {
  return localDate(instant, timeZone).slice(0, 7);
}

/** The `count` months ending with the current one in a time zone, oldest first. */
export function lastMonths(now: Date, timeZone: string, count = 6): string[] {
  const [year = 0, month = 1] = monthKey(now, timeZone).split("-").map(Number);
  return Array.from({ length: count }, (_, index) => {
    const months = year * 12 + (month - 1) - (count - 1 - index);
    return `${String(Math.floor(months / 12)).padStart(4, "0")}-${String((months % 12) + 1).padStart(2, "0")}`;
  });
}

export interface MonthStats {
  month: string;
  completions: number;
  newUsers: number;
  certificates: number;
}

/**
 * SPEC §3 analytics: completions, new users and certificates issued per month, for the `months`
 * months ending with the current one in the viewer's time zone, oldest first. Events outside
 * those months are left out; a month without events reads zeros.
 */
export function monthlyStats(
  events: {
    completions: readonly Instant[];
    newUsers: readonly Instant[];
    certificates: readonly Instant[];
  },
  now: Date,
  timeZone: string,
  months = 6,
): MonthStats[] {
  const stats = new Map(
    lastMonths(now, timeZone, months).map((month) => [
      month,
      { month, completions: 0, newUsers: 0, certificates: 0 },
    ]),
  );
  for (const field of ["completions", "newUsers", "certificates"] as const) {
    for (const instant of events[field]) {
      const bucket = stats.get(monthKey(instant, timeZone));
      if (bucket) bucket[field] += 1;
    }
  }
  return [...stats.values()];
}

/** SPEC §9: the regulator named for a region, in either case (`ca` or `CA`); FINTRAC otherwise. */
export function regulatorFor(region: string | null | undefined): string {
  const code = (region ?? "").toUpperCase();
  return REGULATOR_BY_REGION[code] ?? DEFAULT_REGULATOR;
}

/** One year on, as a certificate's validity counts it (29 February becomes 1 March). */
export function oneYearAfter(instant: Instant): Date {
  const later = new Date(instant);
  later.setUTCFullYear(later.getUTCFullYear() + VALIDITY_YEARS);
  return later;
}

/**
 * When a learner fulfilled each cycle of a requirement, oldest first: the moment the last of its
 * modules was passed. The first cycle takes any passes; each later cycle only passes from
 * RENEWAL_OPENS_DAYS before the previous fulfilment's year ends (the certificates' renewal period),
 * so a retake renews the requirement exactly when it renews the certificate. A requirement that
 * never recurs is fulfilled once. `passes` holds each module's passing completions, in any order;
 * passes after `now` are left out.
 */
export function fulfilments(input: {
  moduleIds: readonly string[];
  passes: ReadonlyMap<string, readonly Instant[]>;
  recurrence: Recurrence;
  now: Date;
}): string[] {
  const { moduleIds, passes, recurrence, now } = input;
  if (moduleIds.length === 0) return [];
  const sorted = moduleIds.map((id) =>
    (passes.get(id) ?? [])
      .map((instant) => new Date(instant).getTime())
      .filter((time) => time <= now.getTime())
      .sort((a, b) => a - b),
  );
  const terms: string[] = [];
  let from = -Infinity;
  for (;;) {
    const firsts = sorted.map((times) => times.find((time) => time >= from));
    if (firsts.some((time) => time === undefined)) break;
    const fulfilled = Math.max(...(firsts as number[]));
    terms.push(new Date(fulfilled).toISOString());
    if (recurrence === "none") break;
    from = oneYearAfter(fulfilled).getTime() - RENEWAL_OPENS_DAYS * DAY_MS;
  }
  return terms;
}

export interface LearnerRequirement extends RequirementStatus {
  cycle: number;
  /** When the current cycle was fulfilled; null while it is not. */
  completedAt: string | null;
  /** The current cycle renews a previous one (its recertification window is open). */
  renewal: boolean;
}

/**
 * Where a learner stands on a requirement now: the cycle they are in, its due date (the
 * requirement's for the first cycle, the end of the previous year of validity for a renewal,
 * either moved by an extension of that cycle) and its status.
 */
export function learnerRequirement(input: {
  dueDate: string;
  recurrence: Recurrence;
  windowDays: number;
  /** From `fulfilments`. */
  fulfilled: readonly string[];
  /** Extended due dates by cycle. */
  extensions: ReadonlyMap<number, string>;
  now: Date;
  timeZone: string;
}): LearnerRequirement {
  const { recurrence, windowDays, fulfilled, extensions, now, timeZone } = input;
  const last = fulfilled.at(-1);
  const cycle = currentCycle({
    recurrence,
    windowDays,
    certificate: last
      ? { generation: fulfilled.length, issuedAt: last, expiresAt: oneYearAfter(last) }
      : null,
    now,
  });
  const previous = fulfilled[cycle.cycle - 2];
  const dueDate = previous ? localDate(oneYearAfter(previous), timeZone) : input.dueDate;
  const completedAt = cycle.fulfilled ? (last ?? null) : null;
  return {
    ...requirementStatus({
      dueDate,
      completedAt,
      now,
      timeZone,
      extendedDueDate: extensions.get(cycle.cycle) ?? null,
    }),
    cycle: cycle.cycle,
    completedAt,
    renewal: cycle.windowOpen,
  };
}

/** The calendar date `days` days after another (before, when negative). */
export function addDays(date: string, days: number): string {
  return new Date((dayNumber(date) + days) * DAY_MS).toISOString().slice(0, 10);
}

export const GROUP_KINDS = ["team", "department", "role", "location"] as const;
export type GroupKind = (typeof GROUP_KINDS)[number];

/**
 * Who a requirement is assigned to. Null is everyone in the organisation. Otherwise the members of
 * any (or all) of `groupIds` (none listed: everyone), who joined the organisation after
 * `joinedAfter` (a local date in the organisation's time zone) when it is set.
 */
export interface Audience {
  groupIds: number[];
  match: "any" | "all";
  joinedAfter: string | null;
}

const latest = (instants: readonly string[]) =>
  instants.reduce((a, b) => (new Date(b).getTime() > new Date(a).getTime() ? b : a));
const earliest = (instants: readonly string[]) =>
  instants.reduce((a, b) => (new Date(b).getTime() < new Date(a).getTime() ? b : a));

/**
 * When a member's assignment to a requirement started, or null when the requirement is not
 * theirs: the latest of their joining the organisation, the requirement's creation, their joining
 * the groups that put them in its audience (the first of them for `any`, the last for `all`), and
 * the newest restart of their assignment (a manager's reassignment, or their coming into a changed
 * audience). A member who joins today is assigned today, however old the requirement.
 */
export function assignmentStart(input: {
  audience: Audience | null;
  requirementCreatedAt: string;
  joinedAt: string;
  /** The member's groups: group id → when they joined it. */
  groups: ReadonlyMap<number, string>;
  restartedAt: string | null;
  timeZone: string;
}): string | null {
  const { audience, requirementCreatedAt, joinedAt, groups, restartedAt, timeZone } = input;
  const starts = [joinedAt, requirementCreatedAt];
  if (restartedAt) starts.push(restartedAt);
  if (audience) {
    if (
      audience.joinedAfter &&
      daysBetween(audience.joinedAfter, localDate(joinedAt, timeZone)) <= 0
    ) {
      return null;
    }
    if (audience.groupIds.length > 0) {
      const joined = audience.groupIds.flatMap((id) => {
        const at = groups.get(id);
        return at === undefined ? [] : [at];
      });
      if (joined.length === 0) return null;
      if (audience.match === "all" && joined.length < audience.groupIds.length) return null;
      starts.push(audience.match === "all" ? latest(joined) : earliest(joined));
    }
  }
  return new Date(latest(starts)).toISOString();
}

/**
 * A member's first due date on a requirement: the fixed date, or `dueDays` after the local date
 * their assignment started.
 */
export function firstDueDate(input: {
  dueDate: string;
  dueDays: number | null;
  assignedAt: string;
  timeZone: string;
}): string {
  const { dueDate, dueDays, assignedAt, timeZone } = input;
  return dueDays === null ? dueDate : addDays(localDate(assignedAt, timeZone), dueDays);
}

/**
 * SPEC §9 shows the next audit; a date that has passed is never shown as if it were still to
 * come. `past` is true from the day after it, in the organisation's time zone.
 */
export function auditDateState(nextAudit: string, now: Date, timeZone: string) {
  const daysLeft = daysBetween(localDate(now, timeZone), nextAudit);
  return { past: daysLeft < 0, daysLeft };
}
