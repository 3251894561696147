import type { FormReply } from "~/platform/lib/reply";
import type { Analytics } from "./analytics";
import type { MemberRole, OrganisationRegion, RequirementCategory } from "./constants";
import type { RequirementIntent } from "./requirement-schema";
import type { Recurrence, RequirementState } from "./rules";

// The shapes the compliance server hands to its pages (the dashboard and the requirement forms),
// in a module the browser may load.

export interface Organisation {
  id: number;
  name: string;
  region: OrganisationRegion;
  timeZone: string;
  nextAudit: string;
  regulator: string;
  /** How its final assessments are held and how fast is too fast (issue: assessment). */
  assessment: AssessmentSettings;
}

export interface AssessmentSettings {
  /** The percent of a final assessment's items to get right. */
  finalPassPercent: number;
  /** How many items a final assessment draws. */
  finalItemCount: number;
  /** Hours after a failed final before another may start. */
  finalCoolingOffHours: number;
  /** A take faster than this percent of its stated reading time is flagged. */
  timeFloorPercent: number;
}

export interface Requirement {
  id: number;
  organisationId: number;
  name: string;
  description: string;
  category: RequirementCategory;
  points: number;
  dueDate: string;
  /** As set: `module:<id>` and `track:<id>`. */
  fulfilledBy: string[];
  /** Every module that must be passed, tracks expanded, each once. */
  moduleIds: string[];
  recurrence: Recurrence;
  windowDays: number;
  updatedAt: string;
  updatedBy: string;
}

export interface FulfilmentOption {
  key: string;
  kind: "module" | "track";
  title: string;
}

export interface ExtensionRecord {
  id: number;
  requirementName: string;
  learnerName: string;
  learnerEmail: string;
  cycle: number;
  dueDate: string;
  reason: string;
  actorEmail: string;
  createdAt: string;
}

export interface MemberView {
  id: string;
  name: string;
  email: string;
  role: MemberRole;
}

export interface RequirementsPage {
  organisation: Organisation;
  requirements: Requirement[];
  members: MemberView[];
  options: FulfilmentOption[];
  history: ExtensionRecord[];
}

/** What an action answers: the form it came from (to show its errors there), and how it went. */
/** A requirements page form's answer, named by intent and form (the one form reply otherwise). */
export type RequirementReply = {
  intent: RequirementIntent;
  /** The form's id: `create`, `update-<id>`, `remove-<id>`, `settings`, `role-<user id>`, `extend`. */
  form: string;
} & FormReply;

export type DashboardScope = "organisation" | "self";

export interface DashboardRequirement {
  id: number;
  name: string;
  description: string;
  category: RequirementCategory;
  points: number;
  /** The learner's own (for `self`), else the requirement's first due date. */
  dueDate: string;
  status: RequirementState;
  completedDate: string | null;
  cycle: number;
  renewal: boolean;
  /** What fulfils it, in the reader's language, with a link for modules. */
  items: { key: string; title: string; href: string | null }[];
  /** For `organisation`: how many learners are in each state. */
  counts: Record<RequirementState, number> | null;
}

export interface ComplianceDashboard {
  scope: DashboardScope;
  role: "learner" | "manager" | "admin";
  organisation: {
    id: number;
    name: string;
    regulator: string;
    nextAudit: string;
    nextAuditPast: boolean;
  };
  requirements: DashboardRequirement[];
  analytics: Omit<Analytics, "topModules"> & {
    topModules: (Analytics["topModules"][number] & { title: string })[];
  };
  takenAt: string;
}
