import { describe, expect, it } from "vitest";
import { getEsgCourse } from "./esg-course.server";
import { type StepRecord, formatClock, isRightAnswer, summarise, tabOf } from "./grading";

const course = getEsgCourse();

function record(exerciseId: string, stepId: string, over: Partial<StepRecord> = {}): StepRecord {
  return {
    exerciseId,
    stepId,
    selected: [],
    correct: true,
    firstCorrect: true,
    revealed: false,
    solved: true,
    ...over,
  };
}

describe("course grading", () => {
  it("is right only for exactly the right options, in any order", () => {
    expect(isRightAnswer(["a", "c"], ["c", "a"])).toBe(true);
    expect(isRightAnswer(["a", "c"], ["a"])).toBe(false);
    expect(isRightAnswer(["a", "c"], ["a", "b", "c"])).toBe(false);
    expect(isRightAnswer(["a"], ["a", "a"])).toBe(true);
    expect(isRightAnswer(["a", "c"], ["a", "a"])).toBe(false);
    expect(isRightAnswer(["a"], [])).toBe(false);
  });

  it("counts an exercise completed when every step is solved, scored by first-try answers", () => {
    const [first] = course.exercises;
    if (!first) throw new Error("no exercise");
    const [a, b] = first.steps.map((step) => step.id);
    const empty = summarise(course, [], []);
    expect(empty.exercises.map((exercise) => exercise.status)).toEqual([
      "not-started",
      "not-started",
      "not-started",
    ]);
    const started = summarise(
      course,
      [],
      [record(first.id, a ?? "", { solved: false, correct: false, firstCorrect: false })],
    );
    expect(started.exercises[0]).toMatchObject({ status: "in-progress", correct: 0 });
    const done = summarise(
      course,
      [],
      [
        record(first.id, a ?? ""),
        record(first.id, b ?? "", { firstCorrect: false, revealed: true }),
      ],
    );
    expect(done.exercises[0]).toEqual({ id: first.id, status: "completed", correct: 1, steps: 2 });
    expect([done.correct, done.steps, done.complete]).toEqual([1, 6, false]);
  });

  it("completes the course with the four learning tabs and every exercise, whatever the score", () => {
    const everyStep = course.exercises.flatMap((exercise) =>
      exercise.steps.map((step) => record(exercise.id, step.id, { firstCorrect: false })),
    );
    expect(summarise(course, ["overview", "frameworks", "governance"], everyStep).complete).toBe(
      false,
    );
    const all = summarise(
      course,
      ["overview", "frameworks", "governance", "exercises", "results"],
      everyStep,
    );
    expect(all.visited).toEqual(["overview", "frameworks", "governance", "exercises"]);
    expect([all.complete, all.correct]).toEqual([true, 0]);
  });

  it("reads the tab from the URL, the overview for anything else", () => {
    expect(tabOf("governance")).toBe("governance");
    expect(tabOf("advisor")).toBe("advisor");
    expect(tabOf("Governance")).toBe("overview");
    expect(tabOf("<script>")).toBe("overview");
    expect(tabOf(null)).toBe("overview");
  });

  it("shows times as m:ss", () => {
    expect(formatClock(0)).toBe("0:00");
    expect(formatClock(9.9)).toBe("0:09");
    expect(formatClock(65)).toBe("1:05");
    expect(formatClock(130.4)).toBe("2:10");
    expect(formatClock(3725)).toBe("62:05");
    expect(formatClock(Number.NaN)).toBe("0:00");
    expect(formatClock(-3)).toBe("0:00");
  });
});
