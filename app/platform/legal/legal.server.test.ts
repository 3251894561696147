import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { LOCALES } from "~/platform/i18n";
import { getLegalDocument, type LegalDocumentId } from "./legal.server";

// The Privacy Policy and Terms in every language the interface speaks (issue: content in the
// learner's language), each a faithful copy of the English document's structure.
const DOCUMENTS: LegalDocumentId[] = ["privacy", "terms"];
const TRANSLATED = [
  "fr-CA",
  "ms-MY",
  "zh-SG",
  "zh-MY",
  "ta-MY",
  "vi-VN",
  "th-TH",
  "th-TH-enterprise",
] as const;

const texts = (document: ReturnType<typeof getLegalDocument>) => [
  document.title,
  document.intro,
  ...document.sections.flatMap((section) => [
    section.heading,
    ...section.paragraphs,
    ...(section.list ?? []),
  ]),
];
const tokens = (values: string[]) =>
  values
    .join(" ")
    .match(/\{\{\w+\}\}/g)
    ?.sort() ?? [];

describe.each(DOCUMENTS)("%s", (id) => {
  const english = getLegalDocument(id, "en-CA");

  it("is English for English readers and those without a translation", () => {
    expect(english.language).toBe("en");
    expect(english.title).toBe(
      (JSON.parse(readFileSync(`content/legal/${id}.json`, "utf8")) as { title: string }).title,
    );
    for (const locale of LOCALES.filter((candidate) => candidate.startsWith("en"))) {
      expect(getLegalDocument(id, locale).language).toBe("en");
    }
  });

  it.each(TRANSLATED)("reads in the language of %s, with the English structure", (locale) => {
    const document = getLegalDocument(id, locale);
    expect(document.language).not.toBe("en");
    expect(document.updated).toBe(english.updated);
    expect(document.sections.map((section) => section.id)).toEqual(
      english.sections.map((section) => section.id),
    );
    for (const [index, section] of document.sections.entries()) {
      const original = english.sections[index];
      expect(section.paragraphs).toHaveLength(original?.paragraphs.length ?? -1);
      expect(section.list?.length).toBe(original?.list?.length);
    }
    expect(tokens(texts(document))).toEqual(tokens(texts(english)));
    expect(document.title).not.toBe(english.title);
  });
});
