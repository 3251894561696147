import type { Decision, PassRules, PenaltyKind, Rubric, Scenario, SignalChip } from "./pack-schema";
import { citationChoices } from "./citations";
import {
  BAND_IDS,
  type BandId,
  type CriterionId,
  type GradingLanguage,
  NARRATIVE_PARTS,
  type NarrativePart,
} from "./constants";
import {
  type LanguageCues,
  type Reading,
  type Readers,
  ownClauses,
  detectLanguage,
  mentionsTerm,
  normalize,
  read,
  shingles,
  stance,
  stances,
} from "./reading";

// Rubric grading (issue "AML course", reworked by "free-text grading"): a pure function of (rubric,
// scenario, submission, lexicons), so the same submission always earns the same grade and every
// point can be explained. Free text is read clause by clause in the language it is written in
// (reading.ts): a concept counts when an own sentence asserts it, not when it is denied, supposed,
// listed or copied from the case. The decision of record is the one the learner chose; text that
// argues against it earns no reasoning credit and caps the grade. The score of record is this one.

/** Stored with each grade: a change to how answers are read is a new version. */
export const GRADER_VERSION = "2.4.0";

export interface GuidedSubmission {
  signals: SignalChip[];
  /** The learner's own words on the signals (step 0), at most 400 characters. */
  signalNotes: string;
  why: string;
  decision: Decision | "";
  decisionNotes: string;
  confidence: 1 | 2 | 3;
  /** Indexes into the sources offered to cite (packs.ts `citationChoices`). */
  citations: number[];
}

export interface FreeFormSubmission {
  decision: Decision;
  analysis: string;
}

/** Something a feedback line names, worded in the reader's language when shown. */
export type Ref =
  | { signal: string }
  | { concept: string }
  | { chip: SignalChip }
  | { part: NarrativePart }
  | { field: FieldName }
  | { source: number }
  | { decision: Decision };

/** The parts of a submission the documentation criterion asks to be given. */
export type FieldName = "signals" | "why" | "decisionNotes" | "analysis";

/** One line of feedback: a dictionary key (aml:grading.*), its values and a list it names. */
export interface Line {
  key: string;
  values?: Record<string, string | number | Ref>;
  list?: Ref[];
}

export interface CriterionResult {
  criterion: CriterionId;
  label: string;
  earned: number;
  maxScore: number;
  weight: number;
  passed: boolean;
  /** What the submission showed and missed; plain English in grades stored before 2.0.0. */
  explanation: (Line | string)[];
  /** Shown when the criterion is not passed (the rubric's English; translated when shown). */
  hint: string;
}

export type AppliedPenaltyKind = PenaltyKind | keyof typeof GRADER_PENALTIES;

export interface AppliedPenalty {
  kind: AppliedPenaltyKind;
  multiplier: number;
  cap: number | null;
  description: string;
}

export interface Grade {
  /** 0–1, after penalties. */
  score: number;
  percent: number;
  band: string;
  bandId?: BandId;
  details: CriterionResult[];
  penalties: AppliedPenalty[];
  /**
   * A genuine answer's floor (0–1): it is not graded below this; `raised` when the floor, not
   * the criteria, gave the score. Absent for other answers and for grades before 2.3.0.
   */
  floor?: { score: number; raised: boolean };
  /** For the Fraud Defense Index: the case called for escalation and the learner escalated. */
  escalatedInTime: boolean | null;
  /** Every field given and at least one of the scenario's sources cited. */
  completeRecord: boolean;
  /** The scenario's key signals the learner did not name (shown after submission). */
  missedSignals: string[];
  /** The grader that gave it, the language it read the answer in, and a model that scored it. */
  grader?: { version: string; language: GradingLanguage; model?: string };
}

/** Text that argues against the decision recorded: no reasoning credit, and the grade is capped. */
export const CONTRADICTION = {
  multiplier: 0.5,
  cap: 0.25,
  description:
    "The text argues against the decision recorded, so the record cannot be relied on. The score is multiplied by 0.5 and cannot exceed 25%.",
} as const;

/**
 * A wrong call that is neither doing nothing where a report is due nor a late escalation: closing a
 * case that calls for a question to the customer, or acting on one the facts clear. It is held
 * below the passing bands, not multiplied: a trainer reads a reasoned wrong call as "needs
 * improvement", where the do-nothing penalty (×0.4) made every such answer "insufficient".
 */
