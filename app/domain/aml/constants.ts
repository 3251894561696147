// What the packs and the pages share, without the schema library (the browser loads these).

export const JURISDICTIONS = ["ca", "sg", "th"] as const;
export type Jurisdiction = (typeof JURISDICTIONS)[number];
export const DEFAULT_JURISDICTION: Jurisdiction = "sg";

/** SPEC §3: the eight signal chips of the guided flow's first step. */
export const SIGNAL_CHIPS = [
  "round-amounts",
  "third-party-payers",
  "rapid-pass-through",
  "new-counterparties",
  "purpose-unclear",
  "unusual-velocity",
  "structuring-patterns",
  "near-threshold-amounts",
] as const;
export type SignalChip = (typeof SIGNAL_CHIPS)[number];

export const DECISIONS = ["ESCALATE", "REQUEST_KYC"] as const;
export type Decision = (typeof DECISIONS)[number];

export const ROLES = ["frontline", "compliance", "management"] as const;

/** SPEC §9 branching penalties, by name; a branch's score modifier names one (or none). */
export const PENALTY_KINDS = ["doNothing", "delayedEscalation", "incompleteDocumentation"] as const;
export type PenaltyKind = (typeof PENALTY_KINDS)[number];

/** SPEC §3 export kit items. */
export const EXPORT_KIT_ITEMS = [
  "scenarioSnapshot",
  "learnerActions",
  "gradingSummary",
  "artifacts",
  "attestation",
  "complianceMapping",
  "retention",
] as const;

export const CRITERION_IDS = ["signals", "reasoning", "decision", "documentation"] as const;
export type CriterionId = (typeof CRITERION_IDS)[number];

/** The language of the packs' cases and guidance: course content stays English, marked as such. */
export const CONTENT_LANGUAGE = "en";
