// Compliance constants from the specification, in one place (SPEC §3 compliance requirement, §9).

export type RequirementCategory = "aml" | "reporting" | "training" | "audit";

export interface DefaultRequirement {
  id: string;
  name: string;
  description: string;
  category: RequirementCategory;
  points: number;
  /**
   * SPEC §9's date (YYYY-MM-DD). It has passed, and a learner who joins today must not be overdue
   * on day one, so the requirement is due `dueDays` after each member's assignment instead; the
   * date is kept as the requirement's fixed date, should a manager choose it.
   */
  dueDate: string;
  /** Days after a member's assignment (joining the organisation) the first cycle is due. */
  dueDays: number;
  /** The modules (`module:<id>`) and tracks (`track:<id>`) that, all passed, fulfil it. */
  fulfilledBy: readonly string[];
}

/** A new member's first cycle of a default requirement is due this many days after joining. */
export const DEFAULT_DUE_DAYS = 30;
/** The most days after assignment a relative due date may be set to (ten years). */
export const DUE_DAYS_MAX = 3650;
/** Days overdue before the learner's manager is copied (twice that: the compliance owner). */
export const DEFAULT_ESCALATION_DAYS = 7;
export const ESCALATION_DAYS_MAX = 365;

/** SPEC §9: the four requirements every organisation starts with. */
export const DEFAULT_REQUIREMENTS: readonly DefaultRequirement[] = [
  {
    id: "aml-training",
    name: "AML Training",
    description:
      "Complete the anti-money laundering training covering the red flags, typologies and escalation duties that apply to your role.",
    category: "training",
    points: 100,
    dueDate: "2025-12-31",
    dueDays: DEFAULT_DUE_DAYS,
    fulfilledBy: ["module:structuring-and-cash-thresholds", "module:trade-based-laundering"],
  },
  {
    id: "suspicious-transaction-reporting",
    name: "Suspicious Transaction Reporting",
    description:
      "Demonstrate that you can recognise suspicious activity and file a complete, timely report with the right regulator.",
    category: "reporting",
    points: 150,
    dueDate: "2026-02-15",
    dueDays: DEFAULT_DUE_DAYS,
    fulfilledBy: ["module:suspicious-transaction-reporting"],
  },
  {
    id: "customer-due-diligence",
    name: "Customer Due Diligence",
    description:
      "Apply risk-based customer identification, verification and enhanced due diligence before and throughout a business relationship.",
    category: "aml",
    points: 200,
    dueDate: "2025-11-30",
    dueDays: DEFAULT_DUE_DAYS,
    fulfilledBy: ["module:document-verification"],
  },
  {
    id: "record-keeping",
    name: "Record Keeping",
    description:
      "Keep transaction, identification and reporting records complete, retrievable and retained for the period the regulator requires.",
    category: "audit",
    points: 125,
    dueDate: "2026-03-01",
    dueDays: DEFAULT_DUE_DAYS,
    fulfilledBy: ["module:lease-fraud-detection"],
  },
];

/** How many days before a certificate expires a yearly requirement opens its next cycle. */
export const DEFAULT_RECERTIFICATION_WINDOW_DAYS = 30;

export const REQUIREMENT_CATEGORIES = ["aml", "reporting", "training", "audit"] as const;
export const RECURRENCES = ["none", "yearly"] as const;
export const MEMBER_ROLES = ["learner", "manager"] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/** Where a signed-in user belongs when no allowlist entry names their organisation. */
export const INDEPENDENT_LEARNERS = "Independent learners";

/** The regions an organisation may be in: the product's, and the EU for its regulator label. */
export const ORGANISATION_REGIONS = ["CA", "US", "SG", "TH", "MY", "ID", "PH", "VN", "EU"] as const;
export type OrganisationRegion = (typeof ORGANISATION_REGIONS)[number];
export const DEFAULT_ORGANISATION_REGION: OrganisationRegion = "CA";

/** The time zone a new organisation in a region counts its due dates in (editable). */
export const TIME_ZONE_BY_REGION: Readonly<Record<OrganisationRegion, string>> = {
  CA: "America/Toronto",
  US: "America/New_York",
  SG: "Asia/Singapore",
  TH: "Asia/Bangkok",
  MY: "Asia/Kuala_Lumpur",
  ID: "Asia/Jakarta",
  PH: "Asia/Manila",
  VN: "Asia/Ho_Chi_Minh",
  EU: "Europe/Brussels",
};

/** SPEC §9: the regulator named for each region; any other region reads FINTRAC. */
export const REGULATOR_BY_REGION: Readonly<Record<string, string>> = {
  CA: "FINTRAC",
  US: "FFIEC",
  EU: "GDPR",
  SG: "MAS",
};
export const DEFAULT_REGULATOR = "FINTRAC";

/** SPEC §9: the date of the next external audit shown on the dashboard. */
export const DEFAULT_NEXT_AUDIT = "2026-10-18";
