import type { Expression, ExpressionBuilder, SqlBool } from "kysely";
import { type Database, getDb, inOneTransaction } from "~/platform/db/db.server";
import { getCatalogue } from "./catalogue.server";
import { type BankStep, type Drawn, drawTake, drawnItem, openedAt, readDrawn } from "./draw.server";
import {
  type ItemProgress,
  type Run,
  type StepAnswer,
  isRunComplete,
  itemProgress,
  isPassingRun,
  scorePercent,
} from "./grading";

// Takes and answers in the database; scores and statuses computed from them (grading.ts).

/** What a learner can take: a module, or a lease scenario (`lease/<id>`). */
export interface GradedItem {
  itemId: string;
  /** Its steps, each with its item bank (a lease step's bank is its one question). */
  steps: BankStep[];
  passMark: number;
  /** The stated reading time, against which time on task is judged. */
  readingMinutes: number;
  prerequisites: string[];
}

export const LEASE_PREFIX = "lease/";
/** A lease scenario passes with two right answers of its three steps (67 %), as a module does. */
export const LEASE_PASS_MARK = 2;

/** A module or lease scenario by its item id; undefined when there is none. */
export function findItem(itemId: string): GradedItem | undefined {
  const catalogue = getCatalogue();
  if (itemId.startsWith(LEASE_PREFIX)) {
    const scenario = catalogue.leaseScenarios.find(
      (candidate) => `${LEASE_PREFIX}${candidate.id}` === itemId,
    );
    if (!scenario) return undefined;
    return {
      itemId,
      steps: scenario.steps.map((step) => ({ id: step.id, items: [step.question] })),
      passMark: LEASE_PASS_MARK,
      readingMinutes: scenario.durationMinutes,
      prerequisites: [],
    };
  }
  const module = catalogue.modules.get(itemId);
  if (!module) return undefined;
  return {
    itemId,
    steps: module.steps,
    passMark: module.passMark,
    readingMinutes: module.durationMinutes,
    prerequisites: module.prerequisites,
  };
}

/**
 * A take counts towards progress unless it started before the learner's Factory Reset; the ones
 * before stay stored for the audit trail. For queries that join `learner` to `training_run`.
 */
export function countsSinceReset(
  eb: ExpressionBuilder<Database, "training_run" | "learner">,
): Expression<SqlBool> {
  return eb.or([
    eb("learner.progress_reset_at", "is", null),
    eb("training_run.started_at", ">", eb.ref("learner.progress_reset_at")),
  ]);
}

/** Starts a learner's progress again: takes so far no longer count, and stay stored. */
export async function resetProgress(learnerId: string, now = new Date()): Promise<void> {
  await getDb()
    .updateTable("learner")
    .set({ progress_reset_at: now.toISOString() })
    .where("id", "=", learnerId)
    .execute();
}

/** Every take of a learner (optionally of some items), with its answers, by item id. */
export async function loadRuns(
  learnerId: string | null,
  itemIds?: readonly string[],
): Promise<Map<string, Run[]>> {
  const byItem = new Map<string, Run[]>();
  if (!learnerId || itemIds?.length === 0) return byItem;
  let query = getDb()
    .selectFrom("training_run")
    .innerJoin("learner", "learner.id", "training_run.learner_id")
    .leftJoin("training_answer", "training_answer.run_id", "training_run.id")
    .select([
      "training_run.id as runId",
      "training_run.item_id as itemId",
      "training_run.take_key as takeKey",
      "training_run.started_at as startedAt",
      "training_run.completed_at as completedAt",
      "training_run.drawn as drawn",
      "training_run.settings as settings",
      "training_answer.step_id as stepId",
      "training_answer.option_id as optionId",
      "training_answer.correct as correct",
      "training_answer.item_id as answeredItemId",
      "training_answer.answered_at as answeredAt",
    ])
    .where("training_run.learner_id", "=", learnerId)
    .where(countsSinceReset);
  if (itemIds) query = query.where("training_run.item_id", "in", itemIds);
  const rows = await query.orderBy("training_run.id").orderBy("training_answer.id").execute();
  const runs = new Map<number, Run>();
  for (const row of rows) {
    let run = runs.get(row.runId);
    if (!run) {
      run = {
        id: row.runId,
        takeKey: row.takeKey,
        startedAt: row.startedAt,
        completedAt: row.completedAt,
        drawn: row.drawn,
        settings: row.settings,
        answers: [],
      };
      runs.set(row.runId, run);
      byItem.set(row.itemId, [...(byItem.get(row.itemId) ?? []), run]);
    }
    if (row.stepId !== null) {
      run.answers.push({
        stepId: row.stepId,
        optionId: row.optionId,
        correct: Number(row.correct) === 1,
        itemId: row.answeredItemId,
        answeredAt: row.answeredAt ?? undefined,
      });
    }
  }
  return byItem;
}

