import { REGIONS, type Region } from "./locales";
import { importRegionPack, primeRegionPacks } from "./region-pack";
import {
  type PackTexts,
  PackTextsSchema,
  type RegionPack,
  RegionPackSchema,
} from "./region-pack-schema";
import {
  type LocalizedPack,
  PACK_LANGUAGES,
  type PackLanguage,
  type PackReading,
  localizePack,
  packTextsProblems,
} from "./region-pack-texts";

// A pack's texts in the other languages stay on the server: pages that show them are rendered
// there, and send the reader only their language's texts for their region (docs/decisions/047).
const PACKS_DIR = "../../../content/region-packs";
const textFiles = import.meta.glob<unknown>("../../../content/region-packs/*/*.json", {
  import: "default",
});

function invalid(file: string, problems: string[]): Error {
  return new Error(`${file} is invalid:\n  ${problems.join("\n  ")}`);
}

/** Every pack, validated; a broken pack fails with the file and the fields at fault. */
export async function readRegionPacks(): Promise<Map<Region, RegionPack>> {
  const packs = new Map<Region, RegionPack>();
  for (const region of REGIONS) {
    const result = RegionPackSchema.safeParse(await importRegionPack(region));
    if (!result.success) {
      const problems = result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
      throw invalid(`content/region-packs/${region}.json`, problems);
    }
    packs.set(region, result.data);
  }
  return packs;
}

type TextsKey = `${PackLanguage}/${Region}`;

/**
 * Every translation of the packs' texts, validated against its English pack: the same fields, as
 * many steps, and every number of the English (hotlines, amounts, days) in the translation.
 */
export async function readPackTexts(
  packs: ReadonlyMap<Region, RegionPack>,
): Promise<Map<TextsKey, PackTexts>> {
  const all = new Map<TextsKey, PackTexts>();
  for (const language of PACK_LANGUAGES) {
    for (const [region, pack] of packs) {
      const load = textFiles[`${PACKS_DIR}/${language}/${region}.json`];
      if (!load) continue;
      const file = `content/region-packs/${language}/${region}.json`;
      const result = PackTextsSchema.safeParse(await load());
      if (!result.success)
        throw invalid(
          file,
          result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`),
        );
      const problems = packTextsProblems(pack, result.data);
      if (problems.length > 0) throw invalid(file, problems);
      all.set(`${language}/${region}`, result.data);
    }
  }
  return all;
}

const packs = new Map<Region, RegionPack>();
const translations = new Map<TextsKey, PackTexts>();
let ready: Promise<void> | undefined;

/** Loads and validates every pack and translation once per process, so every first render is instant. */
export function ensureRegionPacks(): Promise<void> {
  ready ??= readRegionPacks().then(async (read) => {
    const texts = await readPackTexts(read);
    primeRegionPacks(read);
    for (const [region, pack] of read) packs.set(region, pack);
    for (const [key, value] of texts) translations.set(key, value);
  });
  return ready;
}

function textsOf(region: Region, language: PackReading): PackTexts | undefined {
  return language === "en" ? undefined : translations.get(`${language}/${region}`);
}

/** A region's pack in a language (after `ensureRegionPacks`), English where a text has no translation. */
export function getLocalizedPack(region: Region, language: PackReading): LocalizedPack | undefined {
  const pack = packs.get(region);
  return pack && localizePack(pack, language, textsOf(region, language));
}
