import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import sources from "../../../content/sources.json";
import { getCatalogue } from "./catalogue.server";
import { citationsIn, uncitedClaims, withoutCitations } from "./citations";
import { CONTENT_LANGUAGES, type ContentLanguage, type Module, type Step } from "./content-schema";
import { stepView } from "./views.server";

// The curriculum as a compliance head would check it (docs/decisions/041): every figure, date and
// law in the teaching carries a source that resolves, in every language; a track per market holds
// the annual refresher's topics; modules are deep enough and their durations honest.

const { modules, tracks } = getCatalogue();
const known = sources as Record<
  string,
  { url: string; secondary?: boolean; title?: string; facts?: string[] }
>;
const all = [...modules.values()];

const teachingParagraphs = (module: Module) => [
  ...(module.intro ?? []),
  ...module.steps.flatMap((step) => step.body),
];

/** Teaching words: intro, step bodies and worked examples, in English, tags left out. */
export function teachingWords(module: Module): number {
  const texts = [
    ...teachingParagraphs(module),
    ...module.steps.flatMap((step) => step.example?.body ?? []),
  ].map((paragraph) => withoutCitations(paragraph.en));
  return texts.join(" ").split(/\s+/).filter(Boolean).length;
}

const itemCount = (module: Module) =>
  module.steps.reduce((sum, step) => sum + step.items.length, 0);

describe("every module's sources", () => {
  it.each(all)(
    "$id cites a source in each sentence stating a figure, a date or a law",
    (module) => {
      const uncited = teachingParagraphs(module).flatMap((paragraph) =>
        uncitedClaims(paragraph.en),
      );
      expect(uncited).toEqual([]);
    },
  );

  it.each(all)("$id: its tags resolve and every language carries its English's", (module) => {
    const { id } = module;
    for (const paragraph of teachingParagraphs(module)) {
      const english = citationsIn(paragraph.en).sort();
      for (const [language, text] of Object.entries(paragraph)) {
        expect(citationsIn(text).sort(), `${id} (${language})`).toEqual(english);
      }
      for (const tag of english) expect(known[tag], `${id} [${tag}]`).toBeDefined();
    }
    // Worked examples are fictional: they cite nothing, and no raw source note is left in text.
    for (const step of module.steps) {
      for (const paragraph of step.example?.body ?? []) {
        expect(citationsIn(paragraph.en), `${id}/${step.id} example`).toEqual([]);
      }
    }
    expect(JSON.stringify(module)).not.toMatch(/\(source: [A-Z]+\d/);
  });

  // What the page receives, in every language: paragraphs, examples, tables' captions, headers and
  // cells. A source id left bare in words ("S1, NB14") would show as internal jargon.
  const viewOf = (step: Step, language: ContentLanguage) => {
    const [item] = step.items;
    if (!item) throw new Error(`${step.id} has no items`);
    return stepView(step, item, language);
  };

  it.each(all)("$id shows no bare source id to the learner", (module) => {
    for (const language of CONTENT_LANGUAGES) {
      for (const step of module.steps) {
        const view = viewOf(step, language);
        const shown = [
          ...view.body,
          ...(view.example?.body ?? []),
          ...view.records.flatMap((table) => [
            table.caption,
            ...table.columns,
            ...table.rows.flat(),
          ]),
        ]
          .map(withoutCitations)
          // Standards named like ids are names, not sources: "IFRS S2".
          .map((text) => text.replace(/\bIFRS S\d\b/g, ""));
        const bare = shown.flatMap((text) =>
          (text.match(/\b[A-Z]+\d+\b/g) ?? []).filter((token) => token in known),
        );
        expect(bare, `${module.id}/${step.id} (${language})`).toEqual([]);
      }
    }
  });

  it("a table cell listing sources becomes notes, and the step lists them", () => {
    const [cited] = all.flatMap((module) =>
      module.steps.filter((candidate) =>
        candidate.records?.some((table) =>
          table.rows.some((row) => row.some((cell) => cell === "X3, NK13")),
        ),
      ),
    );
    if (!cited) throw new Error("no table cites X3 and NK13");
    const view = viewOf(cited, "en");
    expect(view.records.flatMap((table) => table.rows.flat())).toContain("[X3] [NK13]");
    expect(view.sources.map((note) => note.id)).toEqual(expect.arrayContaining(["X3", "NK13"]));
  });

  it("a sentence with a figure and no tag, or a tag that does not resolve, is caught", () => {
    expect(uncitedClaims("An LCTR is due within 15 calendar days.")).toHaveLength(1);
    expect(known.ZZ999).toBeUndefined();
  });

  it("every source has an address, and one with a title says what was read in it", () => {
    for (const [id, source] of Object.entries(known)) {
      expect(source.url, id).toMatch(/^https?:\/\/[^\s]+$/);
      if (source.title) expect(source.facts?.length, id).toBeGreaterThan(0);
    }
  });
});

describe("lesson depth and durations", () => {
  const lessons = all.filter((module) => module.format === "lesson");

  it.each(lessons)(
    "$id states its duration honestly: reading at 200 words a minute plus the questions",
    (module) => {
      expect(module.durationMinutes).toBe(Math.round(teachingWords(module) / 200) + 4);
    },
  );

  it("gives every module a bank of at least 12 items", () => {
    for (const module of all) expect(itemCount(module), module.id).toBeGreaterThanOrEqual(12);
  });
});

const MARKETS = ["sg", "ca", "my", "th"] as const;
/** The annual refresher's topics, each a module every market track holds. */
const CORE = [
  "ml-tf-pf-typologies",
  "cdd-edd-beneficial-ownership",
  "politically-exposed-persons",
  "targeted-financial-sanctions",
  "wire-transfers-travel-rule",
  "suspicious-transaction-reporting",
  "records-escalation-and-consequences",
];

describe("a track per market", () => {
  it.each(MARKETS)("%s has its annual AML/CFT track with every core topic", (market) => {
    const track = tracks.find((candidate) => candidate.market === market);
    expect(track?.modules, market).toEqual(expect.arrayContaining(CORE));
  });

  it("teaches at least 1,500 words in every module", () => {
    for (const module of all) {
      expect(teachingWords(module), module.id).toBeGreaterThanOrEqual(1500);
    }
  });

  it("prints per market: modules, words, items, cases, sources", () => {
    const rows = MARKETS.map((market) => {
      const ids = tracks.find((candidate) => candidate.market === market)?.modules ?? [];
      const held = all.filter((module) => ids.includes(module.id));
      const cited = new Set(
        held.flatMap((module) => [
          ...module.anchors.map((anchor) => anchor.source),
          ...module.steps.flatMap((step) => step.items.map((item) => item.anchor.source)),
          ...teachingParagraphs(module).flatMap((paragraph) => citationsIn(paragraph.en)),
        ]),
      );
      let cases = 0;
      try {
        cases = readdirSync(`content/compliance-packs/${market}/scenarios`).length;
      } catch {
        cases = 0;
      }
      return {
        market,
        modules: held.length,
        words: held.reduce((sum, module) => sum + teachingWords(module), 0),
        items: held.reduce((sum, module) => sum + itemCount(module), 0),
        cases,
        sources: cited.size,
        secondary: [...cited].filter((id) => known[id]?.secondary).length,
      };
    });
    console.table(rows);
    for (const row of rows) expect(row.modules).toBeGreaterThanOrEqual(CORE.length);
  });
});
