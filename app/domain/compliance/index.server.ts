export {
  type Membership,
  type Organisation,
  ensureOrganisation,
  findOrganisation,
  listOrganisations,
  membersOf,
  membershipOf,
} from "./organisations.server";
export { type Requirement, modulesOf, requirementsOf } from "./requirements.server";
export {
  type ComplianceSnapshot,
  type LearnerFacts,
  type RequirementState,
  complianceSnapshot,
} from "./status.server";
export {
  type ComplianceDashboard,
  type DashboardRequirement,
  ORGANISATION_FIGURES_TTL_MS,
  forgetFigures,
  loadComplianceDashboard,
} from "./dashboard.server";
export { type Analytics, computeAnalytics } from "./analytics";
export { type ReminderPassResult, runReminderPass } from "./reminders.server";
export {
  type Actor,
  type RequirementReply,
  adminActor,
  chosenOrganisation,
  createRequirement,
  extendDueDate,
  extensionHistory,
  loadRequirementsPage,
  removeRequirement,
  requireManager,
  requirementAction,
  setMemberRole,
  setOrganisationSettings,
  updateRequirement,
} from "./requirement-admin.server";
