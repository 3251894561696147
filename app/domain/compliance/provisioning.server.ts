import { getDb } from "~/platform/db/db.server";

// What an organisation's identity provider keeps about its members (SCIM, app/domain/scim): the
// provider's id for them, the name parts it sent, when it last changed them, and whether it
// deleted them. A deleted member stays a member, inactive, with every record (decision 050).

export interface ProvisionedMember {
  userId: string;
  joinedAt: string;
  managerId: string | null;
  externalId: string | null;
  givenName: string | null;
  familyName: string | null;
  provisionedAt: string | null;
}

function provisionedQuery(organisationId: number) {
  return getDb()
    .selectFrom("organisation_member")
    .select([
      "user_id",
      "joined_at",
      "manager_id",
      "external_id",
      "given_name",
      "family_name",
      "provisioned_at",
    ])
    .where("organisation_id", "=", organisationId)
    .where("scim_removed_at", "is", null);
}

/** The organisation's members its provider has not deleted (or only these), by joining date. */
export async function provisionedMembers(
  organisationId: number,
  userIds?: readonly string[],
): Promise<ProvisionedMember[]> {
  if (userIds?.length === 0) return [];
  const read = (slice?: readonly string[]) => {
    let query = provisionedQuery(organisationId);
    if (slice) query = query.where("user_id", "in", slice);
    return query.orderBy("joined_at").orderBy("user_id").execute();
  };
  const rows = [];
  if (userIds) {
    for (let start = 0; start < userIds.length; start += 500) {
      rows.push(...(await read(userIds.slice(start, start + 500))));
    }
  } else {
    rows.push(...(await read()));
  }
  return rows.map((row) => ({
    userId: row.user_id,
    joinedAt: row.joined_at,
    managerId: row.manager_id,
    externalId: row.external_id,
    givenName: row.given_name,
    familyName: row.family_name,
    provisionedAt: row.provisioned_at,
  }));
}

/** The organisation a user is a member of, and whether its provider deleted them. */
export async function membershipState(
  userId: string,
): Promise<{ organisationId: number; removed: boolean } | undefined> {
  const row = await getDb()
    .selectFrom("organisation_member")
    .select(["organisation_id", "scim_removed_at"])
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return (
    row && { organisationId: Number(row.organisation_id), removed: row.scim_removed_at !== null }
  );
}

export interface ProvisionedFields {
  managerId: string | null;
  externalId: string | null;
  givenName: string | null;
  familyName: string | null;
}

/**
 * Stores what the provider says of a member. A user new to the organisation (or one the provider
 * deleted and now makes again) joins it now, as a learner: their assignments date from today.
 */
export async function saveProvisionedMember(
  organisationId: number,
  userId: string,
  fields: ProvisionedFields,
  { joining, now }: { joining: boolean; now: Date },
): Promise<void> {
  const at = now.toISOString();
  const values = {
    manager_id: fields.managerId,
    external_id: fields.externalId,
    given_name: fields.givenName,
    family_name: fields.familyName,
    provisioned_at: at,
  };
  const db = getDb();
  if (!joining) {
    await db
      .updateTable("organisation_member")
      .set(values)
      .where("user_id", "=", userId)
      .where("organisation_id", "=", organisationId)
      .execute();
    return;
  }
  const updated = await db
    .updateTable("organisation_member")
    .set({ ...values, joined_at: at, scim_removed_at: null })
    .where("user_id", "=", userId)
    .where("organisation_id", "=", organisationId)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) > 0) return;
  await db
    .insertInto("organisation_member")
    .values({
      user_id: userId,
      organisation_id: organisationId,
      role: "learner",
      joined_at: at,
      role_changed_by: null,
      role_changed_at: null,
      ...values,
    })
    .execute();
}

/** The provider deleted the member: gone from its view, kept (inactive) with every record. */
export async function markProvisionedMemberRemoved(
  organisationId: number,
  userId: string,
  now = new Date(),
): Promise<void> {
  await getDb()
    .updateTable("organisation_member")
    .set({ scim_removed_at: now.toISOString(), provisioned_at: now.toISOString() })
    .where("user_id", "=", userId)
    .where("organisation_id", "=", organisationId)
    .execute();
}
