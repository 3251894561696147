import type {
  CriterionId,
  Decision,
  PassRules,
  PenaltyKind,
  Rubric,
  Scenario,
  SignalChip,
} from "./pack-schema";

// Rubric grading (issue "AML course"): a pure function of (rubric, scenario, submission), so the
// same submission always earns the same score and every point can be explained. The score of
// record is this one; a language model may only add written feedback beside it.

export interface GuidedSubmission {
  signals: SignalChip[];
  /** The learner's own words on the signals (step 0), at most 400 characters. */
  signalNotes: string;
  why: string;
  decision: Decision;
  decisionNotes: string;
  confidence: 1 | 2 | 3;
  /** Indexes into the scenario's sources. */
  citations: number[];
}

export interface CriterionResult {
  criterion: CriterionId;
  label: string;
  earned: number;
  maxScore: number;
  weight: number;
  passed: boolean;
  /** What the submission showed and missed, in plain words. */
  explanation: string[];
  /** Shown when the criterion is not passed. */
  hint: string;
}

export interface AppliedPenalty {
  kind: PenaltyKind;
  multiplier: number;
  cap: number | null;
  description: string;
}

export interface Grade {
  /** 0–1, after penalties. */
  score: number;
  percent: number;
  band: string;
  details: CriterionResult[];
  penalties: AppliedPenalty[];
  /** For the Fraud Defense Index: the case called for escalation and the learner escalated. */
  escalatedInTime: boolean | null;
  /** Every field given and at least one of the scenario's sources cited. */
  completeRecord: boolean;
  /** The scenario's key signals the learner did not name (shown after submission). */
  missedSignals: string[];
}

/** Lower case, accents off, punctuation to spaces: whole-word matching of terms. */
export function normalize(text: string): string {
  return ` ${text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()} `;
}

export function mentions(normalizedText: string, terms: readonly string[]): boolean {
  return terms.some((term) => {
    const word = normalize(term);
    return word.trim() !== "" && normalizedText.includes(word);
  });
}

const round = (value: number, places = 4) => Number(value.toFixed(places));
const clamp = (value: number) => Math.min(1, Math.max(0, value));
const list = (items: string[]) => items.join(", ");

function criterion<K extends PassRules["kind"]>(rubric: Rubric, kind: K) {
  const found = rubric.criteria.find((candidate) => candidate.passRules.kind === kind);
  if (!found) throw new Error(`the rubric has no ${kind} criterion`);
  return { ...found, rules: found.passRules as Extract<PassRules, { kind: K }> };
}

function result(
  base: ReturnType<typeof criterion>,
  share: number,
  explanation: string[],
): CriterionResult {
  const fraction = clamp(share);
  return {
    criterion: base.id,
    label: base.label,
    earned: round(fraction * base.maxScore, 1),
    maxScore: base.maxScore,
    weight: base.weight,
    passed: fraction + 1e-9 >= base.rules.passAt,
    explanation,
    hint: base.hint,
  };
}

/** What the learner gave, in the terms every mode is graded on. */
interface Evidence {
  chips: SignalChip[];
  /** Free text that may name signals. */
  signalText: string;
  /** Free text that may show reasoning. */
  reasoningText: string;
  decision: Decision | null;
  /** Everything written, for the narrative check. */
  allText: string;
  citations: number[];
  /** Which of the expected fields were given, by name. */
  fields: { name: string; given: boolean }[];
}

