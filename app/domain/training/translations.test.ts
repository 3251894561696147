import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CONTENT_LANGUAGES } from "./content-schema";

// Course content in the learner's language: every text of content/training and content/courses
// is a map from language to text, and every map holds all seven languages, each its own words
// (a text left identical to the English is only a name, a code or a figure).
const ROOTS = ["content/training", "content/courses"];
type Found = { file: string; at: string; text: Record<string, unknown> };

function jsonFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return jsonFiles(full);
    return entry.name.endsWith(".json") ? [full] : [];
  });
}

const isLocalized = (value: object): value is Record<string, unknown> =>
  "en" in value &&
  typeof (value as { en: unknown }).en === "string" &&
  Object.keys(value).every((key) => (CONTENT_LANGUAGES as readonly string[]).includes(key));

function localizedTexts(node: unknown, file: string, at: string, found: Found[]): Found[] {
  if (Array.isArray(node)) {
    node.forEach((item, index) => localizedTexts(item, file, `${at}.${index}`, found));
  } else if (typeof node === "object" && node !== null) {
    if (isLocalized(node)) found.push({ file, at, text: node });
    else
      for (const [key, value] of Object.entries(node))
        localizedTexts(value, file, `${at}.${key}`, found);
  }
  return found;
}

const texts = ROOTS.flatMap(jsonFiles).flatMap((file) =>
  localizedTexts(JSON.parse(readFileSync(file, "utf8")), file, "", []),
);
// Two or more lower-case words: prose, not a name ("Lantern Bay Supplies Ltd") or a code.
const isProse = (text: string) => (text.match(/(?:^|\s)[a-z]{3,}/g) ?? []).length >= 2;

const missing = (found: Found[]) =>
  found.flatMap(({ file, at, text }) =>
    CONTENT_LANGUAGES.filter((language) => typeof text[language] !== "string").map(
      (language) => `${file}${at} (${language})`,
    ),
  );

const copied = (found: Found[]) =>
  found.flatMap(({ file, at, text }) =>
    CONTENT_LANGUAGES.filter(
      (language) => language !== "en" && text[language] === text.en && isProse(String(text.en)),
    ).map((language) => `${file}${at} (${language})`),
  );

describe("course content in every language", () => {
  it("finds the texts it checks", () => {
    expect(texts.length).toBeGreaterThan(5000);
  });

  it.each(ROOTS)("%s: every text is in all seven languages", (root) => {
    expect(missing(texts.filter(({ file }) => file.startsWith(root)))).toEqual([]);
  });

  it("no translation is the English left as it was", () => {
    expect(copied(texts)).toEqual([]);
  });

  it("the checks catch a missing language and a copied text, not a name", () => {
    const sample = localizedTexts(
      {
        title: { en: "Know your customer", th: "Know your customer" },
        cell: { en: "Lantern Bay Supplies Ltd", ms: "Lantern Bay Supplies Ltd" },
      },
      "sample",
      "",
      [],
    );
    expect(missing(sample)).toContain("sample.title (fr-CA)");
    expect(copied(sample)).toEqual(["sample.title (th)"]);
  });
});
