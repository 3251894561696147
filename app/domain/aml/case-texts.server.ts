import { PACK_LANGUAGES, digitRuns } from "~/platform/i18n/index.server";
import { z } from "~/platform/lib/zod";
import type { PackConfig, Scenario } from "./pack-schema";

// A compliance pack's cases in a learner's language (content/compliance-packs/texts/<language>/
// <jurisdiction>.json, docs/decisions/052): what a learner reads of the pack and of each case. The
// facts the grader works from (answer key, terms, amounts, sources' tags) stay in the English pack.
// A case is translated whole or not at all, so that a page never mixes two languages inside a case.

export const CASE_LANGUAGES = PACK_LANGUAGES;
export type CaseLanguage = (typeof CASE_LANGUAGES)[number];

const text = z.string().trim().min(1).max(2000);
// A translation may run longer than its English (French, Tamil): a short text has room to 300.
const short = z.string().trim().min(1).max(300);
const texts = (schema: z.ZodString) => z.array(schema).min(1).max(10);

const ScenarioTextsSchema = z.strictObject({
  title: short,
  summary: text,
  narrative: texts(text),
  objectives: texts(short),
  redFlags: texts(short),
  artifactsRequired: texts(short),
  stages: z.record(z.string(), z.strictObject({ title: short, situation: text })),
  branches: z.record(z.string(), z.strictObject({ condition: short, consequence: text })),
  questions: z.record(z.string(), z.strictObject({ prompt: text, hint: text })),
  customerProfile: z.strictObject({ type: short, segment: short, details: text }),
  activity: z.strictObject({ pattern: short, details: text }),
  sources: z
    .array(z.strictObject({ section: short, summary: text }))
    .min(1)
    .max(8),
  strTemplate: z.strictObject({
    title: short,
    sections: z
      .array(z.strictObject({ heading: short, body: text }))
      .min(3)
      .max(10),
  }),
});
export type ScenarioTexts = z.infer<typeof ScenarioTextsSchema>;

export const CaseTextsSchema = z.strictObject({
  pack: z.strictObject({ title: short, regulator: short, sector: short, description: text }),
  scenarios: z.record(z.string(), ScenarioTextsSchema),
});
export type CaseTexts = z.infer<typeof CaseTextsSchema>;

/** A case's English texts in the shape of a translation: what a translation is checked against. */
export function englishTexts(scenario: Scenario): ScenarioTexts {
  const pick = <T extends { id: string }, K extends keyof T>(items: T[], keys: K[]) =>
    Object.fromEntries(
      items.map((item) => [item.id, Object.fromEntries(keys.map((key) => [key, item[key]]))]),
    );
  return {
    title: scenario.title,
    summary: scenario.summary,
    narrative: scenario.narrative,
    objectives: scenario.objectives,
    redFlags: scenario.redFlags,
    artifactsRequired: scenario.artifactsRequired,
    stages: pick(scenario.stages, ["title", "situation"]),
    branches: pick(scenario.branches, ["condition", "consequence"]),
    questions: pick(scenario.questions, ["prompt", "hint"]),
    customerProfile: {
      type: scenario.customerProfile.type,
      segment: scenario.customerProfile.segment,
      details: scenario.customerProfile.details,
    },
    activity: { pattern: scenario.activity.pattern, details: scenario.activity.details },
    sources: scenario.sources.map(({ section, summary }) => ({ section, summary })),
    strTemplate: scenario.strTemplate,
  } as ScenarioTexts;
}

const placeholders = (value: string) => (value.match(/\{\{\s*[\w.]+\s*\}\}/g) ?? []).sort().join();
/** Digit runs with thousands separators (1,500 · 1 500 · 1.500) read as one number. */
const numbers = (value: string) =>
  digitRuns(value.replace(/(\d)[\s.,\u00a0\u202f](?=\d{3}\b)/g, "$1"));

/**
 * The hours of the English's afternoon and evening times ("2:30 p.m.") with their 24-hour form
 * ("14"): a translation may write the time as its readers do ("14 h 30", "14.30").
 */