/**
 * The items a take shows: the stored draw of a take already started, else a fresh draw that
 * avoids the items of the learner's last finished take.
 */
export function drawFor(item: GradedItem, takeKey: string, runs: readonly Run[]): Drawn {
  const stored = runs.find((run) => run.takeKey === takeKey);
  if (stored) return readDrawn(stored.drawn ?? null, item.steps);
  const last = runs.filter((run) => run.completedAt !== null).sort((a, b) => b.id - a.id)[0];
  const avoid = new Set(
    last ? Object.values(readDrawn(last.drawn ?? null, item.steps)).map((entry) => entry.item) : [],
  );
  return drawTake(takeKey, item.steps, avoid);
}

/** A take opened without an answer for more than this starts its clock again when shown. */
const STALE_OPEN_MS = 60 * 60_000;

/**
 * Stores a take a page is about to show, with its draw, so a reload shows the same items and the
 * clock for time on task starts now. A take opened long ago and never answered restarts its clock.
 */
export async function openTake(input: {
  learnerId: string;
  item: GradedItem;
  takeKey: string;
  drawn: Drawn;
  open: Run | undefined;
  now?: Date;
}): Promise<void> {
  const now = input.now ?? new Date();
  const db = getDb();
  if (input.open) {
    const stale = now.getTime() - Date.parse(input.open.startedAt) > STALE_OPEN_MS;
    if (input.open.answers.length === 0 && stale) {
      await db
        .updateTable("training_run")
        .set({ started_at: now.toISOString() })
        .where("id", "=", input.open.id)
        .execute();
    }
    return;
  }
  await db
    .insertInto("training_run")
    .values({
      learner_id: input.learnerId,
      item_id: input.item.itemId,
      take_key: input.takeKey,
      started_at: now.toISOString(),
      drawn: JSON.stringify(input.drawn),
    })
    .onConflict((oc) => oc.column("take_key").doNothing())
    .execute();
}

/** When a take began: the time sealed in its key, if recent and not after `at`; else `at`. */
function takeStart(takeKey: string, at: Date): string {
  const opened = openedAt(takeKey);
  const recent = opened && opened <= at && at.getTime() - opened.getTime() < 24 * STALE_OPEN_MS;
  return (recent ? opened : at).toISOString();
}

/**
 * The modules among `ids` that a learner has passed (a finished take at the pass mark): what
 * unlocks the modules that need them. A failed take unlocks nothing.
 */
export function passedModules(
  runs: ReadonlyMap<string, Run[]>,
  ids: Iterable<string>,
): Set<string> {
  const { modules } = getCatalogue();
  const passed = new Set<string>();
  for (const id of ids) {
    const module = modules.get(id);
    if (!module) continue;
    const steps = module.steps.length;
    if ((runs.get(id) ?? []).some((run) => isPassingRun(run, module.passMark, steps))) {
      passed.add(id);
    }
  }
  return passed;
}

/** Progress on every module of the catalogue, prerequisites included. */
export async function moduleProgress(learnerId: string | null): Promise<Map<string, ItemProgress>> {
  const { modules } = getCatalogue();
  const runs = await loadRuns(learnerId, [...modules.keys()]);
  const completed = passedModules(runs, modules.keys());
  return new Map(
    [...modules.values()].map((module) => [
      module.id,
      itemProgress({
        runs: runs.get(module.id) ?? [],
        stepIds: module.steps.map((step) => step.id),
        passMark: module.passMark,
        prerequisites: module.prerequisites,
        completedItems: completed,
      }),
    ]),
  );
}

/** Progress on one item (its prerequisites read too), with the item's takes from the same read. */
export async function progressOf(
  learnerId: string | null,
  item: GradedItem,
): Promise<{ progress: ItemProgress; runs: Run[] }> {
  const byItem = await loadRuns(learnerId, [item.itemId, ...item.prerequisites]);
  const runs = byItem.get(item.itemId) ?? [];
  const progress = itemProgress({
    runs,
    stepIds: item.steps.map((step) => step.id),
    passMark: item.passMark,
    prerequisites: item.prerequisites,
    completedItems: passedModules(byItem, item.prerequisites),
  });
  return { progress, runs };
}

