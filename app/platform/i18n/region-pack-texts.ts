import type { Locale } from "./locales";
import type { PackTexts, RegionPack } from "./region-pack-schema";

// Which texts of a pack a translation carries, and how a translation is checked against its English
// pack. Shared by the server, which renders a pack in the reader's language (docs/decisions/047),
// and the browser, which marks what stayed English; no zod here.

/** The languages a pack's texts are translated into (the content languages other than English). */
export const PACK_LANGUAGES = ["fr-CA", "ms", "zh", "ta", "vi", "th"] as const;
export type PackLanguage = (typeof PACK_LANGUAGES)[number];

/** The path of each text a translation may carry, e.g. `modules.cryptoAtm.desc`. */
export type PackTextPath =
  | "authority.full"
  | "track.title"
  | "track.subtitle"
  | `modules.${keyof RegionPack["modules"]}.${"title" | "desc"}`
  | "quickref.title"
  | "quickref.reportHow";

/** Every text path with its English value and its translation, if any. */
export function packTextPairs(
  pack: RegionPack,
  texts: PackTexts | undefined,
): { path: PackTextPath; english: string | string[]; translated: string | string[] | undefined }[] {
  const modules = Object.keys(pack.modules) as (keyof RegionPack["modules"])[];
  return [
    { path: "authority.full", english: pack.authority.full, translated: texts?.authority?.full },
    { path: "track.title", english: pack.track.title, translated: texts?.track?.title },
    { path: "track.subtitle", english: pack.track.subtitle, translated: texts?.track?.subtitle },
    ...modules.flatMap((key) =>
      (["title", "desc"] as const).map((field) => ({
        path: `modules.${key}.${field}` as const,
        english: pack.modules[key][field],
        translated: texts?.modules?.[key]?.[field],
      })),
    ),
    { path: "quickref.title", english: pack.quickref.title, translated: texts?.quickref?.title },
    {
      path: "quickref.reportHow",
      english: pack.quickref.reportHow,
      translated: texts?.quickref?.reportHow,
    },
  ];
}

/** Each run of digits in a text: phone numbers, hotlines, amounts, days, years, section numbers. */
export function digitRuns(text: string): string[] {
  return text.match(/\d+/g) ?? [];
}

/**
 * What is wrong with a translation against its English pack: a different number of steps, or a
 * number of the English (a hotline, an amount, a day count) that the translation lacks.
 */
export function packTextsProblems(pack: RegionPack, texts: PackTexts): string[] {
  const problems: string[] = [];
  for (const { path, english, translated } of packTextPairs(pack, texts)) {
    if (translated === undefined) continue;
    const englishTexts = Array.isArray(english) ? english : [english];
    const translatedTexts = Array.isArray(translated) ? translated : [translated];
    if (englishTexts.length !== translatedTexts.length) {
      problems.push(
        `${path}: ${translatedTexts.length} steps where English has ${englishTexts.length}`,
      );
      continue;
    }
    englishTexts.forEach((source, index) => {
      const target = translatedTexts[index] ?? "";
      const left = [...digitRuns(target)];
      for (const run of digitRuns(source)) {
        const at = left.indexOf(run);
        if (at === -1) {
          const where = Array.isArray(english) ? `${path}[${index}]` : path;
          problems.push(`${where}: lacks the number ${run} of the English`);
        } else left.splice(at, 1);
      }
    });
  }
  return problems;
}

/** The language a pack is read in: one of the packs' translations, or English. */
export type PackReading = PackLanguage | "en";

/** The language a locale reads packs in (the content language: en-CA and en-SG read English). */
export function packLanguage(locale: Locale): PackReading {
  if (locale === "fr-CA") return "fr-CA";
  const language = locale.slice(0, 2);
  return PACK_LANGUAGES.find((candidate) => candidate === language) ?? "en";
}

/** A pack with its texts in the reader's language where they exist. */
export interface LocalizedPack extends RegionPack {
  /** The texts still in English on a page in another language (to be marked `lang="en"`). */
  english: PackTextPath[];
}

/** A pack with each text in the language, or in English where `texts` has no translation of it. */
export function localizePack(
  pack: RegionPack,
  language: PackReading,
  texts: PackTexts | undefined,
): LocalizedPack {
  if (language === "en") return { ...pack, english: [] };
  const modules = { ...pack.modules };
  for (const key of Object.keys(modules) as (keyof RegionPack["modules"])[])
    modules[key] = { ...modules[key], ...texts?.modules?.[key] };
  return {
    ...pack,
    authority: { ...pack.authority, ...texts?.authority },
    track: { ...pack.track, ...texts?.track },
    modules,
    quickref: { ...pack.quickref, ...texts?.quickref },
    english: packTextPairs(pack, texts)
      .filter((pair) => pair.translated === undefined)
      .map((pair) => pair.path),
  };
}
