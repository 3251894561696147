import type { LocalizedPack } from "~/platform/i18n";
import { getCatalogue } from "./catalogue.server";
import { citedCell, sourceNotes } from "./sources.server";
import {
  type ContentLanguage,
  type Item,
  type LeaseScenario,
  type Localized,
  type Module,
  type Step,
  type Track,
  localize,
} from "./content-schema";
import type { ItemProgress } from "./grading";
import type {
  ModuleCard,
  ModuleSummary,
  QuestionView,
  ReportingView,
  ScenarioSummary,
  StepView,
  TableView,
  TrackView,
} from "./types";

// What the browser receives of the catalogue: text in the reader's language, and a question's
// options without the answer or any feedback (the server sends those once the step is answered).

const texts = (values: readonly Localized[], language: ContentLanguage) =>
  values.map((value) => localize(value, language));

export function tableView(
  table: NonNullable<Step["records"]>[number],
  language: ContentLanguage,
): TableView {
  return {
    caption: localize(table.caption, language),
    columns: texts(table.columns, language),
    rows: table.rows.map((row) =>
      row.map((cell) => citedCell(typeof cell === "string" ? cell : localize(cell, language))),
    ),
  };
}

export function questionView(
  question: Item,
  language: ContentLanguage,
  fill: (text: string) => string = (text) => text,
): QuestionView {
  return {
    prompt: fill(localize(question.prompt, language)),
    options: question.options.map((option) => ({
      id: option.id,
      text: fill(localize(option.text, language)),
    })),
  };
}

export function stepView(
  step: Step,
  question: Item,
  language: ContentLanguage,
  fill: (text: string) => string = (text) => text,
): StepView {
  const body = texts(step.body, language).map(fill);
  const records = (step.records ?? []).map((table) => tableView(table, language));
  return {
    id: step.id,
    kind: step.kind,
    title: step.title ? fill(localize(step.title, language)) : null,
    body,
    sources: sourceNotes([...body, ...records.flatMap((table) => table.rows.flat())]),
    example: step.example
      ? {
          title: fill(localize(step.example.title, language)),
          body: texts(step.example.body, language).map(fill),
        }
      : null,
    records,
    question: questionView(question, language, fill),
  };
}

export function moduleSummary(module: Module, language: ContentLanguage): ModuleSummary {
  return {
    id: module.id,
    title: localize(module.title, language),
    description: localize(module.description, language),
    level: module.level,
    durationMinutes: module.durationMinutes,
    points: module.points,
  };
}

export function moduleCard(
  module: Module,
  progress: ItemProgress | undefined,
  language: ContentLanguage,
): ModuleCard {
  const { modules } = getCatalogue();
  return {
    ...moduleSummary(module, language),
    status: progress?.status ?? (module.prerequisites.length > 0 ? "locked" : "not-started"),
    bestScore: progress?.bestScore ?? null,
    lockedBy: (progress?.missingPrerequisites ?? module.prerequisites).map((id) => {
      const required = modules.get(id);
      return { id, title: required ? localize(required.title, language) : id };
    }),
  };
}

/** A track's titles come from the region pack for the regional scam-awareness track. */
export function trackView(
  track: Track,
  progress: ReadonlyMap<string, ItemProgress>,
  language: ContentLanguage,
  regional: { title: string; description: string; english: boolean },
): TrackView {
  const { modules } = getCatalogue();
  const cards = track.modules.flatMap((id) => {
    const module = modules.get(id);
    return module ? [moduleCard(module, progress.get(id), language)] : [];
  });
  return {
    id: track.id,
    title: track.title ? localize(track.title, language) : regional.title,
    description: track.description ? localize(track.description, language) : regional.description,
    textLang: !track.title && regional.english ? "en" : undefined,
    level: track.level,
    featured: track.featured,
    modules: cards,
    totalMinutes: cards.reduce((sum, card) => sum + card.durationMinutes, 0),
    totalPoints: cards.reduce((sum, card) => sum + card.points, 0),
  };
}

export function scenarioSummary(
  scenario: LeaseScenario,
  language: ContentLanguage,
): ScenarioSummary {
  return {
    id: scenario.id,
    title: localize(scenario.title, language),
    description: localize(scenario.description, language),
    difficulty: scenario.difficulty,
    durationMinutes: scenario.durationMinutes,
    points: scenario.points,
  };
}

/** How to report in the reader's region, with the texts a translation lacks marked English. */
export function reportingView(pack: LocalizedPack): ReportingView {
  return {
    ...pack.quickref,
    titleLang: pack.english.includes("quickref.title") ? "en" : undefined,
    stepsLang: pack.english.includes("quickref.reportHow") ? "en" : undefined,
  };
}
