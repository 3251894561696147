export {
  type Membership,
  ensureOrganisation,
  findOrganisation,
  organisationName,
  listOrganisations,
  membersOf,
  membershipOf,
} from "./organisations.server";
export { modulesOf, requirementsOf } from "./requirements.server";
export {
  type ComplianceSnapshot,
  type LearnerFacts,
  type RequirementState,
  complianceSnapshot,
} from "./status.server";
export {
  ORGANISATION_FIGURES_TTL_MS,
  forgetFigures,
  loadComplianceDashboard,
} from "./dashboard.server";
export { type Analytics, computeAnalytics } from "./analytics";
export type {
  ComplianceDashboard,
  DashboardRequirement,
  Organisation,
  Requirement,
  RequirementReply,
} from "./types";
export { type ReminderPassResult, runReminderPass } from "./reminders.server";
export {
  type Actor,
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
