// What the packs and the pages share, without the schema library (the browser loads these).

export const JURISDICTIONS = ["ca", "sg", "my", "th"] as const;
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

export const DECISIONS = ["ESCALATE", "REQUEST_KYC", "NO_ACTION"] as const;
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

/** The languages free text is graded in: the interface's, French as one. */
export const GRADING_LANGUAGES = ["en", "ms", "zh", "ta", "vi", "th", "fr"] as const;
export type GradingLanguage = (typeof GRADING_LANGUAGES)[number];

export const NARRATIVE_PARTS = ["who", "what", "when", "where", "why", "how"] as const;
export type NarrativePart = (typeof NARRATIVE_PARTS)[number];

/** The kinds of answer the calibration set holds (see calibration.server.ts). */
export const CALIBRATION_CLASSES = [
  "strong",
  "adequate",
  "weak",
  "wrong-decision",
  "negated",
  "salad",
  "copied",
  "off-topic",
] as const;

export const BAND_IDS = [
  "excellent",
  "proficient",
  "developing",
  "needsImprovement",
  "insufficient",
] as const;
export type BandId = (typeof BAND_IDS)[number];
