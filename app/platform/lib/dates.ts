import { dateTimeFormat } from "./intl";

/** A date written out in full in the given language (`23 November 2026`), read in UTC. */
export function formatLongDate(language: string, date: Date): string {
  return dateTimeFormat(language, { dateStyle: "long", timeZone: "UTC" }).format(date);
}
