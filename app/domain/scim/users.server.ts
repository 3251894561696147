import {
  type ProvisionedMember,
  forgetFigures,
  markProvisionedMemberRemoved,
  membershipState,
  provisionedGroupsOf,
  provisionedMembers,
  removeFromGroup,
  saveProvisionedMember,
} from "~/domain/compliance/index.server";
import {
  accountByEmail,
  accountStatesOf,
  accountsOf,
  createAccount,
  setAccountActive,
  updateAccount,
} from "~/platform/auth/index.server";
import { z } from "~/platform/lib/zod";
import { sha256Hex } from "./hash.server";
import {
  ENTERPRISE_SCHEMA,
  type JsonObject,
  ScimError,
  USER_SCHEMA,
  invalidValue,
  isObject,
  matches,
  parseFilter,
  valueOf,
} from "./protocol";
import { type ResourceKind, versionOf } from "./resource";
import type { ScimCall, Written } from "./types";

// SCIM Users are an organisation's members: the account (better-auth `user`: userName is its
// email, displayName its name) and the membership (`organisation_member`: externalId, the name
// parts, active, the enterprise extension's manager). Only the token's organisation is visible.

/** What a filter may compare on Users (lower-cased) → whether the comparison is case-exact. */
export const USER_FILTERABLE = new Map([
  ["username", false],
  ["externalid", true],
  ["id", true],
  ["displayname", false],
  ["emails.value", false],
  ["active", true],
  ["value", true],
  ["type", false],
]);

const Text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((text) => (text === "" ? null : text))
    .nullable()
    .optional()
    .transform((text) => text ?? null);

// Entra sends booleans as "True" / "False" strings.
const Active = z
  .union([z.boolean(), z.enum(["true", "false", "True", "False", "TRUE", "FALSE"])])
  .optional()
  .transform((value) => (value === undefined ? true : String(value).toLowerCase() === "true"));

const UserInputSchema = z.object({
  userName: z.string().trim().toLowerCase().max(254).pipe(z.email()),
  displayName: Text(200),
  givenName: Text(100),
  familyName: Text(100),
  externalId: Text(255),
  active: Active,
  managerId: Text(255),
});
export type UserInput = z.infer<typeof UserInputSchema>;

