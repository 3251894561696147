import { getDb, inOneTransaction } from "~/platform/db/db.server";
import { progressResetAt } from "~/domain/training/index.server";
import type { Course } from "./content-schema.server";
import type { CourseTab } from "./constants";
import { type StepRecord, isRightAnswer, summarise } from "./grading";
import type { Completion } from "./types";

// What a learner has done in a course, stored per step and tab (docs/decisions/024-courses.md).
// Scores are never sent by the browser: a check is graded here against the content.

export async function loadStepRecords(learnerId: string, courseId: string): Promise<StepRecord[]> {
  const rows = await getDb()
    .selectFrom("course_step")
    .selectAll()
    .where("learner_id", "=", learnerId)
    .where("course_id", "=", courseId)
    .execute();
  return rows.map((row) => ({
    exerciseId: row.exercise_id,
    stepId: row.step_id,
    selected: JSON.parse(row.selected) as string[],
    correct: Boolean(row.correct),
    firstCorrect: Boolean(row.first_correct),
    revealed: Boolean(row.revealed),
    solved: row.solved_at !== null,
  }));
}

export async function loadVisitedTabs(learnerId: string, courseId: string): Promise<string[]> {
  const rows = await getDb()
    .selectFrom("course_visit")
    .select("tab")
    .where("learner_id", "=", learnerId)
    .where("course_id", "=", courseId)
    .execute();
  return rows.map((row) => row.tab);
}

/** The learner's completion in the current cycle (since their last Factory Reset), if any. */
export async function loadCompletion(
  learnerId: string,
  courseId: string,
): Promise<Completion | null> {
  const cycle = (await progressResetAt(learnerId)) ?? "";
  const row = await getDb()
    .selectFrom("course_completion")
    .select(["correct", "steps", "points", "completed_at"])
    .where("learner_id", "=", learnerId)
    .where("course_id", "=", courseId)
    .where("cycle", "=", cycle)
    .executeTakeFirst();
  return row
    ? { correct: row.correct, steps: row.steps, points: row.points, completedAt: row.completed_at }
    : null;
}

export async function recordVisit(
  learnerId: string,
  courseId: string,
  tab: CourseTab,
  now = new Date(),
): Promise<void> {
  await getDb()
    .insertInto("course_visit")
    .values({ learner_id: learnerId, course_id: courseId, tab, visited_at: now.toISOString() })
    .onConflict((oc) => oc.columns(["learner_id", "course_id", "tab"]).doNothing())
    .execute();
}

/**
 * Grades a check and stores it in one statement, so two checks at once cannot both be the first:
 * the score of record is set by the row's first write and never changed after.
 */
export async function recordCheck(input: {
  learnerId: string;
  courseId: string;
  exerciseId: string;
  stepId: string;
  answer: readonly string[];
  selected: readonly string[];
  now?: Date;
}): Promise<boolean> {
  const correct = isRightAnswer(input.answer, input.selected);
  const at = (input.now ?? new Date()).toISOString();
  await getDb()
    .insertInto("course_step")
    .values({
      learner_id: input.learnerId,
      course_id: input.courseId,
      exercise_id: input.exerciseId,
      step_id: input.stepId,
      selected: JSON.stringify([...input.selected].sort()),
      correct: correct ? 1 : 0,
      first_correct: correct ? 1 : 0,
      revealed: 0,
      checks: 1,
      solved_at: correct ? at : null,
      updated_at: at,
    })
    .onConflict((oc) =>
      oc.columns(["learner_id", "course_id", "exercise_id", "step_id"]).doUpdateSet((eb) => ({
        selected: eb.ref("excluded.selected"),
        correct: eb.ref("excluded.correct"),
        checks: eb("course_step.checks", "+", 1),
        solved_at: eb.fn.coalesce("course_step.solved_at", "excluded.solved_at"),
        updated_at: eb.ref("excluded.updated_at"),
      })),
    )
    .execute();
  return correct;
}

/** Shows the solution: from then on the step cannot count as right at the first check. */
export async function recordReveal(input: {
  learnerId: string;
  courseId: string;
  exerciseId: string;
  stepId: string;
  now?: Date;
}): Promise<void> {
  const at = (input.now ?? new Date()).toISOString();
  await getDb()
    .insertInto("course_step")
    .values({
      learner_id: input.learnerId,
      course_id: input.courseId,
      exercise_id: input.exerciseId,
      step_id: input.stepId,
      selected: "[]",
      correct: 0,
      first_correct: 0,
      revealed: 1,
      checks: 0,
      solved_at: null,
      updated_at: at,
    })
    .onConflict((oc) =>
      oc
        .columns(["learner_id", "course_id", "exercise_id", "step_id"])
        .doUpdateSet({ revealed: 1, updated_at: at }),
    )
    .execute();
}

