import type { ColumnDefinitionBuilder, Kysely } from "kysely";
import { serialId } from "./helpers";

// Courses with tabs and exercises (docs/decisions/024-courses.md): the tabs a learner has spent
// time on, each exercise step as graded, completions, and where each narration was left.
export async function up(db: Kysely<unknown>): Promise<void> {
  const learner = (col: ColumnDefinitionBuilder) =>
    col.notNull().references("learner.id").onDelete("cascade");
  await db.schema
    .createTable("course_visit")
    .addColumn("learner_id", "text", learner)
    .addColumn("course_id", "text", (col) => col.notNull())
    .addColumn("tab", "text", (col) => col.notNull())
    .addColumn("visited_at", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("course_visit_key", ["learner_id", "course_id", "tab"])
    .execute();

  await db.schema
    .createTable("course_step")
    .addColumn("learner_id", "text", learner)
    .addColumn("course_id", "text", (col) => col.notNull())
    .addColumn("exercise_id", "text", (col) => col.notNull())
    .addColumn("step_id", "text", (col) => col.notNull())
    // The options of the latest check, as a JSON array of ids, and whether they were right.
    .addColumn("selected", "text", (col) => col.notNull())
    .addColumn("correct", "integer", (col) => col.notNull())
    // The score of record: right at the first check, before any solution was shown.
    .addColumn("first_correct", "integer", (col) => col.notNull())
    .addColumn("revealed", "integer", (col) => col.notNull())
    .addColumn("checks", "integer", (col) => col.notNull())
    .addColumn("solved_at", "text")
    .addColumn("updated_at", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("course_step_key", [
      "learner_id",
      "course_id",
      "exercise_id",
      "step_id",
    ])
    .execute();

  await db.schema
    .createTable("course_completion")
    .addColumn("id", "integer", serialId(db))
    .addColumn("learner_id", "text", learner)
    .addColumn("course_id", "text", (col) => col.notNull())
    // First-try right answers of every exercise step, and of how many.
    .addColumn("correct", "integer", (col) => col.notNull())
    .addColumn("steps", "integer", (col) => col.notNull())
    .addColumn("points", "integer", (col) => col.notNull())
    // The learner's progress_reset_at when they completed ('' before any Factory Reset): one
    // completion per course and cycle, however many requests finish it at once.
    .addColumn("cycle", "text", (col) => col.notNull())
    .addColumn("completed_at", "text", (col) => col.notNull())
    .addUniqueConstraint("course_completion_cycle", ["learner_id", "course_id", "cycle"])
    .execute();

  await db.schema
    .createTable("audio_position")
    .addColumn("learner_id", "text", learner)
    .addColumn("course_id", "text", (col) => col.notNull())
    .addColumn("audio_id", "text", (col) => col.notNull())
    .addColumn("seconds", "double precision", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("audio_position_key", ["learner_id", "course_id", "audio_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["audio_position", "course_completion", "course_step", "course_visit"]) {
    await db.schema.dropTable(table).execute();
  }
}
