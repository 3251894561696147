import { getDb } from "~/platform/db/db.server";
import { inChunks } from "~/platform/lib/chunks";
import { getCatalogue } from "./catalogue.server";
import { isPassingScore } from "./grading";
import { countsSinceReset } from "./progress.server";
import { secondsBetween } from "./timing";

// Completed module takes of many users at once, for the compliance dashboard, its reminders and
// its reports: one query per slice of users, never one per learner.

export interface CompletedTake {
  userId: string;
  moduleId: string;
  /** The take's own key: its evidence record's subject is `take:<key>`. */
  takeKey: string;
  /** When the take was opened (its page served) or, for takes before that, first answered. */
  startedAt: string;
  completedAt: string;
  /** Whole percent. */
  score: number;
  /** The score reaches the module's pass mark. */
  passed: boolean;
  /** Time on task: from opening the take to its last answer, in seconds. */
  seconds: number;
  /** The module's stated reading time, for the time floor. */
  readingMinutes: number;
}

export async function completedModuleTakes(userIds: readonly string[]): Promise<CompletedTake[]> {
  const { modules } = getCatalogue();
  const moduleIds = [...modules.keys()];
  const rows = await inChunks(userIds, (slice) =>
    getDb()
      .selectFrom("training_run")
      .innerJoin("learner", "learner.id", "training_run.learner_id")
      .select([
        "learner.user_id as userId",
        "training_run.item_id as moduleId",
        "training_run.take_key as takeKey",
        "training_run.started_at as startedAt",
        "training_run.completed_at as completedAt",
        "training_run.score as score",
      ])
      .where("learner.user_id", "in", slice)
      .where("training_run.item_id", "in", moduleIds)
      .where("training_run.completed_at", "is not", null)
      .where(countsSinceReset)
      .execute(),
  );
  return rows.map((row) => {
    const module = modules.get(row.moduleId);
    const score = Number(row.score ?? 0);
    return {
      userId: row.userId as string,
      moduleId: row.moduleId,
      takeKey: row.takeKey,
      startedAt: row.startedAt,
      completedAt: row.completedAt as string,
      score,
      passed: module ? isPassingScore(score, module.passMark, module.steps.length) : false,
      seconds: secondsBetween(row.startedAt, row.completedAt as string),
      readingMinutes: module?.durationMinutes ?? 0,
    };
  });
}
