export {
  countAdminTotals,
  countEventsByName,
  type AdminTotals,
  type EventCount,
} from "./overview.server";
export {
  listOutbox,
  listSubmissions,
  rowsForExport,
  type AdminRows,
  type CertificateRow,
  type ContactMessageRow,
  type DemoRequestRow,
  type OutboxRow,
  type WaitlistEntryRow,
} from "./datasets.server";
export { exportDatasetCsv, exportFileName, type CsvExport } from "./export.server";
export { loadAdminList } from "./list-route.server";
