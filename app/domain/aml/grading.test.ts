import { beforeAll, describe, expect, test } from "vitest";
import {
  FDI_SAMPLE,
  type FdiAttempt,
  type Grade,
  type GuidedSubmission,
  applyPenalties,
  bandOf,
  fdiInputOf,
  fraudDefenseIndex,
  gradeFreeForm,
  gradeGuided,
  gradePlayer,
} from "./grading";
import type { GradingLanguage } from "./constants";
import { type Rubric, RubricSchema, type Scenario, ScenarioSchema } from "./pack-schema";
import { getReaders } from "./lexicons.server";
import { getPacks } from "./packs.server";
import { findTerm, joinedList, normalize, read, sentencesOf, stance } from "./reading";
import { type Words, wordsFor } from "./feedback-words.server";

const readers = getReaders();
let words: Words;
beforeAll(async () => {
  words = await wordsFor("en-US");
});

// A small pack of our own, so each rule is seen working on numbers worked out by hand.
const anchor = { source: "S1", section: "MAS Notice 626, para 14", summary: "STR duty." };
const rubricFor = (bands: number[], incomplete: number, within?: number): Rubric =>
  RubricSchema.parse({
    id: "test-rubric",
    jurisdiction: "sg",
    version: "1.2.0",
    criteria: [
      {
        id: "signals",
        label: "Red flags",
        weight: 0.25,
        regulatoryAnchor: anchor,
        passRules: { kind: "signals", noisePenalty: 0.1, passAt: 0.6 },
        hint: "Name the facts that make the activity unusual.",
        maxScore: 25,
      },
      {
        id: "reasoning",
        label: "Why it matters",
        weight: 0.25,
        regulatoryAnchor: anchor,
        passRules: {
          kind: "reasoning",
          passAt: 0.5,
          concepts: [
            {
              id: "reasonable-grounds",
              label: "Reasonable grounds",
              terms: ["reasonable grounds", "suspicion"],
            },
            { id: "pass-through", label: "Funds passing through", terms: ["pass-through", "mule"] },
            { id: "pep-exposure", label: "PEP exposure", terms: ["PEP", "politically exposed"] },
          ],
        },
        hint: "Say why the facts give grounds to suspect.",
        maxScore: 25,
      },
      {
        id: "decision",
        label: "Decision",
        weight: 0.3,
        regulatoryAnchor: anchor,
        passRules: {
          kind: "decision",
          overEscalationCredit: 0.5,
          passAt: 1,
          ...(within ? { escalationWithinHours: within } : {}),
        },
        hint: "Escalate when the grounds are there.",
        maxScore: 30,
      },
      {
        id: "documentation",
        label: "Record",
        weight: 0.2,
        regulatoryAnchor: anchor,
        passRules: {
          kind: "documentation",
          passAt: 0.6,
          narrative: {
            who: ["customer", "account holder"],
            what: ["transfers", "deposits"],
            when: ["march", "between"],
            where: ["paynow", "branch"],
            why: ["because", "suspect"],
            how: ["split", "within minutes"],
          },
        },
        hint: "Write who, what, when, where, why and how, and cite the rule.",
        maxScore: 20,
      },
    ],
    bands: bands.map((min, index) => ({ min, label: `Band ${index + 1}` })),
    branchingPenalties: {
      doNothing: { multiplier: 0.4, cap: 0.4, description: "Nothing was done." },
      delayedEscalation: { multiplier: 0.7, description: "Escalation came late." },
      incompleteDocumentation: { multiplier: incomplete, description: "The record is incomplete." },
    },
    citations: [anchor],
    review_due: "2025-12-31",
  });
const SG = rubricFor([90, 70, 50, 30, 0], 0.5);
const CA = rubricFor([90, 75, 60, 40, 0], 0.8, 24);

const scenario: Scenario = ScenarioSchema.parse({
  id: "pass-through",
  title: "Pass-through",
  summary: "Funds in and out within minutes.",
  narrative: ["Transfers arrive from many payers and leave within minutes."],
  objectives: ["Spot the pass-through"],
  redFlags: ["Funds leave within minutes"],
  artifactsRequired: ["Statement"],
  role: "frontline",
  jurisdiction: "sg",
  version: "1.2.0",
  stages: [{ id: "review", title: "Review", situation: "The customer calls." }],
  branches: [
    {
      id: "escalate",
      condition: "Escalate",
      consequence: "The officer files an STR.",
      nextScenario: "complete",
    },
    {
      id: "wait",
      condition: "Wait a week",
      consequence: "An audit finding: late escalation.",
      nextScenario: "review",
      scoreModifier: "delayedEscalation",
    },
    {
      id: "ignore",
      condition: "Do nothing",
      consequence: "A violation of the STR duty.",
      scoreModifier: "doNothing",
    },
    {
      id: "late-escalate",
      from: "review",
      condition: "Escalate now",
      consequence: "Filed at last.",
      nextScenario: "complete",
    },
  ],
  sources: [anchor, { source: "X2", section: "FATF cyber-enabled fraud", summary: "Mule flows." }],
  questions: [{ id: "q1", prompt: "What is unusual?", hint: "Timing." }],
  customerProfile: { type: "individual", pep: false, segment: "retail", details: "Student." },
  activity: { amount: 48000, currency: "SGD", pattern: "pass-through", details: "In and out." },
  riskTags: ["mule"],
  strTemplate: {
    title: "STR",
    sections: [
      { heading: "Who", body: "{{customerProfile.type}}" },
      { heading: "What", body: "{{analysis}}" },
      { heading: "When", body: "{{date}}" },
    ],
  },
  answerKey: {
    expectedDecision: "ESCALATE",
    requiresEscalation: true,
    keySignals: [
      {
        id: "fast",
        label: "Funds leave within minutes",
        chip: "rapid-pass-through",
        terms: ["within minutes"],
      },
      {
        id: "payers",
        label: "Many unrelated payers",
        chip: "third-party-payers",
        terms: ["many payers"],
      },
      { id: "pep", label: "Payer linked to a PEP", terms: ["PEP", "politically exposed"] },
      {
        id: "velocity",
        label: "Sudden volume",
        chip: "unusual-velocity",
        terms: ["sudden volume"],
      },
    ],
    concepts: ["reasonable-grounds", "pass-through"],
    facts: {
      who: ["customer", "account holder"],
      what: ["transfers", "deposits"],
      when: ["march"],
      where: ["paynow", "branch"],
      how: ["split", "within minutes"],
    },
    decisionTerms: {
      ESCALATE: ["escalate", "file an STR"],
      REQUEST_KYC: ["more KYC", "request information"],
    },
    citationTerms: [["Notice 626", "STRO"], ["FATF"]],
    rationale: "Grounds to suspect are there: the STR duty applies now.",
  },
});

