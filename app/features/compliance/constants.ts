// Compliance constants from the specification, in one place (SPEC §3 compliance requirement, §9).

export type RequirementCategory = "aml" | "reporting" | "training" | "audit";

export interface DefaultRequirement {
  id: string;
  name: string;
  description: string;
  category: RequirementCategory;
  points: number;
  /** A calendar date (YYYY-MM-DD) that ends at the end of that day in the learner's time zone. */
  dueDate: string;
}

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
  },
  {
    id: "suspicious-activity-reporting",
    name: "Suspicious Activity Reporting",
    description:
      "Demonstrate that you can recognise suspicious activity and file a complete, timely report with the right regulator.",
    category: "reporting",
    points: 150,
    dueDate: "2026-02-15",
  },
  {
    id: "customer-due-diligence",
    name: "Customer Due Diligence",
    description:
      "Apply risk-based customer identification, verification and enhanced due diligence before and throughout a business relationship.",
    category: "aml",
    points: 200,
    dueDate: "2025-11-30",
  },
  {
    id: "record-keeping",
    name: "Record Keeping",
    description:
      "Keep transaction, identification and reporting records complete, retrievable and retained for the period the regulator requires.",
    category: "audit",
    points: 125,
    dueDate: "2026-03-01",
  },
];

/** How many days before a certificate expires a yearly requirement opens its next cycle. */
export const DEFAULT_RECERTIFICATION_WINDOW_DAYS = 30;

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
