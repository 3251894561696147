import { type SelectQueryBuilder, type SqlBool, sql } from "kysely";

// How a feature lists its own rows for staff: a case-insensitive text search and pages of a fixed
// size. Each feature writes its query; these two helpers keep the search and the paging alike.

export interface PageRequest {
  /** Text to find; "" finds every row. */
  q: string;
  page: number;
  pageSize: number;
}

export interface ListPage<Row> {
  rows: Row[];
  page: number;
  pageCount: number;
  total: number;
}

/** `%` and `_` in a search are the characters themselves, not wildcards. */
function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, "\\$&")}%`;
}

/**
 * Rows where any of `columns` contains `search`, ignoring case. SQLite's LIKE has no escape
 * character unless told; PostgreSQL's is the backslash. Both lower the two sides with the same
 * function, so neither engine's own case rules decide a match.
 */
export function containsText(columns: readonly string[], search: string) {
  const pattern = likePattern(search);
  return sql<SqlBool>`(${sql.join(
    columns.map((column) => sql`lower(${sql.ref(column)}) like lower(${pattern}) escape '\\'`),
    sql` or `,
  )})`;
}

/**
 * One page of a query's rows. A page past the last answers the last page, and a page below 1 the
 * first, so an edited URL still lands on rows.
 */
export async function pageOf<DB, TB extends keyof DB, Row>(
  query: SelectQueryBuilder<DB, TB, Row>,
  { page, pageSize }: Omit<PageRequest, "q">,
): Promise<ListPage<Row>> {
  const { count } = await query
    .clearSelect()
    .clearOrderBy()
    .select(sql<number | string>`count(*)`.as("count"))
    // Kysely cannot resolve a selection on a query whose tables are a type parameter.
    .$castTo<{ count: number | string }>()
    .executeTakeFirstOrThrow();
  const total = Number(count);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, Math.trunc(page) || 1), pageCount);
  const rows = await query
    .limit(pageSize)
    .offset((current - 1) * pageSize)
    .execute();
  // Kysely spells the row type through its own helpers; it is the same shape.
  return { rows: rows as Row[], page: current, pageCount, total };
}
