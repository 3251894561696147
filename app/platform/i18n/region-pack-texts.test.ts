import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REGIONS } from "./locales";
import { type PackTexts, PackTextsSchema, RegionPackSchema } from "./region-pack-schema";
import {
  PACK_LANGUAGES,
  digitRuns,
  localizePack,
  packLanguage,
  packTextPairs,
  packTextsProblems,
} from "./region-pack-texts";
import {
  ensureRegionPacks,
  getLocalizedPack,
  readPackTexts,
  readRegionPacks,
} from "./region-pack.server";

// A region pack's texts in the reader's language: every pack in every language, with the facts
// a scam victim acts on (hotlines, amounts, days) exactly as in English.

const PACKS_DIR = path.resolve(import.meta.dirname, "../../../content/region-packs");

function read(file: string): unknown {
  return JSON.parse(readFileSync(path.join(PACKS_DIR, file), "utf8"));
}

const english = (region: string) => RegionPackSchema.parse(read(`${region}.json`));
const translated = (language: string, region: string) =>
  PackTextsSchema.parse(read(`${language}/${region}.json`));

const cases = PACK_LANGUAGES.flatMap((language) => REGIONS.map((region) => ({ language, region })));

describe("region pack translations", () => {
  it.each(PACK_LANGUAGES)("%s has one file per region, and no other", (language) => {
    const files = readdirSync(path.join(PACKS_DIR, language)).map((f) => f.replace(/\.json$/, ""));
    expect(files.sort()).toEqual([...REGIONS].sort());
  });

  it.each(cases)(
    "$language/$region translates every text a reader sees",
    ({ language, region }) => {
      const missing = packTextPairs(english(region), translated(language, region))
        .filter((pair) => pair.translated === undefined)
        .map((pair) => pair.path);
      expect(missing).toEqual([]);
    },
  );

  it.each(cases)(
    "$language/$region keeps every number of each English step (hotlines, amounts, days)",
    ({ language, region }) => {
      const steps = english(region).quickref.reportHow;
      const texts = translated(language, region).quickref?.reportHow ?? [];
      expect(texts).toHaveLength(steps.length);
      steps.forEach((step, index) => {
        const target = digitRuns(texts[index] ?? "");
        for (const run of digitRuns(step))
          expect(target, `step ${index + 1}: ${run}`).toContain(run);
      });
      expect(packTextsProblems(english(region), translated(language, region))).toEqual([]);
    },
  );

  it.each(cases)(
    "$language/$region leaves no text identical to the English",
    ({ language, region }) => {
      const same = packTextPairs(english(region), translated(language, region))
        .filter((pair) => JSON.stringify(pair.english) === JSON.stringify(pair.translated))
        .map((pair) => pair.path);
      expect(same).toEqual([]);
    },
  );

  it("the Thai pack tells a Thai reader to call 1441 and names ปปง.", () => {
    const texts = translated("th", "th");
    expect(texts.quickref?.reportHow?.[0]).toMatch(/1441/);
    expect(texts.authority?.full).toMatch(/ปปง\./);
  });
});

describe("checking a translation against its pack", () => {
  const pack = english("th");
  const texts = translated("th", "th");
  const steps = texts.quickref?.reportHow ?? [];

  it("names a hotline number the translation lost", () => {
    const wrong: PackTexts = {
      ...texts,
      quickref: {
        ...texts.quickref,
        reportHow: steps.map((step, index) => (index === 0 ? step.replace("1441", "1414") : step)),
      },
    };
    expect(packTextsProblems(pack, wrong)).toEqual([
      "quickref.reportHow[0]: lacks the number 1441 of the English",
    ]);
  });

  it("names a step dropped", () => {
    const short: PackTexts = { ...texts, quickref: { reportHow: steps.slice(1) } };
    expect(packTextsProblems(pack, short)).toEqual([
      `quickref.reportHow: ${steps.length - 1} steps where English has ${steps.length}`,
    ]);
  });

  it("refuses a field the English pack has no place for", () => {
    expect(PackTextsSchema.safeParse({ quickref: { hotline: "1441" } }).success).toBe(false);
  });

  it("the server reads and validates every translation at start", async () => {
    const all = await readPackTexts(await readRegionPacks());
    expect(all.size).toBe(PACK_LANGUAGES.length * REGIONS.length);
  });
});

describe("choosing a pack's language", () => {
  it("follows the locale's language; English locales read the pack as written", () => {
    expect(packLanguage("th-TH")).toBe("th");
    expect(packLanguage("th-TH-enterprise")).toBe("th");
    expect(packLanguage("zh-MY")).toBe("zh");
    expect(packLanguage("zh-SG-enterprise")).toBe("zh");
    expect(packLanguage("ms-MY-enterprise")).toBe("ms");
    expect(packLanguage("ta-MY")).toBe("ta");
    expect(packLanguage("vi-VN")).toBe("vi");
    expect(packLanguage("fr-CA")).toBe("fr-CA");
    expect(packLanguage("en-CA")).toBe("en");
    expect(packLanguage("en-enterprise")).toBe("en");
  });

  it("a Vietnamese reader gets the Vietnamese texts, nothing marked English", async () => {
    await ensureRegionPacks();
    const pack = getLocalizedPack("vn", "vi");
    expect(pack?.quickref.title).toBe(translated("vi", "vn").quickref?.title);
    expect(pack?.authority.code).toBe("SBV");
    expect(pack?.english).toEqual([]);
  });

  it("an English reader gets the pack as written", async () => {
    await ensureRegionPacks();
    expect(getLocalizedPack("th", "en")).toEqual({ ...english("th"), english: [] });
  });

  it("a Thai page shows the Thai texts, an English Canadian page the pack as written", async () => {
    await ensureRegionPacks();
    expect(getLocalizedPack("th", packLanguage("th-TH"))?.quickref).toEqual({
      ...english("th").quickref,
      ...translated("th", "th").quickref,
    });
    expect(getLocalizedPack("th", packLanguage("en-CA"))?.quickref).toEqual(english("th").quickref);
  });

  it("falls back to English text by text where a translation lacks one, and says which", () => {
    const pack = localizePack(english("ph"), "ms", {
      quickref: { title: "Cara membuat laporan di Filipina" },
    });
    expect(pack.quickref.title).toBe("Cara membuat laporan di Filipina");
    expect(pack.quickref.reportHow).toEqual(english("ph").quickref.reportHow);
    expect(pack.english).toContain("quickref.reportHow");
    expect(pack.english).not.toContain("quickref.title");
  });
});
