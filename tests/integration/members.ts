import { getDb } from "~/platform/db/db.server";
import { ensureOrganisation } from "~/domain/compliance/index.server";

// Organisation membership as an admin would set it, for tests whose subject is what a role may do.

export async function userIdOf(email: string): Promise<string> {
  const user = await getDb()
    .selectFrom("user")
    .select("id")
    .where("email", "=", email)
    .executeTakeFirstOrThrow();
  return user.id;
}

/** Puts a user in an organisation (made if new) with a role. */
export async function placeMember(
  email: string,
  organisation: string,
  role: "learner" | "manager",
): Promise<{ organisationId: number; userId: string }> {
  const { id } = await ensureOrganisation(organisation);
  const userId = await userIdOf(email);
  await getDb().deleteFrom("organisation_member").where("user_id", "=", userId).execute();
  await getDb()
    .insertInto("organisation_member")
    .values({
      user_id: userId,
      organisation_id: id,
      role,
      joined_at: new Date().toISOString(),
      role_changed_by: null,
      role_changed_at: null,
    })
    .execute();
  return { organisationId: id, userId };
}
