import { type Selectable, sql } from "kysely";
import { getDb } from "~/platform/db/db.server";
import type { WaitlistEntryTable } from "~/platform/db/schema";
import {
  type ListPage,
  type PageRequest,
  containsText,
  pageOf,
} from "~/platform/lib/listing.server";
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
  const row = await getDb()
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

export async function countWaitlistEntries(): Promise<number> {
  const row = await getDb()
    .selectFrom("waitlist_entry")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** What staff see of an entry, in this order: the admin list and its CSV. */
export const WAITLIST_ENTRY_COLUMNS = [
  "id",
  "created_at",
  "updated_at",
  "name",
  "email",
  "company",
  "role",
  "product",
  "region",
  "locale",
  "submissions",
] as const;

export type WaitlistEntryRow = Pick<
  Selectable<WaitlistEntryTable>,
  (typeof WAITLIST_ENTRY_COLUMNS)[number]
>;

function entriesMatching(q: string) {
  return getDb()
    .selectFrom("waitlist_entry")
    .select(WAITLIST_ENTRY_COLUMNS)
    .$if(q !== "", (qb) => qb.where(containsText(["name", "email", "company"], q)))
    .orderBy("created_at", "desc")
    .orderBy("id", "desc");
}

/** A page of the entries whose name, email or company contains `q`, newest first. */
export function listWaitlistEntries({
  q,
  ...page
}: PageRequest): Promise<ListPage<WaitlistEntryRow>> {
  return pageOf(entriesMatching(q), page);
}

/** Every entry whose name, email or company contains `q`, newest first. */
export function listAllWaitlistEntries({ q }: Pick<PageRequest, "q">): Promise<WaitlistEntryRow[]> {
  return entriesMatching(q).execute();
}
