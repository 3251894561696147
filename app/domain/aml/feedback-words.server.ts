import {
  type Locale,
  type PackReading,
  addEnglishNamespaces,
  getI18n,
  loadDictionaries,
} from "~/platform/i18n";
import { packLanguage } from "~/platform/i18n/index.server";
import { listFormat } from "~/platform/lib/intl";
import type { CriterionResult, Grade, Line, Ref } from "./grading";
import type { GradingLanguage, Lexicon } from "./lexicon-schema";
import type { Rubric, Scenario } from "./pack-schema";
import { getReaders } from "./lexicons.server";
import { citationChoices } from "./citations";
import aml from "../../../locales/en/aml.json";

addEnglishNamespaces({ aml });

// A grade worded in the reader's language: its lines are dictionary keys (aml:grading.*), the
// things they name (signals, concepts, the rubric's labels, hints and bands) come from the
// language's lexicon, and what a lexicon lacks stays in the pack's English, marked as such.

/** The language the grader's texts have for a locale. */
export function gradingLanguage(locale: Locale): GradingLanguage {
  if (locale === "fr-CA") return "fr";
  const language = locale.slice(0, 2);
  return (["ms", "zh", "ta", "vi", "th"] as const).find((known) => known === language) ?? "en";
}

/** The rubric and case a line is worded for. */
export interface Subject {
  rubric: Rubric;
  scenario: Scenario;
}

export interface Words {
  language: GradingLanguage;
  /** The language the reader's cases are in where translated (content/compliance-packs/texts). */
  caseLanguage: PackReading;
  line(line: Line | string, subject: Subject): string;
  /** A rubric text in the reader's language, or the English with "en" to mark it. */
  criterion(rubric: Rubric, detail: CriterionResult): { label: string; hint: string; lang: string };
  band(grade: Grade): string;
  penalty(rubric: Rubric, kind: string, english: string): string;
  rationale(scenario: Scenario): { text: string; lang: string };
  signal(scenario: Scenario, id: string): string;
}

export async function wordsFor(locale: Locale): Promise<Words> {
  await loadDictionaries(locale);
  const t = getI18n(locale).getFixedT(null, "aml");
  // A line's key is data (grading.ts writes it); the English dictionary has every one.
  const say = t as unknown as (key: string, values: Record<string, string | number>) => string;
  const language = gradingLanguage(locale);
  const texts: Lexicon["texts"] =
    language === "en" ? undefined : getReaders().lexicons.get(language)?.texts;
  const list = (items: string[]) =>
    listFormat(locale, { type: "conjunction", style: "long" }).format(items);
  const signal = (scenario: Scenario, id: string) =>
    texts?.signals[scenario.id]?.[id] ??
    scenario.answerKey.keySignals.find((key) => key.id === id)?.label ??
    id;
  const ref = (item: Ref, { rubric, scenario }: Subject): string => {
    if ("signal" in item) return signal(scenario, item.signal);
    if ("concept" in item) {
      return texts?.concepts[item.concept] ?? conceptLabel(rubric, item.concept);
    }
    if ("chip" in item) return t(`chips.${item.chip}`);
    if ("part" in item) return t(`grading.parts.${item.part}`);
    if ("field" in item) return t(`grading.fields.${item.field}`);
    if ("decision" in item) return t(`grading.decisionNames.${item.decision}`);
    return citationChoices(scenario, rubric)[item.source]?.ref.section ?? "";
  };
  return {
    language,
    caseLanguage: packLanguage(locale),
    line(line, subject) {
      if (typeof line === "string") return line;
      const values = Object.fromEntries(
        Object.entries(line.values ?? {}).map(([name, value]) => [
          name,
          typeof value === "object" ? ref(value, subject) : value,
        ]),
      );
      if (line.list) values.list = list(line.list.map((item) => ref(item, subject)));
      return say(`grading.${line.key}`, values);
    },
    criterion(rubric, detail) {
      const own = texts?.criteria[rubric.id]?.[detail.criterion];
      return own
        ? { ...own, lang: language }
        : { label: detail.label, hint: detail.hint, lang: "en" };
    },
    band(grade) {
      return grade.bandId ? t(`grading.bands.${grade.bandId}`) : grade.band;
    },
    penalty(rubric, kind, english) {
      if (kind === "contradiction" || kind === "wrongCall") {
        return t(`grading.penalties.${kind}`);
      }
      return texts?.penalties[rubric.id]?.[kind as "doNothing"] ?? english;
    },
    rationale(scenario) {
      const own = texts?.rationale[scenario.id];
      return own
        ? { text: own, lang: language }
        : { text: scenario.answerKey.rationale, lang: "en" };
    },
    signal,
  };
}

/** A rubric concept's English label. */
function conceptLabel(rubric: Rubric, id: string): string {
  for (const criterion of rubric.criteria) {
    if (criterion.passRules.kind !== "reasoning") continue;
    const found = criterion.passRules.concepts.find((concept) => concept.id === id);
    if (found) return found.label;
  }
  return id;
}
