import type { Kysely } from "kysely";

// Rate limits become a sliding window (docs/decisions/014-rate-limits.md): each key keeps the
// times of its recent hits, and when its row may be forgotten. Counters are short-lived, so the
// old table is replaced rather than converted: a deploy starts every limit afresh.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("rate_limit").execute();
  await db.schema
    .createTable("rate_limit")
    .addColumn("key", "text", (col) => col.primaryKey())
    // Comma-separated epoch milliseconds of the hits let through in the last window.
    .addColumn("hits", "text", (col) => col.notNull())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("rate_limit_expires_at")
    .on("rate_limit")
    .column("expires_at")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("rate_limit").execute();
  await db.schema
    .createTable("rate_limit")
    .addColumn("key", "text", (col) => col.primaryKey())
    .addColumn("window_start", "text", (col) => col.notNull())
    .addColumn("count", "integer", (col) => col.notNull())
    .execute();
}
