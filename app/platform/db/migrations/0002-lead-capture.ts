import type { Kysely } from "kysely";
import { serialId } from "./helpers";

// Waitlist entries (one per email), contact messages, demo requests (SPEC §3), and the outbox that
// keeps every mail the product sends (delivered over SMTP when configured).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("waitlist_entry")
    .addColumn("id", "integer", serialId(db))
    .addColumn("email", "text", (col) => col.notNull().unique())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("company", "text", (col) => col.notNull())
    .addColumn("role", "text", (col) => col.notNull())
    .addColumn("consent", "integer", (col) => col.notNull())
    .addColumn("product", "text", (col) => col.notNull())
    .addColumn("locale", "text")
    .addColumn("region", "text")
    .addColumn("client_timestamp", "text")
    .addColumn("submissions", "integer", (col) => col.notNull().defaultTo(1))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("contact_message")
    .addColumn("id", "integer", serialId(db))
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("company", "text")
    .addColumn("inquiry_type", "text", (col) => col.notNull())
    .addColumn("message", "text", (col) => col.notNull())
    .addColumn("locale", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("demo_request")
    .addColumn("id", "integer", serialId(db))
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("company", "text", (col) => col.notNull())
    .addColumn("job_title", "text")
    .addColumn("company_size", "text")
    .addColumn("use_case", "text")
    .addColumn("preferred_time", "text")
    .addColumn("details", "text")
    .addColumn("locale", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("outbox")
    .addColumn("id", "integer", serialId(db))
    .addColumn("to_address", "text", (col) => col.notNull())
    .addColumn("subject", "text", (col) => col.notNull())
    .addColumn("body", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("error", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("sent_at", "text")
    .execute();

  for (const table of ["contact_message", "demo_request", "outbox"]) {
    await db.schema.createIndex(`${table}_created_at`).on(table).column("created_at").execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["outbox", "demo_request", "contact_message", "waitlist_entry"]) {
    await db.schema.dropTable(table).execute();
  }
}
