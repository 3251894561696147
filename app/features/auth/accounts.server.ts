import { getDb } from "~/db/db.server";

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