/** The writable attributes of a User resource (POST, PUT, or the result of a PATCH). */
export function readUser(body: JsonObject): UserInput {
  const name = valueOf(body, "name");
  const enterprise = valueOf(body, ENTERPRISE_SCHEMA);
  const manager = isObject(enterprise) ? valueOf(enterprise, "manager") : undefined;
  const parsed = UserInputSchema.safeParse({
    userName: valueOf(body, "userName"),
    displayName: valueOf(body, "displayName"),
    givenName: isObject(name) ? valueOf(name, "givenName") : undefined,
    familyName: isObject(name) ? valueOf(name, "familyName") : undefined,
    externalId: valueOf(body, "externalId"),
    active: valueOf(body, "active"),
    managerId: isObject(manager) ? valueOf(manager, "value") : manager,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw invalidValue(`${issue?.path.join(".") || "body"}: ${issue?.message ?? "invalid"}`);
  }
  return parsed.data;
}

/** The account's name: the display name, else the name parts, else the address. */
function accountName(input: UserInput): string {
  const parts = [input.givenName, input.familyName].filter(Boolean).join(" ");
  return input.displayName ?? (parts || input.userName);
}

interface UserRow extends ProvisionedMember {
  email: string;
  name: string;
  deactivatedAt: string | null;
}

/** The members (or these of them) with their accounts, by the time they joined. */
async function userRows(call: ScimCall, userIds?: readonly string[]): Promise<UserRow[]> {
  const members = await provisionedMembers(call.organisationId, userIds);
  const accounts = new Map(
    (await accountStatesOf(members.map((member) => member.userId))).map((a) => [a.id, a]),
  );
  return members.flatMap((member) => {
    const account = accounts.get(member.userId);
    return account
      ? [
          {
            ...member,
            email: account.email,
            name: account.name,
            deactivatedAt: account.deactivatedAt,
          },
        ]
      : [];
  });
}

function toResource(
  call: ScimCall,
  row: UserRow,
  groups: { id: number; name: string }[],
  managerName: string | undefined,
): JsonObject {
  const name: JsonObject = { formatted: row.name };
  if (row.givenName) name.givenName = row.givenName;
  if (row.familyName) name.familyName = row.familyName;
  const resource: JsonObject = {
    schemas: row.managerId ? [USER_SCHEMA, ENTERPRISE_SCHEMA] : [USER_SCHEMA],
    id: row.userId,
    ...(row.externalId !== null && { externalId: row.externalId }),
    userName: row.email,
    name,
    displayName: row.name,
    emails: [{ value: row.email, type: "work", primary: true }],
    active: row.deactivatedAt === null,
    groups: groups.map((group) => ({
      value: String(group.id),
      display: group.name,
      $ref: `${call.baseUrl}/Groups/${group.id}`,
    })),
  };
  if (row.managerId) {
    resource[ENTERPRISE_SCHEMA] = {
      manager: {
        value: row.managerId,
        $ref: `${call.baseUrl}/Users/${row.managerId}`,
        ...(managerName !== undefined && { displayName: managerName }),
      },
    };
  }
  const instants = [row.joinedAt, row.provisionedAt, row.deactivatedAt].filter(
    (instant): instant is string => instant !== null,
  );
  resource.meta = {
    resourceType: "User",
    created: row.joinedAt,
    lastModified: instants.reduce((latest, instant) => (instant > latest ? instant : latest)),
    location: `${call.baseUrl}/Users/${row.userId}`,
    version: versionOf(resource, sha256Hex),
  };
  return resource;
}

async function resources(call: ScimCall, rows: UserRow[]): Promise<JsonObject[]> {
  const groups = await provisionedGroupsOf(
    call.organisationId,
    rows.map((row) => row.userId),
  );
  const managerIds = [...new Set(rows.flatMap((row) => (row.managerId ? [row.managerId] : [])))];
  const managers = new Map((await accountsOf(managerIds)).map((a) => [a.id, a.name]));
  return rows.map((row) =>
    toResource(
      call,
      row,
      groups.get(row.userId) ?? [],
      row.managerId ? managers.get(row.managerId) : undefined,
    ),
  );
}

/** The organisation's users that meet the filter (all without one), in the order they joined. */
export async function listUsers(call: ScimCall, filter: string | undefined): Promise<JsonObject[]> {
  const parsed = filter === undefined ? [] : parseFilter(filter);
  // The common look-up (an identity provider matching a user) is narrowed in the database.
  const byName = parsed.find((comparison) => comparison.attribute.toLowerCase() === "username");
  let userIds: string[] | undefined;
  if (byName) {
    const account =
      typeof byName.value === "string" ? await accountByEmail(byName.value) : undefined;
    userIds = account ? [account.id] : [];
  }
  const all = await resources(call, await userRows(call, userIds));
  return all.filter((resource) => matches(resource, parsed, USER_FILTERABLE));
}

export async function getUser(call: ScimCall, id: string): Promise<JsonObject> {
  const rows = id.length <= 255 ? await userRows(call, [id]) : [];
  const [resource] = await resources(call, rows);
  if (!resource) throw new ScimError(404, undefined, `No user ${id}.`);
  return resource;
}

async function checkManager(call: ScimCall, managerId: string | null, userId: string | null) {
  if (managerId === null) return;
  if (managerId === userId) throw invalidValue("A user cannot be their own manager.");
  const [manager] = await provisionedMembers(call.organisationId, [managerId]);
  if (!manager) throw invalidValue(`The manager ${managerId} is not a user of this organisation.`);
}

async function emailTaken(email: string, exceptUserId: string | null): Promise<boolean> {
  const account = await accountByEmail(email);
  return account !== undefined && account.id !== exceptUserId;
}

const TAKEN = () => new ScimError(409, "uniqueness", "A user with this userName already exists.");

export async function createUser(call: ScimCall, body: JsonObject): Promise<Written> {
  const input = readUser(body);
  const existing = await accountByEmail(input.userName);
  const membership = existing && (await membershipState(existing.id));
  // An account of no organisation yet, or one this organisation's provider deleted, is taken
  // (back) in; anyone else's is refused without saying whose it is.
  const reusable =
    existing &&
    (!membership || (membership.organisationId === call.organisationId && membership.removed));
  if (existing && !reusable) throw TAKEN();
  await checkManager(call, input.managerId, existing?.id ?? null);
  let userId = existing?.id;
  if (!userId) {
    try {
      userId = await createAccount(input.userName, accountName(input));
    } catch (error) {
      if (await emailTaken(input.userName, null)) throw TAKEN();
      throw error;
    }
  } else {
    await updateAccount(userId, { email: input.userName, name: accountName(input) }, call.now);
  }
  await saveProvisionedMember(call.organisationId, userId, fieldsOf(input), {
    joining: true,
    now: call.now,
  });
  await setAccountActive(userId, input.active, call.now);
  forgetFigures(call.organisationId);
  return {
    resource: await getUser(call, userId),
    detail: `created ${input.userName}${input.active ? "" : " (inactive)"}`,
  };
}

const fieldsOf = (input: UserInput) => ({
  managerId: input.managerId,
  externalId: input.externalId,
  givenName: input.givenName,
  familyName: input.familyName,
});

async function writeUser(call: ScimCall, current: JsonObject, input: UserInput): Promise<Written> {
  const id = String(current.id);
  if (input.userName !== current.userName && (await emailTaken(input.userName, id))) throw TAKEN();
  await checkManager(call, input.managerId, id);
  const wasActive = current.active === true;
  await updateAccount(id, { email: input.userName, name: accountName(input) }, call.now);
  await saveProvisionedMember(call.organisationId, id, fieldsOf(input), {
    joining: false,
    now: call.now,
  });
  const ended = await setAccountActive(id, input.active, call.now);
  const changes: string[] = [];
  if (wasActive && !input.active) {
    changes.push(`deactivated (${ended} session${ended === 1 ? "" : "s"} ended)`);
  } else if (!wasActive && input.active) {
    changes.push("reactivated");
  }
  if (wasActive !== input.active) forgetFigures(call.organisationId);
  if (input.userName !== current.userName) changes.push(`userName ${input.userName}`);
  const resource = await getUser(call, id);
  if (changes.length === 0)
    changes.push(versionChanged(current, resource) ? "updated" : "unchanged");
  return { resource, detail: `${input.userName}: ${changes.join(", ")}` };
}

const versionChanged = (before: JsonObject, after: JsonObject) =>
  (before.meta as JsonObject).version !== (after.meta as JsonObject).version;

/**
 * RFC 7644 §3.6: the user is gone for the provider (404 from now on), but Kestrel keeps the
 * member inactive with every record: attempts, certificates, evidence. Their SCIM groups let go.
 */
async function deleteUser(call: ScimCall, current: JsonObject): Promise<string> {
  const id = String(current.id);
  await markProvisionedMemberRemoved(call.organisationId, id, call.now);
  const ended = await setAccountActive(id, false, call.now);
  for (const group of (current.groups as JsonObject[] | undefined) ?? []) {
    await removeFromGroup(Number(group.value), id);
  }
  forgetFigures(call.organisationId);
  return `${String(current.userName)}: deleted (kept inactive, ${ended} session${ended === 1 ? "" : "s"} ended)`;
}

export const USERS: ResourceKind<UserInput> = {
  get: getUser,
  read: readUser,
  write: writeUser,
  remove: deleteUser,
  patch: { coreSchema: USER_SCHEMA, extensions: [ENTERPRISE_SCHEMA], filterable: USER_FILTERABLE },
};
