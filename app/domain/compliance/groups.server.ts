import { getDb } from "~/platform/db/db.server";
import type { GroupKind } from "./rules";
import type { MemberGroup } from "./types";

// An organisation's groups (teams, departments, roles, locations) and who is in each: a
// requirement may be assigned to them, and a member's assignment is dated from joining them.

/** An organisation's groups by kind and name, each with its members' ids. */
export async function groupsOf(organisationId: number): Promise<MemberGroup[]> {
  const db = getDb();
  const groups = await db
    .selectFrom("member_group")
    .select(["id", "kind", "name"])
    .where("organisation_id", "=", organisationId)
    .orderBy("kind")
    .orderBy("name")
    .orderBy("id")
    .execute();
  if (groups.length === 0) return [];
  const members = await db
    .selectFrom("member_group_member")
    .select(["group_id", "user_id"])
    .where(
      "group_id",
      "in",
      groups.map((group) => group.id),
    )
    .orderBy("added_at")
    .orderBy("user_id")
    .execute();
  return groups.map((group) => ({
    id: Number(group.id),
    kind: group.kind,
    name: group.name,
    memberIds: members
      .filter((member) => Number(member.group_id) === Number(group.id))
      .map((member) => member.user_id),
  }));
}

/** Each of these users' groups of one organisation: user id → group id → when they joined it. */
export async function groupMembershipsOf(
  organisationId: number,
  userIds: readonly string[],
): Promise<Map<string, Map<number, string>>> {
  const byUser = new Map<string, Map<number, string>>();
  const db = getDb();
  // Slices keep the number of bound values under both engines' limits.
  for (let start = 0; start < userIds.length; start += 500) {
    const rows = await db
      .selectFrom("member_group_member")
      .innerJoin("member_group", "member_group.id", "member_group_member.group_id")
      .select([
        "member_group_member.user_id",
        "member_group_member.group_id",
        "member_group_member.added_at",
      ])
      .where("member_group.organisation_id", "=", organisationId)
      .where("member_group_member.user_id", "in", userIds.slice(start, start + 500))
      .orderBy("member_group_member.group_id")
      .orderBy("member_group_member.user_id")
      .execute();
    for (const row of rows) {
      let groups = byUser.get(row.user_id);
      if (!groups) byUser.set(row.user_id, (groups = new Map()));
      groups.set(Number(row.group_id), row.added_at);
    }
  }
  return byUser;
}

/**
 * Makes a group; answers its id, or null when the organisation has one of that kind and name.
 * A group an identity provider makes (SCIM) carries its `externalId` and is the provider's to change.
 */
