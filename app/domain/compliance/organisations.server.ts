import { getDb } from "~/platform/db/db.server";
import { checkPilotAccess } from "~/platform/auth/index.server";
import type { AuthUser } from "~/platform/auth";
import {
  DEFAULT_NEXT_AUDIT,
  DEFAULT_ORGANISATION_REGION,
  DEFAULT_RECERTIFICATION_WINDOW_DAYS,
  DEFAULT_REQUIREMENTS,
  INDEPENDENT_LEARNERS,
  type MemberRole,
  type OrganisationRegion,
  TIME_ZONE_BY_REGION,
} from "./constants";
import { regulatorFor } from "./rules";
import type { Organisation } from "./types";

// Organisations and their members (SPEC §3, §6): a signed-in user belongs to the organisation of
// the allowlist entry that let them in, and is a learner there until an admin makes them a
// manager. An organisation is made the first time someone of it is seen, with the four default
// requirements.

export interface Membership {
  userId: string;
  role: MemberRole;
  /** Named by a manager to review written AML answers (managers review without it). */
  reviewer: boolean;
  organisation: Organisation;
}

type OrganisationRow = {
  id: number;
  name: string;
  region: string;
  time_zone: string;
  next_audit: string;
  final_pass_percent: number;
  final_item_count: number;
  final_cooling_off_hours: number;
  time_floor_percent: number;
  escalation_days: number;
  compliance_owner_id: string | null;
};

const ORGANISATION_COLUMNS = [
  "id",
  "name",
  "region",
  "time_zone",
  "next_audit",
  "final_pass_percent",
  "final_item_count",
  "final_cooling_off_hours",
  "time_floor_percent",
  "escalation_days",
  "compliance_owner_id",
] as const;

function toOrganisation(row: OrganisationRow): Organisation {
  return {
    id: Number(row.id),
    name: row.name,
    region: row.region as OrganisationRegion,
    timeZone: row.time_zone,
    nextAudit: row.next_audit,
    regulator: regulatorFor(row.region),
    assessment: {
      finalPassPercent: Number(row.final_pass_percent),
      finalItemCount: Number(row.final_item_count),
      finalCoolingOffHours: Number(row.final_cooling_off_hours),
      timeFloorPercent: Number(row.time_floor_percent),
    },
    escalationDays: Number(row.escalation_days),
    complianceOwnerId: row.compliance_owner_id,
  };
}

/** An organisation's name, null when none has this id. */
export async function organisationName(id: number): Promise<string | null> {
  return (await findOrganisation(id))?.name ?? null;
}

export async function findOrganisation(id: number): Promise<Organisation | undefined> {
  const row = await getDb()
    .selectFrom("organisation")
    .select(ORGANISATION_COLUMNS)
    .where("id", "=", id)
    .executeTakeFirst();
  return row && toOrganisation(row);
}

export async function listOrganisations(): Promise<Organisation[]> {
  const rows = await getDb()
    .selectFrom("organisation")
    .select(ORGANISATION_COLUMNS)
    .orderBy("name")
    .execute();
  return rows.map(toOrganisation);
}

/**
 * The organisation of this name, made with the default requirements if it is new. Two requests
 * making it at once both read the one that was stored; only the maker adds the requirements.
 */
export async function ensureOrganisation(
  name: string,
  { region = DEFAULT_ORGANISATION_REGION, now = new Date() } = {},
): Promise<Organisation> {
  const db = getDb();
  const at = now.toISOString();
  const made = await db
    .insertInto("organisation")
    .values({
      name,
      region,
      time_zone: TIME_ZONE_BY_REGION[region],
      next_audit: DEFAULT_NEXT_AUDIT,
      created_at: at,
    })
    .onConflict((conflict) => conflict.column("name").doNothing())
    .returning("id")
    .executeTakeFirst();
  if (made) {
    await db
      .insertInto("requirement")
      .values(
        DEFAULT_REQUIREMENTS.map((requirement) => ({
          organisation_id: Number(made.id),
          name: requirement.name,
          description: requirement.description,
          category: requirement.category,
          points: requirement.points,
          due_date: requirement.dueDate,
          due_days: requirement.dueDays,
          audience: null,
          fulfilled_by: JSON.stringify(requirement.fulfilledBy),
          recurrence: "yearly" as const,
          window_days: DEFAULT_RECERTIFICATION_WINDOW_DAYS,
          created_at: at,
          updated_at: at,
          updated_by: "system",
          removed_at: null,
        })),
      )
      .execute();
  }
  const row = await db
    .selectFrom("organisation")
    .select(ORGANISATION_COLUMNS)
    .where("name", "=", name)
    .executeTakeFirstOrThrow();
  return toOrganisation(row);
}

