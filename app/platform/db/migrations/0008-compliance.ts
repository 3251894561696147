import { type Kysely, sql } from "kysely";
import { onPostgres, serialId } from "./helpers";

// Compliance (docs/decisions/021-compliance.md): organisations and who manages them, the
// requirements each organisation sets, due-date extensions (only ever added), the reminders
// claimed before they are mailed, and the reports generated in the background.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Factory Reset starts a learner's progress again; the takes before it stay for the audit trail.
  await db.schema.alterTable("learner").addColumn("progress_reset_at", "text").execute();

  await db.schema
    .createTable("organisation")
    .addColumn("id", "integer", serialId(db))
    .addColumn("name", "text", (col) => col.notNull().unique())
    // An ISO 3166 code: the regulator named on the dashboard follows it.
    .addColumn("region", "text", (col) => col.notNull())
    // IANA name: due dates end at midnight there, and months are counted there.
    .addColumn("time_zone", "text", (col) => col.notNull())
    // YYYY-MM-DD.
    .addColumn("next_audit", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("organisation_member")
    .addColumn("user_id", "text", (col) =>
      col.primaryKey().references("user.id").onDelete("cascade"),
    )
    .addColumn("organisation_id", "integer", (col) =>
      col.notNull().references("organisation.id").onDelete("cascade"),
    )
    // learner | manager (an admin is an admin by account, everywhere).
    .addColumn("role", "text", (col) => col.notNull())
    .addColumn("joined_at", "text", (col) => col.notNull())
    .addColumn("role_changed_by", "text")
    .addColumn("role_changed_at", "text")
    .execute();
  await db.schema
    .createIndex("organisation_member_organisation")
    .on("organisation_member")
    .columns(["organisation_id", "role"])
    .execute();

  await db.schema
    .createTable("requirement")
    .addColumn("id", "integer", serialId(db))
    .addColumn("organisation_id", "integer", (col) =>
      col.notNull().references("organisation.id").onDelete("cascade"),
    )
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("description", "text", (col) => col.notNull())
    .addColumn("category", "text", (col) => col.notNull())
    .addColumn("points", "integer", (col) => col.notNull())
    // YYYY-MM-DD: the first cycle is due at the end of that day in the organisation's time zone.
    .addColumn("due_date", "text", (col) => col.notNull())
    // JSON array of `module:<id>` and `track:<id>`: all of them complete the requirement.
    .addColumn("fulfilled_by", "text", (col) => col.notNull())
    // none | yearly.
    .addColumn("recurrence", "text", (col) => col.notNull())
    .addColumn("window_days", "integer", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .addColumn("updated_by", "text", (col) => col.notNull())
    // Removed requirements stay for the reports of what was asked before.
    .addColumn("removed_at", "text")
    .execute();
  await db.schema
    .createIndex("requirement_organisation")
    .on("requirement")
    .columns(["organisation_id", "removed_at"])
    .execute();

  await db.schema
    .createTable("requirement_extension")
    .addColumn("id", "integer", serialId(db))
    .addColumn("requirement_id", "integer", (col) =>
      col.notNull().references("requirement.id").onDelete("cascade"),
    )
    .addColumn("user_id", "text", (col) => col.notNull().references("user.id").onDelete("cascade"))
    .addColumn("cycle", "integer", (col) => col.notNull())
    // YYYY-MM-DD; the newest extension of a cycle counts.
    .addColumn("due_date", "text", (col) => col.notNull())
    .addColumn("reason", "text", (col) => col.notNull())
    .addColumn("actor_email", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("requirement_extension_requirement")
    .on("requirement_extension")
    .columns(["requirement_id", "user_id"])
    .execute();

  await db.schema
    .createTable("reminder_claim")
    .addColumn("id", "integer", serialId(db))
    .addColumn("requirement_id", "integer", (col) =>
      col.notNull().references("requirement.id").onDelete("cascade"),
    )
    .addColumn("user_id", "text", (col) => col.notNull().references("user.id").onDelete("cascade"))
    .addColumn("cycle", "integer", (col) => col.notNull())
    // before-14 | before-7 | before-1 | overdue | overdue-week-N | window-open.
    .addColumn("kind", "text", (col) => col.notNull())
    // claimed | sent | queued | failed: a claim is made before the mail, so a pass that stops
    // halfway never mails the same reminder again.
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("claimed_at", "text", (col) => col.notNull())
    .addColumn("finished_at", "text")
    .addColumn("error", "text")
    .addUniqueConstraint("reminder_claim_once", ["requirement_id", "user_id", "cycle", "kind"])
    .execute();

  await db.schema
    .createTable("report")
    .addColumn("id", "integer", serialId(db))
    .addColumn("public_id", "text", (col) => col.notNull().unique())
    .addColumn("organisation_id", "integer", (col) =>
      col.notNull().references("organisation.id").onDelete("cascade"),
    )
    // Who asked for it; for a training record, also whose record it is.
    .addColumn("requested_by", "text", (col) =>
      col.notNull().references("user.id").onDelete("cascade"),
    )
    // training-register | certification | training-record.
    .addColumn("kind", "text", (col) => col.notNull())
    // csv | pdf.
    .addColumn("format", "text", (col) => col.notNull())
    // pending | running | completed | failed.
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("requested_at", "text", (col) => col.notNull())
    .addColumn("started_at", "text")
    .addColumn("completed_at", "text")
    .addColumn("size", "integer")
    .addColumn("content", onPostgres(db) ? sql`bytea` : sql`blob`)
    .addColumn("error", "text")
    .execute();
  await db.schema
    .createIndex("report_organisation_requested")
    .on("report")
    .columns(["organisation_id", "requested_at"])
    .execute();
  await db.schema.createIndex("report_status").on("report").columns(["status"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "report",
    "reminder_claim",
    "requirement_extension",
    "requirement",
    "organisation_member",
    "organisation",
  ]) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.alterTable("learner").dropColumn("progress_reset_at").execute();
}
