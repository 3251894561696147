import type { Submission } from "@conform-to/react";
import type { FormReply } from "~/platform/lib/reply";
import { formAccepted, formRefused } from "~/platform/lib/reply.server";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { getDb } from "~/platform/db/db.server";
import type { AuthUser } from "~/platform/auth";
import { accountsOf } from "~/platform/auth/index.server";
import { getCatalogue } from "~/domain/training/index.server";
import { getLogger } from "~/platform/lib/logger.server";
import { DEFAULT_PACK_REGION, type Region, getLoadedPack } from "~/platform/i18n";
import type { OrganisationRegion } from "./constants";
import { forgetFigures } from "./dashboard.server";
import { findOrganisation, listOrganisations, membershipOf } from "./organisations.server";
import {
  type ExtensionInput,
  ExtensionSchema,
  type GroupCreateInput,
  GroupCreateSchema,
  type GroupMemberInput,
  GroupMemberSchema,
  type LineManagerInput,
  LineManagerSchema,
  type MemberRoleInput,
  MemberRoleSchema,
  type OrganisationSettingsInput,
  OrganisationSettingsSchema,
  REQUIREMENT_INTENTS,
  type RequirementInput,
  type RequirementIntent,
  type ReviewerInput,
  ReviewerSchema,
  requirementSchema,
} from "./requirement-schema";
import { type Audience, daysBetween, localDate } from "./rules";
import {
  addToGroup,
  createGroup,
  groupOrganisation,
  groupsOf,
  removeFromGroup,
} from "./groups.server";
import { complianceSnapshot } from "./status.server";
import type {
  ExtensionRecord,
  FulfilmentOption,
  Organisation,
  RequirementReply,
  RequirementsPage,
} from "./types";

export type { RequirementReply } from "./types";

// Managing an organisation's requirements (SPEC §3 compliance requirement): admins for every
// organisation, managers for their own. Each change names who made it, in the row and in the log.

/** Who is acting: an admin (whose session proved a second factor) or a manager of one organisation. */
export interface Actor {
  userId: string;
  email: string;
  admin: boolean;
  /** The organisation this person manages; null when they manage none. */
  managerOf: number | null;
}

/** An administrator, as `requireAdmin` answered them. */
export function adminActor(user: Pick<AuthUser, "id" | "email">): Actor {
  return { userId: user.id, email: user.email, admin: true, managerOf: null };
}

/** A manager and their organisation; anyone else gets 403. */
export async function requireManager(
  user: Pick<AuthUser, "id" | "email">,
  request?: Request,
): Promise<{ actor: Actor; organisation: Organisation }> {
  const membership = await membershipOf(user, request);
  if (membership.role !== "manager") forbidden();
  return {
    actor: {
      userId: user.id,
      email: user.email,
      admin: false,
      managerOf: membership.organisation.id,
    },
    organisation: membership.organisation,
  };
}

function forbidden(): never {
  throw data({ message: "Access to this organisation is forbidden." }, { status: 403 });
}

function notFound(): never {
  throw data({ message: "Not found." }, { status: 404 });
}

function requireManagerOf(actor: Actor, organisationId: number): void {
  if (!actor.admin && actor.managerOf !== organisationId) forbidden();
}

function log(actor: Actor, event: string, details: Record<string, unknown>): void {
  getLogger().info({ event, actorId: actor.userId, admin: actor.admin, ...details }, event);
}

/**
 * The catalogue's modules and tracks a requirement may name, by their titles (the regional track
 * by the organisation's region pack, else Singapore's). Courses are not in the catalogue yet, so
 * none can be chosen.
 */
export function fulfilmentOptions(region?: OrganisationRegion): FulfilmentOption[] {
  const { tracks, modules } = getCatalogue();
  const pack =
    getLoadedPack((region?.toLowerCase() ?? DEFAULT_PACK_REGION) as Region) ??
    getLoadedPack(DEFAULT_PACK_REGION);
  return [
    ...tracks.map((track) => ({
      key: `track:${track.id}`,
      kind: "track" as const,
      title: track.title?.en ?? pack?.track.title ?? track.id,
    })),
    ...[...modules.values()].map((module) => ({
      key: `module:${module.id}`,
      kind: "module" as const,
      title: module.title.en,
    })),
  ];
}