/** The test case with another expected decision (none of them a report). */
const calling = (expectedDecision: "REQUEST_KYC" | "NO_ACTION"): Scenario => ({
  ...scenario,
  answerKey: { ...scenario.answerKey, expectedDecision, requiresEscalation: false },
});

const complete: GuidedSubmission = {
  signals: ["rapid-pass-through", "third-party-payers", "unusual-velocity"],
  signalNotes: "Funds from many payers leave within minutes; one payer is a PEP's brother.",
  why: "These give reasonable grounds to suspect the account is a mule used for pass-through.",
  decision: "ESCALATE",
  decisionNotes:
    "Customer account holder received transfers via PayNow between 2 and 9 March, split and sent on within minutes; escalate because we suspect laundering.",
  confidence: 2,
  citations: [0],
};

/** A criterion's feedback as an English reader sees it. */
const said = (grade: Grade, index: number, rubric: Rubric = SG, of: Scenario = scenario) =>
  (grade.details[index]?.explanation ?? [])
    .map((line) => words.line(line, { rubric, scenario: of }))
    .join(" ");
const guided = (rubric: Rubric, submission: GuidedSubmission, of: Scenario = scenario) =>
  gradeGuided(rubric, of, submission, readers);

describe("guided grading", () => {
  test("a complete submission earns every criterion and the top band", () => {
    const grade = guided(SG, complete);
    expect(grade.details.map((detail) => [detail.criterion, detail.earned, detail.passed])).toEqual(
      [
        ["signals", 25, true],
        ["reasoning", 25, true],
        ["decision", 30, true],
        ["documentation", 20, true],
      ],
    );
    expect(grade).toMatchObject({ score: 1, percent: 100, band: "Band 1", penalties: [] });
    expect(grade.grader).toEqual({ version: "2.4.0", language: "en" });
    expect(grade).toMatchObject({ escalatedInTime: true, completeRecord: true, missedSignals: [] });
  });

  test("a missed key signal costs its share and is named", () => {
    const grade = guided(SG, {
      ...complete,
      signals: ["rapid-pass-through", "third-party-payers"],
      signalNotes: "Funds from many payers leave within minutes.",
    });
    const signals = grade.details[0];
    // 2 of 4 found: 0.5 × 25.
    expect(signals).toMatchObject({ earned: 12.5, passed: false });
    expect(said(grade, 0)).toContain("Missed: Payer linked to a PEP and Sudden volume.");
    expect(grade.missedSignals).toEqual(["Payer linked to a PEP", "Sudden volume"]);
    expect(grade.score).toBeCloseTo(1 - 0.25 * 0.5, 6);
    expect(grade.percent).toBe(88);
    expect(grade.band).toBe("Band 2");
  });

  test("chips that are not signals here cost 10 % each", () => {
    const grade = guided(SG, {
      ...complete,
      signals: [...complete.signals, "round-amounts", "structuring-patterns"],
    });
    // 4 of 4 found, 2 noise: 1 − 0.2.
    expect(grade.details[0]).toMatchObject({ earned: 20 });
    expect(said(grade, 0)).toContain("Round amounts and Structuring patterns (10% off each)");
  });

  test("reasoning is read for the case's concepts, synonyms included, whole words only", () => {
    const grade = guided(SG, {
      ...complete,
      why: "I have a suspicion about this.",
      decisionNotes: "Customer transfers in March via PayNow, split because we suspect; escalate.",
    });
    expect(grade.details[1]).toMatchObject({ earned: 12.5, passed: true });
    expect(said(grade, 1)).toContain("Not shown: Funds passing through.");
    expect(normalize("Mulés  got SGD 412,650")).toBe("mulés got sgd 412650");
    expect(
      guided(SG, {
        ...complete,
        why: "There are multiple mulette accounts in this.",
        decisionNotes: "Customer transfers in March, split and sent on; escalate.",
      }).details[1],
    ).toMatchObject({ earned: 0 });
  });

  const askingForKyc: GuidedSubmission = {
    ...complete,
    decision: "REQUEST_KYC",
    decisionNotes: complete.decisionNotes.replace("escalate because", "ask for documents as"),
  };

  test("asking for KYC where escalation is due scores no decision points and a ×0.7 penalty", () => {
    const grade = guided(SG, askingForKyc);
    expect(grade.details[2]).toMatchObject({ earned: 0, passed: false });
    expect(grade.penalties.map((penalty) => penalty.kind)).toEqual(["delayedEscalation"]);
    expect(grade.score).toBeCloseTo(0.7 * 0.7, 6);
    expect(grade.escalatedInTime).toBe(false);
  });

  test("where the pack gives credit for asking, asking for KYC where escalation is due earns it, still ×0.7", () => {
    const decision = SG.criteria.find((one) => one.id === "decision");
    if (decision?.passRules.kind !== "decision") throw new Error("no decision criterion");
    const crediting: Rubric = {
      ...SG,
      criteria: SG.criteria.map((one) =>
        one === decision
          ? { ...decision, passRules: { ...decision.passRules, underEscalationCredit: 0.5 } }
          : one,
      ),
    };
    const grade = guided(crediting, askingForKyc);
    expect(grade.details[2]).toMatchObject({ earned: 15, passed: false });
    expect(grade.score).toBeCloseTo(0.85 * 0.7, 6);
    expect(grade.bandId).not.toMatch(/excellent|proficient/);
  });

  test("Canada's pack names its 24-hour escalation rule", () => {
    expect(said(guided(CA, complete), 2, CA)).toContain("within 24 hours of detection");
    const missed = guided(CA, { ...complete, decision: "REQUEST_KYC" });
    expect(said(missed, 2, CA)).toContain("that was not met");
    expect(said(guided(SG, complete), 2)).not.toContain("24 hours");
  });

  test("over-escalating a KYC case earns the partial credit, without penalty", () => {
    const kycCase = calling("REQUEST_KYC");
    const grade = guided(SG, complete, kycCase);
    expect(grade.details[2]).toMatchObject({ earned: 15, passed: false });
    expect(grade.penalties).toEqual([]);
    expect(grade.escalatedInTime).toBeNull();
  });

  test("no citation and empty notes: incomplete documentation, ×0.5 in Singapore and ×0.8 in Canada", () => {
    const thin = { ...complete, decisionNotes: "", citations: [] };
    const sg = guided(SG, thin);
    expect(sg.penalties.map((penalty) => penalty.kind)).toEqual(["incompleteDocumentation"]);
    expect(sg.completeRecord).toBe(false);
    expect(said(sg, 3)).toContain("Left empty: decision notes.");
    const raw = sg.details.reduce(
      (sum, detail) => sum + (detail.weight * detail.earned) / detail.maxScore,
      0,
    );
    expect(sg.score).toBeCloseTo(raw * 0.5, 4);
    expect(guided(CA, thin).score).toBeCloseTo(raw * 0.8, 4);
  });

  test("citing a source that is not the case's costs marks: ticking every box is not free", () => {
    const wider: Rubric = {
      ...SG,
      citations: [
        anchor,
        { source: "X3", section: "FATF trade-based money laundering", summary: "Invoices." },
        { source: "X9", section: "An unrelated rule", summary: "Nothing to do with this case." },
      ],
    };
    // Offered in order of tag: S1 (the case's), X2 (the case's), X3 and X9 (the pack's others).
    const right = guided(wider, { ...complete, citations: [0, 1] });
    const all = guided(wider, { ...complete, citations: [0, 1, 2, 3] });
    expect(right.details[3]).toMatchObject({ earned: 20 });
    // Two wrong sources: 0.3 × (1 − 2 × 0.25) of the 20 points lost.
    expect(all.details[3]).toMatchObject({ earned: 17 });
    expect(said(all, 3, wider)).toContain(
      "Cited but not relevant to this case: FATF trade-based money laundering and An unrelated rule",
    );
    const onlyWrong = guided(wider, { ...complete, citations: [2, 3] });
    expect(onlyWrong.penalties.map((penalty) => penalty.kind)).toContain("incompleteDocumentation");
  });

  test("the same submission always earns the same grade", () => {
    expect(guided(SG, complete)).toEqual(guided(SG, complete));
  });
});

