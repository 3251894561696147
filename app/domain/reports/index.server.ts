export {
  type ProcessOutcome,
  type ReportReply,
  type ReportView,
  type ReportsPanel,
  downloadReport,
  loadReportsPanel,
  processPendingReports,
  reportProcessingSettled,
  requestReport,
} from "./reports.server";
