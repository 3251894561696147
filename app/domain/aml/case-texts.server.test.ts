import { describe, expect, it } from "vitest";
import { CASE_LANGUAGES, englishTexts, scenarioTextsProblems } from "./case-texts.server";
import { JURISDICTIONS, type Jurisdiction } from "./pack-schema";
import { getPacks, getTranslations, packIn, scenarioIn } from "./packs.server";
import { getReaders } from "./lexicons.server";
import { gradeFreeForm } from "./grading";

/** A value the content guarantees; the test fails, naming it, where it is missing. */
function must<T>(value: T | undefined, what = "value"): T {
  if (value === undefined) throw new Error(`${what} is missing`);
  return value;
}

const packs = getPacks();
const pack = (jurisdiction: Jurisdiction) => must(packs.get(jurisdiction), jurisdiction);
const scenario = must(
  [...packs.values()].flatMap((entry) => entry.scenarios).find((entry) => entry.stages.length > 0),
);

describe("the AML cases in the learners' languages", () => {
  it("has every pack's cases in every language, each checked against its English", () => {
    const { packs: translated, problems } = getTranslations();
    expect(problems).toEqual([]);
    for (const language of CASE_LANGUAGES) {
      for (const jurisdiction of JURISDICTIONS) {
        const read = must(
          translated.get(`${language}/${jurisdiction}`),
          `${language}/${jurisdiction}`,
        );
        expect(Object.values(read.caseLang).every((lang) => lang === language)).toBe(true);
      }
    }
  });

  it("translates what a learner reads and leaves the answer key, figures and ids alone", () => {
    for (const language of CASE_LANGUAGES) {
      for (const jurisdiction of JURISDICTIONS) {
        const english = pack(jurisdiction);
        const read = must(packIn(jurisdiction, language));
        expect(read.config.version).toBe(english.config.version);
        expect(read.config.title).not.toBe(english.config.title);
        expect(read.rubric).toBe(english.rubric);
        read.scenarios.forEach((shown, index) => {
          const source = must(english.scenarios[index]);
          expect(shown.id).toBe(source.id);
          expect(shown.answerKey).toBe(source.answerKey);
          expect(shown.activity.amount).toBe(source.activity.amount);
          expect(
            shown.branches.map((b) => [b.id, b.from, b.nextScenario, b.scoreModifier]),
          ).toEqual(source.branches.map((b) => [b.id, b.from, b.nextScenario, b.scoreModifier]));
          expect(shown.sources.map((s) => s.source)).toEqual(source.sources.map((s) => s.source));
          expect(shown.narrative[0]).not.toBe(source.narrative[0]);
        });
      }
    }
  });

  it("reads English for English locales and for a language a pack lacks", () => {
    const read = must(packIn(scenario.jurisdiction, "en"));
    expect(read.lang).toBe("en");
    expect(read.scenarios).toBe(pack(scenario.jurisdiction).scenarios);
    expect(scenarioIn(scenario, "en")).toEqual({ scenario, lang: "en" });
  });

  it("refuses a translation that loses a number, a placeholder, a branch or a paragraph", () => {
    const good = englishTexts(scenario);
    expect(scenarioTextsProblems(scenario, good)).toEqual([]);

    const withNumber = scenario.narrative.findIndex((text) => /\d/.test(text));
    const lostNumber = structuredClone(good);
    lostNumber.narrative[withNumber] = must(lostNumber.narrative[withNumber]).replace(
      /\d+/,
      "many",
    );
    expect(scenarioTextsProblems(scenario, lostNumber).join()).toMatch(
      new RegExp(`narrative\\[${withNumber}\\]: lacks the number`),
    );

    const lostPlaceholder = structuredClone(good);
    const section = good.strTemplate.sections.findIndex((s) => s.body.includes("{{"));
    must(lostPlaceholder.strTemplate.sections[section]).body = "Written out by hand.";
    expect(scenarioTextsProblems(scenario, lostPlaceholder).join()).toMatch(/placeholders differ/);

    const lostBranch = structuredClone(good);
    delete lostBranch.branches[must(scenario.branches[0]).id];
    expect(scenarioTextsProblems(scenario, lostBranch).join()).toMatch(/^branches: has/);

    const lostParagraph = structuredClone(good);
    lostParagraph.narrative.pop();
    expect(scenarioTextsProblems(scenario, lostParagraph).join()).toMatch(/^narrative: \d+ items/);
  });

  it("reads an afternoon time written on the 24-hour clock as the same time, and no other hour", () => {
    const timed = structuredClone(scenario);
    const stage = must(timed.stages[0], "a first stage");
    stage.situation = "She came to the branch at 2:30 p.m. with 2 cards.";
    const texts = englishTexts(timed);
    const situation = (text: string) => {
      const copy = structuredClone(texts);
      must(copy.stages[stage.id], "the stage's texts").situation = text;
      return scenarioTextsProblems(timed, copy);
    };
    expect(situation("Elle est venue à 14 h 30 avec 2 cartes.")).toEqual([]);
    expect(situation("Elle est venue à 2 h 30 de l'après-midi avec 2 cartes.")).toEqual([]);
    expect(situation("Elle est venue à 15 h 30 avec 2 cartes.").join()).toMatch(
      /lacks the number 2/,
    );
    expect(situation("Elle est venue à 14 h 30 avec des cartes.").join()).toMatch(
      /lacks the number 2/,
    );
  });

  it("reads thousands separators of any language as the same number", () => {
    const texts = englishTexts(scenario);
    const amount = scenario.narrative.findIndex((text) => /\d,\d{3}/.test(text));
    if (amount === -1) return;
    texts.narrative[amount] = must(texts.narrative[amount]).replace(/(\d),(\d{3})/g, "$1\u202f$2");
    expect(scenarioTextsProblems(scenario, texts)).toEqual([]);
  });

  it.each(CASE_LANGUAGES)(
    "gives no reasoning credit for a case's %s text copied back",
    (language) => {
      const readers = getReaders();
      for (const jurisdiction of JURISDICTIONS) {
        const english = pack(jurisdiction);
        const read = must(packIn(jurisdiction, language));
        english.scenarios.forEach((source, index) => {
          const shown = must(read.scenarios[index]);
          const copied = [shown.summary, ...shown.narrative].join(" ");
          const grade = gradeFreeForm(
            english.rubric,
            source,
            { decision: source.answerKey.expectedDecision, analysis: copied },
            readers,
          );
          const reasoning = grade.details.find((detail) => detail.criterion === "reasoning");
          expect(reasoning?.earned, `${language} ${source.id}`).toBe(0);
        });
      }
    },
  );
});
