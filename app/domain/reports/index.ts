export {
  EXPIRING_WITHIN_DAYS,
  MAX_PENDING_REPORTS,
  REPORT_FORMATS,
  REPORT_KINDS,
  type ReportFormat,
  type ReportKind,
  type ReportStatusShown,
  type ReportType,
} from "./constants";
export { GenerateReportForm } from "./generate-form";
export { REPORTS_PATH, ReportList } from "./report-list";
export type { ReportReply, ReportView, ReportsPanel } from "./types";
