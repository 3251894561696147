import { getDb } from "~/platform/db/db.server";
import { inChunks } from "~/platform/lib/chunks";
import { getCatalogue } from "~/domain/training/index.server";
import type { RequirementCategory } from "./constants";
import type { Audience, Recurrence } from "./rules";
import type { PolicyVersion, Requirement } from "./types";

// Requirements as stored, and the modules that fulfil each: a track stands for all its modules.

/** The modules an item list names, tracks expanded; unknown ids are left out. */
export function modulesOf(fulfilledBy: readonly string[]): string[] {
  const { modules, tracks } = getCatalogue();
  const ids = fulfilledBy.flatMap((key) => {
    const [kind, id] = key.split(":", 2);
    if (kind === "module") return modules.has(id ?? "") ? [id as string] : [];
    if (kind === "track") return tracks.find((track) => track.id === id)?.modules ?? [];
    return [];
  });
  return [...new Set(ids)];
}

type RequirementRow = {
  id: number;
  organisation_id: number;
  name: string;
  description: string;
  category: RequirementCategory;
  points: number;
  due_date: string;
  fulfilled_by: string;
  recurrence: Recurrence;
  window_days: number;
  updated_at: string;
  updated_by: string;
  created_at: string;
  due_days: number | null;
  audience: string | null;
  kind: "training" | "policy";
};

export const REQUIREMENT_COLUMNS = [
  "id",
  "organisation_id",
  "name",
  "description",
  "category",
  "points",
  "due_date",
  "fulfilled_by",
  "recurrence",
  "window_days",
  "updated_at",
  "updated_by",
  "created_at",
  "due_days",
  "audience",
  "kind",
] as const;

/** A stored audience, or null (everyone) for one that cannot be read. */
export function parseAudience(stored: string | null): Audience | null {
  if (stored === null) return null;
  try {
    const value = JSON.parse(stored) as Partial<Audience>;
    const groupIds = Array.isArray(value.groupIds)
      ? value.groupIds.filter((id): id is number => Number.isSafeInteger(id))
      : [];
    const joinedAfter = typeof value.joinedAfter === "string" ? value.joinedAfter : null;
    if (groupIds.length === 0 && joinedAfter === null) return null;
    return { groupIds, match: value.match === "all" ? "all" : "any", joinedAfter };
  } catch {
    return null;
  }
}

/** What fulfils a policy: an attestation of its version in force, as `fulfilments` reads passes. */
export const attestationKey = (versionId: number) => `policy-version:${versionId}`;

export function toRequirement(row: RequirementRow, policy: PolicyVersion | null): Requirement {
  const fulfilledBy =
    row.kind === "policy" ? [`policy:${row.id}`] : (JSON.parse(row.fulfilled_by) as string[]);
  return {
    id: Number(row.id),
    organisationId: Number(row.organisation_id),
    name: row.name,
    description: row.description,
    category: row.category,
    points: Number(row.points),
    dueDate: row.due_date,
    dueDays: row.due_days === null ? null : Number(row.due_days),
    audience: parseAudience(row.audience),
    createdAt: row.created_at,
    fulfilledBy,
    moduleIds: policy ? [attestationKey(policy.id)] : modulesOf(fulfilledBy),
    recurrence: row.recurrence,
    windowDays: Number(row.window_days),
    updatedAt: row.updated_at,
    updatedBy: row.updated_by,
    kind: row.kind,
    policy,
  };
}

/** An organisation's requirements in force, by due date. */
export async function requirementsOf(organisationId: number): Promise<Requirement[]> {
  const rows = await getDb()
    .selectFrom("requirement")
    .select(REQUIREMENT_COLUMNS)
    .where("organisation_id", "=", organisationId)
    .where("removed_at", "is", null)
    .orderBy("due_date")
    .orderBy("id")
    .execute();
  const versions = await currentVersionsOf(
    rows.filter((row) => row.kind === "policy").map((row) => Number(row.id)),
  );
  // A policy is in force from its first version on.
  return rows.flatMap((row) => {
    if (row.kind !== "policy") return [toRequirement(row, null)];
    const version = versions.get(Number(row.id));
    return version ? [toRequirement(row, version)] : [];
  });
}

/** The newest version of each of these policies, by policy (requirement) id. */
export async function currentVersionsOf(
  requirementIds: readonly number[],
): Promise<Map<number, PolicyVersion>> {
  const current = new Map<number, PolicyVersion>();
  if (requirementIds.length === 0) return current;
  const rows = await getDb()
    .selectFrom("policy_version")
    .select(["id", "requirement_id", "version", "effective_date", "published_at"])
    .where("requirement_id", "in", requirementIds)
    .orderBy("id")
    .execute();
  for (const row of rows) {
    current.set(Number(row.requirement_id), {
      id: Number(row.id),
      version: row.version,
      effectiveDate: row.effective_date,
      publishedAt: row.published_at,
    });
  }
  return current;
}