async function requirementFormSchema(organisationId: number) {
  const groups = await groupsOf(organisationId);
  return requirementSchema(
    fulfilmentOptions().map((option) => option.key),
    groups.map((group) => group.id),
  );
}

async function findRequirementOrganisation(requirementId: number): Promise<number> {
  if (!Number.isSafeInteger(requirementId) || requirementId < 1) notFound();
  const row = await getDb()
    .selectFrom("requirement")
    .select("organisation_id")
    .where("id", "=", requirementId)
    .where("removed_at", "is", null)
    .executeTakeFirst();
  if (!row) notFound();
  return Number(row.organisation_id);
}

/**
 * The stored columns of a requirement as set. A relative requirement keeps the fixed date it had
 * (`keptDueDate`) unless one was typed: `due_date` is never blank.
 */
function requirementColumns(input: RequirementInput, keptDueDate: string) {
  const audience: Audience | null =
    input.groupIds.length === 0 && input.joinedAfter === undefined
      ? null
      : {
          groupIds: input.groupIds,
          match: input.match ?? "any",
          joinedAfter: input.joinedAfter ?? null,
        };
  return {
    name: input.name,
    description: input.description,
    category: input.category,
    points: input.points,
    due_date: input.dueDate ?? keptDueDate,
    due_days: input.dueDays ?? null,
    audience: audience === null ? null : JSON.stringify(audience),
    fulfilled_by: JSON.stringify(input.fulfilledBy),
    recurrence: input.recurrence,
    window_days: input.windowDays,
  };
}

