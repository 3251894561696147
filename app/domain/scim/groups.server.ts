import {
  type ProvisionedGroup,
  addToGroup,
  createGroup,
  deleteGroup,
  forgetFigures,
  provisionedGroups,
  provisionedMembers,
  removeFromGroup,
  renameGroup,
} from "~/domain/compliance/index.server";
import { accountsOf } from "~/platform/auth/index.server";
import { z } from "~/platform/lib/zod";
import { sha256Hex } from "./hash.server";
import {
  GROUP_SCHEMA,
  type JsonObject,
  ScimError,
  invalidValue,
  isObject,
  matches,
  parseFilter,
  valueOf,
} from "./protocol";
import { type ResourceKind, versionOf } from "./resource";
import type { ScimCall, Written } from "./types";

// SCIM Groups are the organisation's groups the identity provider made (`member_group.source` =
// 'scim', kind `team`, docs/decisions/050). Membership goes through the compliance feature's
// addToGroup / removeFromGroup, so a requirement assigned to the group is dated from joining it
// (decision 046). Groups a manager made in Kestrel are not the provider's to see or change.

export const SCIM_GROUP_KIND = "team" as const;

export const GROUP_FILTERABLE = new Map([
  ["displayname", false],
  ["externalid", true],
  ["id", true],
  ["members.value", true],
  ["value", true],
]);

/** The most members one group may be given in one request. */
const MAX_MEMBERS = 10_000;

const GroupInputSchema = z.object({
  displayName: z.string().trim().min(1).max(200),
  externalId: z
    .string()
    .trim()
    .max(255)
    .nullable()
    .optional()
    .transform((text) => text || null),
  memberIds: z.array(z.string().min(1).max(255)).max(MAX_MEMBERS),
});
type GroupInput = z.infer<typeof GroupInputSchema>;

export function readGroup(body: JsonObject): GroupInput {
  const members = valueOf(body, "members") ?? [];
  if (!Array.isArray(members)) throw invalidValue("members must be a list.");
  const parsed = GroupInputSchema.safeParse({
    displayName: valueOf(body, "displayName"),
    externalId: valueOf(body, "externalId"),
    memberIds: members.map((member) => (isObject(member) ? valueOf(member, "value") : member)),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw invalidValue(`${issue?.path.join(".") || "body"}: ${issue?.message ?? "invalid"}`);
  }
  return { ...parsed.data, memberIds: [...new Set(parsed.data.memberIds)] };
}

async function resources(call: ScimCall, groups: ProvisionedGroup[]): Promise<JsonObject[]> {
  const ids = [...new Set(groups.flatMap((group) => group.members.map((member) => member.userId)))];
  const names = new Map((await accountsOf(ids)).map((account) => [account.id, account.name]));
  return groups.map((group) => {
    const resource: JsonObject = {
      schemas: [GROUP_SCHEMA],
      id: String(group.id),
      ...(group.externalId !== null && { externalId: group.externalId }),
      displayName: group.name,
      members: group.members.map((member) => ({
        value: member.userId,
        display: names.get(member.userId) ?? "",
        type: "User",
        $ref: `${call.baseUrl}/Users/${member.userId}`,
      })),
    };
    resource.meta = {
      resourceType: "Group",
      created: group.createdAt,
      lastModified: group.members.reduce(
        (latest, member) => (member.addedAt > latest ? member.addedAt : latest),
        group.createdAt,
      ),
      location: `${call.baseUrl}/Groups/${group.id}`,
      version: versionOf(resource, sha256Hex),
    };
    return resource;
  });
}

export async function listGroups(call: ScimCall, filter: string | undefined) {
  const parsed = filter === undefined ? [] : parseFilter(filter);
  const all = await resources(call, await provisionedGroups(call.organisationId));
  return all.filter((resource) => matches(resource, parsed, GROUP_FILTERABLE));
}

export async function getGroup(call: ScimCall, id: string): Promise<JsonObject> {
  const number = /^\d{1,15}$/.test(id) ? Number(id) : Number.NaN;
  const groups = Number.isSafeInteger(number)
    ? await provisionedGroups(call.organisationId, number)
    : [];
  const [resource] = await resources(call, groups);
  if (!resource) throw new ScimError(404, undefined, `No group ${id}.`);
  return resource;
}

/** 400 unless every id is a user of the organisation (not one its provider deleted). */
async function checkMembers(call: ScimCall, userIds: readonly string[]): Promise<void> {
  const known = new Set(
    (await provisionedMembers(call.organisationId, userIds)).map((member) => member.userId),
  );
  const unknown = userIds.find((id) => !known.has(id));
  if (unknown !== undefined) throw invalidValue(`No user ${unknown} in this organisation.`);
}

const TAKEN = () =>
  new ScimError(409, "uniqueness", "A group with this displayName already exists.");

export async function createScimGroup(call: ScimCall, body: JsonObject): Promise<Written> {
  const input = readGroup(body);
  await checkMembers(call, input.memberIds);
  const id = await createGroup(
    call.organisationId,
    {
      kind: SCIM_GROUP_KIND,
      name: input.displayName,
      externalId: input.externalId,
      source: "scim",
    },
    call.actor,
    call.now,
  );
  if (id === null) throw TAKEN();
  for (const userId of input.memberIds) await addToGroup(id, userId, call.actor, call.now);
  if (input.memberIds.length > 0) forgetFigures(call.organisationId);
  return {
    resource: await getGroup(call, String(id)),
    detail: `created group ${input.displayName} with ${input.memberIds.length} member(s)`,
  };
}

async function writeGroup(call: ScimCall, current: JsonObject, input: GroupInput) {
  const id = Number(current.id);
  await checkMembers(call, input.memberIds);
  if (
    (input.displayName !== current.displayName ||
      input.externalId !== (current.externalId ?? null)) &&
    !(await renameGroup(id, { name: input.displayName, externalId: input.externalId }))
  ) {
    throw TAKEN();
  }
  const before = new Set(((current.members ?? []) as JsonObject[]).map((m) => String(m.value)));
  const after = new Set(input.memberIds);
  const added = [...after].filter((userId) => !before.has(userId));
  const removed = [...before].filter((userId) => !after.has(userId));
  // Someone staying keeps the date they joined: their assignments keep theirs.
  for (const userId of added) await addToGroup(id, userId, call.actor, call.now);
  for (const userId of removed) await removeFromGroup(id, userId);
  if (added.length + removed.length > 0) forgetFigures(call.organisationId);
  return {
    resource: await getGroup(call, String(id)),
    detail: `${input.displayName}: ${added.length} added, ${removed.length} removed`,
  };
}

async function deleteScimGroup(call: ScimCall, current: JsonObject): Promise<string> {
  await deleteGroup(Number(current.id));
  forgetFigures(call.organisationId);
  return `deleted group ${String(current.displayName)}`;
}

export const GROUPS: ResourceKind<GroupInput> = {
  get: getGroup,
  read: readGroup,
  write: writeGroup,
  remove: deleteScimGroup,
  patch: { coreSchema: GROUP_SCHEMA, extensions: [], filterable: GROUP_FILTERABLE },
};
