import { stringify } from "csv-stringify/sync";
import type { TFunction } from "i18next";
import { href } from "react-router";
import { neutraliseCsvCell } from "~/platform/lib/csv-cell";
import { evidenceIdsOfSubjects, tokenVerifyUrl } from "~/domain/evidence/index.server";
import { accountsOf } from "~/platform/auth/index.server";
import { getDb } from "~/platform/db/db.server";
import { getLogger } from "~/platform/lib/logger.server";
import { forgetFigures } from "./dashboard.server";
import { groupsOf } from "./groups.server";
import type { Actor } from "./requirement-admin.server";
import { ROSTER_PAGE_SIZE, type RosterAction, type RosterFilters, rowKey } from "./roster-schema";
import { addDays, daysBetween, localDate } from "./rules";
import { complianceSnapshot } from "./status.server";
import type { Organisation, RosterPage, RosterRow } from "./types";

// A manager's roster (issue item 2): each member × each requirement assigned to them, with where
// they stand, their last attempt and its evidence, and the certificate that fulfils it; filtered,
// sorted, exported, and acted on (remind now, excuse, reassign; extensions are the requirement
// page's). Read from the same snapshot as the dashboard, so a status reads the same everywhere.

/** "Due soon" on the roster: due within this many days (issue item 2). */
export const DUE_SOON_DAYS = 14;

/** Every row of an organisation's roster at `now`, unfiltered, by member then requirement. */
export async function rosterRows(
  organisation: Organisation,
  now = new Date(),
): Promise<RosterRow[]> {
  const [snapshot, groups] = await Promise.all([
    complianceSnapshot(organisation, { now }),
    groupsOf(organisation.id),
  ]);
  const today = localDate(now, organisation.timeZone);
  const groupsOfUser = new Map<string, { id: number; name: string }[]>();
  for (const group of groups) {
    for (const userId of group.memberIds) {
      groupsOfUser.set(userId, [
        ...(groupsOfUser.get(userId) ?? []),
        { id: group.id, name: group.name },
      ]);
    }
  }
  const requirementById = new Map(snapshot.requirements.map((r) => [r.id, r]));
  // Each learner's takes and certificates, found once: an organisation of 2,000 has 100,000 takes.
  const takesOf = new Map<string, (typeof snapshot.takes)[number][]>();
  for (const take of snapshot.takes) {
    const list = takesOf.get(take.userId);
    if (list) list.push(take);
    else takesOf.set(take.userId, [take]);
  }
  const certificatesOf = new Map<string, (typeof snapshot.certificates)[number][]>();
  for (const certificate of snapshot.certificates) {
    if (certificate.revokedAt) continue;
    const list = certificatesOf.get(certificate.userId);
    if (list) list.push(certificate);
    else certificatesOf.set(certificate.userId, [certificate]);
  }
  const lastTake = (userId: string, moduleIds: readonly string[]) => {
    let last: (typeof snapshot.takes)[number] | undefined;
    for (const take of takesOf.get(userId) ?? []) {
      if (!moduleIds.includes(take.moduleId)) continue;
      if (!last || take.completedAt > last.completedAt) last = take;
    }
    return last;
  };
  const certificateOf = (userId: string, keys: readonly string[]) => {
    let newest: (typeof snapshot.certificates)[number] | undefined;
    for (const certificate of certificatesOf.get(userId) ?? []) {
      if (!keys.includes(certificate.achievementKey)) continue;
      if (!newest || certificate.issuedAt > newest.issuedAt) newest = certificate;
    }
    return newest;
  };

  const statesOf = new Map<string, (typeof snapshot.states)[number][]>();
  for (const state of snapshot.states) {
    const list = statesOf.get(state.userId);
    if (list) list.push(state);
    else statesOf.set(state.userId, [state]);
  }
  const excusedOf = new Map<string, (typeof snapshot.excused)[number][]>();
  for (const excusal of snapshot.excused) {
    const list = excusedOf.get(excusal.userId);
    if (list) list.push(excusal);
    else excusedOf.set(excusal.userId, [excusal]);
  }
  const base = snapshot.learners.flatMap((learner) => {
    const memberGroups = groupsOfUser.get(learner.id) ?? [];
    const person = {
      userId: learner.id,
      name: learner.name,
      email: learner.email,
      groupIds: memberGroups.map((group) => group.id),
      groups: memberGroups.map((group) => group.name),
    };
    const states = statesOf.get(learner.id) ?? [];
    const excused = excusedOf.get(learner.id) ?? [];
    return [
      ...states.map((state) => ({ person, requirementId: state.requirementId, state })),
      ...excused.map((excusal) => ({ person, requirementId: excusal.requirementId, excusal })),
    ];
  });
  const takes = base.map((row) => {
    const requirement = requirementById.get(row.requirementId);
    return requirement ? lastTake(row.person.userId, requirement.moduleIds) : undefined;
  });
  const evidence = await evidenceIdsOfSubjects(
    "module-completion",
    takes.flatMap((take) => (take ? [`take:${take.takeKey}`] : [])),
  );

  const attested = new Map(
    snapshot.attestations.map((attestation) => [
      rowKey(attestation.userId, attestation.requirementId),
      attestation,
    ]),
  );

  return base.flatMap((row, index): RosterRow[] => {
    const requirement = requirementById.get(row.requirementId);
    if (!requirement) return [];
    const take = takes[index];
    const certificate = certificateOf(row.person.userId, requirement.fulfilledBy);
    // A policy's last "attempt" is the member's latest attestation, of whichever version.
    const attestation = attested.get(rowKey(row.person.userId, requirement.id));
    const evidenceId = attestation
      ? attestation.evidenceId
      : take
        ? evidence.get(`take:${take.takeKey}`)
        : undefined;
    const common = {
      ...row.person,
      key: rowKey(row.person.userId, requirement.id),
      requirementId: requirement.id,
      requirement: requirement.policy
        ? `${requirement.name} (${requirement.policy.version})`
        : requirement.name,
      lastAttemptAt: attestation?.attestedAt ?? take?.completedAt ?? null,
      score: take?.score ?? null,
      certificateCode: certificate?.code ?? null,
      certificateHref: certificate ? href("/verify/:code", { code: certificate.code }) : null,
      evidenceHref: evidenceId ? tokenVerifyUrl("", evidenceId) : null,
    };
    if ("excusal" in row && row.excusal) {
      return [
        {
          ...common,
          status: "excused",
          dueDate: null,
          assignedAt: null,
          daysOverdue: 0,
          cycle: null,
          note: row.excusal.reason,
        },
      ];
    }
    if (!("state" in row) || !row.state) return [];
    const { state } = row;
    return [
      {
        ...common,
        status: state.status,
        dueDate: state.status === "completed" ? null : state.effectiveDueDate,
        assignedAt: state.assignedAt,
        daysOverdue: state.status === "overdue" ? daysBetween(state.effectiveDueDate, today) : 0,
        cycle: state.cycle,
        note: state.completedDate,
      },
    ];
  });
}

