import type { Kysely } from "kysely";
import { serialId } from "./helpers";

// Training (docs/decisions/018-learners-and-grading.md): who learns, each take of a module or lease
// scenario, and every answer given. Answers are only ever added; scores are computed from them.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("learner")
    .addColumn("id", "text", (col) => col.primaryKey())
    // Null for a guest; a signed-in user has exactly one learner.
    .addColumn("user_id", "text", (col) => col.unique().references("user.id").onDelete("cascade"))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("last_seen_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("learner_guest_last_seen")
    .on("learner")
    .columns(["user_id", "last_seen_at"])
    .execute();

  await db.schema
    .createTable("training_run")
    .addColumn("id", "integer", serialId(db))
    .addColumn("learner_id", "text", (col) =>
      col.notNull().references("learner.id").onDelete("cascade"),
    )
    // A module id, or `lease/<scenario id>` for a lease fraud scenario.
    .addColumn("item_id", "text", (col) => col.notNull())
    // Random, named by the page that starts the take: a replayed first answer finds its take.
    .addColumn("take_key", "text", (col) => col.notNull().unique())
    .addColumn("started_at", "text", (col) => col.notNull())
    .addColumn("completed_at", "text")
    // Whole percent of first answers that were right; set on completion.
    .addColumn("score", "integer")
    .execute();
  await db.schema
    .createIndex("training_run_learner_item")
    .on("training_run")
    .columns(["learner_id", "item_id"])
    .execute();

  await db.schema
    .createTable("training_answer")
    .addColumn("id", "integer", serialId(db))
    .addColumn("run_id", "integer", (col) =>
      col.notNull().references("training_run.id").onDelete("cascade"),
    )
    .addColumn("step_id", "text", (col) => col.notNull())
    // Null when the last lease step was completed unanswered (SPEC §5): it counts as wrong.
    .addColumn("option_id", "text")
    .addColumn("correct", "integer", (col) => col.notNull())
    .addColumn("answered_at", "text", (col) => col.notNull())
    // One answer per step and take: a replayed post finds it instead of adding another.
    .addUniqueConstraint("training_answer_run_step", ["run_id", "step_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("training_answer").execute();
  await db.schema.dropTable("training_run").execute();
  await db.schema.dropTable("learner").execute();
}
