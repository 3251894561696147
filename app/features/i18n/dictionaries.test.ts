import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ENGLISH_ONLY_NAMESPACES, LANGUAGES, TRANSLATED_NAMESPACES } from "./namespaces";

// Key parity (issue "Missing keys"): every key present in English exists in each language, with the
// same interpolation placeholders, and no language carries keys English does not have.
const LOCALES_DIR = path.resolve(import.meta.dirname, "../../../locales");
const OVERLAYS = ["en-CA", "fr-CA", "en-SG"] as const;

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

function read(dictionary: string, namespace: string): Json {
  return JSON.parse(readFileSync(path.join(LOCALES_DIR, dictionary, `${namespace}.json`), "utf8"));
}

/** Every leaf as `path → text`. */
function leaves(value: Json, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof value === "string") out.set(prefix, value);
  else if (Array.isArray(value))
    value.forEach((item, i) => leaves(item, `${prefix}[${i}]`).forEach((v, k) => out.set(k, v)));
  else if (value && typeof value === "object")
    for (const [key, item] of Object.entries(value))
      leaves(item, prefix ? `${prefix}.${key}` : key).forEach((v, k) => out.set(k, v));
  else out.set(prefix, String(value));
  return out;
}

const PLURAL = /_(zero|one|two|few|many|other)$/;

/**
 * A dictionary's keys as a language must have them: an English plural (`x_one`, `x_other`) becomes
 * the forms the language's plural rules use (Chinese, Thai, Vietnamese: `x_other` only).
 */
function expectedKeys(english: Map<string, string>, language: string): Map<string, string> {
  const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  const out = new Map<string, string>();
  for (const [key, text] of english) {
    if (!PLURAL.test(key)) out.set(key, text);
    else if (key.endsWith("_other"))
      for (const category of categories) out.set(key.replace(PLURAL, `_${category}`), text);
  }
  return out;
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1] ?? "").sort();
}

describe("dictionaries", () => {
  it("English has every section of SPEC §3, and nothing else", () => {
    const files = readdirSync(path.join(LOCALES_DIR, "en")).map((f) => f.replace(/\.json$/, ""));
    expect(files.sort()).toEqual([...TRANSLATED_NAMESPACES, ...ENGLISH_ONLY_NAMESPACES].sort());
  });

  it("the English-only dictionaries exist only in English", () => {
    for (const language of LANGUAGES.filter((l) => l !== "en"))
      for (const namespace of ENGLISH_ONLY_NAMESPACES)
        expect(
          existsSync(path.join(LOCALES_DIR, language, `${namespace}.json`)),
          `${language}/${namespace}`,
        ).toBe(false);
  });

  describe.each(LANGUAGES.filter((l) => l !== "en"))("%s", (language) => {
    it.each(TRANSLATED_NAMESPACES)(
      `${language} has every English key of %s with the same placeholders`,
      (namespace) => {
        const english = expectedKeys(leaves(read("en", namespace)), language);
        const translated = leaves(read(language, namespace));
        const missing = [...english.keys()].filter((key) => !translated.has(key));
        const extra = [...translated.keys()].filter((key) => !english.has(key));
        expect(missing, "missing keys").toEqual([]);
        expect(extra, "keys English does not have").toEqual([]);
        for (const [key, text] of english) {
          const other = translated.get(key) ?? "";
          expect(placeholders(other), `${namespace}:${key} placeholders`).toEqual(
            placeholders(text),
          );
          expect(other.trim(), `${namespace}:${key} is empty`).not.toBe("");
        }
      },
    );

    it(`${language} is translated, not copied from English`, () => {
      let same = 0;
      let total = 0;
      for (const namespace of TRANSLATED_NAMESPACES) {
        const english = leaves(read("en", namespace));
        for (const [key, text] of leaves(read(language, namespace))) {
          total += 1;
          if (text === english.get(key) && /[a-z]{4,}/.test(text)) same += 1;
        }
      }
      // Names such as "FINTRAC" or "Kestrel" stay as they are; running text does not.
      expect(same / total).toBeLessThan(0.1);
    });
  });

  describe.each(OVERLAYS)("%s overlay", (overlay) => {
    it(`${overlay} only overrides English keys, with the same placeholders`, () => {
      const dir = path.join(LOCALES_DIR, overlay);
      for (const file of readdirSync(dir)) {
        const namespace = file.replace(/\.json$/, "");
        expect([...TRANSLATED_NAMESPACES, ...ENGLISH_ONLY_NAMESPACES]).toContain(namespace);
        const english = expectedKeys(leaves(read("en", namespace)), overlay);
        for (const [key, text] of leaves(read(overlay, namespace))) {
          expect(english.has(key), `${overlay} ${namespace}:${key} is not an English key`).toBe(
            true,
          );
          expect(placeholders(text), `${namespace}:${key} placeholders`).toEqual(
            placeholders(english.get(key) ?? ""),
          );
        }
      }
    });
  });
});

describe("Singapore English", () => {
  // Issue "languages pass": en-SG readers get British spellings wherever English has American ones.
  const AMERICAN = /\b(organiz|personaliz|prioritiz|recogniz)\w*|\bPartner Program\b/;

  it.each([...TRANSLATED_NAMESPACES, ...ENGLISH_ONLY_NAMESPACES])(
    "en-SG reads %s with British spellings",
    (namespace) => {
      const english = leaves(read("en", namespace));
      const overlayFile = path.join(LOCALES_DIR, "en-SG", `${namespace}.json`);
      const overlay = existsSync(overlayFile) ? leaves(read("en-SG", namespace)) : new Map();
      const american = [...english]
        .map(([key, text]) => [key, overlay.get(key) ?? text] as const)
        .filter(([, text]) => AMERICAN.test(text))
        .map(([key]) => `${namespace}:${key}`);
      expect(american).toEqual([]);
    },
  );
});