describe("free-form grading", () => {
  const analysis =
    "The customer, an account holder, received transfers via PayNow between 2 and 9 March from many payers, " +
    "one of them politically exposed, and the funds left within minutes with sudden volume. These are " +
    "reasonable grounds to suspect a mule pass-through, because nothing explains it. I escalate and " +
    "the officer should file an STR with STRO under Notice 626, since the transfers were split.";
  const freeForm = (
    text: string,
    decision: "ESCALATE" | "REQUEST_KYC" | "NO_ACTION" = "ESCALATE",
  ) => gradeFreeForm(SG, scenario, { decision, analysis: text }, readers);

  test("reads signals, reasoning, the narrative and citations from the text", () => {
    const grade = freeForm(analysis);
    expect(grade.details.map((detail) => detail.passed)).toEqual([true, true, true, true]);
    expect(grade.percent).toBeGreaterThanOrEqual(90);
  });

  test("taking no action on a case that calls for escalation is held under the do-nothing cap", () => {
    const grade = freeForm(analysis, "NO_ACTION");
    expect(grade.penalties.map((penalty) => penalty.kind)).toContain("doNothing");
    expect(grade.score).toBeLessThanOrEqual(0.4);
  });

  test("a free-form analysis that tells the whole story without naming the statute loses little", () => {
    const unnamed = analysis.replace(" with STRO under Notice 626", "");
    const named = freeForm(analysis).details[3];
    const grade = freeForm(unnamed).details[3];
    expect(grade?.explanation).toContainEqual({ key: "documentation.noneCited" });
    // Naming the source is a tenth of the criterion in free form; the narrative, half.
    expect((named?.earned ?? 0) - (grade?.earned ?? 0)).toBeCloseTo(2, 1);
  });

  test("a thin answer of the learner's own about the case is not graded below the band above the last", () => {
    const thin = (text: string, decision: "ESCALATE" | "REQUEST_KYC" | "NO_ACTION" = "ESCALATE") =>
      gradeFreeForm(CA, scenario, { decision, analysis: text }, readers);
    const genuine = thin(
      "The customer received a lot of PayNow money from different people. I am escalating it to compliance to look at.",
    );
    // The criteria alone give less than the fourth band's 40 %: the floor raised it, and says so.
    expect(genuine.floor).toEqual({ score: 0.4, raised: true });
    expect(genuine.percent).toBe(40);
    expect(genuine.band).toBe("Band 4");
    // A reasoned call short of the one due (documents asked for where a report is due) too.
    const asking = thin(
      "The customer received a lot of PayNow money from different people. I will ask the customer for documents first.",
      "REQUEST_KYC",
    );
    expect(asking.penalties.map((penalty) => penalty.kind)).toContain("delayedEscalation");
    expect(asking).toMatchObject({ percent: 40, floor: { score: 0.4, raised: true } });
    // Never for an answer about something else, a list of terms, a negated answer or for doing
    // nothing where a report is due.
    const offTopic = thin(
      "Our team moved to a new office last month and the parking is much better. The canteen opens early.",
    );
    const list = thin("PayNow mule PEP STR STRO reasonable grounds pass-through");
    const negated = thin(
      "There is no need to escalate and no STR is needed, because the customer is known to us.",
    );
    const wrongCall = thin(
      "The customer received a lot of PayNow money from different people. It looks normal to me.",
      "NO_ACTION",
    );
    for (const grade of [offTopic, list, negated, wrongCall]) {
      expect(grade.floor).toBeUndefined();
      expect(grade.percent).toBeLessThan(40);
    }
    // A strong answer keeps its own score: the floor is only ever a floor.
    expect(thin(analysis).floor).toMatchObject({ raised: false });
    expect(thin(analysis).percent).toBeGreaterThan(40);
  });

  test("closing a case that calls for a question to the customer is held under 45 %, not ×0.4", () => {
    const kycCase = calling("REQUEST_KYC");
    const closing =
      "The customer, an account holder, received transfers via PayNow between 2 and 9 March from " +
      "many payers, and the funds left within minutes. The customer has banked with us for years " +
      "and the volume fits the business declared, so I clear the alert.";
    const grade = gradeFreeForm(SG, kycCase, { decision: "NO_ACTION", analysis: closing }, readers);
    expect(grade.penalties).toMatchObject([{ kind: "wrongCall", multiplier: 1, cap: 0.45 }]);
    expect(grade.details[2]).toMatchObject({ earned: 0 });
    // Not multiplied, as the do-nothing penalty would (×0.4): only held under the cap.
    const raw = grade.details.reduce(
      (sum, one) => sum + (one.weight * one.earned) / one.maxScore,
      0,
    );
    // A reasoned wrong call engages with the case: held at the fourth band's 30 % at least.
    expect(grade.score).toBeCloseTo(Math.max(0.3, Math.min(0.45, raw)), 3);
    expect(grade.score).toBeGreaterThan(0.4 * raw);
  });

  test("acting on a case the facts clear is a wrong call held under 45 %, not a late escalation", () => {
    const clearCase = calling("NO_ACTION");
    const grade = gradeFreeForm(SG, clearCase, { decision: "ESCALATE", analysis }, readers);
    expect(grade.penalties.map((penalty) => penalty.kind)).toEqual(["wrongCall"]);
    expect(grade.details[2]).toMatchObject({ earned: 0 });
    expect(grade.details[2]?.explanation).toEqual([
      {
        key: "decision.unwarranted",
        values: { decision: { decision: "ESCALATE" }, expected: { decision: "NO_ACTION" } },
      },
    ]);
    expect(grade.bandId).not.toMatch(/excellent|proficient/);
  });

  test("a negated answer in the case's own terms earns no reasoning credit and cannot pass", () => {
    const negated =
      "There is no need to escalate and no STR to STRO is needed. The funds from many payers within " +
      "minutes are not suspicious, there are no reasonable grounds to suspect a mule, and the PEP link " +
      "does not matter. Clear the alert.";
    const grade = freeForm(negated);
    expect(grade.details[1]).toMatchObject({ earned: 0, passed: false });
    expect(said(grade, 1)).toContain(
      "Your text argues that you should take no action, but the decision you recorded is to escalate now.",
    );
    expect(grade.penalties.map((penalty) => penalty.kind)).toContain("contradiction");
    expect(grade.percent).toBeLessThanOrEqual(40);
  });

  test("a denial counts against what follows it, or what it ends; not against what came before", () => {
    const stated = freeForm(
      "The customer's transfers are reasonable grounds to suspect a mule pass-through. I escalate now " +
        "without waiting for the invoices the customer promised in March.",
    );
    expect(stated.details[1]).toMatchObject({ passed: true });
    expect(stated.penalties.map((penalty) => penalty.kind)).not.toContain("contradiction");
    const ended = freeForm(
      "The customer's transfers in March are reasonable grounds to suspect a mule pass-through. " +
        "Escalating is not needed.",
    );
    expect(ended.penalties.map((penalty) => penalty.kind)).toContain("contradiction");
  });

  test("a supposition states nothing: 'if the documents do not arrive, escalate' is a request", () => {
    const kycCase = calling("REQUEST_KYC");
    const grade = gradeFreeForm(
      SG,
      kycCase,
      {
        decision: "REQUEST_KYC",
        analysis:
          "The customer's transfers in March give a suspicion worth checking, so we request information " +
          "from the customer. If the documents do not arrive, escalate and file an STR.",
      },
      readers,
    );
    expect(grade.penalties.map((penalty) => penalty.kind)).not.toContain("contradiction");
    expect(grade.details[2]).toMatchObject({ earned: 30 });
  });

  test("a list of terms earns no reasoning credit, however many terms it has", () => {
    for (const salad of [
      "suspicious mule pass-through third party PEP EDD source of funds reasonable grounds",
      "reasonable grounds and mule and pass-through and PEP and many payers and within minutes and STR",
    ]) {
      const grade = freeForm(salad);
      expect(grade.details[1]).toMatchObject({ earned: 0 });
      expect(said(grade, 1)).toContain("reads as a list of terms");
      expect(grade.percent).toBeLessThan(70);
    }
  });

  test("the case's own narrative copied back earns no reasoning credit", () => {
    const copiedCase: Scenario = {
      ...scenario,
      narrative: [
        "The account received transfers from many payers, and the money left the account within " +
          "minutes each time, which gives reasonable grounds to suspect a mule pass-through account.",
      ],
    };
    const grade = gradeFreeForm(
      SG,
      copiedCase,
      { decision: "ESCALATE", analysis: copiedCase.narrative[0] ?? "" },
      readers,
    );
    expect(grade.details[1]).toMatchObject({ earned: 0 });
    expect(said(grade, 1, SG, copiedCase)).toContain("repeats the case's own words");
  });
});