function gradeSignals(rubric: Rubric, scenario: Scenario, evidence: Evidence) {
  const base = criterion(rubric, "signals");
  const text = normalize(evidence.signalText);
  const keys = scenario.answerKey.keySignals;
  const found = keys.filter(
    (key) =>
      (key.chip !== undefined && evidence.chips.includes(key.chip)) || mentions(text, key.terms),
  );
  const missed = keys.filter((key) => !found.includes(key));
  const keyChips = new Set(keys.map((key) => key.chip));
  const noise = evidence.chips.filter((chip) => !keyChips.has(chip));
  const explanation = [`You named ${found.length} of the ${keys.length} key signals in this case.`];
  if (found.length > 0) explanation.push(`Found: ${list(found.map((key) => key.label))}.`);
  if (missed.length > 0) explanation.push(`Missed: ${list(missed.map((key) => key.label))}.`);
  if (noise.length > 0) {
    explanation.push(
      `Chosen but not a signal here: ${list(noise.map(chipLabel))} ` +
        `(${Math.round(base.rules.noisePenalty * 100)} % off each).`,
    );
  }
  const share = found.length / keys.length - noise.length * base.rules.noisePenalty;
  return { result: result(base, share, explanation), missed: missed.map((key) => key.label) };
}

export const CHIP_LABELS: Record<SignalChip, string> = {
  "round-amounts": "Round amounts",
  "third-party-payers": "Third-party payers",
  "rapid-pass-through": "Rapid pass-through",
  "new-counterparties": "New counterparties",
  "purpose-unclear": "Purpose unclear",
  "unusual-velocity": "Unusual velocity",
  "structuring-patterns": "Structuring patterns",
  "near-threshold-amounts": "Near-threshold amounts",
};
const chipLabel = (chip: SignalChip) => CHIP_LABELS[chip];

function gradeReasoning(rubric: Rubric, scenario: Scenario, evidence: Evidence) {
  const base = criterion(rubric, "reasoning");
  const text = normalize(evidence.reasoningText);
  const wanted = scenario.answerKey.concepts.map((id) => {
    const concept = base.rules.concepts.find((candidate) => candidate.id === id);
    if (!concept) throw new Error(`the rubric has no concept ${id}`);
    return concept;
  });
  const shown = wanted.filter((concept) => mentions(text, concept.terms));
  const missing = wanted.filter((concept) => !shown.includes(concept));
  const explanation = [
    `Your reasoning shows ${shown.length} of the ${wanted.length} points this case turns on.`,
  ];
  if (shown.length > 0) explanation.push(`Shown: ${list(shown.map((concept) => concept.label))}.`);
  if (missing.length > 0) {
    explanation.push(`Not shown: ${list(missing.map((concept) => concept.label))}.`);
  }
  return result(base, shown.length / wanted.length, explanation);
}

const DECISION_NAMES: Record<Decision, string> = {
  ESCALATE: "escalate now",
  REQUEST_KYC: "request more KYC",
};

function gradeDecision(rubric: Rubric, scenario: Scenario, evidence: Evidence) {
  const base = criterion(rubric, "decision");
  const expected = scenario.answerKey.expectedDecision;
  const { decision } = evidence;
  const penalties: PenaltyKind[] = [];
  const explanation: string[] = [];
  let share = 0;
  if (decision === null) {
    explanation.push(
      `No decision was made: this case calls for you to ${DECISION_NAMES[expected]}.`,
    );
    penalties.push("doNothing");
  } else if (decision === expected) {
    share = 1;
    explanation.push(`You chose to ${DECISION_NAMES[decision]}, as this case calls for.`);
  } else if (expected === "REQUEST_KYC") {
    share = base.rules.overEscalationCredit;
    explanation.push(
      "You escalated a case that first calls for more KYC: escalation is safe but spends the " +
        "compliance officer's time before the facts are in.",
    );
  } else {
    explanation.push("You asked for more KYC where this case calls for escalation now.");
    penalties.push("delayedEscalation");
  }
  const within = base.rules.escalationWithinHours;
  if (within !== undefined && scenario.answerKey.requiresEscalation) {
    explanation.push(
      decision === "ESCALATE"
        ? `Escalating now meets this pack's rule of escalation within ${within} hours of detection.`
        : `This pack asks for escalation within ${within} hours of detection; that was not met.`,
    );
  }
  explanation.push(scenario.answerKey.rationale);
  return { result: result(base, share, explanation), penalties };
}

