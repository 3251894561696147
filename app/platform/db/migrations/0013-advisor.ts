import type { Kysely } from "kysely";

// The ESG Advisor's conversations (docs/decisions/025-advisor.md): a signed-in user's questions
// and the answers given, kept 30 days and deletable; visitors' conversations stay in their browser.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("advisor_message")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("user_id", "text", (col) => col.notNull().references("user.id").onDelete("cascade"))
    .addColumn("sender", "text", (col) => col.notNull())
    .addColumn("text", "text", (col) => col.notNull())
    // Whether the answer came from the knowledge base, and its sources as JSON.
    .addColumn("kb", "integer", (col) => col.notNull())
    .addColumn("sources", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("advisor_message_user")
    .on("advisor_message")
    .columns(["user_id", "created_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("advisor_message").execute();
}
