export {
  type ProcessOutcome,
  type ReportReply,
  type ReportView,
  type ReportsPanel,
  downloadReport,
  listReports,
  loadReportsPanel,
  processPendingReports,
  reportProcessingSettled,
  requestReport,
} from "./reports.server";
