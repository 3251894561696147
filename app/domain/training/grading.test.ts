import { describe, expect, it } from "vitest";
import {
  type Run,
  completionRate,
  isRunComplete,
  itemProgress,
  passPercent,
  resumeStepIndex,
  scenarioPoints,
  scorePercent,
  totalPoints,
} from "./grading";

const steps = ["intro", "concepts", "practice"];
const answer = (stepId: string, correct: boolean) => ({ stepId, optionId: "a", correct });
const run = (id: number, answers: Run["answers"], completedAt: string | null = null): Run => ({
  id,
  startedAt: "2026-11-20T10:00:00.000Z",
  completedAt,
  answers,
});
const progress = (runs: Run[], prerequisites: string[] = [], done: string[] = []) =>
  itemProgress({
    runs,
    stepIds: steps,
    passMark: 2,
    prerequisites,
    completedItems: new Set(done),
  });

describe("scores", () => {
  it("are right answers over steps, a whole percent", () => {
    expect(scorePercent([answer("intro", true), answer("concepts", false)], 3)).toBe(33);
    expect(
      scorePercent([answer("intro", true), answer("concepts", true), answer("practice", false)], 3),
    ).toBe(67);
    expect(scorePercent([], 3)).toBe(0);
  });

  it("the default pass mark (2 of 3) is 67 %", () => {
    expect(passPercent(2, 3)).toBe(67);
  });

  it("points are the sum of best scores; completion a whole percent of 11", () => {
    expect(totalPoints([100, 67, null])).toBe(167);
    expect(completionRate(2, 11)).toBe(18);
    expect(scenarioPoints(300, 67)).toBe(201);
  });
});

describe("a take", () => {
  it("is complete once every step has an answer, and resumes at the first unanswered", () => {
    const half = run(1, [answer("intro", true)]);
    expect(isRunComplete(half, steps)).toBe(false);
    expect(resumeStepIndex(half, steps)).toBe(1);
    expect(resumeStepIndex(undefined, steps)).toBe(0);
    const whole = run(
      1,
      steps.map((id) => answer(id, true)),
    );
    expect(isRunComplete(whole, steps)).toBe(true);
    expect(resumeStepIndex(whole, steps)).toBe(3);
  });
});

describe("progress", () => {
  it("is not started, then in progress, then completed", () => {
    expect(progress([]).status).toBe("not-started");
    expect(progress([run(1, [answer("intro", false)])]).status).toBe("in-progress");
    const done = progress([
      run(1, [answer("intro", false), answer("concepts", true), answer("practice", true)], "t1"),
    ]);
    expect(done).toMatchObject({ status: "completed", bestScore: 67, passed: true });
  });

  it("counts the best take and the earliest passing take across retakes", () => {
    const first = run(
      1,
      [answer("intro", false), answer("concepts", false), answer("practice", true)],
      "2026-11-20T10:10:00.000Z",
    );
    const second = run(
      2,
      steps.map((id) => answer(id, true)),
      "2026-11-21T09:00:00.000Z",
    );
    const third = run(3, [answer("intro", false)]);
    const result = progress([third, second, first]);
    expect(result).toMatchObject({
      status: "completed",
      bestScore: 100,
      passed: true,
      // The take of 20 November failed: completion is the first pass.
      firstCompletedAt: "2026-11-21T09:00:00.000Z",
    });
    expect(result.openRun?.id).toBe(3);
  });

  it("a failed take leaves the item failed, not completed: not passed yet", () => {
    const failed = run(
      1,
      [answer("intro", false), answer("concepts", false), answer("practice", true)],
      "t",
    );
    expect(progress([failed])).toMatchObject({
      status: "failed",
      bestScore: 33,
      passed: false,
      firstCompletedAt: null,
    });
    // Every take wrong is still a finished take, and still not a completion.
    const zero = run(
      2,
      steps.map((id) => answer(id, false)),
      "t2",
    );
    expect(progress([zero])).toMatchObject({ status: "failed", bestScore: 0, passed: false });
  });

  it("a retake under way after a failure is in progress; after a pass the item stays completed", () => {
    const failed = run(
      1,
      steps.map((id) => answer(id, false)),
      "t1",
    );
    const passed = run(
      2,
      steps.map((id) => answer(id, true)),
      "t2",
    );
    const retake = run(3, [answer("intro", true)]);
    expect(progress([failed, retake]).status).toBe("in-progress");
    expect(progress([failed, passed, retake]).status).toBe("completed");
  });

  it("exactly the pass mark passes; one answer less fails", () => {
    const atMark = run(
      1,
      [answer("intro", true), answer("concepts", true), answer("practice", false)],
      "t",
    );
    const below = run(
      2,
      [answer("intro", true), answer("concepts", false), answer("practice", false)],
      "t",
    );
    expect(progress([atMark])).toMatchObject({ status: "completed", bestScore: 67 });
    expect(progress([below])).toMatchObject({ status: "failed", bestScore: 33 });
  });

  it("is locked while a prerequisite is not passed, and names it", () => {
    const locked = progress([], ["document-verification", "structuring"], ["structuring"]);
    expect(locked.status).toBe("locked");
    expect(locked.missingPrerequisites).toEqual(["document-verification"]);
    expect(progress([], ["structuring"], ["structuring"]).status).toBe("not-started");
  });
});
