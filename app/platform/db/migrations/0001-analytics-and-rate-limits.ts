import type { Kysely } from "kysely";
import { serialId } from "./helpers";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("analytics_event")
    .addColumn("id", "integer", serialId(db))
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("properties", "text", (col) => col.notNull().defaultTo("{}"))
    .addColumn("path", "text", (col) => col.notNull())
    .addColumn("locale", "text")
    .addColumn("session_id", "text")
    .addColumn("anonymous_id", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("analytics_event_name_created_at")
    .on("analytics_event")
    .columns(["name", "created_at"])
    .execute();

  await db.schema
    .createTable("rate_limit")
    .addColumn("key", "text", (col) => col.primaryKey())
    .addColumn("window_start", "text", (col) => col.notNull())
    .addColumn("count", "integer", (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("rate_limit").execute();
  await db.schema.dropTable("analytics_event").execute();
}
