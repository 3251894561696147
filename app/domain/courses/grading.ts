import { type CourseTab, COURSE_TABS, LEARNING_TABS } from "./constants";

// Course progress from what is stored (SPEC §2, §3): pure, so the page, the results and the
// completion all read the same rules.

export type ExerciseStatus = "not-started" | "in-progress" | "completed";

/** One exercise step as stored: its latest check and its score of record. */
export interface StepRecord {
  exerciseId: string;
  stepId: string;
  selected: string[];
  correct: boolean;
  firstCorrect: boolean;
  revealed: boolean;
  solved: boolean;
}

export interface ExerciseSummary {
  id: string;
  status: ExerciseStatus;
  /** Steps right at the first check, before any solution was shown. */
  correct: number;
  steps: number;
}

export interface CourseSummary {
  visited: CourseTab[];
  exercises: ExerciseSummary[];
  correct: number;
  steps: number;
  /** Every learning tab visited and every exercise step solved. */
  complete: boolean;
}

/** A tab from the URL: an unknown or missing one is the overview. */
export function tabOf(value: string | null | undefined): CourseTab {
  return COURSE_TABS.find((tab) => tab === value) ?? "overview";
}

/** Right when the options chosen are exactly the right ones, in any order. */
export function isRightAnswer(answer: readonly string[], selected: readonly string[]): boolean {
  const chosen = new Set(selected);
  return chosen.size === answer.length && answer.every((id) => chosen.has(id));
}

/** What progress is counted over: a course's exercises and their steps (a `Course` has them). */
export interface CourseOutline {
  exercises: readonly { id: string; steps: readonly { id: string }[] }[];
}

export function summarise(
  course: CourseOutline,
  visited: readonly string[],
  records: readonly StepRecord[],
): CourseSummary {
  const exercises = course.exercises.map((exercise): ExerciseSummary => {
    const mine = exercise.steps.map((step) =>
      records.find((record) => record.exerciseId === exercise.id && record.stepId === step.id),
    );
    const solved = mine.filter((record) => record?.solved).length;
    const started = mine.some((record) => record !== undefined);
    return {
      id: exercise.id,
      status:
        solved === exercise.steps.length ? "completed" : started ? "in-progress" : "not-started",
      correct: mine.filter((record) => record?.firstCorrect).length,
      steps: exercise.steps.length,
    };
  });
  const learningVisited = LEARNING_TABS.filter((tab) => visited.includes(tab));
  return {
    visited: learningVisited,
    exercises,
    correct: exercises.reduce((sum, exercise) => sum + exercise.correct, 0),
    steps: exercises.reduce((sum, exercise) => sum + exercise.steps, 0),
    complete:
      learningVisited.length === LEARNING_TABS.length &&
      exercises.every((exercise) => exercise.status === "completed"),
  };
}

/** Seconds as m:ss (SPEC §2 audio player); hours run on as minutes. */
export function formatClock(seconds: number): string {
  const whole = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

/** A step's key among a course's steps. */
export const stepKey = (exerciseId: string, stepId: string) => `${exerciseId}/${stepId}`;
