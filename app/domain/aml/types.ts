import type { Decision, Jurisdiction, SignalChip } from "./constants";
import type {
  AttemptMode,
  FdiInput,
  FieldName,
  Grade,
  PlayerStep,
  fraudDefenseIndex,
} from "./grading";
import type { Scenario } from "./pack-schema";
import type { ResolvedSource } from "./packs";

// The shapes the AML server hands to its pages (the live training preview and the landing's
// Regulatory Guidance), in a module the browser may load.

export interface ScenarioView {
  id: string;
  /** The language the case's texts are in: the reader's, or "en" where not translated. */
  lang: string;
  title: string;
  summary: string;
  narrative: string[];
  objectives: string[];
  role: Scenario["role"];
  version: string;
  customerProfile: Scenario["customerProfile"];
  activity: Scenario["activity"];
  artifactsRequired: string[];
  questions: Scenario["questions"];
  sources: (ResolvedSource & { lang: string })[];
  stages: Scenario["stages"];
  branches: {
    id: string;
    from: string;
    condition: string;
    consequence: string;
    nextScenario: string;
  }[];
}

export interface GuidedResponses {
  signals: string[];
  signalNotes: string;
  why: string;
  decision: string;
  decisionNotes: string;
  confidence: number;
  citations: number[];
}

export interface DraftView {
  step: number;
  responses: GuidedResponses;
  savedAt: string;
  editedAt: string;
  /** Saved against an older pack version: restored, with a notice. */
  stale: boolean;
}

export interface ResultView {
  mode: AttemptMode;
  createdAt: string;
  grade: Omit<Grade, "details"> & {
    details: (Omit<Grade["details"][number], "explanation"> & {
      /** Worded in the reader's language (the lines of grades stored before 2.0.0: English). */
      explanation: string[];
      linesLang?: string;
      /** The language the label and hint are in: the reader's, or "en" where not translated. */
      lang: string;
      anchor: ResolvedSource;
    })[];
  };
  /** Shown once graded: the red flags and key signals of the case. */
  redFlags: string[];
  /** The language of the red flags: the case's. */
  redFlagsLang: string;
  keySignals: string[];
  expectedDecision: Decision;
  rationale: string;
  rationaleLang: string;
  /** The player's findings, when the attempt was a player run. */
  player: { findings: number; passed: boolean; steps: PlayerStep[] } | null;
  /** A language model's comments on the learner's words, when one is configured. */
  feedback: string | null;
  attemptId: number;
  /** A person's review of the grade: waiting, or their grade and note. */
  review?: {
    status: "pending" | "confirmed" | "overridden";
    percent: number | null;
    band: string | null;
    note: string | null;
  } | null;
  /** The attempt's evidence record (signed-in learners), and the attestation saved with it. */
  evidence: {
    evidenceId: string;
    attestationId: string | null;
    /** The name the attempt's record gives the learner; empty, the save asks for it. */
    learnerName: string;
  } | null;
}

export interface AmlPreview {
  /** The page names them, and the signal chips, in the reader's language (the aml dictionary). */
  jurisdictions: readonly Jurisdiction[];
  jurisdiction: Jurisdiction;
  pack: {
    /** The language the pack's texts are in: the reader's, or "en" where not translated. */
    lang: string;
    title: string;
    regulator: string;
    version: string;
    description: string;
    estimatedDuration: number;
  } | null;
  scenarios: { id: string; title: string; lang: string }[];
  scenario: ScenarioView | null;
  draft: DraftView | null;
  result: ResultView | null;
  fdi: (FdiInput & ReturnType<typeof fraudDefenseIndex> & { sample: boolean }) | null;
  chips: readonly SignalChip[];
  /** Evidence is saved for signed-in learners only. */
  signedIn: boolean;
  /** Sealed with the time this page was served: an attempt's time on task counts from it. */
  opened: string;
  /** SPEC §5 guided limits (AML_LIMITS of posts.server.ts). */
  limits: {
    readonly signalNotes: 400;
    readonly why: 400;
    readonly decisionNotes: 300;
    readonly analysis: 8000;
    readonly playerSteps: 40;
  };
  guidedVersion: string;
  autosaveSeconds: number;
}

/** One entry of the Regulatory Guidance modal (GuidanceEntrySchema of guidance.server.ts). */
export interface GuidanceEntry {
  regulation: string;
  section: string;
  summary: string;
  guidance: string;
  link: string;
}

/** The Regulatory Guidance modal's content (RegulatoryGuidanceSchema of guidance.server.ts). */
export interface RegulatoryGuidance {
  /** How the references should be read, shown above the entries. */
  note: string;
  entries: GuidanceEntry[];
}

/** What a reviewer's post answers: the review as decided, or the refusal. */
export type ReviewReply =
  | { reviewed: NonNullable<ResultView["review"]> | null }
  | { error: { message: string; fields?: Record<string, string> } };

export type ReviewReason = "disagreement" | "borderline" | "sample";

/** The parts of an answer a reviewer reads (aml:grading.fields). */
export type AnswerField = FieldName | "decision";

/** What a learner's result shows of a review: pending, or a person's grade. */
export interface ReviewView {
  status: "pending" | "confirmed" | "overridden";
  percent: number | null;
  band: string | null;
  note: string | null;
}

export interface ReviewQueue {
  signedIn: boolean;
  reviewer: boolean;
  pending: {
    attemptId: number;
    learner: string;
    scenario: string;
    reason: ReviewReason;
    percent: number;
    band: string;
    createdAt: string;
  }[];
  /** The organisation's reviews so far: how many, how many confirmed, by whom. */
  stats: { reviewed: number; confirmed: number; byReviewer: { name: string; count: number }[] };
}

export interface ReviewPage {
  attemptId: number;
  learner: string;
  scenario: { title: string; summary: string };
  reason: ReviewReason;
  status: ReviewView["status"];
  /** What the learner gave, field by field. */
  answer: { field: AnswerField; value: string }[];
  result: ResultView;
  review: ReviewView;
}

export type ReviewQueueData = ReviewQueue;
export type ReviewPageData = ReviewPage;
