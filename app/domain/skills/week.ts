// SPEC §9: the weekly run count starts again on Monday at 00:00, local time. "Local" is the user's
// time zone (IANA name, sent by the browser), so a week is an interval of instants that can be 167
// or 169 hours long across a daylight-saving change.

const formats = new Map<string, Intl.DateTimeFormat>();

function partsFormat(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** Whether the runtime knows `timeZone` as an IANA zone. */
export function isTimeZone(timeZone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(timeZone)) return false;
  try {
    partsFormat(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock reading of `instant` in `timeZone`, as if it were UTC (ms since the epoch). */
function wallClock(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(
    partsFormat(timeZone)
      .formatToParts(new Date(instant))
      .map((part) => [part.type, Number(part.value)]),
  );
  return Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
}

/**
 * The instant at which the wall clock of `timeZone` reads `local` (given as if UTC). A time that
 * does not exist (skipped by a daylight-saving change) reads as the first instant after the gap.
 */
function instantOf(local: number, timeZone: string): number {
  let guess = local;
  for (let step = 0; step < 3; step += 1) {
    const offset = wallClock(guess, timeZone) - guess;
    const next = local - offset;
    if (next === guess) break;
    guess = next;
  }
  // In a gap skipped by a daylight-saving change the clock never reads `local`: step past it.
  const reads = wallClock(guess, timeZone);
  return reads < local ? guess + (local - reads) : guess;
}

const DAY = 24 * 60 * 60 * 1000;

/** The last week computed per time zone: every request of the week asks for the same one. */
const lastWeeks = new Map<string, { start: number; end: number }>();

/** The week `now` falls in, for a user in `timeZone`: from Monday 00:00 to the next Monday 00:00. */
export function weekOf(now: Date, timeZone: string): { start: Date; end: Date } {
  const instant = now.getTime();
  let week = lastWeeks.get(timeZone);
  if (!week || instant < week.start || instant >= week.end) {
    week = computeWeek(instant, timeZone);
    lastWeeks.set(timeZone, week);
  }
  return { start: new Date(week.start), end: new Date(week.end) };
}

function computeWeek(instant: number, timeZone: string): { start: number; end: number } {
  const local = wallClock(instant, timeZone);
  const midnight = local - (local % DAY);
  // getUTCDay of the wall clock: 0 is Sunday; Monday starts the week.
  const sinceMonday = (new Date(midnight).getUTCDay() + 6) % 7;
  const monday = midnight - sinceMonday * DAY;
  return { start: instantOf(monday, timeZone), end: instantOf(monday + 7 * DAY, timeZone) };
}