const STATUS_ORDER: Record<RosterRow["status"], number> = {
  overdue: 0,
  pending: 1,
  completed: 2,
  excused: 3,
};

/** The rows a roster's filters keep, in the order its sort asks for. */
export function filterRoster(
  rows: readonly RosterRow[],
  filters: RosterFilters,
  today: string,
): RosterRow[] {
  const soon = addDays(today, DUE_SOON_DAYS);
  const kept = rows.filter((row) => {
    if (filters.status === "overdue" && row.status !== "overdue") return false;
    if (filters.status === "due-soon") {
      if (row.status !== "pending" || row.dueDate === null) return false;
      if (daysBetween(row.dueDate, soon) < 0) return false;
    }
    if (filters.status === "completed" && row.status !== "completed") return false;
    if (filters.status === "excused" && row.status !== "excused") return false;
    if (filters.group !== undefined && !row.groupIds.includes(filters.group)) return false;
    return true;
  });
  const direction = filters.dir === "desc" ? -1 : 1;
  const byName = (a: RosterRow, b: RosterRow) =>
    (a.name || a.email).localeCompare(b.name || b.email) || a.email.localeCompare(b.email);
  const compare: Record<RosterFilters["sort"], (a: RosterRow, b: RosterRow) => number> = {
    name: (a, b) => byName(a, b) || a.requirement.localeCompare(b.requirement),
    requirement: (a, b) => a.requirement.localeCompare(b.requirement) || byName(a, b),
    status: (a, b) => STATUS_ORDER[a.status] - STATUS_ORDER[b.status] || byName(a, b),
    // Rows without a due date (completed, excused) come last either way.
    due: (a, b) =>
      a.dueDate === b.dueDate
        ? byName(a, b)
        : a.dueDate === null
          ? direction
          : b.dueDate === null
            ? -direction
            : a.dueDate.localeCompare(b.dueDate),
  };
  return [...kept].sort((a, b) => direction * compare[filters.sort](a, b));
}

