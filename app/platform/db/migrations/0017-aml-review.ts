import type { Kysely } from "kysely";

// A person's review of an automatically graded AML answer (docs/decisions/038): which answers
// wait for one and why (the model and the rules disagree, a grade on the pass line, or the sample),
// and what the reviewer decided, with their reason.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("aml_review")
    .addColumn("attempt_id", "integer", (col) =>
      col.primaryKey().references("aml_attempt.id").onDelete("cascade"),
    )
    .addColumn("organisation_id", "integer", (col) =>
      col.notNull().references("organisation.id").onDelete("cascade"),
    )
    // disagreement, borderline or sample
    .addColumn("reason", "text", (col) => col.notNull())
    // pending, confirmed or overridden
    .addColumn("status", "text", (col) => col.notNull())
    // Who answered, as the evidence record names them.
    .addColumn("learner_name", "text", (col) => col.notNull())
    .addColumn("learner_email", "text", (col) => col.notNull())
    .addColumn("automatic_percent", "integer", (col) => col.notNull())
    .addColumn("automatic_band", "text", (col) => col.notNull())
    .addColumn("final_percent", "integer")
    .addColumn("final_band", "text")
    .addColumn("reviewer_id", "text", (col) => col.references("user.id").onDelete("set null"))
    .addColumn("note", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("reviewed_at", "text")
    .execute();
  await db.schema
    .createIndex("aml_review_queue")
    .on("aml_review")
    .columns(["organisation_id", "status", "created_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("aml_review").execute();
}
