export { AnalyticsPanel } from "./analytics-panel";
export {
  ComplianceDashboardPanel,
  RequirementStatusBadge,
  useCalendarDate,
} from "./compliance-dashboard";