/** The organisation an address belongs to: its allowlist entry's, else the independent learners. */
async function organisationNameFor(email: string): Promise<string> {
  const access = await checkPilotAccess(email);
  return access.via === "allowlist" && access.organisation
    ? access.organisation
    : INDEPENDENT_LEARNERS;
}

// A membership changes only by an admin's hand; one read per request is enough.
const memberships = new WeakMap<Request, Promise<Membership>>();

/** The user's membership, made on first sight (as a learner of the organisation that let them in). */
export function membershipOf(
  user: Pick<AuthUser, "id" | "email">,
  request?: Request,
): Promise<Membership> {
  const cached = request && memberships.get(request);
  if (cached) return cached;
  const membership = readMembership(user);
  if (request) memberships.set(request, membership);
  return membership;
}

async function readMembership(user: Pick<AuthUser, "id" | "email">): Promise<Membership> {
  const db = getDb();
  const read = () =>
    db
      .selectFrom("organisation_member")
      .innerJoin("organisation", "organisation.id", "organisation_member.organisation_id")
      .select([
        "organisation_member.role",
        "organisation_member.reviewer",
        "organisation.id",
        "organisation.name",
        "organisation.region",
        "organisation.time_zone",
        "organisation.next_audit",
        "organisation.final_pass_percent",
        "organisation.final_item_count",
        "organisation.final_cooling_off_hours",
        "organisation.time_floor_percent",
        "organisation.escalation_days",
        "organisation.compliance_owner_id",
      ])
      .where("organisation_member.user_id", "=", user.id)
      .executeTakeFirst();
  let row = await read();
  if (!row) {
    const organisation = await ensureOrganisation(await organisationNameFor(user.email));
    await db
      .insertInto("organisation_member")
      .values({
        user_id: user.id,
        organisation_id: organisation.id,
        role: "learner",
        joined_at: new Date().toISOString(),
        role_changed_by: null,
        role_changed_at: null,
      })
      .onConflict((conflict) => conflict.column("user_id").doNothing())
      .execute();
    row = await read();
    if (!row) throw new Error("The membership just stored cannot be read.");
  }
  return {
    userId: user.id,
    role: row.role,
    reviewer: Number(row.reviewer) === 1,
    organisation: toOrganisation(row),
  };
}

/**
 * Makes the user a learner of this organisation unless they are a member already (of it or of
 * another: moving someone is an admin's act); answers the id of the organisation they are in.
 * Single sign-on uses it: the provider's organisation is known before any allowlist entry.
 */
export async function joinOrganisation(
  organisationId: number,
  userId: string,
  now = new Date(),
): Promise<number> {
  const db = getDb();
  await db
    .insertInto("organisation_member")
    .values({
      user_id: userId,
      organisation_id: organisationId,
      role: "learner",
      joined_at: now.toISOString(),
      role_changed_by: null,
      role_changed_at: null,
    })
    .onConflict((conflict) => conflict.column("user_id").doNothing())
    .execute();
  const row = await db
    .selectFrom("organisation_member")
    .select("organisation_id")
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.organisation_id);
}

export interface Member {
  userId: string;
  role: MemberRole;
  joinedAt: string;
  managerId: string | null;
  reviewer: boolean;
}

/** Everyone in an organisation (or only these users of it), by the time they joined. */
export async function membersOf(
  organisationId: number,
  userIds?: readonly string[],
): Promise<Member[]> {
  if (userIds?.length === 0) return [];
  let query = getDb()
    .selectFrom("organisation_member")
    .select(["user_id", "role", "joined_at", "manager_id", "reviewer"])
    .where("organisation_id", "=", organisationId);
  if (userIds) query = query.where("user_id", "in", userIds);
  const rows = await query.orderBy("joined_at").orderBy("user_id").execute();
  return rows.map((row) => ({
    userId: row.user_id,
    role: row.role,
    joinedAt: row.joined_at,
    managerId: row.manager_id,
    reviewer: Number(row.reviewer) === 1,
  }));
}