/** What the roster page shows: the filtered rows and the groups to filter by. */
export async function loadRoster(
  organisation: Organisation,
  filters: RosterFilters,
  now = new Date(),
): Promise<RosterPage> {
  const [rows, groups] = await Promise.all([
    rosterRows(organisation, now),
    groupsOf(organisation.id),
  ]);
  const today = localDate(now, organisation.timeZone);
  const matching = filterRoster(rows, filters, today);
  const pages = Math.max(1, Math.ceil(matching.length / ROSTER_PAGE_SIZE));
  const page = Math.min(filters.page, pages);
  return {
    organisation: { name: organisation.name, timeZone: organisation.timeZone },
    filters: { ...filters, page },
    groups: groups.map((group) => ({ id: group.id, name: group.name, kind: group.kind })),
    total: rows.length,
    matching: matching.length,
    pages,
    rows: matching.slice((page - 1) * ROSTER_PAGE_SIZE, page * ROSTER_PAGE_SIZE),
    today,
  };
}

export interface RosterActionResult {
  /** Rows acted on. */
  done: number;
  /** Selected rows that were not the organisation's (or no longer assigned): left alone. */
  skipped: number;
}

/**
 * Excuses or reassigns the selected members from requirements, with the reason, each an added
 * row (the history is never overwritten). Only rows of the actor's organisation are touched.
 */
export async function applyRosterAction(
  actor: Actor,
  organisation: Organisation,
  action: Exclude<RosterAction, { intent: "remind" }>,
  now = new Date(),
): Promise<RosterActionResult> {
  const rows = await rosterRows(organisation, now);
  const byKey = new Map(rows.map((row) => [row.key, row]));
  const chosen = action.rows.flatMap((key) => {
    const row = byKey.get(key);
    // Excusing an excused row, or one already complete, would record nothing true.
    if (!row) return [];
    if (action.intent === "excuse" && (row.status === "excused" || row.status === "completed")) {
      return [];
    }
    return [row];
  });
  if (chosen.length > 0) {
    const at = now.toISOString();
    if (action.intent === "excuse") {
      await getDb()
        .insertInto("requirement_excusal")
        .values(
          chosen.map((row) => ({
            requirement_id: row.requirementId,
            user_id: row.userId,
            reason: action.reason,
            actor_email: actor.email,
            created_at: at,
          })),
        )
        .execute();
    } else {
      await getDb()
        .insertInto("requirement_restart")
        .values(
          chosen.map((row) => ({
            requirement_id: row.requirementId,
            user_id: row.userId,
            assigned_at: at,
            cause: "reassigned" as const,
            reason: action.reason,
            actor_email: actor.email,
          })),
        )
        .execute();
    }
    forgetFigures(organisation.id);
  }
  getLogger().info(
    {
      event: `roster.${action.intent}`,
      actorId: actor.userId,
      organisationId: organisation.id,
      rows: chosen.length,
    },
    `roster.${action.intent}`,
  );
  return { done: chosen.length, skipped: action.rows.length - chosen.length };
}

export interface RosterHistoryEntry {
  at: string;
  kind: "excused" | "reassigned";
  learner: string;
  requirement: string;
  reason: string;
  actorEmail: string;
}

/** The organisation's excusals and reassignments, newest first (the latest `limit`). */
export async function rosterHistory(
  organisationId: number,
  limit = 50,
): Promise<RosterHistoryEntry[]> {
  const db = getDb();
  const [excusals, restarts] = await Promise.all([
    db
      .selectFrom("requirement_excusal")
      .innerJoin("requirement", "requirement.id", "requirement_excusal.requirement_id")
      .select([
        "requirement_excusal.id",
        "requirement_excusal.created_at as at",
        "requirement_excusal.user_id",
        "requirement.name",
        "requirement_excusal.reason",
        "requirement_excusal.actor_email",
      ])
      .where("requirement.organisation_id", "=", organisationId)
      .orderBy("requirement_excusal.id", "desc")
      .limit(limit)
      .execute(),
    db
      .selectFrom("requirement_restart")
      .innerJoin("requirement", "requirement.id", "requirement_restart.requirement_id")
      .select([
        "requirement_restart.id",
        "requirement_restart.assigned_at as at",
        "requirement_restart.user_id",
        "requirement.name",
        "requirement_restart.reason",
        "requirement_restart.actor_email",
      ])
      .where("requirement.organisation_id", "=", organisationId)
      .where("requirement_restart.cause", "=", "reassigned")
      .orderBy("requirement_restart.id", "desc")
      .limit(limit)
      .execute(),
  ]);
  const ids = [...new Set([...excusals, ...restarts].map((row) => row.user_id))];
  const emails = new Map(
    (await accountsOf(ids)).map((account) => [account.id, account.email] as const),
  );
  return [
    ...excusals.map((row) => ({ ...row, kind: "excused" as const })),
    ...restarts.map((row) => ({ ...row, kind: "reassigned" as const })),
  ]
    .sort((a, b) => b.at.localeCompare(a.at) || Number(b.id) - Number(a.id))
    .slice(0, limit)
    .map((row) => ({
      at: row.at,
      kind: row.kind,
      learner: emails.get(row.user_id) ?? row.user_id,
      requirement: row.name,
      reason: row.reason,
      actorEmail: row.actor_email,
    }));
}

