import { getDb } from "~/platform/db/db.server";
import { inChunks } from "~/platform/lib/chunks";

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