const NARRATIVE_PARTS = ["who", "what", "when", "where", "why", "how"] as const;

function gradeDocumentation(rubric: Rubric, scenario: Scenario, evidence: Evidence) {
  const base = criterion(rubric, "documentation");
  const text = normalize(evidence.allText);
  const covered = NARRATIVE_PARTS.filter((part) => mentions(text, base.rules.narrative[part]));
  const uncovered = NARRATIVE_PARTS.filter((part) => !covered.includes(part));
  const given = evidence.fields.filter((field) => field.given);
  const missingFields = evidence.fields.filter((field) => !field.given);
  const cited = evidence.citations.filter((index) => scenario.sources[index] !== undefined);
  const share =
    0.4 * (given.length / evidence.fields.length) +
    0.3 * (cited.length > 0 ? 1 : 0) +
    0.3 * (covered.length / NARRATIVE_PARTS.length);
  const explanation = [
    `Your record answers ${covered.length} of who, what, when, where, why and how.`,
  ];
  if (uncovered.length > 0) explanation.push(`Not answered: ${list(uncovered)}.`);
  if (missingFields.length > 0) {
    explanation.push(`Left empty: ${list(missingFields.map((field) => field.name))}.`);
  }
  explanation.push(
    cited.length > 0
      ? `Sources cited: ${list(cited.map((index) => scenario.sources[index]?.section ?? ""))}.`
      : "No source was cited.",
  );
  const complete = missingFields.length === 0 && cited.length > 0;
  const incomplete = missingFields.length > 0 || cited.length === 0 || covered.length < 4;
  return { result: result(base, share, explanation), complete, incomplete };
}

function combine(rubric: Rubric, scenario: Scenario, evidence: Evidence): Grade {
  const signals = gradeSignals(rubric, scenario, evidence);
  const reasoning = gradeReasoning(rubric, scenario, evidence);
  const decision = gradeDecision(rubric, scenario, evidence);
  const documentation = gradeDocumentation(rubric, scenario, evidence);
  const details = [signals.result, reasoning, decision.result, documentation.result];
  const raw = details.reduce(
    (sum, detail) => sum + (detail.weight * detail.earned) / detail.maxScore,
    0,
  );
  const kinds = [...decision.penalties];
  if (documentation.incomplete) kinds.push("incompleteDocumentation");
  const { score, penalties } = applyPenalties(rubric, raw, kinds);
  return {
    ...scored(rubric, score),
    details,
    penalties,
    escalatedInTime: scenario.answerKey.requiresEscalation
      ? evidence.decision === "ESCALATE"
      : null,
    completeRecord: documentation.complete,
    missedSignals: signals.missed,
  };
}

/** Multiplies by each penalty once, then holds the score under the lowest cap. */
export function applyPenalties(
  rubric: Rubric,
  raw: number,
  kinds: readonly PenaltyKind[],
): { score: number; penalties: AppliedPenalty[] } {
  const penalties = [...new Set(kinds)].map((kind) => {
    const penalty = rubric.branchingPenalties[kind];
    return {
      kind,
      multiplier: penalty.multiplier,
      cap: penalty.cap ?? null,
      description: penalty.description,
    };
  });
  let score = penalties.reduce((value, penalty) => value * penalty.multiplier, clamp(raw));
  for (const penalty of penalties) {
    if (penalty.cap !== null) score = Math.min(score, penalty.cap);
  }
  return { score: round(score), penalties };
}

/** The band a score falls in (bands highest first, the last from 0). */
export function bandOf(rubric: Rubric, percent: number): string {
  return (rubric.bands.find((band) => percent >= band.min) ?? rubric.bands.at(-1))?.label ?? "";
}

function scored(rubric: Rubric, score: number) {
  const percent = Math.round(score * 100);
  return { score, percent, band: bandOf(rubric, percent) };
}

