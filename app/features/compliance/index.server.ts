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
export { type ReminderPassResult, runReminderPass } from "./reminders.server";
