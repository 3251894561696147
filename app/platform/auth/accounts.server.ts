import { getDb } from "~/platform/db/db.server";
import { inChunks } from "~/platform/lib/chunks";
import { getAuth } from "./auth.server";

export async function countUsers(): Promise<number> {
  const row = await getDb()
    .selectFrom("user")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Sessions whose expiry is still ahead of `now`. */
export async function countActiveSessions({ now = new Date() }: { now?: Date } = {}) {
  // An ISO bound compares with better-auth's ISO text on SQLite and is cast to timestamptz on
  // PostgreSQL, so the same query serves both engines.
  const row = await getDb()
    .selectFrom("session")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("expires_at", ">", now.toISOString())
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export interface AccountSummary {
  id: string;
  name: string;
  email: string;
}

/** The names and addresses of these users, for the reports and lists that name them. */
export function accountsOf(userIds: readonly string[]): Promise<AccountSummary[]> {
  return inChunks(userIds, (slice) =>
    getDb().selectFrom("user").select(["id", "name", "email"]).where("id", "in", slice).execute(),
  );
}

/** The account with this address (any case), if there is one. */
export async function accountByEmail(email: string): Promise<AccountSummary | undefined> {
  return getDb()
    .selectFrom("user")
    .select(["id", "name", "email"])
    .where("email", "=", email.trim().toLowerCase())
    .executeTakeFirst();
}

/**
 * Makes an account for an address an organisation provisions (SCIM): verified, since the
 * organisation's identity provider vouches for it; answers its id.
 */
export async function createAccount(email: string, name: string): Promise<string> {
  const context = await getAuth().$context;
  const user = await context.internalAdapter.createUser(
    { email: email.trim().toLowerCase(), name, emailVerified: true },
    { method: "scim" },
  );
  return user.id;
}

/** Changes an account's address and name (an identity provider's update). */
export async function updateAccount(
  userId: string,
  input: { email: string; name: string },
  now = new Date(),
): Promise<void> {
  await getDb()
    .updateTable("user")
    .set({
      email: input.email.trim().toLowerCase(),
      name: input.name,
      updated_at: now.toISOString(),
    })
    .where("id", "=", userId)
    .execute();
}

export interface AccountState extends AccountSummary {
  /** When the account was deactivated, null while active. */
  deactivatedAt: string | null;
}

/** These accounts with whether they are active. */
export function accountStatesOf(userIds: readonly string[]): Promise<AccountState[]> {
  return inChunks(userIds, async (slice) => {
    const rows = await getDb()
      .selectFrom("user")
      .select(["id", "name", "email", "deactivated_at"])
      .where("id", "in", slice)
      .execute();
    return rows.map(({ deactivated_at, ...account }) => ({
      ...account,
      deactivatedAt: deactivated_at,
    }));
  });
}

/** Which of these accounts are inactive: they owe nothing and are reminded of nothing. */
export async function inactiveAccountsOf(userIds: readonly string[]): Promise<Set<string>> {
  const rows = await inChunks(userIds, (slice) =>
    getDb()
      .selectFrom("user")
      .select("id")
      .where("id", "in", slice)
      .where("deactivated_at", "is not", null)
      .execute(),
  );
  return new Set(rows.map((row) => row.id));
}

/**
 * Deactivates an account (its sessions end, sign-in refuses it) or makes it active again; its
 * records stay either way. Answers how many sessions ended. An account already inactive keeps
 * the date it was deactivated.
 */
export async function setAccountActive(
  userId: string,
  active: boolean,
  now = new Date(),
): Promise<number> {
  const db = getDb();
  if (active) {
    await db.updateTable("user").set({ deactivated_at: null }).where("id", "=", userId).execute();
    return 0;
  }
  await db
    .updateTable("user")
    .set({ deactivated_at: now.toISOString() })
    .where("id", "=", userId)
    .where("deactivated_at", "is", null)
    .execute();
  return endSessionsOf(userId);
}

/** Ends every session of the user: their next request is signed out. */
export async function endSessionsOf(userId: string): Promise<number> {
  const result = await getDb().deleteFrom("session").where("user_id", "=", userId).execute();
  return result.reduce((sum, row) => sum + Number(row.numDeletedRows), 0);
}