/** A guided-flow submission against the rubric. */
export function gradeGuided(
  rubric: Rubric,
  scenario: Scenario,
  submission: GuidedSubmission,
): Grade {
  const text = [submission.signalNotes, submission.why, submission.decisionNotes].join("\n");
  return combine(rubric, scenario, {
    chips: submission.signals,
    signalText: submission.signalNotes,
    reasoningText: `${submission.why}\n${submission.decisionNotes}`,
    decision: submission.decision,
    allText: text,
    citations: submission.citations,
    fields: [
      {
        name: "signals",
        given: submission.signals.length > 0 || submission.signalNotes.trim() !== "",
      },
      { name: "why it matters", given: submission.why.trim() !== "" },
      { name: "decision notes", given: submission.decisionNotes.trim() !== "" },
    ],
  });
}

/** The decision a free-form analysis states: escalation wins when both are named. */
export function statedDecision(scenario: Scenario, analysis: string): Decision | null {
  const text = normalize(analysis);
  if (mentions(text, scenario.answerKey.decisionTerms.ESCALATE)) return "ESCALATE";
  if (mentions(text, scenario.answerKey.decisionTerms.REQUEST_KYC)) return "REQUEST_KYC";
  return null;
}

/** A free-form analysis against the same rubric: signals, reasoning, decision and citations are read from the text. */
export function gradeFreeForm(rubric: Rubric, scenario: Scenario, analysis: string): Grade {
  const text = normalize(analysis);
  const citations = scenario.answerKey.citationTerms.flatMap((terms, index) =>
    mentions(text, terms) ? [index] : [],
  );
  return combine(rubric, scenario, {
    chips: [],
    signalText: analysis,
    reasoningText: analysis,
    decision: statedDecision(scenario, analysis),
    allText: analysis,
    citations,
    fields: [{ name: "analysis", given: analysis.trim() !== "" }],
  });
}

/** SPEC §9 "Player": base 85, 5 off per finding, floor 0, pass at 70. */
export const PLAYER = { base: 85, perFinding: 5, passAt: 70 } as const;

export interface PlayerStep {
  branchId: string;
  from: string;
  condition: string;
  consequence: string;
  finding: boolean;
}

export type PlayerOutcome =
  | {
      valid: true;
      steps: PlayerStep[];
      findings: number;
      /** 0–100 after penalties. */
      score: number;
      passed: boolean;
      penalties: AppliedPenalty[];
      escalatedInTime: boolean | null;
    }
  | { valid: false; reason: string };

const FINDING = /\b(finding|violation)s?\b/i;

/**
 * Replays the branches a learner took through the scenario player: each must be offered where the
 * learner stood, and the last must reach 'complete'. Findings are counted from the consequences,
 * not taken from the browser.
 */
export function gradePlayer(
  rubric: Rubric,
  scenario: Scenario,
  branchIds: string[],
): PlayerOutcome {
  let node = "start";
  const steps: PlayerStep[] = [];
  const kinds: PenaltyKind[] = [];
  for (const branchId of branchIds) {
    if (node === "complete") return { valid: false, reason: "the scenario was already complete" };
    const branch = scenario.branches.find(
      (candidate) => candidate.id === branchId && candidate.from === node,
    );
    if (!branch) return { valid: false, reason: `no choice ${branchId} at ${node}` };
    steps.push({
      branchId,
      from: node,
      condition: branch.condition,
      consequence: branch.consequence,
      finding: FINDING.test(branch.consequence),
    });
    if (branch.scoreModifier !== "none") kinds.push(branch.scoreModifier);
    node = branch.nextScenario;
  }
  if (node !== "complete") return { valid: false, reason: "the scenario is not complete" };
  const findings = steps.filter((step) => step.finding).length;
  const base = Math.max(0, PLAYER.base - PLAYER.perFinding * findings) / 100;
  const { score, penalties } = applyPenalties(rubric, base, kinds);
  const percent = Math.round(score * 100);
  return {
    valid: true,
    steps,
    findings,
    score: percent,
    passed: percent >= PLAYER.passAt,
    penalties,
    escalatedInTime: scenario.answerKey.requiresEscalation
      ? !kinds.includes("delayedEscalation") && !kinds.includes("doNothing")
      : null,
  };
}

