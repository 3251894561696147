// Time on task (issue: assessment): measured from the server's own timestamps (when the take was
// opened, when each answer arrived), never from the browser. A take finished faster than a floor,
// a share of its stated reading time the organisation sets, is flagged, not silently accepted.

/** Whole seconds from one instant to another (0 when the second is not later). */
export function secondsBetween(from: string, to: string): number {
  return Math.max(0, Math.round((Date.parse(to) - Date.parse(from)) / 1000));
}

/** The floor in seconds: `percent` of the stated reading time. */
export function floorSeconds(readingMinutes: number, percent: number): number {
  return Math.round((readingMinutes * 60 * percent) / 100);
}

/** Faster than the floor; a floor of 0 % flags nothing. */
export function isTooFast(seconds: number, readingMinutes: number, percent: number): boolean {
  return percent > 0 && seconds < floorSeconds(readingMinutes, percent);
}

/** Each step's time: from the take's opening, or the step before, to its answer. */
export function stepSeconds(
  startedAt: string,
  answers: readonly { stepId: string; answeredAt?: string }[],
): { step: string; seconds: number }[] {
  let previous = startedAt;
  return [...answers]
    .sort((a, b) => (a.answeredAt ?? "").localeCompare(b.answeredAt ?? ""))
    .map((answer) => {
      const at = answer.answeredAt ?? previous;
      const seconds = secondsBetween(previous, at);
      previous = at;
      return { step: answer.stepId, seconds };
    });
}

/** The default floor: 20 % of the stated reading time. */
export const DEFAULT_TIME_FLOOR_PERCENT = 20;