export async function createRequirement(
  actor: Actor,
  organisationId: number,
  input: RequirementInput,
  now = new Date(),
): Promise<number> {
  requireManagerOf(actor, organisationId);
  const at = now.toISOString();
  const organisation = await findOrganisation(organisationId);
  if (!organisation) notFound();
  const row = await getDb()
    .insertInto("requirement")
    .values({
      organisation_id: organisationId,
      ...requirementColumns(input, localDate(now, organisation.timeZone)),
      created_at: at,
      updated_at: at,
      updated_by: actor.email,
      removed_at: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const requirementId = Number(row.id);
  log(actor, "requirement.created", { organisationId, requirementId });
  return requirementId;
}

export async function updateRequirement(
  actor: Actor,
  requirementId: number,
  input: RequirementInput,
  now = new Date(),
): Promise<void> {
  const organisationId = await findRequirementOrganisation(requirementId);
  requireManagerOf(actor, organisationId);
  const organisation = await findOrganisation(organisationId);
  if (!organisation) notFound();
  const assigned = async () =>
    new Set(
      (await complianceSnapshot(organisation, { now })).states
        .filter((state) => state.requirementId === requirementId)
        .map((state) => state.userId),
    );
  const before = await assigned();
  const kept = await getDb()
    .selectFrom("requirement")
    .select(["due_date", "kind"])
    .where("id", "=", requirementId)
    .executeTakeFirstOrThrow();
  // A policy changes by a new version (policies.server.ts), never into training.
  if (kept.kind === "policy") notFound();
  await getDb()
    .updateTable("requirement")
    .set({
      ...requirementColumns(input, kept.due_date),
      updated_at: now.toISOString(),
      updated_by: actor.email,
    })
    .where("id", "=", requirementId)
    .execute();
  // Someone the changed audience takes in is assigned from today, not from when they joined a
  // group long ago: nobody becomes overdue on the day a requirement reaches them.
  const newcomers = [...(await assigned())].filter((userId) => !before.has(userId));
  if (newcomers.length > 0) {
    await getDb()
      .insertInto("requirement_restart")
      .values(
        newcomers.map((userId) => ({
          requirement_id: requirementId,
          user_id: userId,
          assigned_at: now.toISOString(),
          cause: "audience" as const,
          reason: "",
          actor_email: actor.email,
        })),
      )
      .execute();
  }
  log(actor, "requirement.updated", { organisationId, requirementId, newcomers: newcomers.length });
}

/** Takes a requirement out of force; it stays stored for the reports of what was asked before. */
export async function removeRequirement(
  actor: Actor,
  requirementId: number,
  now = new Date(),
): Promise<void> {
  const organisationId = await findRequirementOrganisation(requirementId);
  requireManagerOf(actor, organisationId);
  const at = now.toISOString();
  await getDb()
    .updateTable("requirement")
    .set({ removed_at: at, updated_at: at, updated_by: actor.email })
    .where("id", "=", requirementId)
    .execute();
  log(actor, "requirement.removed", { organisationId, requirementId });
}

/** True when the user belongs to the organisation. */
async function isMemberOf(organisationId: number, userId: string): Promise<boolean> {
  const row = await getDb()
    .selectFrom("organisation_member")
    .select("user_id")
    .where("user_id", "=", userId)
    .where("organisation_id", "=", organisationId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function setOrganisationSettings(
  actor: Actor,
  organisationId: number,
  input: OrganisationSettingsInput,
): Promise<FieldErrors | null> {
  requireManagerOf(actor, organisationId);
  if (input.complianceOwnerId && !(await isMemberOf(organisationId, input.complianceOwnerId))) {
    return { complianceOwnerId: ["requirements:errors.unknownMember"] };
  }
  const result = await getDb()
    .updateTable("organisation")
    .set({
      region: input.region,
      time_zone: input.timeZone,
      next_audit: input.nextAudit,
      final_pass_percent: input.finalPassPercent,
      final_item_count: input.finalItemCount,
      final_cooling_off_hours: input.finalCoolingOffHours,
      time_floor_percent: input.timeFloorPercent,
      escalation_days: input.escalationDays,
      compliance_owner_id: input.complianceOwnerId ?? null,
    })
    .where("id", "=", organisationId)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) notFound();
  log(actor, "organisation.settings_changed", { organisationId, ...input });
  return null;
}

/** Makes a group of the organisation; a second of the same kind and name is refused. */
export async function addGroup(
  actor: Actor,
  organisationId: number,
  input: GroupCreateInput,
  now = new Date(),
): Promise<FieldErrors | null> {
  requireManagerOf(actor, organisationId);
  const groupId = await createGroup(organisationId, input, actor.email, now);
  if (groupId === null) return { name: ["requirements:errors.groupExists"] };
  log(actor, "organisation.group_created", { organisationId, groupId, kind: input.kind });
  return null;
}

/**
 * Puts a member in a group or takes them out. The group and the member must both be the
 * organisation's: a group of another organisation reads as not found.
 */
export async function changeGroupMember(
  actor: Actor,
  organisationId: number,
  input: GroupMemberInput,
  add: boolean,
  now = new Date(),
): Promise<FieldErrors | null> {
  requireManagerOf(actor, organisationId);
  if ((await groupOrganisation(input.groupId)) !== organisationId) {
    return { groupId: ["requirements:errors.unknownGroup"] };
  }
  if (!(await isMemberOf(organisationId, input.userId))) {
    return { userId: ["requirements:errors.unknownMember"] };
  }
  if (add) await addToGroup(input.groupId, input.userId, actor.email, now);
  else await removeFromGroup(input.groupId, input.userId);
  log(actor, add ? "organisation.group_member_added" : "organisation.group_member_removed", {
    organisationId,
    groupId: input.groupId,
    userId: input.userId,
  });
  return null;
}

/** Sets a member's line manager (another member), or none. */
export async function setLineManager(
  actor: Actor,
  organisationId: number,
  input: LineManagerInput,
): Promise<FieldErrors | null> {
  requireManagerOf(actor, organisationId);
  if (!(await isMemberOf(organisationId, input.userId))) {
    return { userId: ["requirements:errors.unknownMember"] };
  }
  if (
    input.managerId !== undefined &&
    (input.managerId === input.userId || !(await isMemberOf(organisationId, input.managerId)))
  ) {
    return { managerId: ["requirements:errors.unknownMember"] };
  }
  await getDb()
    .updateTable("organisation_member")
    .set({ manager_id: input.managerId ?? null })
    .where("user_id", "=", input.userId)
    .where("organisation_id", "=", organisationId)
    .execute();
  log(actor, "organisation.line_manager_set", {
    organisationId,
    userId: input.userId,
    managerId: input.managerId ?? null,
  });
  return null;
}

/** Names a member a reviewer of written AML answers, or no longer (managers review anyway). */
export async function setReviewer(
  actor: Actor,
  organisationId: number,
  input: ReviewerInput,
  reviewer: boolean,
): Promise<FieldErrors | null> {
  requireManagerOf(actor, organisationId);
  const result = await getDb()
    .updateTable("organisation_member")
    .set({ reviewer: reviewer ? 1 : 0 })
    .where("user_id", "=", input.userId)
    .where("organisation_id", "=", organisationId)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return { userId: ["requirements:errors.unknownMember"] };
  log(actor, reviewer ? "organisation.reviewer_named" : "organisation.reviewer_removed", {
    organisationId,
    userId: input.userId,
  });
  return null;
}

/** Makes a member a manager or a learner of their organisation: admins only. */
export async function setMemberRole(
  actor: Actor,
  organisationId: number,
  input: MemberRoleInput,
  now = new Date(),
): Promise<void> {
  if (!actor.admin) forbidden();
  const result = await getDb()
    .updateTable("organisation_member")
    .set({ role: input.role, role_changed_by: actor.email, role_changed_at: now.toISOString() })
    .where("user_id", "=", input.userId)
    .where("organisation_id", "=", organisationId)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) notFound();
  log(actor, "organisation.role_changed", {
    organisationId,
    userId: input.userId,
    role: input.role,
  });
}

/** A field the form should point at, with its message (a dictionary key). */
export type FieldErrors = Record<string, string[]>;

/**
 * Moves a learner's due date for the cycle they are in to a later date, with the reason; the
 * newest extension of a cycle counts. Managers of the learner's organisation and admins only.
 * Answers the field errors when the date is not later than the one in force.
 */
export async function extendDueDate(
  actor: Actor,
  input: ExtensionInput,
  now = new Date(),
): Promise<FieldErrors | null> {
  const member = await getDb()
    .selectFrom("organisation_member")
    .select("organisation_id")
    .where("user_id", "=", input.userId)
    .executeTakeFirst();
  if (!member) notFound();
  const organisationId = Number(member.organisation_id);
  requireManagerOf(actor, organisationId);
  requireManagerOf(actor, await findRequirementOrganisation(input.requirementId));
  const organisation = await findOrganisation(organisationId);
  if (!organisation) notFound();
  const snapshot = await complianceSnapshot(organisation, { userIds: [input.userId], now });
  const state = snapshot.states.find(
    (candidate) =>
      candidate.requirementId === input.requirementId && candidate.userId === input.userId,
  );
  if (!state) forbidden();
  if (daysBetween(state.effectiveDueDate, input.dueDate) <= 0) {
    return { dueDate: [`requirements:errors.notLater?date=${state.effectiveDueDate}`] };
  }
  await getDb()
    .insertInto("requirement_extension")
    .values({
      requirement_id: input.requirementId,
      user_id: input.userId,
      cycle: state.cycle,
      due_date: input.dueDate,
      reason: input.reason,
      actor_email: actor.email,
      created_at: now.toISOString(),
    })
    .execute();
  log(actor, "requirement.extended", {
    organisationId,
    requirementId: input.requirementId,
    userId: input.userId,
    cycle: state.cycle,
    dueDate: input.dueDate,
  });
  return null;
}

/** The organisation's due-date extensions, newest first (the latest `limit`). */
export async function extensionHistory(
  organisationId: number,
  limit = 100,
): Promise<ExtensionRecord[]> {
  const rows = await getDb()
    .selectFrom("requirement_extension")
    .innerJoin("requirement", "requirement.id", "requirement_extension.requirement_id")
    .select([
      "requirement_extension.id",
      "requirement.name",
      "requirement_extension.user_id",
      "requirement_extension.cycle",
      "requirement_extension.due_date",
      "requirement_extension.reason",
      "requirement_extension.actor_email",
      "requirement_extension.created_at",
    ])
    .where("requirement.organisation_id", "=", organisationId)
    .orderBy("requirement_extension.id", "desc")
    .limit(limit)
    .execute();
  const accounts = new Map(
    (await accountsOf([...new Set(rows.map((row) => row.user_id))])).map((account) => [
      account.id,
      account,
    ]),
  );
  return rows.map((row) => ({
    id: Number(row.id),
    requirementName: row.name,
    learnerName: accounts.get(row.user_id)?.name ?? "",
    learnerEmail: accounts.get(row.user_id)?.email ?? "",
    cycle: Number(row.cycle),
    dueDate: row.due_date,
    reason: row.reason,
    actorEmail: row.actor_email,
    createdAt: row.created_at,
  }));
}

/** What the requirement pages show of an organisation. */
export async function loadRequirementsPage(organisation: Organisation): Promise<RequirementsPage> {
  const [snapshot, history, groups] = await Promise.all([
    complianceSnapshot(organisation),
    extensionHistory(organisation.id),
    groupsOf(organisation.id),
  ]);
  return {
    organisation,
    // Policies are published and versioned on their own page.
    requirements: snapshot.requirements.filter((requirement) => requirement.kind === "training"),
    members: snapshot.learners.map((learner) => ({
      id: learner.id,
      name: learner.name,
      email: learner.email,
      role: learner.role,
      managerId: learner.managerId,
      reviewer: learner.reviewer,
    })),
    options: fulfilmentOptions(organisation.region),
    history,
    groups,
  };
}

/** The organisation the admin page shows: `?organisation=<id>`, else the first by name. */
export async function chosenOrganisation(
  request: Request,
): Promise<{ organisations: Organisation[]; organisation: Organisation | undefined }> {
  const organisations = await listOrganisations();
  const asked = new URL(request.url).searchParams.get("organisation");
  if (!asked) return { organisations, organisation: organisations[0] };
  const organisation = organisations.find((candidate) => String(candidate.id) === asked);
  if (!organisation) notFound();
  return { organisations, organisation };
}

function reply(intent: RequirementIntent, form: string, answer: FormReply, status = 200) {
  return data<RequirementReply>({ intent, form, ...answer }, { status });
}

/**
 * One post to a requirements page, as its intent says. `organisationId` is the organisation the
 * page shows; each change checks again that the actor may touch what it names.
 */
export async function requirementAction(actor: Actor, organisationId: number, formData: FormData) {
  try {
    return await applyRequirementAction(actor, organisationId, formData);
  } finally {
    // The dashboard's cached figures of the organisation no longer hold.
    forgetFigures(organisationId);
  }
}

const invalid = (submission: Submission<unknown>) => formRefused(submission, "validation");

/** A refusal the server found after the form parsed (a member or group not of this organisation). */
function refusedBy(submission: Submission<unknown>, errors: FieldErrors) {
  const [field, [message] = []] = Object.entries(errors)[0] ?? [];
  return formRefused(submission, "validation", { field: field ?? "", message: message ?? "" });
}

async function applyRequirementAction(actor: Actor, organisationId: number, formData: FormData) {
  const intentField = formData.get("intent");
  const intent = REQUIREMENT_INTENTS.find((candidate) => candidate === intentField);
  if (!intent) throw data({ message: "Unknown form." }, { status: 400 });
  const requirementId = Number(formData.get("id"));

  if (intent === "remove") {
    await removeRequirement(actor, requirementId);
    return reply(intent, `remove-${requirementId}`, { ok: true, result: { status: "success" } });
  }
  if (intent === "create" || intent === "update") {
    const form = intent === "create" ? "create" : `update-${requirementId}`;
    const submission = parseWithZod(formData, {
      schema: await requirementFormSchema(organisationId),
    });
    if (submission.status !== "success") return reply(intent, form, invalid(submission), 400);
    if (intent === "create") await createRequirement(actor, organisationId, submission.value);
    else await updateRequirement(actor, requirementId, submission.value);
    return reply(intent, form, formAccepted(submission, { resetForm: intent === "create" }));
  }
  if (intent === "settings") {
    const submission = parseWithZod(formData, { schema: OrganisationSettingsSchema });
    if (submission.status !== "success") return reply(intent, intent, invalid(submission), 400);
    const refused = await setOrganisationSettings(actor, organisationId, submission.value);
    if (refused) return reply(intent, intent, refusedBy(submission, refused), 400);
    return reply(intent, intent, formAccepted(submission, { resetForm: false }));
  }
  if (intent === "group-create") {
    const submission = parseWithZod(formData, { schema: GroupCreateSchema });
    if (submission.status !== "success") return reply(intent, intent, invalid(submission), 400);
    const refused = await addGroup(actor, organisationId, submission.value);
    if (refused) return reply(intent, intent, refusedBy(submission, refused), 400);
    return reply(intent, intent, formAccepted(submission));
  }
  if (intent === "group-add" || intent === "group-remove") {
    const submission = parseWithZod(formData, { schema: GroupMemberSchema });
    const form = "group-member";
    if (submission.status !== "success") return reply(intent, form, invalid(submission), 400);
    const refused = await changeGroupMember(
      actor,
      organisationId,
      submission.value,
      intent === "group-add",
    );
    if (refused) return reply(intent, form, refusedBy(submission, refused), 400);
    return reply(intent, form, formAccepted(submission, { resetForm: false }));
  }
  if (intent === "line-manager") {
    const submission = parseWithZod(formData, { schema: LineManagerSchema });
    const form = "line-manager";
    if (submission.status !== "success") return reply(intent, form, invalid(submission), 400);
    const refused = await setLineManager(actor, organisationId, submission.value);
    if (refused) return reply(intent, form, refusedBy(submission, refused), 400);
    return reply(intent, form, formAccepted(submission, { resetForm: false }));
  }
  if (intent === "reviewer-add" || intent === "reviewer-remove") {
    const submission = parseWithZod(formData, { schema: ReviewerSchema });
    const form = "reviewer";
    if (submission.status !== "success") return reply(intent, form, invalid(submission), 400);
    const refused = await setReviewer(
      actor,
      organisationId,
      submission.value,
      intent === "reviewer-add",
    );
    if (refused) return reply(intent, form, refusedBy(submission, refused), 400);
    return reply(intent, form, formAccepted(submission, { resetForm: false }));
  }
  if (intent === "role") {
    const submission = parseWithZod(formData, { schema: MemberRoleSchema });
    const form = `role-${String(formData.get("userId"))}`;
    if (submission.status !== "success") return reply(intent, form, invalid(submission), 400);
    await setMemberRole(actor, organisationId, submission.value);
    return reply(intent, form, formAccepted(submission, { resetForm: false }));
  }
  const submission = parseWithZod(formData, { schema: ExtensionSchema });
  if (submission.status !== "success") return reply(intent, intent, invalid(submission), 400);
  const fieldErrors = await extendDueDate(actor, submission.value);
  const [field, [message] = []] = Object.entries(fieldErrors ?? {})[0] ?? [];
  if (field && message) {
    return reply(intent, intent, formRefused(submission, "validation", { field, message }), 400);
  }
  return reply(intent, intent, formAccepted(submission));
}
