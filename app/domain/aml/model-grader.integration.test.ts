import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type FakeBehaviour,
  type FakeLlm,
  startFakeLlm,
} from "../../../tests/integration/fake-llm";
import { gradeFreeForm } from "./grading";
import { getReaders } from "./lexicons.server";
import { askModel, withModel } from "./model-grader.server";
import { getPacks } from "./packs.server";

// The language model as a second grader, against a local server that speaks the OpenAI streaming
// protocol: what it may change, what it never may, and what happens when it misbehaves.

const sg = getPacks().get("sg");
const paynow = sg?.scenarios.find((scenario) => scenario.id === "paynow-pep-pass-through");
if (!sg || !paynow) throw new Error("the Singapore pack and its PayNow case are needed");
const rubric = sg.rubric;

const STRONG =
  "Lumen Harbour received 146 PayNow transfers from 97 individuals between 3 and 21 November and " +
  "sent the money on by FAST within hours. These are reasonable grounds to suspect the account is " +
  "a mule passing on scam proceeds. The shareholder Grace Lim is a close associate of a foreign PEP, " +
  "so enhanced due diligence on the source of funds is needed. I escalate to the compliance officer " +
  "today for an STR to STRO.";
const NEGATED =
  "There is no need to escalate and no STR to STRO is needed. The 146 PayNow transfers from 97 " +
  "individuals are not suspicious and there are no reasonable grounds to suspect a mule. Clear the alert.";

const verdictJson = (score: number, quote: string) =>
  JSON.stringify({
    criteria: {
      signals: { score, quote },
      reasoning: { score, quote },
      documentation: { score, quote },
    },
  });

let llm: FakeLlm;
const settings = () => ({ baseUrl: llm.baseUrl, model: "grader-test" });
const input = (text: string) => ({ rubric, scenario: paynow, decision: "ESCALATE", text });
const rulesGrade = (text: string) =>
  gradeFreeForm(rubric, paynow, { decision: "ESCALATE", analysis: text }, getReaders());

beforeAll(async () => {
  llm = await startFakeLlm();
});
afterAll(async () => {
  await llm.stop();
});

describe("a language model as second grader", () => {
  it("scores each criterion with a quote from the learner's words; the grade records the model", async () => {
    llm.behaviour = {
      kind: "answer",
      chunks: [
        "```json\n",
        verdictJson(0.8, "reasonable grounds to suspect the account is a mule"),
        "\n```",
      ],
    };
    const verdict = await askModel(settings(), input(STRONG));
    expect(verdict?.scores.reasoning).toEqual({
      share: 0.8,
      quote: "reasonable grounds to suspect the account is a mule",
    });
    // The case, the rubric's points and the learner's text go to the model, fenced as data.
    const sent = llm.requests.at(-1)?.body.messages.at(-1)?.content ?? "";
    expect(sent).toContain(paynow.title);
    expect(sent).toContain(`<<<\n${STRONG}\n>>>`);
    const combined = withModel(rubric, rulesGrade(STRONG), verdict);
    expect(combined.grade.details[1]).toMatchObject({ earned: 20 });
    expect(combined.grade.grader).toMatchObject({ version: "2.4.0", model: "grader-test" });
  });

  it("can never pass a negated answer, however it scores it", async () => {
    llm.behaviour = { kind: "answer", chunks: [verdictJson(1, "Clear the alert")] };
    const rules = rulesGrade(NEGATED);
    const combined = withModel(rubric, rules, await askModel(settings(), input(NEGATED)));
    expect(combined.grade).toEqual(rules);
    expect(combined.grade.percent).toBeLessThanOrEqual(40);
    expect(combined.grade.penalties.map((penalty) => penalty.kind)).toContain("contradiction");
  });

  it("drops a score whose quote is not in the learner's text", async () => {
    llm.behaviour = {
      kind: "answer",
      chunks: [verdictJson(1, "the learner explained the tipping-off offence in detail")],
    };
    const verdict = await askModel(settings(), input(STRONG));
    expect(verdict?.scores).toEqual({});
    expect(withModel(rubric, rulesGrade(STRONG), verdict).grade).toEqual(rulesGrade(STRONG));
  });

  it("sends a grade a band or more away from the rules' to a person", async () => {
    llm.behaviour = { kind: "answer", chunks: [verdictJson(0, "")] };
    const combined = withModel(
      rubric,
      rulesGrade(STRONG),
      await askModel(settings(), input(STRONG)),
    );
    expect(combined.disagrees).toBe(true);
    expect(combined.grade.percent).toBeLessThan(rulesGrade(STRONG).percent);
    // A genuine answer's floor holds whatever the model scores: the fourth band's lowest score.
    const floor = rulesGrade(STRONG).floor?.score ?? 1;
    expect(floor).toBe((rubric.bands.at(-2)?.min ?? 0) / 100);
    expect(combined.grade.score).toBeGreaterThanOrEqual(floor);
    // Where the model's scores fall under the rules' floor, the floor gives the grade.
    const held = withModel(
      rubric,
      { ...rulesGrade(STRONG), floor: { score: 0.5, raised: false } },
      await askModel(settings(), input(STRONG)),
    );
    expect(held.grade).toMatchObject({ score: 0.5, percent: 50, floor: { raised: true } });
  });

  it("a model that fails, answers out of protocol or hangs leaves the rules' grade", async () => {
    const misbehaving: FakeBehaviour[] = [
      { kind: "status", status: 503 },
      { kind: "malformed", chunks: ['{"criteria": '] },
      { kind: "answer", chunks: ["I think this answer is quite good."] },
      { kind: "answer", chunks: [verdictJson(7, "mule")] },
    ];
    for (const behaviour of misbehaving) {
      llm.behaviour = behaviour;
      expect(await askModel(settings(), input(STRONG))).toBeNull();
    }
    llm.behaviour = { kind: "hang" };
    const started = Date.now();
    expect(await askModel(settings(), input(STRONG), { firstTokenMs: 300 })).toBeNull();
    expect(Date.now() - started).toBeLessThan(3000);
  });
});
