import sources from "../../../content/sources.json";
import { type KnownSources, type Pack, buildPacks } from "./packs";
import type { Jurisdiction, Scenario } from "./pack-schema";
import {
  CASE_LANGUAGES,
  type CaseLanguage,
  type CaseTexts,
  CaseTextsSchema,
  localizeConfig,
  localizeScenario,
  scenarioTextsOf,
  scenarioTextsProblems,
} from "./case-texts.server";
import type { PackReading } from "~/platform/i18n";
import { getLogger } from "~/platform/lib/logger.server";

// The compliance packs, read and checked once per process. What fails its checks is left out and
// logged (SPEC §5); a jurisdiction without a valid pack shows SPEC §8's 'no pack data'. A pack's
// translations (content/compliance-packs/texts/<language>/<jurisdiction>.json) are checked against
// it the same way: a case whose translation fails is shown in English, and the failure logged.

// The packs' own folders: the grader's lexicons and calibration answers live beside them.
const files = import.meta.glob<unknown>(
  "../../../content/compliance-packs/{ca,sg,my,th}/**/*.json",
  {
    eager: true,
    import: "default",
  },
);
const textFiles = import.meta.glob<unknown>("../../../content/compliance-packs/texts/*/*.json", {
  eager: true,
  import: "default",
});

let packs: Map<Jurisdiction, Pack> | undefined;

export const knownSources = sources as KnownSources;

export function getPacks(): Map<Jurisdiction, Pack> {
  if (!packs) {
    const byName = Object.fromEntries(
      Object.entries(files).map(([file, data]) => [
        file.replace(/^.*content\/compliance-packs\//, ""),
        data,
      ]),
    );
    const built = buildPacks(byName, knownSources);
    for (const problem of built.problems) getLogger().error({ problem }, "compliance pack content");
    packs = built.packs;
  }
  return packs;
}

export function getPack(jurisdiction: Jurisdiction): Pack | undefined {
  return getPacks().get(jurisdiction);
}

/** A pack as a reader of a language sees it, with the language each part is written in. */
export interface ReadPack extends Pack {
  /** The language of the pack's title and description. */
  lang: PackReading;
  /** The language of each case, by id. */
  caseLang: Record<string, PackReading>;
}

interface Translations {
  packs: Map<`${CaseLanguage}/${Jurisdiction}`, ReadPack>;
  /** Every translation of each case's texts, by case id: the grader's copy check reads them. */
  caseTexts: Map<string, string[]>;
  problems: string[];
}

let translations: Translations | undefined;

/** Every pack in every language, built once; the problems found, for the log and the tests. */
export function getTranslations(): Translations {
  if (translations) return translations;
  const built: Translations = { packs: new Map(), caseTexts: new Map(), problems: [] };
  for (const [file, raw] of Object.entries(textFiles)) {
    const where = file.replace(/^.*content\//, "content/");
    const [language, name] = where.split("/").slice(-2) as [string, string];
    const jurisdiction = name.replace(/\.json$/, "") as Jurisdiction;
    const pack = getPack(jurisdiction);
    const parsed = CaseTextsSchema.safeParse(raw);
    if (!CASE_LANGUAGES.includes(language as CaseLanguage) || !pack || !parsed.success) {
      const issues = parsed.error?.issues.slice(0, 5).map((issue) => issue.path.join("."));
      built.problems.push(`${where}: not a translation of a pack${issues ? ` (${issues})` : ""}`);
      continue;
    }
    built.packs.set(
      `${language as CaseLanguage}/${jurisdiction}`,
      readPack(pack, language as CaseLanguage, parsed.data, where, built),
    );
  }
  for (const problem of built.problems) getLogger().error({ problem }, "compliance pack texts");
  translations = built;
  return built;
}

function readPack(
  pack: Pack,
  language: CaseLanguage,
  texts: CaseTexts,
  where: string,
  built: Translations,
): ReadPack {
  const caseLang: Record<string, PackReading> = {};
  const scenarios = pack.scenarios.map((scenario): Scenario => {
    const translated = texts.scenarios[scenario.id];
    const problems = translated ? scenarioTextsProblems(scenario, translated) : ["missing"];
    caseLang[scenario.id] = problems.length === 0 ? language : "en";
    if (problems.length > 0 || !translated) {
      built.problems.push(...problems.map((problem) => `${where} ${scenario.id}: ${problem}`));
      return scenario;
    }
    built.caseTexts.set(scenario.id, [
      ...(built.caseTexts.get(scenario.id) ?? []),
      ...scenarioTextsOf(translated),
    ]);
    return localizeScenario(scenario, translated);
  });
  for (const id of Object.keys(texts.scenarios)) {
    if (!(id in caseLang)) built.problems.push(`${where}: ${id} is no case of the pack`);
  }
  return {
    ...pack,
    config: localizeConfig(pack.config, texts.pack),
    scenarios,
    lang: language,
    caseLang,
  };
}

/** A pack in the reader's language where it is translated, else in English. */
export function packIn(jurisdiction: Jurisdiction, language: PackReading): ReadPack | undefined {
  const pack = getPack(jurisdiction);
  if (!pack) return undefined;
  const translated =
    language === "en" ? undefined : getTranslations().packs.get(`${language}/${jurisdiction}`);
  return (
    translated ?? {
      ...pack,
      lang: "en",
      caseLang: Object.fromEntries(pack.scenarios.map((scenario) => [scenario.id, "en" as const])),
    }
  );
}

/** A case in the reader's language where it is translated, else in English. */
export function scenarioIn(
  scenario: Scenario,
  language: PackReading,
): { scenario: Scenario; lang: PackReading } {
  const pack = packIn(scenario.jurisdiction, language);
  const found = pack?.scenarios.find((candidate) => candidate.id === scenario.id);
  return found && pack
    ? { scenario: found, lang: pack.caseLang[scenario.id] ?? "en" }
    : { scenario, lang: "en" };
}