test("an answer in the words of the case's objective or question is not a copy", () => {
  // The objective names the conclusion it asks for; answering it in its words is answering.
  const asking: Scenario = {
    ...scenario,
    objectives: [
      "Explain why the money leaving within minutes gives reasonable grounds to suspect a mule",
    ],
    questions: [
      {
        id: "q1",
        prompt: "Why does the money leaving within minutes give reasonable grounds to suspect?",
        hint: "Timing.",
      },
    ],
  };
  const grade = gradeFreeForm(
    SG,
    asking,
    {
      decision: "ESCALATE",
      analysis:
        "The money leaving within minutes gives reasonable grounds to suspect a mule. " +
        "I escalate today.",
    },
    readers,
  );
  expect(said(grade, 1, SG, asking)).not.toContain("repeats the case's own words");
  expect(grade.details[1]?.earned).toBeGreaterThan(0);
});

describe("penalties and bands", () => {
  test("do nothing multiplies by 0.4 and caps at 40 %", () => {
    expect(applyPenalties(SG, 1, ["doNothing"]).score).toBe(0.4);
    expect(applyPenalties(SG, 0.5, ["doNothing"]).score).toBe(0.2);
    expect(applyPenalties(SG, 1, ["delayedEscalation", "delayedEscalation"]).score).toBe(0.7);
    expect(applyPenalties(CA, 1, ["incompleteDocumentation"]).score).toBe(0.8);
    expect(applyPenalties(SG, 1, ["incompleteDocumentation"]).score).toBe(0.5);
  });

  test("bands: Canada 90/75/60/40/0, Singapore and Thailand 90/70/50/30/0", () => {
    expect([95, 90, 89, 75, 74, 60, 59, 40, 39, 0].map((p) => bandOf(CA, p))).toEqual([
      "Band 1",
      "Band 1",
      "Band 2",
      "Band 2",
      "Band 3",
      "Band 3",
      "Band 4",
      "Band 4",
      "Band 5",
      "Band 5",
    ]);
    expect([90, 70, 69, 50, 49, 30, 29].map((p) => bandOf(SG, p))).toEqual([
      "Band 1",
      "Band 2",
      "Band 3",
      "Band 3",
      "Band 4",
      "Band 4",
      "Band 5",
    ]);
  });
});

