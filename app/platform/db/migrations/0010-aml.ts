import type { Kysely } from "kysely";
import { serialId } from "./helpers";

// The AML live training (docs/decisions/022-aml-training.md): every graded attempt, kept as it was
// graded, and one saved draft per learner and scenario.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("aml_attempt")
    .addColumn("id", "integer", serialId(db))
    .addColumn("learner_id", "text", (col) =>
      col.notNull().references("learner.id").onDelete("cascade"),
    )
    .addColumn("jurisdiction", "text", (col) => col.notNull())
    .addColumn("scenario_id", "text", (col) => col.notNull())
    // guided, freeform or player
    .addColumn("mode", "text", (col) => col.notNull())
    .addColumn("pack_version", "text", (col) => col.notNull())
    // What the learner gave, as JSON: the grade can be recomputed from it and the pack version.
    .addColumn("submission", "text", (col) => col.notNull())
    // 0–1 after penalties, and its whole percent and band.
    .addColumn("score", "double precision", (col) => col.notNull())
    .addColumn("percent", "integer", (col) => col.notNull())
    .addColumn("band", "text", (col) => col.notNull())
    // The grade's details, penalties and missed signals, as JSON.
    .addColumn("result", "text", (col) => col.notNull())
    .addColumn("requires_escalation", "integer", (col) => col.notNull())
    .addColumn("escalated_in_time", "integer")
    .addColumn("complete_record", "integer", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("aml_attempt_learner")
    .on("aml_attempt")
    .columns(["learner_id", "jurisdiction", "created_at"])
    .execute();

  await db.schema
    .createTable("aml_draft")
    .addColumn("learner_id", "text", (col) =>
      col.notNull().references("learner.id").onDelete("cascade"),
    )
    .addColumn("jurisdiction", "text", (col) => col.notNull())
    .addColumn("scenario_id", "text", (col) => col.notNull())
    .addColumn("pack_version", "text", (col) => col.notNull())
    .addColumn("step", "integer", (col) => col.notNull())
    // The responses, citations and confidence, as JSON.
    .addColumn("responses", "text", (col) => col.notNull())
    // When the learner made the edit (their clock, bounded): an older save arriving late loses.
    .addColumn("edited_at", "text", (col) => col.notNull())
    .addColumn("saved_at", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("aml_draft_key", ["learner_id", "jurisdiction", "scenario_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("aml_draft").execute();
  await db.schema.dropTable("aml_attempt").execute();
}
