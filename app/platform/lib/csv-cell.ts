// A cell that starts with one of these is read as a formula by spreadsheet programs (CSV injection,
// OWASP): a leading apostrophe makes it text again.
const FORMULA_START = /^[=+\-@\t\r]/;

/** A CSV cell as text, neutralised against formula injection; null becomes an empty cell. */
export function neutraliseCsvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return String(value);
  return FORMULA_START.test(value) ? `'${value}` : value;
}
