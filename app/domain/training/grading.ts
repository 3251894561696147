// Grading and progress rules (docs/decisions/018): pure functions over the answers a learner gave,
// shared by every screen that shows a score, a status or points.

/**
 * Where a learner stands on a module or scenario. "completed" means passed (issue: completion means
 * passed, everywhere): a take that ends below the pass mark leaves the item "failed" ("Not passed
 * yet"), which neither counts, earns points nor unlocks what follows.
 */
export type ItemStatus = "not-started" | "in-progress" | "completed" | "failed" | "locked";

/** One answer as stored: whether the first (and only counted) answer to a step was right. */
export interface StepAnswer {
  stepId: string;
  optionId: string | null;
  correct: boolean;
  /** The bank item answered (null for answers stored before item banks). */
  itemId?: string | null;
  /** When the server recorded the answer. */
  answeredAt?: string;
}

/** One take of a module or scenario, with its answers. */
export interface Run {
  id: number;
  /** The key the page that started the take named it by. */
  takeKey?: string;
  startedAt: string;
  completedAt: string | null;
  answers: StepAnswer[];
  /** The items the take drew (JSON, see draw.server.ts); null before item banks. */
  drawn?: string | null;
  /** What a final attempt was held to (JSON, see final.server.ts); null for other takes. */
  settings?: string | null;
}

/** Score of a take: right answers of the steps, a whole percent. */
export function scorePercent(answers: readonly StepAnswer[], stepCount: number): number {
  if (stepCount === 0) return 0;
  return Math.round((100 * answers.filter((answer) => answer.correct).length) / stepCount);
}

/** A take is complete when every step has an answer. */
export function isRunComplete(run: Run, stepIds: readonly string[]): boolean {
  const answered = new Set(run.answers.map((answer) => answer.stepId));
  return stepIds.every((id) => answered.has(id));
}

/** The index of the first step of a take without an answer; the step count when all have one. */
export function resumeStepIndex(run: Run | undefined, stepIds: readonly string[]): number {
  if (!run) return 0;
  const answered = new Set(run.answers.map((answer) => answer.stepId));
  const index = stepIds.findIndex((id) => !answered.has(id));
  return index === -1 ? stepIds.length : index;
}

export interface ItemProgress {
  status: ItemStatus;
  /** Best score of a finished take, passed or not, a whole percent; null before the first. */
  bestScore: number | null;
  /** The best take reached the pass mark: the item is completed. */
  passed: boolean;
  /** When the first passing take was finished; null until one passes. */
  firstCompletedAt: string | null;
  /** The take the learner is in (not completed), if any. */
  openRun: Run | undefined;
  /** Prerequisites still to pass, in catalogue order; empty when unlocked. */
  missingPrerequisites: string[];
}

/**
 * Where a learner stands on one module or scenario. Retakes are allowed and every take is kept;
 * the best finished take counts. `passMark` is a number of right answers; `completedItems` are the
 * items the learner has passed.
 */
export function itemProgress(options: {
  runs: readonly Run[];
  stepIds: readonly string[];
  passMark: number;
  prerequisites: readonly string[];
  completedItems: ReadonlySet<string>;
}): ItemProgress {
  const { runs, stepIds, passMark, prerequisites, completedItems } = options;
  const finished = runs.filter((run) => run.completedAt !== null);
  const scores = finished.map((run) => scorePercent(run.answers, stepIds.length));
  const bestScore = scores.length > 0 ? Math.max(...scores) : null;
  const firstCompletedAt =
    finished
      .filter((run) => isPassingRun(run, passMark, stepIds.length))
      .map((run) => run.completedAt as string)
      .sort()
      .at(0) ?? null;
  const passed = firstCompletedAt !== null;
  const openRun = runs
    .filter((run) => run.completedAt === null)
    .sort((a, b) => b.id - a.id)
    .at(0);
  const missingPrerequisites = prerequisites.filter((id) => !completedItems.has(id));
  let status: ItemStatus = "not-started";
  if (passed) status = "completed";
  else if ((openRun?.answers.length ?? 0) > 0) status = "in-progress";
  else if (finished.length > 0) status = "failed";
  else if (missingPrerequisites.length > 0) status = "locked";
  return {
    status,
    bestScore,
    passed,
    firstCompletedAt,
    openRun,
    missingPrerequisites,
  };
}

/** The pass mark as the percent a take must reach. */
export function passPercent(passMark: number, stepCount: number): number {
  return Math.round((100 * passMark) / stepCount);
}

/**
 * Completion means passed: a score reaches the pass mark. The one rule behind every status,
 * count, point, unlock, register and evidence record that says "passed".
 */
export function isPassingScore(score: number, passMark: number, stepCount: number): boolean {
  return score >= passPercent(passMark, stepCount);
}

/** A take that is finished and reached the pass mark. */
export function isPassingRun(run: Run, passMark: number, stepCount: number): boolean {
  return (
    run.completedAt !== null &&
    isPassingScore(scorePercent(run.answers, stepCount), passMark, stepCount)
  );
}

/** SPEC §9: points are the sum of the best scores of completed (passed) modules. */
export function totalPoints(bestScores: readonly (number | null)[]): number {
  return bestScores.reduce<number>((sum, score) => sum + (score ?? 0), 0);
}

/** SPEC §9: completed (passed) modules of all modules, a whole percent. */
export function completionRate(completedCount: number, moduleCount: number): number {
  return moduleCount === 0 ? 0 : Math.round((100 * completedCount) / moduleCount);
}

/** Points a lease scenario earns: its points times the score. */
export function scenarioPoints(points: number, score: number): number {
  return Math.round((points * score) / 100);
}
