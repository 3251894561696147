import type { Kysely } from "kysely";
import { serialId } from "./helpers";

// The skills generator (docs/decisions/026-skills.md): each user's time zone (their week starts on
// Monday 00:00 there), every run counted against the weekly quota with what it produced, and saved
// drafts. Inputs are stored only after personal data is scrubbed from them.
export async function up(db: Kysely<unknown>): Promise<void> {
  const user = "user.id";
  await db.schema
    .createTable("skill_profile")
    .addColumn("user_id", "text", (col) => col.primaryKey().references(user).onDelete("cascade"))
    .addColumn("time_zone", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createTable("skill_run")
    .addColumn("id", "integer", serialId(db))
    .addColumn("user_id", "text", (col) => col.notNull().references(user).onDelete("cascade"))
    .addColumn("skill_id", "text", (col) => col.notNull())
    .addColumn("provider", "text", (col) => col.notNull())
    // The scrubbed input and the markdown produced, with its sources and scrub report as JSON.
    .addColumn("input", "text", (col) => col.notNull())
    .addColumn("content", "text", (col) => col.notNull())
    .addColumn("details", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("skill_run_user")
    .on("skill_run")
    .columns(["user_id", "created_at"])
    .execute();
  await db.schema
    .createTable("skill_draft")
    .addColumn("id", "integer", serialId(db))
    .addColumn("user_id", "text", (col) => col.notNull().references(user).onDelete("cascade"))
    .addColumn("skill_id", "text", (col) => col.notNull())
    .addColumn("input", "text", (col) => col.notNull())
    .addColumn("content", "text", (col) => col.notNull())
    .addColumn("details", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("skill_draft_user")
    .on("skill_draft")
    .columns(["user_id", "created_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("skill_draft").execute();
  await db.schema.dropTable("skill_run").execute();
  await db.schema.dropTable("skill_profile").execute();
}