export async function createGroup(
  organisationId: number,
  input: { kind: GroupKind; name: string; externalId?: string | null; source?: "manual" | "scim" },
  actorEmail: string,
  now = new Date(),
): Promise<number | null> {
  const row = await getDb()
    .insertInto("member_group")
    .values({
      organisation_id: organisationId,
      kind: input.kind,
      name: input.name,
      created_at: now.toISOString(),
      created_by: actorEmail,
      external_id: input.externalId ?? null,
      source: input.source ?? "manual",
    })
    .onConflict((conflict) => conflict.columns(["organisation_id", "kind", "name"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  return row ? Number(row.id) : null;
}

/** The organisation a group belongs to, or null when there is no such group. */
export async function groupOrganisation(groupId: number): Promise<number | null> {
  if (!Number.isSafeInteger(groupId) || groupId < 1) return null;
  const row = await getDb()
    .selectFrom("member_group")
    .select("organisation_id")
    .where("id", "=", groupId)
    .executeTakeFirst();
  return row ? Number(row.organisation_id) : null;
}

/** Puts a member in a group (from `now`); someone already in it keeps their date. */
export async function addToGroup(
  groupId: number,
  userId: string,
  actorEmail: string,
  now = new Date(),
): Promise<void> {
  await getDb()
    .insertInto("member_group_member")
    .values({
      group_id: groupId,
      user_id: userId,
      added_at: now.toISOString(),
      added_by: actorEmail,
    })
    .onConflict((conflict) => conflict.columns(["group_id", "user_id"]).doNothing())
    .execute();
}

export async function removeFromGroup(groupId: number, userId: string): Promise<void> {
  await getDb()
    .deleteFrom("member_group_member")
    .where("group_id", "=", groupId)
    .where("user_id", "=", userId)
    .execute();
}

/** Renames a group (and sets its external id); false when the kind already has that name. */
export async function renameGroup(
  groupId: number,
  input: { name: string; externalId?: string | null },
): Promise<boolean> {
  const db = getDb();
  const group = await db
    .selectFrom("member_group")
    .select(["organisation_id", "kind"])
    .where("id", "=", groupId)
    .executeTakeFirst();
  if (!group) return false;
  const taken = await db
    .selectFrom("member_group")
    .select("id")
    .where("organisation_id", "=", group.organisation_id)
    .where("kind", "=", group.kind)
    .where("name", "=", input.name)
    .where("id", "<>", groupId)
    .executeTakeFirst();
  if (taken) return false;
  await db
    .updateTable("member_group")
    .set({
      name: input.name,
      ...(input.externalId !== undefined && { external_id: input.externalId }),
    })
    .where("id", "=", groupId)
    .execute();
  return true;
}

/** Deletes a group and its memberships; requirements assigned to it no longer reach its members. */
export async function deleteGroup(groupId: number): Promise<void> {
  await getDb().deleteFrom("member_group_member").where("group_id", "=", groupId).execute();
  await getDb().deleteFrom("member_group").where("id", "=", groupId).execute();
}

export interface ProvisionedGroup {
  id: number;
  name: string;
  externalId: string | null;
  createdAt: string;
  /** Its members with the date each joined, oldest first. */
  members: { userId: string; addedAt: string }[];
}

/** The groups the organisation's identity provider made (SCIM), or only the one of this id. */
export async function provisionedGroups(
  organisationId: number,
  groupId?: number,
): Promise<ProvisionedGroup[]> {
  const db = getDb();
  let query = db
    .selectFrom("member_group")
    .select(["id", "name", "external_id", "created_at"])
    .where("organisation_id", "=", organisationId)
    .where("source", "=", "scim");
  if (groupId !== undefined) query = query.where("id", "=", groupId);
  const groups = await query.orderBy("id").execute();
  const byGroup = new Map<number, { userId: string; addedAt: string }[]>();
  const ids = groups.map((group) => Number(group.id));
  for (let start = 0; start < ids.length; start += 500) {
    const rows = await db
      .selectFrom("member_group_member")
      .select(["group_id", "user_id", "added_at"])
      .where("group_id", "in", ids.slice(start, start + 500))
      .orderBy("added_at")
      .orderBy("user_id")
      .execute();
    for (const row of rows) {
      const list = byGroup.get(Number(row.group_id)) ?? [];
      list.push({ userId: row.user_id, addedAt: row.added_at });
      byGroup.set(Number(row.group_id), list);
    }
  }
  return groups.map((group) => ({
    id: Number(group.id),
    name: group.name,
    externalId: group.external_id,
    createdAt: group.created_at,
    members: byGroup.get(Number(group.id)) ?? [],
  }));
}

/** Each of these users' provisioned (SCIM) groups: user id → [{id, name}], by name. */
export async function provisionedGroupsOf(
  organisationId: number,
  userIds: readonly string[],
): Promise<Map<string, { id: number; name: string }[]>> {
  const byUser = new Map<string, { id: number; name: string }[]>();
  for (let start = 0; start < userIds.length; start += 500) {
    const rows = await getDb()
      .selectFrom("member_group_member")
      .innerJoin("member_group", "member_group.id", "member_group_member.group_id")
      .select(["member_group_member.user_id", "member_group.id", "member_group.name"])
      .where("member_group.organisation_id", "=", organisationId)
      .where("member_group.source", "=", "scim")
      .where("member_group_member.user_id", "in", userIds.slice(start, start + 500))
      .orderBy("member_group.name")
      .execute();
    for (const row of rows) {
      const list = byUser.get(row.user_id) ?? [];
      list.push({ id: Number(row.id), name: row.name });
      byUser.set(row.user_id, list);
    }
  }
  return byUser;
}