export interface AnswerResult {
  correct: boolean;
  /** The option the learner chose (the stored one, when the post was a replay). */
  optionId: string | null;
  rightOptionId: string;
  /** The take is complete: every step has an answer. */
  completed: boolean;
  /** The take's score once complete, a whole percent. */
  score: number | null;
  /** This answer completed the take (not a replay of an answer to a complete one). */
  newlyCompleted: boolean;
  /** Every answer of the take, in the order given. */
  answers: StepAnswer[];
  /** When the take was opened (server time). */
  startedAt: string;
}

/**
 * Records the first answer to a step of a take, checked against the content. A replay (same take
 * and step) changes nothing and answers as the first time did. `optionId` null: the last lease step
 * completed unanswered, which counts as wrong.
 */
export async function recordAnswer(input: {
  learnerId: string;
  item: GradedItem;
  takeKey: string;
  stepId: string;
  optionId: string | null;
  /** The draw of a take this answer starts (a stored take keeps its own). */
  drawn: Drawn;
  now?: Date;
}): Promise<AnswerResult> {
  const { learnerId, item, takeKey, stepId } = input;
  const now = input.now ?? new Date();
  const at = now.toISOString();
  const step = item.steps.find((candidate) => candidate.id === stepId);
  if (!step) throw new Error(`no step "${stepId}" in "${item.itemId}"`);
  const stepIds = item.steps.map((candidate) => candidate.id);

  return inOneTransaction(async () => {
    const db = getDb();
    await db
      .insertInto("training_run")
      .values({
        learner_id: learnerId,
        item_id: item.itemId,
        take_key: takeKey,
        started_at: takeStart(takeKey, now),
        drawn: JSON.stringify(input.drawn),
      })
      .onConflict((oc) => oc.column("take_key").doNothing())
      .execute();
    const run = await db
      .selectFrom("training_run")
      .select(["id", "learner_id", "item_id", "completed_at", "drawn", "started_at"])
      .where("take_key", "=", takeKey)
      .executeTakeFirstOrThrow();
    if (run.learner_id !== learnerId || run.item_id !== item.itemId) {
      throw new TakeMismatchError();
    }
    const question = drawnItem(step, readDrawn(run.drawn, item.steps));
    if (!question) throw new Error(`no item drawn for "${stepId}" in "${item.itemId}"`);
    if (input.optionId !== null && !question.options.some((o) => o.id === input.optionId)) {
      throw new TakeMismatchError();
    }
    await db
      .insertInto("training_answer")
      .values({
        run_id: run.id,
        step_id: stepId,
        option_id: input.optionId,
        correct: input.optionId === question.answer ? 1 : 0,
        answered_at: at,
        item_id: question.id,
      })
      .onConflict((oc) => oc.columns(["run_id", "step_id"]).doNothing())
      .execute();
    const answers = (
      await db
        .selectFrom("training_answer")
        .select(["step_id", "option_id", "correct", "item_id", "answered_at"])
        .where("run_id", "=", run.id)
        .orderBy("id")
        .execute()
    ).map((row) => ({
      stepId: row.step_id,
      optionId: row.option_id,
      correct: Number(row.correct) === 1,
      itemId: row.item_id,
      answeredAt: row.answered_at,
    }));
    const stored = answers.find((answer) => answer.stepId === stepId);
    const complete = isRunComplete(
      { id: run.id, startedAt: at, completedAt: null, answers },
      stepIds,
    );
    const score = complete ? scorePercent(answers, stepIds.length) : null;
    const newlyCompleted = complete && run.completed_at === null;
    if (newlyCompleted) {
      await db
        .updateTable("training_run")
        .set({ completed_at: at, score })
        .where("id", "=", run.id)
        .execute();
    }
    return {
      correct: stored?.correct ?? false,
      optionId: stored?.optionId ?? null,
      rightOptionId: question.answer,
      completed: complete,
      score,
      newlyCompleted,
      answers,
      startedAt: run.started_at,
    };
  });
}

/** A take key that belongs to another learner or another item. */
export class TakeMismatchError extends Error {
  constructor() {
    super("The take belongs to another learner or item.");
    this.name = "TakeMismatchError";
  }
}
