export {
  type ProcessOutcome,
  downloadReport,
  loadReportsPanel,
  processPendingReports,
  reportProcessingSettled,
  requestReport,
} from "./reports.server";
export { renderReportPdf } from "./pdf.server";
export type { ReportReply, ReportView, ReportsPanel } from "./types";
