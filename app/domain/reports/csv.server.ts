import { stringify } from "csv-stringify/sync";
import { neutraliseCsvCell } from "~/platform/lib/csv-cell";
import type { ReportDocument } from "./tables.server";

/**
 * A report as CSV: its facts (organisation, regulator, dates) as label/value rows, an empty row,
 * then its table with a header row. Every cell is neutralised against formula injection; the byte
 * order mark lets spreadsheet programs read names in Thai, Chinese or Tamil as UTF-8.
 */
export function reportCsv(document: ReportDocument): string {
  const records: string[][] = document.facts.map(([label, value]) => [label, value]);
  for (const table of document.tables) {
    records.push([]);
    if (document.tables.length > 1 && table.heading) records.push([table.heading]);
    records.push(table.columns.map((column) => column.label));
    records.push(...table.rows);
  }
  return stringify(
    records.map((record) => record.map((cell) => neutraliseCsvCell(cell))),
    { bom: true },
  );
}
