import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { LOCALES } from "./locales";
import { clearMissingKeys, getMissingKeys } from "./missing-keys";
import validation from "../../../locales/en/validation.json";
import {
  addEnglishNamespaces,
  getI18n,
  dictionaryChain,
  getDictionary,
  isDictionaryLoaded,
  loadDictionaries,
} from "./i18n";

beforeAll(async () => {
  await Promise.all(LOCALES.map((locale) => loadDictionaries(locale)));
});

beforeEach(() => clearMissingKeys());

describe("English texts that come with their page", () => {
  it("are missing until the page adds them, then found by instances made before", () => {
    const i18n = getI18n("en-US");
    expect(i18n.t("validation:minLength", { min: 3 })).toBe("minLength");
    addEnglishNamespaces({ validation });
    expect(i18n.t("validation:minLength", { min: 3 })).toBe("Must be at least 3 characters long");
    expect(getI18n("fr-CA").t("validation:minLength", { min: 3 })).toMatch(/3/);
  });
});

describe("dictionaries along the fallback chains (SPEC §9)", () => {
  it.each([
    ["en-US", ["en"]],
    ["en-CA", ["en-CA", "en"]],
    ["fr-CA", ["fr-CA", "en-CA", "en"]],
    ["en-SG", ["en-SG", "en"]],
    ["zh-MY", ["zh", "en"]],
    ["zh-SG-enterprise", ["zh", "en"]],
    ["ms-MY-enterprise", ["ms", "en"]],
    ["en-enterprise", ["en"]],
  ] as const)("%s reads %j", (locale, chain) => {
    expect(dictionaryChain(locale)).toEqual(chain);
  });

  it("loads the regional dictionaries as their own modules", () => {
    for (const id of ["en-CA", "fr-CA", "en-SG", "ms", "zh", "ta", "vi", "th"] as const) {
      expect(isDictionaryLoaded(id)).toBe(true);
    }
  });

  it.each([
    ["ms-MY", "Mohon Demo"],
    ["th-TH", undefined],
    ["en-CA", "Request a Demo"],
  ] as const)("%s shows the header in its own language", (locale, expected) => {
    const t = getI18n(locale).t;
    const text = t("header:requestDemo");
    if (expected) expect(text).toBe(expected);
    expect(text).not.toBe("header:requestDemo");
    if (!locale.startsWith("en")) expect(text).not.toBe("Request a Demo");
  });

  it("an overlay key wins, the rest comes from the next dictionary in the chain", () => {
    const enSg = getDictionary("en-SG");
    expect(enSg).toBeDefined();
    const t = getI18n("en-SG").t;
    expect(t("hero:badge")).toContain("programme");
    expect(t("hero:headline")).toBe(getI18n("en-US").t("hero:headline"));
  });

  it("fr-CA falls back to en-CA, then English, for a key French lacks", () => {
    const i18n = getI18n("fr-CA");
    i18n.addResource("en-CA", "common", "onlyInCanada", "Canadian text");
    expect(i18n.t("common:onlyInCanada" as "common:appName")).toBe("Canadian text");
    i18n.addResource("en", "common", "onlyInEnglish", "English text");
    expect(i18n.t("common:onlyInEnglish" as "common:appName")).toBe("English text");
    expect(getMissingKeys()).toEqual(["fr-CA common:onlyInCanada", "fr-CA common:onlyInEnglish"]);
  });

  it("an enterprise locale reads its regional dictionary and misses nothing", () => {
    const t = getI18n("th-TH-enterprise").t;
    expect(t("errors:crash.refresh")).toBe(getI18n("th-TH").t("errors:crash.refresh"));
    expect(getMissingKeys()).toEqual([]);
  });

  it("finds a plural by its forms, and records one no dictionary of the language has", () => {
    const vi = getI18n("vi-VN");
    vi.addResource("vi", "common", "pluralKnown_other", "{{count}} mục");
    expect(vi.t("common:pluralKnown" as "common:appName", { count: 2 })).toBe("2 mục");
    expect(getMissingKeys()).toEqual([]);
    vi.addResource("en", "common", "pluralEnglish_other", "{{count}} items");
    expect(vi.t("common:pluralEnglish" as "common:appName", { count: 2 })).toBe("2 items");
    expect(getMissingKeys()).toEqual(["vi common:pluralEnglish"]);
  });

  it("shows the key itself when no dictionary has it, and records it", () => {
    const t = getI18n("vi-VN").t;
    expect(t("common:doesNotExist" as "common:appName")).toBe("doesNotExist");
    expect(getMissingKeys()).toEqual(["vi common:doesNotExist"]);
  });

  it("interpolates without escaping (React escapes)", () => {
    const t = getI18n("en-US").t;
    expect(t("validation:minLength", { min: 3 })).toBe("Must be at least 3 characters long");
    expect(t("errors:status.title", { status: "<b>" })).toBe("Error <b>");
  });
});
