import type { Kysely } from "kysely";
import { serialId } from "./helpers";

// Notifications (SPEC §3): stored per user, rendered in the reader's language from a kind and its
// values. Removing one hides it, so the event that made it cannot make it again.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("notification")
    .addColumn("id", "integer", serialId(db))
    .addColumn("user_id", "text", (col) => col.notNull().references("user.id").onDelete("cascade"))
    // What happened, once per user: a repeat of the same event finds the first.
    .addColumn("event_key", "text", (col) => col.notNull())
    .addColumn("kind", "text", (col) => col.notNull())
    // JSON object of the values the texts of the kind name.
    .addColumn("params", "text", (col) => col.notNull())
    .addColumn("type", "text", (col) => col.notNull())
    .addColumn("priority", "text", (col) => col.notNull())
    .addColumn("action_required", "integer", (col) => col.notNull())
    .addColumn("action_url", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("read_at", "text")
    .addColumn("removed_at", "text")
    .addUniqueConstraint("notification_user_event", ["user_id", "event_key"])
    .execute();
  await db.schema
    .createIndex("notification_user_created")
    .on("notification")
    .columns(["user_id", "created_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("notification").execute();
}
