// Time on task per step of the guided flow, from the server's own clock: the page's autosave
// tells us which step the learner is on, and the first time we hear of a step is when it began.
// A step whose beginning we never heard of (the learner moved on before a save) is counted with
// the step before it, under both names.

/** The guided flow's steps, as the evidence record names them. */
const STEP_NAMES = ["Signals", "Why it matters", "Decision", "Review and submit"] as const;

type Marks = Partial<Record<string, string>>;

function marksOf(json: string | null): Marks {
  if (!json) return {};
  try {
    const parsed: unknown = JSON.parse(json);
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Marks) : {};
  } catch {
    return {};
  }
}

/** The marks with `step` noted at `at`, unless we had already heard of it. */
export function markStep(json: string | null, step: number, at: string): string {
  const marks = marksOf(json);
  return JSON.stringify(marks[step] ? marks : { ...marks, [step]: at });
}

/**
 * Seconds spent on each step between the page's opening and the submission. A mark from an
 * earlier visit (before this opening) counts from the opening, so a gap between visits is never
 * counted as work.
 */
export function guidedStepSeconds(
  json: string | null,
  startedAt: string,
  completedAt: string,
): { step: string; seconds: number }[] {
  const marks = marksOf(json);
  const end = Date.parse(completedAt);
  const boundaries: { index: number; at: number }[] = [{ index: 0, at: Date.parse(startedAt) }];
  let previous = Date.parse(startedAt);
  for (let index = 1; index < STEP_NAMES.length; index += 1) {
    const at = Date.parse(marks[index] ?? "");
    if (Number.isNaN(at)) continue;
    previous = Math.min(end, Math.max(previous, at));
    boundaries.push({ index, at: previous });
  }
  return boundaries.map((boundary, position) => {
    const next = boundaries[position + 1] ?? { index: STEP_NAMES.length, at: end };
    return {
      step: STEP_NAMES.slice(boundary.index, next.index).join(", "),
      seconds: Math.max(0, Math.round((next.at - boundary.at) / 1000)),
    };
  });
}