/** Every row the filters keep, every page of them, as the exports take them. */
async function filteredRoster(organisation: Organisation, filters: RosterFilters, now: Date) {
  const today = localDate(now, organisation.timeZone);
  return { today, rows: filterRoster(await rosterRows(organisation, now), filters, today) };
}

/** The roster's columns in its CSV export: stable names a spreadsheet or script can rely on. */
const CSV_COLUMNS = [
  "name",
  "email",
  "groups",
  "requirement",
  "status",
  "due_date",
  "days_overdue",
  "assigned_at",
  "cycle",
  "completed_or_reason",
  "last_attempt_at",
  "score",
  "certificate",
  "evidence",
] as const;

/**
 * The filtered roster as CSV, every cell neutralised against formula injection, with a byte order
 * mark so spreadsheet programs read names in Thai, Chinese or Tamil as UTF-8. Links are absolute.
 */
export async function rosterCsv(
  organisation: Organisation,
  filters: RosterFilters,
  appUrl: string,
  now = new Date(),
): Promise<{ filename: string; csv: string; rows: number }> {
  const { today, rows } = await filteredRoster(organisation, filters, now);
  const records = rows.map((row) =>
    [
      row.name,
      row.email,
      row.groups.join("; "),
      row.requirement,
      row.status,
      row.dueDate,
      row.daysOverdue,
      row.assignedAt,
      row.cycle,
      row.note,
      row.lastAttemptAt,
      row.score,
      row.certificateHref ? `${appUrl}${row.certificateHref}` : null,
      row.evidenceHref ? `${appUrl}${row.evidenceHref}` : null,
    ].map((cell) => neutraliseCsvCell(cell)),
  );
  return {
    filename: `kestrel-roster-${today}.csv`,
    csv: stringify([[...CSV_COLUMNS], ...records], { bom: true }),
    rows: records.length,
  };
}

/** What a roster PDF prints: the reports' document shape, rendered by their PDF renderer. */
export interface RosterDocument {
  filename: string;
  title: string;
  facts: [string, string][];
  tables: { columns: { label: string; weight: number }[]; rows: string[][]; empty: string }[];
  orientation: "landscape";
}

/**
 * The filtered roster as a printable table in the reader's language (`t` reads the roster
 * dictionary): the same rows, filters and order as the page and the CSV, every page of them.
 */
export async function rosterDocument(
  organisation: Organisation,
  filters: RosterFilters,
  t: TFunction<"roster">,
  now = new Date(),
): Promise<RosterDocument> {
  const { today, rows } = await filteredRoster(organisation, filters, now);
  const status = (row: RosterRow) =>
    row.status === "overdue"
      ? `${t("status.overdue")} (${t("table.daysOverdue", { count: row.daysOverdue })})`
      : t(`status.${row.status}`);
  return {
    filename: `kestrel-roster-${today}.pdf`,
    title: t("pdf.title", { organisation: organisation.name }),
    facts: [
      [t("pdf.generated"), `${now.toISOString().slice(0, 16).replace("T", " ")} UTC`],
      [t("filters.status"), t(`filters.statuses.${filters.status}`)],
      [t("pdf.rows"), String(rows.length)],
    ],
    orientation: "landscape",
    tables: [
      {
        columns: [
          { label: t("pdf.columns.name"), weight: 13 },
          { label: t("pdf.columns.email"), weight: 16 },
          { label: t("filters.group"), weight: 10 },
          { label: t("table.requirement"), weight: 14 },
          { label: t("table.status"), weight: 10 },
          { label: t("table.due"), weight: 8 },
          { label: t("pdf.columns.note"), weight: 11 },
          { label: t("table.lastAttempt"), weight: 8 },
          { label: t("pdf.columns.score"), weight: 5 },
          { label: t("table.certificate"), weight: 10 },
        ],
        rows: rows.map((row) => [
          row.name,
          row.email,
          row.groups.join(", "),
          row.requirement,
          status(row),
          row.dueDate ?? "",
          row.note ?? "",
          row.lastAttemptAt?.slice(0, 10) ?? "",
          row.score === null ? "" : String(row.score),
          row.certificateCode ?? "",
        ]),
        empty: t("empty"),
      },
    ],
  };
}
