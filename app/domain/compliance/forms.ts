// The requirement pages' forms, apart from an index: their schemas bring zod, which only pages with
// these forms should load.
export {
  ExtensionForm,
  ExtensionHistory,
  MemberRoles,
  OrganisationSettingsForm,
  RequirementForm,
  RequirementTable,
  RequirementsManagement,
} from "./requirement-form";
export {
  AttestSchema,
  EXTENSION_REASON_MAX,
  REQUIREMENT_DESCRIPTION_MAX,
  REQUIREMENT_NAME_MAX,
  REQUIREMENT_POINTS_MAX,
  WINDOW_DAYS_MAX,
} from "./requirement-schema";
export { type RosterLogs, type RosterReply, RosterView } from "./roster-view";
export { RosterActionSchema, rosterFilters } from "./roster-schema";
