import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import sources from "../../../content/sources.json";
import evalQuestions from "../../../content/knowledge-base/eval.json";
import {
  EvalSchema,
  KB_LANGUAGES,
  KB_TOPICS,
  type Passage,
  PassageSchema,
} from "./knowledge-schema.server";

const files = import.meta.glob<unknown>("../../../content/knowledge-base/passages/*.json", {
  eager: true,
  import: "default",
});
/** Each passage file by its name without `.json`. */
const byName = Object.entries(files).map(([file, data]) => ({
  name: file.replace(/^.*\/|\.json$/g, ""),
  data,
}));
const passages: Passage[] = byName.flatMap(({ data }) => PassageSchema.safeParse(data).data ?? []);
const translationFiles = import.meta.glob<unknown>(
  "../../../content/knowledge-base/translations/*/*.json",
  { eager: true, import: "default" },
);
const known = sources as Record<string, { url: string; title?: string; facts?: string[] }>;
// CI checks the repository out with the shared documents beside it.
const facts = readFileSync(path.resolve(process.cwd(), "../shared/REGULATORY-FACTS.md"), "utf8");

const words = (passage: Passage) =>
  passage.paragraphs.join(" ").split(/\s+/).filter(Boolean).length;

/** The advisor quotes single sentences, so none may lean on the one before it. */
const LEANING_OPENER = /^(It|Its|This|These|That|Those|They|Their|Such|He|She|The same)\b/;
const sentences = (passage: Passage) =>
  passage.paragraphs.flatMap((paragraph) => paragraph.split(/(?<=[.!?])\s+(?=[A-Z])/));

describe("ESG Advisor knowledge base", () => {
  it("has passage files that match the passage schema", () => {
    expect(byName.length).toBeGreaterThanOrEqual(28);
    for (const { name, data } of byName) {
      const parsed = PassageSchema.safeParse(data);
      expect(parsed.error?.issues, name).toBeUndefined();
    }
  });

  it("names each passage file after the passage's id", () => {
    const misnamed = byName.filter(
      ({ name, data }) => PassageSchema.safeParse(data).data?.id !== name,
    );
    expect(misnamed.map(({ name }) => name)).toEqual([]);
  });

  it("uses no id twice", () => {
    const ids = passages.map((passage) => passage.id);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
  });

  it("keeps every passage between 120 and 400 words", () => {
    const outside = passages
      .map((passage) => ({ id: passage.id, words: words(passage) }))
      .filter((passage) => passage.words < 120 || passage.words > 400);
    expect(outside).toEqual([]);
  });

  it("covers every topic with at least two passages", () => {
    const thin = KB_TOPICS.filter(
      (topic) => passages.filter((passage) => passage.topic === topic).length < 2,
    );
    expect(thin).toEqual([]);
  });

  it("cites only known sources: REGULATORY-FACTS, or research recorded with its facts (041)", () => {
    for (const passage of passages) {
      for (const citation of passage.citations) {
        const where = `${passage.id} cites ${citation.source}`;
        const source = known[citation.source];
        expect(source?.url, where).toBe(citation.url);
        // A source beyond REGULATORY-FACTS names what was read in it (decision 041).
        const recorded = Boolean(source?.title) && (source?.facts?.length ?? 0) > 0;
        expect(facts.includes(citation.url) || recorded, where).toBe(true);
      }
    }
  });

  it("starts no sentence with a word that needs the sentence before it", () => {
    const leaning = passages.flatMap((passage) =>
      sentences(passage)
        .filter((sentence) => LEANING_OPENER.test(sentence))
        .map((sentence) => `${passage.id}: ${sentence}`),
    );
    expect(leaning).toEqual([]);
  });
});

describe("ESG Advisor evaluation questions", () => {
  const questions = EvalSchema.parse(evalQuestions);

  it("asks at least 150 questions across all seven languages, of every kind", () => {
    expect(questions.length).toBeGreaterThanOrEqual(150);
    for (const language of KB_LANGUAGES) {
      expect(questions.filter((q) => q.language === language).length).toBeGreaterThanOrEqual(20);
    }
    for (const kind of ["answer", "harmful", "advice", "outside"] as const) {
      expect(questions.filter((q) => q.kind === kind).length).toBeGreaterThanOrEqual(8);
    }
    expect(new Set(questions.map((q) => q.id)).size).toBe(questions.length);
  });

  it("names only passages that exist, and follows up only the question just before", () => {
    const ids = new Set(passages.map((passage) => passage.id));
    const unknown = questions.flatMap((q) => (q.passages ?? []).filter((id) => !ids.has(id)));
    expect(unknown).toEqual([]);
    const astray = questions.filter(
      (q, index) => q.after && questions[index - 1]?.question !== q.after,
    );
    expect(astray).toEqual([]);
  });

  it("asks at least two questions on every topic", () => {
    const topicOf = new Map(passages.map((passage) => [passage.id, passage.topic]));
    const thin = KB_TOPICS.filter(
      (topic) =>
        questions.filter((q) => (q.passages ?? []).some((id) => topicOf.get(id) === topic)).length <
        2,
    );
    expect(thin).toEqual([]);
  });
});

describe("ESG Advisor knowledge base translations", () => {
  const translations = Object.entries(translationFiles).map(([file, data]) => ({
    folder: file.split("/").at(-2) ?? "",
    name: file.replace(/^.*\/|\.json$/g, ""),
    passage: PassageSchema.parse(data),
  }));

  it("has translations in every language of the chat, each in its language's folder", () => {
    expect(new Set(translations.map(({ folder }) => folder))).toEqual(
      new Set(["fr-CA", "ms", "zh", "ta", "vi", "th"]),
    );
    for (const { folder, name, passage } of translations) {
      expect(passage.language, name).toBe(folder);
      expect(passage.id, name).toBe(name);
      expect(passage.id, name).toBe(`${passage.translationOf}-${folder.toLowerCase()}`);
    }
  });

  it("renders an English passage with its topic, its paragraphs one for one and its citations", () => {
    for (const { name, passage } of translations) {
      const original = passages.find((english) => english.id === passage.translationOf);
      expect(original?.language, name).toBe("en");
      expect(passage.topic, name).toBe(original?.topic);
      expect(passage.paragraphs.length, name).toBe(original?.paragraphs.length);
      expect(passage.citations, name).toEqual(original?.citations);
    }
  });

  it("has every English passage in every language of the chat, applying where it applies", () => {
    for (const english of passages) {
      const languages = translations
        .filter(({ passage }) => passage.translationOf === english.id)
        .map(({ folder, name, passage }) => {
          expect(passage.jurisdiction, name).toBe(english.jurisdiction);
          return folder;
        });
      expect(languages.sort(), english.id).toEqual(["fr-CA", "ms", "ta", "th", "vi", "zh"]);
    }
  });

  it("leaves no English passage as a translation", () => {
    expect(
      passages.filter((passage) => passage.translationOf || passage.language !== "en"),
    ).toEqual([]);
  });
});
