import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  ENGLISH_ONLY_NAMESPACES,
  ENGLISH_ONLY_REASONS,
  LANGUAGES,
  TRANSLATED_NAMESPACES,
} from "./namespaces";

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

/** Each `{{name}}` or `{{name, format}}` of a text, as `name` or `name, format`. */
function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([^}]+?)\s*\}\}/g)]
    .map((m) => (m[1] ?? "").replace(/\s*,\s*/g, ", "))
    .sort();
}

/** Every dictionary file: its directory (language or overlay), namespace and leaves. */
function allDictionaries(): { id: string; namespace: string; texts: Map<string, string> }[] {
  return readdirSync(LOCALES_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((dir) =>
      readdirSync(path.join(LOCALES_DIR, dir.name)).map((file) => {
        const namespace = file.replace(/\.json$/, "");
        return { id: dir.name, namespace, texts: leaves(read(dir.name, namespace)) };
      }),
    );
}

// Placeholders that carry a quantity. Each is formatted by Intl in the reader's language
// (`{{count, number}}`, `{{score, percent}}`), so 2500 reads 2,500 in English and 2 500 in French.
const QUANTITIES = new Set(
  "count points percent score minutes days total completed current max limit pages page correct steps value used earned weight cap mark".split(
    " ",
  ),
);
// Texts whose quantity placeholders receive something already formatted, with the reason.
const PREFORMATTED: Record<string, string> = {
  // The audio player's position and length are clock times (m:ss), formatted by the player.
  "esgCourse:audio.position": "m:ss clock times",
};
// The admin area is English-only and formats its counts itself (docs/decisions/011).
const UNFORMATTED_NAMESPACES = new Set(["admin"]);

// A currency symbol or code next to a digit: amounts come from data, formatted in the reader's
// locale and the region's currency, never written into a text.
const CURRENCY_AMOUNT =
  /(?:[$€£¥฿₫]|\b(?:RM|S\$|CA\$|US\$|USD|SGD|MYR|THB|VND|CAD|EUR|HKD))\s?\d|\d[\d.,\s\u00a0\u202f]*(?:[$€£¥฿₫]|\b(?:RM|USD|SGD|MYR|THB|VND|CAD|EUR|HKD)\b)/;

describe("dictionaries", () => {
  it("English has every section of SPEC §3, and nothing else", () => {
    const files = readdirSync(path.join(LOCALES_DIR, "en")).map((f) => f.replace(/\.json$/, ""));
    expect(files.sort()).toEqual([...TRANSLATED_NAMESPACES, ...ENGLISH_ONLY_NAMESPACES].sort());
  });

  it("every section that stays English says why", () => {
    for (const [namespace, reason] of Object.entries(ENGLISH_ONLY_REASONS))
      expect(reason.length, namespace).toBeGreaterThan(40);
    expect(ENGLISH_ONLY_NAMESPACES).toEqual(Object.keys(ENGLISH_ONLY_REASONS));
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

describe("numbers and money", () => {
  it("every quantity in every dictionary is formatted by Intl in the reader's language", () => {
    const unformatted: string[] = [];
    for (const { id, namespace, texts } of allDictionaries()) {
      if (UNFORMATTED_NAMESPACES.has(namespace)) continue;
      for (const [key, text] of texts) {
        if (PREFORMATTED[`${namespace}:${key.replace(PLURAL, "")}`]) continue;
        for (const placeholder of placeholders(text)) {
          const [name = "", format] = placeholder.split(", ");
          if (QUANTITIES.has(name) && format !== "number" && format !== "percent")
            unformatted.push(`${id}/${namespace}:${key} {{${placeholder}}}`);
        }
      }
    }
    expect(unformatted).toEqual([]);
  });

  it("a percentage carries no percent sign of its own beside the formatted value", () => {
    const doubled = allDictionaries().flatMap(({ id, namespace, texts }) =>
      [...texts]
        .filter(([, text]) =>
          /\{\{\s*\w+,\s*percent\s*\}\}\s?%|%\s?\{\{\s*\w+,\s*percent/.test(text),
        )
        .map(([key]) => `${id}/${namespace}:${key}`),
    );
    expect(doubled).toEqual([]);
  });

  it("no dictionary writes a currency amount", () => {
    const amounts = allDictionaries().flatMap(({ id, namespace, texts }) =>
      [...texts]
        .filter(([, text]) => CURRENCY_AMOUNT.test(text))
        .map(([key, text]) => `${id}/${namespace}:${key}: ${text}`),
    );
    expect(amounts).toEqual([]);
  });

  it("the currency check catches amounts in the forms regions write them", () => {
    for (const amount of [
      "$2,500",
      "S$2,500",
      "RM 2,500",
      "2.500 ₫",
      "฿2,500",
      "2 500 $",
      "CA$2,500",
    ])
      expect(CURRENCY_AMOUNT.test(`Losses of ${amount} were reported.`), amount).toBe(true);
    for (const text of ["Scope 3", "MAS Notice 626", "{{amount}}", "$t(common:brand)"])
      expect(CURRENCY_AMOUNT.test(text), text).toBe(false);
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