describe("scenario player", () => {
  test("a clean path scores 85 and passes", () => {
    expect(gradePlayer(SG, scenario, ["escalate"])).toMatchObject({
      valid: true,
      findings: 0,
      score: 85,
      passed: true,
      escalatedInTime: true,
    });
  });

  test("a finding costs 5 and its branch's penalty applies", () => {
    const outcome = gradePlayer(SG, scenario, ["wait", "late-escalate"]);
    // (85 − 5) × 0.7 = 56.
    expect(outcome).toMatchObject({ valid: true, findings: 1, score: 56, passed: false });
    expect(outcome.valid && outcome.steps.map((step) => step.finding)).toEqual([true, false]);
    expect(outcome.valid && outcome.escalatedInTime).toBe(false);
    // (85 − 5) × 0.4 = 32, under the 40 cap.
    expect(gradePlayer(SG, scenario, ["ignore"])).toMatchObject({ findings: 1, score: 32 });
  });

  test("a path the scenario does not offer is refused", () => {
    expect(gradePlayer(SG, scenario, ["late-escalate"])).toMatchObject({ valid: false });
    expect(gradePlayer(SG, scenario, ["wait"])).toMatchObject({ valid: false });
    expect(gradePlayer(SG, scenario, ["escalate", "escalate"])).toMatchObject({ valid: false });
    expect(gradePlayer(SG, scenario, [])).toMatchObject({ valid: false });
  });

  test("many findings floor at 0", () => {
    const looping: Scenario = {
      ...scenario,
      branches: [
        ...scenario.branches,
        {
          id: "again",
          from: "review",
          condition: "Wait more",
          consequence: "Another finding.",
          nextScenario: "review",
          scoreModifier: "none",
        },
      ],
    };
    const path = ["wait", ...Array<string>(20).fill("again"), "late-escalate"];
    expect(gradePlayer(SG, looping, path)).toMatchObject({ findings: 21, score: 0, passed: false });
  });
});

describe("Fraud Defense Index", () => {
  test("the SPEC sample 0.85/0.92/0.88 gives 88, Good", () => {
    expect(fraudDefenseIndex(FDI_SAMPLE)).toEqual({
      value: 88,
      band: "Good",
      parts: { rubric: 51, sla: 28, fidelity: 9 },
    });
  });

  test("bands at 90, 75 and 60", () => {
    const at = (score: number) =>
      fraudDefenseIndex({
        ...FDI_SAMPLE,
        avgRubricScore: score,
        slaPassRate: score,
        recordFidelity: score,
      });
    expect([0.9, 0.89, 0.75, 0.74, 0.6, 0.59].map((score) => at(score).band)).toEqual([
      "Excellent",
      "Good",
      "Good",
      "Satisfactory",
      "Satisfactory",
      "Needs Improvement",
    ]);
  });

  test("inputs come from the learner's attempts", () => {
    const attempt = (overrides: Partial<FdiAttempt>): FdiAttempt => ({
      scenarioId: "a",
      mode: "guided",
      score: 1,
      requiresEscalation: true,
      escalatedInTime: true,
      completeRecord: true,
      createdAt: "2026-11-01T00:00:00.000Z",
      ...overrides,
    });
    const input = fdiInputOf(
      [
        attempt({ score: 0.8 }),
        attempt({ scenarioId: "b", score: 0.6, escalatedInTime: false, completeRecord: false }),
        attempt({
          scenarioId: "b",
          mode: "player",
          score: 0.32,
          escalatedInTime: true,
          createdAt: "2026-11-02T00:00:00.000Z",
        }),
        attempt({
          scenarioId: "c",
          mode: "freeform",
          score: 1,
          requiresEscalation: false,
          escalatedInTime: null,
        }),
      ],
      3,
    );
    expect(input).toEqual({
      avgRubricScore: 0.8,
      slaPassRate: 0.6667,
      recordFidelity: 0.6667,
      completedScenarios: 3,
      totalScenarios: 3,
      lastUpdated: "2026-11-02T00:00:00.000Z",
    });
  });
});

