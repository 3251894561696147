import { type Kysely, type SelectQueryBuilder, type SqlBool, sql } from "kysely";
import type { Database } from "~/db/schema";
import {
  type AdminDataset,
  type AdminRows,
  DATASET_COLUMNS,
  DATASET_SEARCH_COLUMNS,
  type SubmissionDataset,
} from "./datasets";
import { ADMIN_PAGE_SIZE } from "./constants";
import type { AdminListQuery, AdminPage } from "./list-query";

type DatasetTable = "waitlist_entry" | "contact_message" | "demo_request" | "outbox";
type DatasetQuery<D extends AdminDataset> = SelectQueryBuilder<
  Database,
  DatasetTable,
  AdminRows[D]
>;

/** `%` and `_` in a search are the characters themselves, not wildcards. */
function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, "\\$&")}%`;
}

// SQLite's LIKE has no escape character unless told; PostgreSQL's is the backslash. Both lower the
// two sides with the same function, so neither engine's own case rules decide a match.
function matches(columns: readonly string[], search: string) {
  const pattern = likePattern(search);
  return sql<SqlBool>`(${sql.join(
    columns.map((column) => sql`lower(${sql.ref(column)}) like lower(${pattern}) escape '\\'`),
    sql` or `,
  )})`;
}

/** Each dataset's rows matching a search, newest first. */
const QUERIES: { [D in AdminDataset]: (db: Kysely<Database>, q: string) => DatasetQuery<D> } = {
  waitlist: (db, q) =>
    db
      .selectFrom("waitlist_entry")
      .select(DATASET_COLUMNS.waitlist)
      .$if(q !== "", (qb) => qb.where(matches(DATASET_SEARCH_COLUMNS.waitlist, q)))
      .orderBy("created_at", "desc")
      .orderBy("id", "desc"),
  contact: (db, q) =>
    db
      .selectFrom("contact_message")
      .select(DATASET_COLUMNS.contact)
      .$if(q !== "", (qb) => qb.where(matches(DATASET_SEARCH_COLUMNS.contact, q)))
      .orderBy("created_at", "desc")
      .orderBy("id", "desc"),
  demo: (db, q) =>
    db
      .selectFrom("demo_request")
      .select(DATASET_COLUMNS.demo)
      .$if(q !== "", (qb) => qb.where(matches(DATASET_SEARCH_COLUMNS.demo, q)))
      .orderBy("created_at", "desc")
      .orderBy("id", "desc"),
  outbox: (db, q) =>
    db
      .selectFrom("outbox")
      .select(DATASET_COLUMNS.outbox)
      .$if(q !== "", (qb) => qb.where(matches(DATASET_SEARCH_COLUMNS.outbox, q)))
      .orderBy("created_at", "desc")
      .orderBy("id", "desc"),
};

/**
 * One page of a dataset. A page past the last shows the last page, and a page below 1 the first,
 * so an edited URL still lands on rows.
 */
export async function listDataset<D extends AdminDataset>(
  db: Kysely<Database>,
  dataset: D,
  { q, page }: AdminListQuery,
): Promise<AdminPage<AdminRows[D]>> {
  const query = QUERIES[dataset](db, q);
  const { count } = await query
    .clearSelect()
    .clearOrderBy()
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .executeTakeFirstOrThrow();
  const total = Number(count);
  const pageCount = Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE));
  const current = Math.min(Math.max(1, Math.trunc(page) || 1), pageCount);
  const rows = await query
    .limit(ADMIN_PAGE_SIZE)
    .offset((current - 1) * ADMIN_PAGE_SIZE)
    .execute();
  // Kysely spells the row type through its own helpers; it is the same shape.
  return { rows: rows as AdminRows[D][], q, page: current, pageCount, total };
}

/** A page of waitlist entries, contact messages or demo requests, newest first. */
export function listSubmissions<D extends SubmissionDataset>(
  db: Kysely<Database>,
  dataset: D,
  query: AdminListQuery,
): Promise<AdminPage<AdminRows[D]>> {
  return listDataset(db, dataset, query);
}

/** A page of the outbox, newest first; the search matches recipient and subject. */
export function listOutbox(
  db: Kysely<Database>,
  query: AdminListQuery,
): Promise<AdminPage<AdminRows["outbox"]>> {
  return listDataset(db, "outbox", query);
}

/** Every row of a dataset that matches a search (not only one page), newest first. */
export async function rowsForExport<D extends AdminDataset>(
  db: Kysely<Database>,
  dataset: D,
  { q }: Pick<AdminListQuery, "q">,
): Promise<AdminRows[D][]> {
  return (await QUERIES[dataset](db, q).execute()) as AdminRows[D][];
}
