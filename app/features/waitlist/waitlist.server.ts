import { sql, type Kysely } from "kysely";
import type { Database } from "~/db/schema";
import type { WaitlistSubmission } from "./schema";

export interface WaitlistContext {
  locale?: string | null;
  region?: string | null;
  now?: Date;
}

/**
 * One row per email (SPEC §7 "one row per email"): a repeat updates the details and counts the
 * submission. Resolves once the row is committed; `created` tells a new entry from a repeat.
 */
export async function recordWaitlistEntry(
  db: Kysely<Database>,
  entry: WaitlistSubmission,
  context: WaitlistContext = {},
): Promise<{ id: number; created: boolean }> {
  const now = (context.now ?? new Date()).toISOString();
  const details = {
    name: entry.name,
    company: entry.company,
    role: entry.role,
    consent: 1,
    product: entry.product,
    locale: context.locale ?? null,
    region: context.region ?? null,
    client_timestamp: entry.timestamp ?? null,
    updated_at: now,
  };
  const row = await db
    .insertInto("waitlist_entry")
    .values({ email: entry.email, ...details, created_at: now })
    .onConflict((oc) =>
      oc.column("email").doUpdateSet({
        ...details,
        submissions: sql<number>`waitlist_entry.submissions + 1`,
      }),
    )
    .returning(["id", "submissions"])
    .executeTakeFirstOrThrow();
  return { id: row.id, created: row.submissions === 1 };
}

export async function countWaitlistEntries(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("waitlist_entry")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