describe("finding a term in a text", () => {
  test("bounds a Latin or numeric term by a script written without spaces, not by a letter", () => {
    expect(findTerm(normalize("共有163笔转账"), "163")).toHaveLength(1);
    expect(findTerm(normalize("ยอด163บาท"), "163")).toHaveLength(1);
    expect(findTerm(normalize("STR报告"), normalize("STR"))).toHaveLength(1);
    // A Latin term is still not found inside a longer Latin word.
    expect(findTerm(normalize("a strong case"), "str")).toHaveLength(0);
    expect(findTerm(normalize("1630 transfers"), "163")).toHaveLength(0);
  });

  test("finds a phrase in the plural, but not a single word stretched to another", () => {
    expect(findTerm(normalize("they gave shared addresses"), "shared address")).toHaveLength(1);
    expect(findTerm(normalize("deux sociétés écrans"), "sociétés écran")).toHaveLength(1);
    expect(findTerm(normalize("shared addressbook"), "shared address")).toHaveLength(0);
    expect(findTerm(normalize("students in ipoh"), "student")).toHaveLength(0);
    // Malay's possessive ending: "tiada dalam failnya", not in his file.
    expect(findTerm(normalize("tiada dalam failnya"), "tiada dalam fail")).toHaveLength(1);
  });
});

describe("the terms the course teaches, as the second reading settled them", () => {
  // locales/GLOSSARY.md, "Second reading of 2026-11-28": a learner who writes the term the course
  // now uses is credited with the concept it names.
  test.each([
    ["ms", "reporting-entity", "Bank ini ialah institusi pelapor di bawah AMLA."],
    ["ms", "timely-reporting", "Laporkan secepat yang praktikal secara munasabah."],
    ["zh", "mule-accounts", "这些是钱骡账户，资金进出很快。"],
    ["ta", "source-of-funds", "வாடிக்கையாளரின் நிதி மூலத்தைக் கேட்க வேண்டும்."],
    ["ta", "source-of-funds", "செல்வ மூலம் விளக்கப்படவில்லை என்றாலும் STR தேவை."],
    ["ta", "trade-mismatch", "இது மிகை விலைப்பட்டியலிடலின் அறிகுறி."],
    ["ta", "beneficial-owner", "உண்மையான பயன்பெறும் உரிமையாளர் யார் என்று தெரியவில்லை."],
    ["vi", "mule-accounts", "Đây là tài khoản thuê mượn của người chuyển tiền thuê."],
    ["vi", "pep-exposure", "Khách hàng là người có quan hệ mật thiết với PEP."],
    ["th", "reasonable-grounds", "เมื่อมีเหตุอันควรสงสัยตามสมควรแล้วต้องรายงาน"],
    ["fr", "enhanced-due-diligence", "Appliquer des mesures de vigilance renforcées."],
    ["fr", "customer-due-diligence", "La vigilance à l'égard de la clientèle est incomplète."],
    ["fr", "pep-exposure", "Le client est une personne étroitement associée à une PPE."],
    ["fr", "threshold-avoidance", "Il fractionne une opération pour rester sous le seuil."],
  ] as const)("%s %s: %s", (language, concept, sentence) => {
    const terms = readers.lexicons.get(language)?.concepts[concept] ?? [];
    const text = normalize(sentence);
    expect(terms.some((term) => findTerm(text, normalize(term)).length > 0)).toBe(true);
  });
});

describe("the facts of a case, in each language", () => {
  test("are the case's own: no joining word, no word every case shares", () => {
    // "par", "bằng", "melalui" answered "how" and "client", "date", "montant" answered "who",
    // "when" and "what" for any text at all (docs/decisions/054).
    const shared = new Set([
      "client",
      "khách hàng",
      "pelanggan",
      "客户",
      "date",
      "tarikh",
      "日期",
      "montant",
      "jumlah",
      "金额",
      // A bank, unnamed, is where every case happens ("Straits Meridian Bank" names one).
      "bank",
      "banque",
      "ngân hàng",
      "银行",
      "ธนาคาร",
      "வங்கி",
    ]);
    // A transfer, unqualified, is how most cases move money: a fact only where the English
    // says so itself ("by transfer"), not where it names which ("PayNow transfers").
    const transfer = new Set([
      "chuyển khoản",
      "chuyển tiền",
      "virement",
      "virements",
      "pindahan",
      "pemindahan",
      "转账",
      "汇款",
      "โอนเงิน",
      "பரிமாற்றம்",
      "பரிமாற்றங்கள்",
    ]);
    const english = new Map(
      [...getPacks().values()].flatMap((pack) =>
        pack.scenarios.map((one) => [one.id, one.answerKey.facts] as const),
      ),
    );
    for (const [language, lexicon] of readers.lexicons) {
      const functionWords = readers.cues.get(language)?.functionWords ?? new Set<string>();
      const generic = Object.entries(lexicon.facts).flatMap(([id, parts]) =>
        Object.entries(parts).flatMap(([part, terms]) => {
          const facts: Partial<Record<string, string[]>> = english.get(id) ?? {};
          const said = (facts[part] ?? []).map((term) => term.toLowerCase());
          const bareTransfer = said.includes("transfer") || said.includes("transfers");
          return terms.filter(
            (term) =>
              functionWords.has(normalize(term)) ||
              shared.has(term.toLowerCase()) ||
              (!bareTransfer && transfer.has(term.toLowerCase())),
          );
        }),
      );
      expect(generic, language).toEqual([]);
    }
  });
});

