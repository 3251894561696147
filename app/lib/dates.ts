// Building an Intl formatter costs a fraction of a millisecond, more than the rest of a small
// page's render; one per language is kept and reused.
const longDates = new Map<string, Intl.DateTimeFormat>();

/** A date written out in full in the given language (`23 November 2026`), read in UTC. */
export function formatLongDate(language: string, date: Date): string {
  let format = longDates.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: "UTC" });
    longDates.set(language, format);
  }
  return format.format(date);
}