export interface Extension {
  requirementId: number;
  userId: string;
  cycle: number;
  dueDate: string;
  reason: string;
  actorEmail: string;
  createdAt: string;
}

/** Every due-date extension of these requirements, oldest first (the newest of a cycle counts). */
export async function extensionsOf(requirementIds: readonly number[]): Promise<Extension[]> {
  if (requirementIds.length === 0) return [];
  const rows = await getDb()
    .selectFrom("requirement_extension")
    .select([
      "requirement_id",
      "user_id",
      "cycle",
      "due_date",
      "reason",
      "actor_email",
      "created_at",
    ])
    .where("requirement_id", "in", requirementIds)
    .orderBy("id")
    .execute();
  return rows.map((row) => ({
    requirementId: Number(row.requirement_id),
    userId: row.user_id,
    cycle: Number(row.cycle),
    dueDate: row.due_date,
    reason: row.reason,
    actorEmail: row.actor_email,
    createdAt: row.created_at,
  }));
}

export interface Restart {
  requirementId: number;
  userId: string;
  assignedAt: string;
}

/** Every restart of a member's assignment to these requirements, oldest first (the newest counts). */
export async function restartsOf(requirementIds: readonly number[]): Promise<Restart[]> {
  if (requirementIds.length === 0) return [];
  const rows = await getDb()
    .selectFrom("requirement_restart")
    .select(["requirement_id", "user_id", "assigned_at"])
    .where("requirement_id", "in", requirementIds)
    .orderBy("id")
    .execute();
  return rows.map((row) => ({
    requirementId: Number(row.requirement_id),
    userId: row.user_id,
    assignedAt: row.assigned_at,
  }));
}

export interface Excusal {
  requirementId: number;
  userId: string;
  reason: string;
  actorEmail: string;
  createdAt: string;
}

/** Every excusal from these requirements, oldest first. */
export async function excusalsOf(requirementIds: readonly number[]): Promise<Excusal[]> {
  if (requirementIds.length === 0) return [];
  const rows = await getDb()
    .selectFrom("requirement_excusal")
    .select(["requirement_id", "user_id", "reason", "actor_email", "created_at"])
    .where("requirement_id", "in", requirementIds)
    .orderBy("id")
    .execute();
  return rows.map((row) => ({
    requirementId: Number(row.requirement_id),
    userId: row.user_id,
    reason: row.reason,
    actorEmail: row.actor_email,
    createdAt: row.created_at,
  }));
}

export interface Attestation {
  id: number;
  requirementId: number;
  versionId: number;
  version: string;
  userId: string;
  openedAt: string;
  attestedAt: string;
  seconds: number;
  floorSeconds: number;
  evidenceId: string;
}

/** Every attestation of these policies' versions, oldest first, for these users (else all). */
export async function attestationsOf(
  requirementIds: readonly number[],
  userIds?: readonly string[],
): Promise<Attestation[]> {
  if (requirementIds.length === 0) return [];
  const read = async (users: readonly string[] | undefined) => {
    let query = getDb()
      .selectFrom("policy_attestation")
      .innerJoin("policy_version", "policy_version.id", "policy_attestation.version_id")
      .select([
        "policy_attestation.id",
        "policy_version.requirement_id",
        "policy_attestation.version_id",
        "policy_version.version",
        "policy_attestation.user_id",
        "policy_attestation.opened_at",
        "policy_attestation.attested_at",
        "policy_attestation.seconds",
        "policy_attestation.floor_seconds",
        "policy_attestation.evidence_id",
      ])
      .where("policy_version.requirement_id", "in", requirementIds);
    if (users) query = query.where("policy_attestation.user_id", "in", users);
    return query.orderBy("policy_attestation.id").execute();
  };
  const rows = userIds ? await inChunks(userIds, read) : await read(undefined);
  return rows
    .map((row) => ({
      id: Number(row.id),
      requirementId: Number(row.requirement_id),
      versionId: Number(row.version_id),
      version: row.version,
      userId: row.user_id,
      openedAt: row.opened_at,
      attestedAt: row.attested_at,
      seconds: Number(row.seconds),
      floorSeconds: Number(row.floor_seconds),
      evidenceId: row.evidence_id,
    }))
    .sort((a, b) => a.id - b.id);
}