/**
 * Records the completion when everything is done and none is recorded in this cycle yet.
 * Returns it when this call recorded it (the one moment to award and certify), else null.
 */
export async function settleCompletion(
  learnerId: string,
  course: Course,
  now = new Date(),
): Promise<Completion | null> {
  return inOneTransaction(async () => {
    const [visited, records, resetAt] = await Promise.all([
      loadVisitedTabs(learnerId, course.id),
      loadStepRecords(learnerId, course.id),
      progressResetAt(learnerId),
    ]);
    const summary = summarise(course, visited, records);
    if (!summary.complete) return null;
    const completion: Completion = {
      correct: summary.correct,
      steps: summary.steps,
      points: course.points,
      completedAt: now.toISOString(),
    };
    const inserted = await getDb()
      .insertInto("course_completion")
      .values({
        learner_id: learnerId,
        course_id: course.id,
        correct: completion.correct,
        steps: completion.steps,
        points: completion.points,
        cycle: resetAt ?? "",
        completed_at: completion.completedAt,
      })
      .onConflict((oc) => oc.columns(["learner_id", "course_id", "cycle"]).doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0 ? completion : null;
  });
}

/** Factory Reset: the tabs and steps go; completions stay for the record, in their old cycle. */
export async function resetCourseProgress(learnerId: string): Promise<void> {
  await inOneTransaction(async () => {
    await getDb().deleteFrom("course_visit").where("learner_id", "=", learnerId).execute();
    await getDb().deleteFrom("course_step").where("learner_id", "=", learnerId).execute();
    await getDb().deleteFrom("audio_position").where("learner_id", "=", learnerId).execute();
  });
}

/**
 * At sign-in, a guest's course work joins the account's: tabs and steps the account has not
 * touched move over (the account's own records win), completions move as they are.
 */
export async function moveCourseWork(fromLearnerId: string, toLearnerId: string): Promise<void> {
  const db = getDb();
  for (const table of ["course_visit", "course_step"] as const) {
    const keys =
      table === "course_visit"
        ? (["course_id", "tab"] as const)
        : (["course_id", "exercise_id", "step_id"] as const);
    const taken = await db
      .selectFrom(table)
      .select(keys)
      .where("learner_id", "=", toLearnerId)
      .execute();
    const takenKeys = new Set(taken.map((row) => keys.map((key) => row[key as never]).join("\n")));
    const mine = await db
      .selectFrom(table)
      .selectAll()
      .where("learner_id", "=", fromLearnerId)
      .execute();
    for (const row of mine) {
      const key = keys.map((name) => row[name as never]).join("\n");
      if (takenKeys.has(key)) continue;
      await db
        .insertInto(table)
        .values({ ...row, learner_id: toLearnerId } as never)
        .execute();
    }
    await db.deleteFrom(table).where("learner_id", "=", fromLearnerId).execute();
  }
  await db
    .updateTable("course_completion")
    .set({ learner_id: toLearnerId })
    .where("learner_id", "=", fromLearnerId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("course_completion as held")
            .select("held.id")
            .where("held.learner_id", "=", toLearnerId)
            .whereRef("held.course_id", "=", "course_completion.course_id")
            .whereRef("held.cycle", "=", "course_completion.cycle"),
        ),
      ),
    )
    .execute();
}

/** Where a narration was left, by audio id. */
export async function loadAudioPositions(
  learnerId: string,
  courseId: string,
): Promise<Record<string, number>> {
  const rows = await getDb()
    .selectFrom("audio_position")
    .select(["audio_id", "seconds"])
    .where("learner_id", "=", learnerId)
    .where("course_id", "=", courseId)
    .execute();
  return Object.fromEntries(rows.map((row) => [row.audio_id, row.seconds]));
}

export async function saveAudioPosition(input: {
  learnerId: string;
  courseId: string;
  audioId: string;
  seconds: number;
  now?: Date;
}): Promise<void> {
  const at = (input.now ?? new Date()).toISOString();
  await getDb()
    .insertInto("audio_position")
    .values({
      learner_id: input.learnerId,
      course_id: input.courseId,
      audio_id: input.audioId,
      seconds: input.seconds,
      updated_at: at,
    })
    .onConflict((oc) =>
      oc
        .columns(["learner_id", "course_id", "audio_id"])
        .doUpdateSet({ seconds: input.seconds, updated_at: at }),
    )
    .execute();
}