describe("reading sentences", () => {
  const en = [readers.cues.get("en")].filter((cue) => cue !== undefined);
  /** A language's cues and English's, as the grader reads with them. */
  const cuesOf = (language: GradingLanguage) =>
    [readers.cues.get(language), ...en].filter((cue) => cue !== undefined);
  /** A text read in a language with the terms given, and no case text to copy from. */
  const reads = (language: GradingLanguage, text: string, terms: string[] = []) =>
    read(normalize(text), language, cuesOf(language), terms, new Set());

  test("a full stop in a company's name, a title or a figure does not end a sentence", () => {
    expect(
      sentencesOf(normalize("Ridgeline Grounds Inc. paid CAD 46,310.75 to Mr. Delisle.")),
    ).toEqual(["ridgeline grounds inc. paid cad 46310.75 to mr. delisle", ""]);
    expect(sentencesOf("sent at 14:30 by halcyon pte. ltd. today")).toHaveLength(1);
    // Cut at "Inc.", the company's name was a fragment that read as no sentence at all.
    const reading = read(
      "Ridgeline Grounds Inc. paid off the lease of the truck.",
      "en",
      en,
      [],
      new Set(),
    );
    expect(reading.clauses.map((clause) => clause.sentence)).toEqual([true]);
    // A full stop between sentences still ends one, figures or not.
    expect(sentencesOf("paid cad 7. then left")).toHaveLength(2);
  });

  test("terms strung with 'and' and 'the' alone are a list; one or two terms with a word of their own, a sentence", () => {
    const sg = (text: string) =>
      gradeFreeForm(SG, scenario, { decision: "ESCALATE", analysis: text }, readers);
    for (const salad of [
      "Mule and PEP, suspicion and pass-through, PEP and mule.",
      "The mule and the PEP. The suspicion and the pass-through.",
    ]) {
      const grade = sg(salad);
      expect(grade.details[1], salad).toMatchObject({ earned: 0 });
      expect(grade.floor, salad).toBeUndefined();
    }
    // Vietnamese function words are short: two terms fill most of this sentence's letters.
    const terms = ["cơ sở để nghi ngờ", "gian lận nội bộ"];
    const reading = reads("vi", "Có cơ sở để nghi ngờ gian lận nội bộ.", terms);
    expect(reading.clauses.map((clause) => clause.sentence)).toEqual([true]);
  });

  test("a phrase set before its sentence's clause belongs to it; a list of terms stays a list", () => {
    const sg = (text: string) =>
      gradeFreeForm(SG, scenario, { decision: "ESCALATE", analysis: text }, readers);
    // Cut at the comma, "within minutes" alone read as no sentence and the signal was lost.
    expect(sg("Within minutes, the money left for other banks.").details[0]).toMatchObject({
      earned: 6.3,
    });
    const salad = sg("Within minutes, many payers, sudden volume, PEP.");
    expect(salad.details[0]).toMatchObject({ earned: 0 });
    expect(salad.details[1]).toMatchObject({ earned: 0 });
  });

  test("French function words written onto the next word ('l'agent', 'j'ai') and 'à' count", () => {
    const reading = reads(
      "fr",
      "Destinée à Orient Bay Resources. J'ai transmis l'alerte à l'agent.",
      ["orient bay"],
    );
    expect(reading.clauses.map((clause) => clause.sentence)).toEqual([true, true]);
  });

  test("a French negation a term completes ('n'est partie à aucun') asserts the term", () => {
    const fr = cuesOf("fr");
    const terms = ["partie à aucun", "pas alerter", "tiers"];
    const stanceOf = (text: string, term: string) =>
      stance(read(normalize(text), "fr", fr, terms, new Set()), [term]);
    expect(stanceOf("Tyler Brandt n'est partie à aucun contrat.", "partie à aucun")).toBe(
      "asserted",
    );
    expect(stanceOf("Nous ne devons pas alerter le concessionnaire.", "pas alerter")).toBe(
      "asserted",
    );
    // A negation the term does not complete still denies it.
    expect(stanceOf("Il n'y a pas de tiers dans ce dossier.", "tiers")).toBe("denied");
  });

  test("a Thai joining word cuts a clause where it stands as a word, not inside another", () => {
    const reading = reads("th", "เงินแต่ละกลุ่มถูกโอนออกภายในไม่กี่นาที แต่ลูกค้าไม่ทราบที่มา");
    // "แต่ละ" (each) holds "แต่" (but): cut there, "เงิน" stood alone.
    expect(reading.clauses[0]?.text.startsWith("เงินแต่ละกลุ่ม")).toBe(true);
  });

  test("a name and its apposition before the clause belong to it; three fragments are a list", () => {
    const terms = ["tiers", "sans lien avec les locataires"];
    const reading = reads(
      "fr",
      "Coastline Auto Brokers Inc., un tiers sans lien avec les locataires, a payé les mises de fonds.",
      terms,
    );
    expect(reading.clauses.map((clause) => clause.sentence)).toEqual([true]);
    expect(stance(reading, terms)).toBe("asserted");
    const list = reads("en", "Mule, PEP, EDD, I escalate.", ["mule", "pep", "edd"]);
    expect(stance(list, ["pep"])).toBeNull();
  });

  test("an apposition closing a sentence joins the clause before it", () => {
    const terms = ["nouvel acheteur", "constitué en 2025"];
    const reading = reads(
      "fr",
      "La facture est destinée à Orient Bay Resources, un nouvel acheteur constitué en 2025.",
      terms,
    );
    expect(reading.clauses.map((clause) => clause.sentence)).toEqual([true]);
    expect(stance(reading, terms)).toBe("asserted");
  });

  test("French 'ne' denies with a partner ('n'… plus'), and restricts alone ('ne … que')", () => {
    const fr = cuesOf("fr");
    const stanceOf = (text: string, term: string) =>
      stance(read(normalize(text), "fr", fr, [term], new Set()), [term]);
    expect(stanceOf("Il ne reste qu'à transmettre une DOD à CANAFE.", "transmettre une dod")).toBe(
      "asserted",
    );
    expect(
      stanceOf("Il n'y a plus de motifs raisonnables de soupçonner.", "motifs raisonnables"),
    ).toBe("denied");
    // "par. 8" is a paragraph, not the end of a sentence.
    expect(
      sentencesOf(normalize("Selon le par. 8 de l'avis 626, la vigilance renforcée s'applique.")),
    ).toHaveLength(2);
  });

  test("a negation closing a clause denies the term before it, a phrase of time after it or not", () => {
    const denied = (language: GradingLanguage, text: string, term: string) =>
      stance(reads(language, text, [term]), [term]);
    expect(denied("en", "An STR to FINTRAC is not justified at this stage.", "str")).toBe("denied");
    expect(denied("fr", "Une DOD à CANAFE n'est pas justifiée à ce stade.", "dod")).toBe("denied");
    // With more to say after it, the cue denies what follows: the STR stands.
    expect(denied("en", "File the STR without waiting for the invoices.", "str")).toBe("asserted");
  });

  test("set phrases with a negation or condition word deny and suppose nothing", () => {
    const cues = cuesOf;
    const stanceOf = (language: "en" | "vi", text: string, term: string) =>
      stance(read(normalize(text), language, cues(language), [term], new Set()), [term]);
    expect(stanceOf("en", "File the STR no later than today.", "today")).toBe("asserted");
    expect(stanceOf("en", "Ask for the invoices, if any, today.", "invoices")).toBe("asserted");
    expect(stanceOf("vi", "Những người không rõ danh tính nộp tiền tại ki-ốt.", "ki-ốt")).toBe(
      "asserted",
    );
    // The negation itself still denies: "not today".
    expect(stanceOf("en", "Do not file the STR today.", "today")).toBe("denied");
  });

  test("an amount reads the same with its currency before or after it", () => {
    expect(normalize("sát mức 25.000 RM")).toBe("sát mức rm 25000");
    expect(normalize("under RM25,000")).toBe("under rm 25000");
    expect(normalize("100 000 THB")).toBe("thb 100000");
    expect(normalize("farm 25 and 2026")).toBe("farm 25 and 2026");
  });

  test("Vietnamese function words are counted against syllables, not words", () => {
    const vi = cuesOf("vi");
    const reading = read(
      normalize("Sản phẩm bán kèm vắng mặt trong biên bản bàn giao."),
      "vi",
      vi,
      ["sản phẩm bán kèm", "biên bản bàn giao"],
      new Set(),
    );
    // One function word ("trong") in ten syllables: a sentence, as "add-ons missing from the
    // delivery checklists" is in English.
    expect(reading.clauses.map((clause) => clause.sentence)).toEqual([true]);
  });

  test("Malay function words with their endings count, and 'En.' does not end a sentence", () => {
    expect(reads("ms", "Padanan PEP hanyalah padanan nama.").clauses[0]?.sentence).toBe(true);
    expect(sentencesOf(normalize("Deposit En. Tan berada di bawah paras CTR."))).toHaveLength(2);
  });

  test("English joining words do not cut Vietnamese, whose syllables they spell", () => {
    const reading = reads("vi", "Lượng tiền mặt không hề tăng so với mức dự kiến.");
    expect(reading.clauses).toHaveLength(1);
  });

  test("joining words that open a clause together ('dan kemudian') are not cut apart", () => {
    const reading = reads(
      "ms",
      "Kita perlu tanya kenapa dia deposit begitu dan kemudian baru buat keputusan.",
    );
    // Cut at "kemudian" as well, "dan" stood alone: a clause that is no sentence, and the
    // answer read as a list.
    expect(reading.clauses.map((clause) => clause.text)).toEqual([
      "kita perlu tanya kenapa dia deposit begitu",
      "dan kemudian baru buat keputusan",
    ]);
    expect(reading.clauses.every((clause) => clause.sentence)).toBe(true);
  });

  test("a sentence with many a 'the' is a sentence, not a list of terms", () => {
    const words = normalize(
      "the director of the company sent the money to the payee the same day",
    ).split(" ");
    const functionWords = [readers.cues.get("en")?.functionWords ?? new Set<string>()];
    expect(joinedList(words, functionWords)).toBe(false);
    const reading = read(words.join(" "), "en", en, [], new Set());
    expect(reading.clauses[0]?.sentence).toBe(true);
    expect(reading.listLike).toBe(false);
  });

  test("a note of the case's facts states a signal, never reasoning, and only among sentences", () => {
    const vi = cuesOf("vi");
    const noted = read(
      normalize(
        "Vận đơn ghi 10 container, số lượng chênh 148 tấn. Đây là dấu hiệu cảnh báo của nâng giá hóa đơn.",
      ),
      "vi",
      vi,
      [],
      new Set(),
    );
    expect(noted.clauses.map((clause) => [clause.sentence, clause.fact])).toEqual([
      [false, true],
      [false, true],
      [true, false],
    ]);
    expect(stance(noted, ["số lượng"])).toBeNull();
    expect(stance(noted, ["số lượng"], true)).toBe("asserted");
    // The same notes with no sentence around them are a list: nothing is stated.
    const list = reads("vi", "số lượng chênh 148 tấn, đơn giá SGD 2.050, người mua mới 2025");
    expect(list.listLike).toBe(true);
    expect(stance(list, ["số lượng"], true)).toBeNull();
  });

  test("terms strung with one joining word, or a pair of them, still read as a list", () => {
    const functionWords = [readers.cues.get("en")?.functionWords ?? new Set<string>()];
    for (const salad of [
      "mule and pep and edd and structuring",
      "the mule and the pep and the edd and the str",
      "mule or pep or edd or str",
    ]) {
      expect(joinedList(salad.split(" "), functionWords)).toBe(true);
    }
  });
});