/** SPEC §3 "Fraud Defense Index input". */
export interface FdiInput {
  avgRubricScore: number;
  slaPassRate: number;
  recordFidelity: number;
  completedScenarios: number;
  totalScenarios: number;
  lastUpdated: string | null;
}

/** SPEC §9: the sample the card shows, labelled as such, before the learner's first attempt. */
export const FDI_SAMPLE: FdiInput = {
  avgRubricScore: 0.85,
  slaPassRate: 0.92,
  recordFidelity: 0.88,
  completedScenarios: 3,
  totalScenarios: 3,
  lastUpdated: null,
};

export const FDI_BANDS = [
  { min: 90, label: "Excellent" },
  { min: 75, label: "Good" },
  { min: 60, label: "Satisfactory" },
  { min: 0, label: "Needs Improvement" },
] as const;

/**
 * FDI = 100 × (0.6 × rubric + 0.3 × SLA + 0.1 × fidelity), each part in whole points (up to 60,
 * 30 and 10) so the card can show where the points come from; the SPEC sample gives 51 + 28 + 9.
 */
export function fraudDefenseIndex(input: FdiInput): {
  value: number;
  band: string;
  parts: { rubric: number; sla: number; fidelity: number };
} {
  const parts = {
    rubric: Math.round(60 * input.avgRubricScore),
    sla: Math.round(30 * input.slaPassRate),
    fidelity: Math.round(10 * input.recordFidelity),
  };
  const value = parts.rubric + parts.sla + parts.fidelity;
  const band = FDI_BANDS.find((candidate) => value >= candidate.min)?.label ?? "Needs Improvement";
  return { value, band, parts };
}

/** What the index needs of each recorded attempt. */
export interface FdiAttempt {
  scenarioId: string;
  mode: AttemptMode;
  /** 0–1. */
  score: number;
  requiresEscalation: boolean;
  escalatedInTime: boolean | null;
  completeRecord: boolean;
  createdAt: string;
}

export const ATTEMPT_MODES = ["guided", "freeform", "player"] as const;
export type AttemptMode = (typeof ATTEMPT_MODES)[number];

/**
 * The index's inputs from a learner's own attempts in one pack. The rubric score and the record
 * fidelity read the written submissions (guided and free-form); the SLA reads every attempt on a
 * case that calls for escalation, player runs included. With no such attempt nothing was missed.
 */
export function fdiInputOf(attempts: readonly FdiAttempt[], totalScenarios: number): FdiInput {
  const share = (values: boolean[], none: number) =>
    values.length === 0 ? none : values.filter(Boolean).length / values.length;
  const written = attempts.filter((attempt) => attempt.mode !== "player");
  const escalations = attempts.filter((attempt) => attempt.requiresEscalation);
  const scores = written.map((attempt) => attempt.score);
  return {
    avgRubricScore: round(
      scores.length === 0 ? 0 : scores.reduce((sum, score) => sum + score, 0) / scores.length,
    ),
    slaPassRate: round(
      share(
        escalations.map((attempt) => attempt.escalatedInTime === true),
        1,
      ),
    ),
    recordFidelity: round(
      share(
        written.map((attempt) => attempt.completeRecord),
        0,
      ),
    ),
    completedScenarios: new Set(attempts.map((attempt) => attempt.scenarioId)).size,
    totalScenarios,
    lastUpdated:
      attempts
        .map((attempt) => attempt.createdAt)
        .sort()
        .at(-1) ?? null,
  };
}
