export {
  type Membership,
  ensureOrganisation,
  findOrganisation,
  organisationName,
  listOrganisations,
  membersOf,
  membershipOf,
  joinOrganisation,
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
  PoliciesPage,
  PolicyReply,
  DashboardRequirement,
  Organisation,
  Requirement,
  RequirementReply,
  RosterPage,
  RosterRow,
} from "./types";
export {
  type ReminderLogEntry,
  type ReminderPassResult,
  reminderLog,
  remindNow,
  runReminderPass,
} from "./reminders.server";
export {
  DUE_SOON_DAYS,
  applyRosterAction,
  loadRoster,
  rosterCsv,
  rosterDocument,
  rosterHistory,
  rosterRows,
} from "./roster.server";
export {
  type ProvisionedGroup,
  addToGroup,
  createGroup,
  deleteGroup,
  groupsOf,
  provisionedGroups,
  provisionedGroupsOf,
  removeFromGroup,
  renameGroup,
} from "./groups.server";
export {
  type ProvisionedFields,
  type ProvisionedMember,
  markProvisionedMemberRemoved,
  membershipState,
  provisionedMembers,
  saveProvisionedMember,
} from "./provisioning.server";
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
export {
  type AttestOutcome,
  attestPolicy,
  POLICY_FORM_BYTES,
  attestationRegister,
  loadPoliciesPage,
  openPolicy,
  publishAction,
  policiesOf,
  publishPolicy,
  policyDocument,
  readPolicyDocument,
} from "./policies.server";