const afternoonHours = (value: string) =>
  [...value.matchAll(/\b(\d{1,2})(?:[:.]\d{2})?\s?p\.?\s?m\b/gi)]
    .map((match) => Number(match[1]))
    .filter((hour) => hour >= 1 && hour <= 11)
    .map((hour) => [String(hour), String(hour + 12)] as const);

function compare(english: unknown, translated: unknown, path: string, problems: string[]): void {
  if (typeof english === "string") {
    const target = typeof translated === "string" ? translated : "";
    const left = numbers(target);
    const clock = afternoonHours(english);
    for (const run of numbers(english)) {
      let at = left.indexOf(run);
      const time = at === -1 ? clock.find(([twelve]) => twelve === run) : undefined;
      if (time) {
        at = left.indexOf(time[1]);
        if (at !== -1) clock.splice(clock.indexOf(time), 1);
      }
      if (at === -1) problems.push(`${path}: lacks the number ${run} of the English`);
      else left.splice(at, 1);
    }
    if (placeholders(english) !== placeholders(target)) {
      problems.push(`${path}: placeholders differ from the English`);
    }
  } else if (Array.isArray(english)) {
    const target = Array.isArray(translated) ? translated : [];
    if (target.length !== english.length) {
      problems.push(`${path}: ${target.length} items where English has ${english.length}`);
    } else
      english.forEach((item, index) => compare(item, target[index], `${path}[${index}]`, problems));
  } else if (english && typeof english === "object") {
    const target = (translated ?? {}) as Record<string, unknown>;
    const keys = Object.keys(english).sort().join();
    if (Object.keys(target).sort().join() !== keys) {
      problems.push(
        `${path || "case"}: has ${Object.keys(target).sort().join() || "nothing"} where English has ${keys}`,
      );
      return;
    }
    for (const [key, value] of Object.entries(english)) {
      compare(value, target[key], path ? `${path}.${key}` : key, problems);
    }
  }
}

/**
 * What is wrong with a case's translation against its English: a stage, branch or question it lacks
 * or adds, a list of another length, a number of the English (an amount, a date, a section) it
 * lacks, or a template placeholder it loses.
 */
export function scenarioTextsProblems(scenario: Scenario, translated: ScenarioTexts): string[] {
  const problems: string[] = [];
  compare(englishTexts(scenario), translated, "", problems);
  return problems;
}

/** A case with its texts in the language: the answer key, terms and figures stay the English. */
export function localizeScenario(scenario: Scenario, translated: ScenarioTexts): Scenario {
  return {
    ...scenario,
    title: translated.title,
    summary: translated.summary,
    narrative: translated.narrative,
    objectives: translated.objectives,
    redFlags: translated.redFlags,
    artifactsRequired: translated.artifactsRequired,
    stages: scenario.stages.map((stage) => ({ ...stage, ...translated.stages[stage.id] })),
    branches: scenario.branches.map((branch) => ({ ...branch, ...translated.branches[branch.id] })),
    questions: scenario.questions.map((question) => ({
      ...question,
      ...translated.questions[question.id],
    })),
    customerProfile: { ...scenario.customerProfile, ...translated.customerProfile },
    activity: { ...scenario.activity, ...translated.activity },
    sources: scenario.sources.map((source, index) => ({ ...source, ...translated.sources[index] })),
    strTemplate: translated.strTemplate,
  };
}

/** A pack's config with its title, regulator, sector and description in the language. */
export function localizeConfig(config: PackConfig, translated: CaseTexts["pack"]): PackConfig {
  return {
    ...config,
    title: translated.title,
    regulator: translated.regulator,
    sector: translated.sector,
    metadata: { ...config.metadata, description: translated.description },
  };
}

/** Everything a case's translation says, for the grader's copy check. */
export function scenarioTextsOf(translated: ScenarioTexts): string[] {
  return [
    translated.summary,
    ...translated.narrative,
    ...translated.redFlags,
    ...Object.values(translated.questions).map((question) => question.hint),
    ...Object.values(translated.stages).map((stage) => stage.situation),
  ];
}
