import type { FormReply } from "~/platform/lib/reply";
import type { Analytics } from "./analytics";
import type { MemberRole, OrganisationRegion, RequirementCategory } from "./constants";
import type { RequirementIntent } from "./requirement-schema";
import type { RosterFilters } from "./roster-schema";
import type { Audience, GroupKind, Recurrence, RequirementState } from "./rules";

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
  /** Days overdue before the learner's manager is copied; twice that, the compliance owner. */
  escalationDays: number;
  /** The member who answers for its compliance (escalations, the audit date); null: none set. */
  complianceOwnerId: string | null;
}

export interface MemberGroup {
  id: number;
  kind: GroupKind;
  name: string;
  /** Its members' user ids, by the time they joined it. */
  memberIds: string[];
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
  /** The fixed due date; for a relative requirement (`dueDays`), the date it had, not read. */
  dueDate: string;
  /** Null: due on `dueDate`. Else due this many days after each member's assignment. */
  dueDays: number | null;
  /** Null: everyone in the organisation. */
  audience: Audience | null;
  createdAt: string;
  /** As set: `module:<id>` and `track:<id>`. */
  fulfilledBy: string[];
  /** Every module that must be passed, tracks expanded, each once. */
  moduleIds: string[];
  recurrence: Recurrence;
  windowDays: number;
  updatedAt: string;
  updatedBy: string;
  /** `policy`: fulfilled by attesting `policy`'s version, not by passing modules. */
  kind: "training" | "policy";
  /** A policy's version in force; null for training. */
  policy: PolicyVersion | null;
}

export interface PolicyVersion {
  id: number;
  version: string;
  effectiveDate: string;
  /** Members' assignments start again here: due dates count from it. */
  publishedAt: string;
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
  managerId: string | null;
  /** Named to review written AML answers. */
  reviewer: boolean;
}

export interface RequirementsPage {
  organisation: Organisation;
  requirements: Requirement[];
  members: MemberView[];
  options: FulfilmentOption[];
  history: ExtensionRecord[];
  groups: MemberGroup[];
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
  /** The learner's own (for `self`), else the requirement's fixed due date. */
  dueDate: string;
  /** For `organisation`: days after each member's assignment when it is relative, else null. */
  dueDays: number | null;
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
    /** The viewer may set the next audit date (a manager or an admin): the past date is a warning. */
    canSetAudit: boolean;
  };
  requirements: DashboardRequirement[];
  analytics: Omit<Analytics, "topModules"> & {
    topModules: (Analytics["topModules"][number] & { title: string })[];
  };
  takenAt: string;
}

/** One member × one requirement on a manager's roster. */
export interface RosterRow {
  /** `<requirement id>:<user id>`: what a selection posts. */
  key: string;
  userId: string;
  name: string;
  email: string;
  groupIds: number[];
  groups: string[];
  requirementId: number;
  requirement: string;
  status: RequirementState | "excused";
  /** The due date in force; null once completed, or excused. */
  dueDate: string | null;
  /** When the member's assignment started; null when excused. */
  assignedAt: string | null;
  daysOverdue: number;
  cycle: number | null;
  /** The completion date (YYYY-MM-DD) when completed, the reason when excused. */
  note: string | null;
  /** The member's last completed attempt at the requirement's modules, and its score (%). */
  lastAttemptAt: string | null;
  score: number | null;
  certificateCode: string | null;
  certificateHref: string | null;
  /** The signed record of the last attempt, at the public verification page. */
  evidenceHref: string | null;
}

export interface RosterPage {
  organisation: { name: string; timeZone: string };
  filters: RosterFilters;
  groups: { id: number; name: string; kind: GroupKind }[];
  /** Rows before filtering. */
  total: number;
  /** Rows the filters keep, on every page. */
  matching: number;
  pages: number;
  /** This page's rows. */
  rows: RosterRow[];
  /** The organisation's local date. */
  today: string;
}

export interface PolicySummary {
  id: number;
  name: string;
  description: string;
  version: string;
  effectiveDate: string;
  publishedAt: string;
  dueDays: number | null;
  groupIds: number[];
}

export interface PoliciesPage {
  organisation: string;
  /** The viewer's own policies and where they stand. */
  mine: {
    id: number;
    name: string;
    version: string;
    status: RequirementState;
    dueDate: string;
    completedDate: string | null;
  }[];
  /** For a manager: what they publish and who attested what. */
  manage: {
    policies: PolicySummary[];
    groups: { id: number; name: string; kind: GroupKind }[];
    register: {
      id: number;
      learner: string;
      policy: string;
      version: string;
      attestedAt: string;
      seconds: number;
      tooFast: boolean;
      evidenceHref: string;
    }[];
  } | null;
}

/** A publishing form's answer (conform's reply), with the policy it published. */
export type PolicyReply = FormReply & { form: "publish"; policyId?: number };