export const WRONG_CALL = {
  multiplier: 1,
  cap: 0.45,
  description:
    "The decision recorded is not the one the facts of this case call for, so the grade stays below the passing bands. The score cannot exceed 45%.",
} as const;

/** The penalties the grader applies itself, beside the rubric's branching penalties. */
const GRADER_PENALTIES = { contradiction: CONTRADICTION, wrongCall: WRONG_CALL } as const;

const round = (value: number, places = 4) => Number(value.toFixed(places));
const clamp = (value: number) => Math.min(1, Math.max(0, value));

function criterion<K extends PassRules["kind"]>(rubric: Rubric, kind: K) {
  const found = rubric.criteria.find((candidate) => candidate.passRules.kind === kind);
  if (!found) throw new Error(`the rubric has no ${kind} criterion`);
  return { ...found, rules: found.passRules as Extract<PassRules, { kind: K }> };
}

function result(
  base: ReturnType<typeof criterion>,
  share: number,
  explanation: Line[],
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

/** The phrases the grader looks for in one case, in one language (English always included). */
interface CaseTerms {
  language: GradingLanguage;
  cues: LanguageCues[];
  signals: Map<string, string[]>;
  concepts: Map<string, string[]>;
  decisions: Map<Decision, string[]>;
  facts: Map<NarrativePart, string[]>;
  citations: string[][];
  /** Everything above: a clause made mostly of these reads as a list. */
  all: string[];
  /** The case's own wording, as runs of four words. */
  source: Set<string>;
}

const caseTermsCache = new WeakMap<Scenario, Map<string, CaseTerms>>();

function caseTerms(
  rubric: Rubric,
  scenario: Scenario,
  readers: Readers,
  language: GradingLanguage,
): CaseTerms {
  let byLanguage = caseTermsCache.get(scenario);
  if (!byLanguage) {
    byLanguage = new Map();
    caseTermsCache.set(scenario, byLanguage);
  }
  const cached = byLanguage.get(`${rubric.id}:${language}`);
  if (cached) return cached;
  const english = readers.lexicons.get("en");
  const own = language === "en" ? undefined : readers.lexicons.get(language);
  const terms = (...lists: (readonly string[] | undefined)[]) => [
    ...new Set(lists.flatMap((list) => (list ?? []).map(normalize)).filter(Boolean)),
  ];
  const reasoning = criterion(rubric, "reasoning").rules;
  const key = scenario.answerKey;
  const signals = new Map(
    key.keySignals.map((signal) => [
      signal.id,
      terms(signal.terms, own?.signals[scenario.id]?.[signal.id]),
    ]),
  );
  const concepts = new Map(
    reasoning.concepts.map((concept) => [
      concept.id,
      terms(concept.terms, own?.concepts[concept.id]),
    ]),
  );
  const decisions = new Map(
    (["ESCALATE", "REQUEST_KYC", "NO_ACTION"] as const).map((decision) => [
      decision,
      terms(
        english?.decisions[decision],
        decision === "NO_ACTION" ? undefined : key.decisionTerms[decision],
        own?.decisions[decision],
      ),
    ]),
  );
  const facts = new Map(
    NARRATIVE_PARTS.filter((part) => part !== "why").map((part) => [
      part,
      terms(key.facts[part as Exclude<NarrativePart, "why">], own?.facts[scenario.id]?.[part]),
    ]),
  );
  // A free text cites a source by the names that read the same in any language: statutes,
  // regulators, paragraph numbers ("CDSA", "s.45", "Notice 626", "1441"), not by the English words
  // of what it says (those are concepts, counted under reasoning).
  const citations = key.citationTerms.map((list) => terms(list.filter(isName)));
  const all = [
    ...new Set([
      ...[...signals.values()].flat(),
      ...[...concepts.values()].flat(),
      ...[...decisions.values()].flat(),
    ]),
  ];
  // What the page shows of the facts before an answer: copying it is not reasoning. (The decision
  // wording of the branches is left out: "file an STR with FINTRAC" is how anyone would say it.)
  const caseText = [
    scenario.summary,
    ...scenario.narrative,
    ...scenario.redFlags,
    ...scenario.questions.map((question) => question.hint),
    ...scenario.stages.map((stage) => stage.situation),
    ...(readers.caseTexts?.get(scenario.id) ?? []),
  ];
  const source = new Set(caseText.flatMap((text) => [...shingles(normalize(text))]));
  const cues = [readers.cues.get(language), readers.cues.get("en")].filter(
    (cue): cue is LanguageCues => cue !== undefined,
  );
  const built = { language, cues, signals, concepts, decisions, facts, citations, all, source };
  byLanguage.set(`${rubric.id}:${language}`, built);
  return built;
}

/** A citation term that names rather than describes: an acronym or a number in it. */
const isName = (term: string) => /\p{Lu}{2}|\d/u.test(term);

function languageOf(text: string, readers: Readers): GradingLanguage {
  const latin = (["en", "ms", "fr"] as const)
    .map((language) => readers.cues.get(language))
    .filter((cue): cue is LanguageCues => cue !== undefined);
  return detectLanguage(text, latin);
}

/** What the learner gave, in the terms every mode is graded on. */
interface Evidence {
  chips: SignalChip[];
  /** Free text that may name signals. */
  signals: Reading;
  /** Free text that may show reasoning. */
  reasoning: Reading;
  /** Everything written, for the narrative check. */
  all: Reading;
  decision: Decision | null;
  citations: number[];
  /** The mode asks for citations (the guided flow's checkboxes). */
  asksCitations: boolean;
  /** Which of the expected fields were given, by name. */
  fields: { name: FieldName; given: boolean }[];
}

const asserts = (reading: Reading, terms: readonly string[]) =>
  stance(reading, terms) === "asserted";

function gradeSignals(rubric: Rubric, scenario: Scenario, terms: CaseTerms, evidence: Evidence) {
  const base = criterion(rubric, "signals");
  const keys = scenario.answerKey.keySignals;
  const found = keys.filter(
    (key) =>
      (key.chip !== undefined && evidence.chips.includes(key.chip)) ||
      stance(evidence.signals, terms.signals.get(key.id) ?? [], true) === "asserted",
  );
  const missed = keys.filter((key) => !found.includes(key));
  const keyChips = new Set(keys.map((key) => key.chip));
  const noise = evidence.chips.filter((chip) => !keyChips.has(chip));
  const explanation: Line[] = [
    { key: "signals.count", values: { found: found.length, total: keys.length } },
  ];
  if (found.length > 0) {
    explanation.push({ key: "signals.found", list: found.map((key) => ({ signal: key.id })) });
  }
  if (missed.length > 0) {
    explanation.push({ key: "signals.missed", list: missed.map((key) => ({ signal: key.id })) });
  }
  if (noise.length > 0) {
    explanation.push({
      key: "signals.noise",
      values: { percent: Math.round(base.rules.noisePenalty * 100) },
      list: noise.map((chip) => ({ chip })),
    });
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

/**
 * The decision a text argues for, when it is not the one recorded: the recorded one denied ("no
 * need to escalate"), or another asserted while the recorded one is not.
 */
function contradiction(terms: CaseTerms, reading: Reading, recorded: Decision | null) {
  if (recorded === null) return null;
  const said = stances(reading, terms.decisions);
  const other = [...said].find(
    ([decision, stated]) => decision !== recorded && stated === "asserted",
  )?.[0];
  if (said.get(recorded) === "denied") return other ?? opposite(recorded);
  if (said.get(recorded) !== "asserted" && other) return other;
  return null;
}

const opposite = (decision: Decision): Decision =>
  decision === "NO_ACTION" ? "ESCALATE" : "NO_ACTION";

/** What each source cited that is not one of the case's own takes off the citation share. */
const IRRELEVANT_CITATION = 0.25;

/** Concepts a learner shows by saying what not to do: "do not tip off the customer". */
const SAID_IN_THE_NEGATIVE = new Set(["tipping-off"]);

function gradeReasoning(
  rubric: Rubric,
  scenario: Scenario,
  terms: CaseTerms,
  evidence: Evidence,
  against: Decision | null,
) {
  const base = criterion(rubric, "reasoning");
  const wanted = scenario.answerKey.concepts;
  const reading = evidence.reasoning;
  const shown = wanted.filter((id) =>
    SAID_IN_THE_NEGATIVE.has(id)
      ? stance(reading, terms.concepts.get(id) ?? []) !== null
      : asserts(reading, terms.concepts.get(id) ?? []),
  );
  const denied = wanted.filter(
    (id) => !shown.includes(id) && stance(reading, terms.concepts.get(id) ?? []) === "denied",
  );
  const missing = wanted.filter((id) => !shown.includes(id));
  const explanation: Line[] = [];
  let share = shown.length / wanted.length;
  if (against !== null && evidence.decision !== null) {
    share = 0;
    explanation.push({
      key: "reasoning.contradicts",
      values: { stated: { decision: against }, chosen: { decision: evidence.decision } },
    });
  } else if (reading.copied) {
    share = 0;
    explanation.push({ key: "reasoning.copied" });
  } else if (reading.listLike && reading.clauses.length > 0) {
    share = 0;
    explanation.push({ key: "reasoning.list" });
  }
  explanation.push({
    key: "reasoning.count",
    values: { shown: share === 0 ? 0 : shown.length, total: wanted.length },
  });
  if (share > 0 && shown.length > 0) {
    explanation.push({ key: "reasoning.shown", list: shown.map((id) => ({ concept: id })) });
  }
  if (missing.length > 0) {
    explanation.push({ key: "reasoning.missing", list: missing.map((id) => ({ concept: id })) });
  }
  if (denied.length > 0) {
    explanation.push({ key: "reasoning.denied", list: denied.map((id) => ({ concept: id })) });
  }
  return { result: result(base, share, explanation), shown: share > 0 ? shown.length : 0 };
}

function gradeDecision(rubric: Rubric, scenario: Scenario, evidence: Evidence) {
  const base = criterion(rubric, "decision");
  const expected = scenario.answerKey.expectedDecision;
  const { decision } = evidence;
  const penalties: AppliedPenaltyKind[] = [];
  const explanation: Line[] = [];
  let share = 0;
  if (decision === null) {
    explanation.push({ key: "decision.none", values: { expected: { decision: expected } } });
    penalties.push("doNothing");
  } else if (decision === expected) {
    share = 1;
    explanation.push({ key: "decision.right", values: { decision: { decision } } });
  } else if (decision === "NO_ACTION") {
    explanation.push({ key: "decision.noAction", values: { expected: { decision: expected } } });
    penalties.push(expected === "REQUEST_KYC" ? "wrongCall" : "doNothing");
  } else if (expected === "NO_ACTION") {
    // Acting on a case the facts clear is a wrong call, not a late escalation.
    explanation.push({
      key: "decision.unwarranted",
      values: { decision: { decision }, expected: { decision: expected } },
    });
    penalties.push("wrongCall");
  } else if (expected === "REQUEST_KYC") {
    share = base.rules.overEscalationCredit;
    explanation.push({ key: "decision.over" });
  } else {
    share = base.rules.underEscalationCredit;
    explanation.push({ key: "decision.under" });
    penalties.push("delayedEscalation");
  }
  const within = base.rules.escalationWithinHours;
  if (within !== undefined && scenario.answerKey.requiresEscalation) {
    explanation.push({
      key: decision === "ESCALATE" ? "decision.withinMet" : "decision.withinMissed",
      values: { hours: within },
    });
  }
  return { result: result(base, share, explanation), penalties };
}

function gradeDocumentation(
  rubric: Rubric,
  scenario: Scenario,
  terms: CaseTerms,
  evidence: Evidence,
  reasoningShown: number,
) {
  const base = criterion(rubric, "documentation");
  // Facts count where the learner states them in a sentence of their own, denied or not ("the
  // director could not explain the payers" names who).
  const own = evidence.all.clauses.filter((clause) => clause.sentence && !clause.copied);
  const covered = NARRATIVE_PARTS.filter((part) =>
    part === "why"
      ? reasoningShown > 0
      : own.some((clause) =>
          (terms.facts.get(part) ?? []).some((term) => mentionsTerm(clause.text, term)),
        ),
  );
  const uncovered = NARRATIVE_PARTS.filter((part) => !covered.includes(part));
  const given = evidence.fields.filter((field) => field.given);
  const missingFields = evidence.fields.filter((field) => !field.given);
  const choices = citationChoices(scenario, rubric);
  const cited = [...new Set(evidence.citations)].filter((index) => choices[index] !== undefined);
  const relevant = cited.filter((index) => choices[index]?.relevant);
  const irrelevant = cited.filter((index) => !choices[index]?.relevant);
  // Precision as well as recall: ticking every source costs what the wrong ones cost.
  const citing = relevant.length > 0 ? Math.max(0, 1 - IRRELEVANT_CITATION * irrelevant.length) : 0;
  // A free-form analysis is not asked to cite (its sources are read from the text): there the
  // narrative carries most of the citations' share, and naming the source adds the rest.
  const narrative = covered.length / NARRATIVE_PARTS.length;
  const share =
    0.4 * (given.length / evidence.fields.length) +
    (evidence.asksCitations ? 0.3 * citing + 0.3 * narrative : 0.5 * narrative + 0.1 * citing);
  const explanation: Line[] = [{ key: "documentation.count", values: { covered: covered.length } }];
  if (uncovered.length > 0) {
    explanation.push({ key: "documentation.uncovered", list: uncovered.map((part) => ({ part })) });
  }
  if (missingFields.length > 0) {
    explanation.push({
      key: "documentation.empty",
      list: missingFields.map((field) => ({ field: field.name })),
    });
  }
  explanation.push(
    relevant.length > 0
      ? { key: "documentation.cited", list: relevant.map((index) => ({ source: index })) }
      : { key: "documentation.noneCited" },
  );
  if (irrelevant.length > 0) {
    explanation.push({
      key: "documentation.irrelevant",
      list: irrelevant.map((index) => ({ source: index })),
    });
  }
  const complete = missingFields.length === 0 && relevant.length > 0;
  // A free-form analysis need not name the statute to be a complete record; the guided flow asks.
  const incomplete =
    missingFields.length > 0 ||
    (evidence.asksCitations && relevant.length === 0) ||
    covered.length < 4;
  return { result: result(base, share, explanation), complete, incomplete };
}

function combine(rubric: Rubric, scenario: Scenario, terms: CaseTerms, evidence: Evidence): Grade {
  const against = contradiction(terms, evidence.reasoning, evidence.decision);
  const signals = gradeSignals(rubric, scenario, terms, evidence);
  const reasoning = gradeReasoning(rubric, scenario, terms, evidence, against);
  const decision = gradeDecision(rubric, scenario, evidence);
  const documentation = gradeDocumentation(rubric, scenario, terms, evidence, reasoning.shown);
  const details = [signals.result, reasoning.result, decision.result, documentation.result];
  const raw = details.reduce(
    (sum, detail) => sum + (detail.weight * detail.earned) / detail.maxScore,
    0,
  );
  const kinds: AppliedPenaltyKind[] = [...decision.penalties];
  if (documentation.incomplete) kinds.push("incompleteDocumentation");
  if (against !== null) kinds.push("contradiction");
  const { score: penalised, penalties } = applyPenalties(rubric, raw, kinds);
  const { score, floor } = withFloor(
    penalised,
    genuineFloor(rubric, terms, evidence.reasoning, kinds),
  );
  return {
    ...scored(rubric, score),
    details,
    penalties,
    ...(floor && { floor }),
    escalatedInTime: scenario.answerKey.requiresEscalation
      ? evidence.decision === "ESCALATE"
      : null,
    completeRecord: documentation.complete,
    missedSignals: signals.missed,
    grader: { version: GRADER_VERSION, language: terms.language },
  };
}

/** What the evidence record says of a score a genuine answer's floor gave. */
export const FLOOR_NOTE =
  "The answer engages with the case in the learner's own sentences (not a list, a copy, an argument against its own decision or nothing done where the case calls for action), so it is not graded below the lowest score of the band above the last; the criteria alone gave less.";

/** A score held at a genuine answer's floor, and the floor as the grade records it. */
export function withFloor(
  penalised: number,
  floor: number | null,
): { score: number; floor?: NonNullable<Grade["floor"]> } {
  if (floor === null) return { score: penalised };
  return { score: Math.max(penalised, floor), floor: { score: floor, raised: floor > penalised } };
}

/** A clause about the case names at least one of its terms; an answer about something else, few. */
const ON_TOPIC_SHARE = 0.2;

/**
 * The score a genuine answer is not graded below: the lowest score of the band above the last
 * ("Needs improvement"). An answer is genuine when it engages with the case: it reads as
 * sentences of the learner's own (not a list, not the case copied), nothing in it argues against
 * the decision recorded, that decision is not to do nothing where the case calls for a report,
 * and it is about the case (at least one clause in five names one of its terms). Trainers grade
 * such an answer, however thin and even with a wrong call, "Needs improvement": "Insufficient" is
 * for answers that do not engage (docs/decisions/054). Null for any other answer. The floor
 * never reaches a passing band, nor above the wrong-call cap.
 */
function genuineFloor(
  rubric: Rubric,
  terms: CaseTerms,
  reading: Reading,
  kinds: readonly AppliedPenaltyKind[],
): number | null {
  if (kinds.some((kind) => kind === "doNothing" || kind === "contradiction")) return null;
  if (reading.copied || reading.listLike || reading.clauses.length === 0) return null;
  const about = reading.clauses.filter((clause) =>
    terms.all.some((term) => mentionsTerm(clause.text, term)),
  );
  if (about.length < ON_TOPIC_SHARE * reading.clauses.length) return null;
  const band = rubric.bands.at(-2);
  return band ? band.min / 100 : null;
}

/** Multiplies by each penalty once, then holds the score under the lowest cap. */
export function applyPenalties(
  rubric: Rubric,
  raw: number,
  kinds: readonly AppliedPenaltyKind[],
): { score: number; penalties: AppliedPenalty[] } {
  const penalties = [...new Set(kinds)].map((kind) => {
    const penalty =
      kind === "contradiction" || kind === "wrongCall"
        ? GRADER_PENALTIES[kind]
        : rubric.branchingPenalties[kind];
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

/** A band's id, by its place in the rubric's five (highest first). */
export function bandIdOf(rubric: Rubric, percent: number): BandId {
  const index = rubric.bands.findIndex((band) => percent >= band.min);
  return BAND_IDS[index === -1 ? BAND_IDS.length - 1 : index] ?? "insufficient";
}

function scored(rubric: Rubric, score: number) {
  const percent = Math.round(score * 100);
  return { score, percent, band: bandOf(rubric, percent), bandId: bandIdOf(rubric, percent) };
}

function readAll(texts: readonly string[], terms: CaseTerms) {
  return texts.map((text) => read(text, terms.language, terms.cues, terms.all, terms.source));
}

/** A guided-flow submission against the rubric. */
export function gradeGuided(
  rubric: Rubric,
  scenario: Scenario,
  submission: GuidedSubmission,
  readers: Readers,
): Grade {
  const written = [submission.signalNotes, submission.why, submission.decisionNotes];
  const terms = caseTerms(rubric, scenario, readers, languageOf(written.join("\n"), readers));
  const [signals, reasoning, all] = readAll(
    [submission.signalNotes, `${submission.why}\n${submission.decisionNotes}`, written.join("\n")],
    terms,
  ) as [Reading, Reading, Reading];
  return combine(rubric, scenario, terms, {
    chips: submission.signals,
    signals,
    reasoning,
    all,
    decision: submission.decision === "" ? null : submission.decision,
    citations: submission.citations,
    asksCitations: true,
    fields: [
      {
        name: "signals",
        given: submission.signals.length > 0 || submission.signalNotes.trim() !== "",
      },
      { name: "why", given: submission.why.trim() !== "" },
      { name: "decisionNotes", given: submission.decisionNotes.trim() !== "" },
    ],
  });
}

/**
 * A free-form analysis against the same rubric: the decision is the one recorded with it; signals,
 * reasoning, the narrative and the sources cited are read from the text.
 */
export function gradeFreeForm(
  rubric: Rubric,
  scenario: Scenario,
  submission: FreeFormSubmission,
  readers: Readers,
): Grade {
  const { analysis } = submission;
  const terms = caseTerms(rubric, scenario, readers, languageOf(analysis, readers));
  const [reading] = readAll([analysis], terms) as [Reading];
  const choices = citationChoices(scenario, rubric);
  const cited = terms.citations.flatMap((list, index) =>
    ownClauses(reading).some((clause) => list.some((term) => mentionsTerm(clause.text, term)))
      ? [choices.findIndex((choice) => choice.ref === scenario.sources[index])]
      : [],
  );
  return combine(rubric, scenario, terms, {
    chips: [],
    signals: reading,
    reasoning: reading,
    all: reading,
    decision: submission.decision,
    citations: cited,
    asksCitations: false,
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
