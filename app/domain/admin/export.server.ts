import { stringify } from "csv-stringify/sync";
import { neutraliseCsvCell } from "~/platform/lib/csv-cell";
import type { AdminDataset } from "./datasets";
import { datasetColumns, rowsForExport } from "./datasets.server";

export interface CsvExport {
  filename: string;
  csv: string;
  /** How many records follow the header. */
  rows: number;
}

/** `kestrel-<dataset>-<YYYY-MM-DD>.csv`, dated in UTC. */
export function exportFileName(dataset: AdminDataset, now = new Date()): string {
  return `kestrel-${dataset}-${now.toISOString().slice(0, 10)}.csv`;
}

/**
 * A dataset's rows matching a search as CSV: a header row of column names, then one row per
 * record, every cell neutralised against formula injection. The byte order mark lets spreadsheet
 * programs read names in Thai, Chinese or Tamil as UTF-8.
 */
export async function exportDatasetCsv(
  dataset: AdminDataset,
  { q = "", now = new Date() }: { q?: string; now?: Date } = {},
): Promise<CsvExport> {
  const columns = datasetColumns(dataset);
  const rows = await rowsForExport(dataset, { q });
  const records = rows.map((row) => {
    const cells = row as Record<string, string | number | null>;
    return columns.map((column) => neutraliseCsvCell(cells[column]));
  });
  return {
    filename: exportFileName(dataset, now),
    csv: stringify([columns, ...records], { bom: true }),
    rows: records.length,
  };
}
