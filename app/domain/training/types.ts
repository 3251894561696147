import type { RegionPack } from "~/platform/i18n";
import type { LeaseScenario, Module, Step, Track } from "./content-schema";
import type { ItemProgress } from "./grading";

// The shapes the training server hands to its pages, in a module the browser may load. What the
// browser receives of the catalogue: text in the reader's language, and a question's options
// without the answer or any feedback (the server sends those once the step is answered).

export interface QuestionView {
  prompt: string;
  options: { id: string; text: string }[];
}

export interface TableView {
  caption: string;
  columns: string[];
  rows: string[][];
}

/** A source teaching text cites, resolved from content/sources.json. */
export interface SourceNote {
  id: string;
  url: string;
  label: string;
  secondary: boolean;
}

export interface StepView {
  id: string;
  kind: Step["kind"];
  title: string | null;
  /** Paragraphs; their "[C6]" tags are notes numbered by `sources`. */
  body: string[];
  sources: SourceNote[];
  example: { title: string; body: string[] } | null;
  records: TableView[];
  question: QuestionView;
}

/**
 * A step the player's page does not show: its content comes with the page that shows it (each step
 * is a page of its own, `?step=`), so a page carries one step's teaching, not the module's.
 */
export interface StepOutline {
  id: string;
  outline: true;
}

export interface ModuleSummary {
  id: string;
  title: string;
  description: string;
  level: Module["level"];
  durationMinutes: number;
  points: number;
}

export interface ModuleCard extends ModuleSummary {
  status: ItemProgress["status"];
  bestScore: number | null;
  /** Titles of the prerequisites still to complete. */
  lockedBy: { id: string; title: string }[];
}

export interface TrackView {
  id: string;
  title: string;
  description: string;
  /** "en" when the title and description come from a region pack without their translation. */
  textLang: "en" | undefined;
  level: Track["level"];
  featured: boolean;
  modules: ModuleCard[];
  totalMinutes: number;
  totalPoints: number;
}

/** The region pack's how-to-report guide; `lang` "en" marks a text shown without its translation. */
export interface ReportingView {
  title: string;
  titleLang: "en" | undefined;
  reportHow: string[];
  stepsLang: "en" | undefined;
  sources: RegionPack["quickref"]["sources"];
}

export interface LearnerView {
  guest: boolean;
  name: string | null;
  role: string | null;
}

export interface AnswerFeedback {
  /** The take the answer belongs to. */
  take: string;
  stepId: string;
  optionId: string | null;
  correct: boolean;
  rightOptionId: string;
  /** Why the chosen option is right or wrong; null for a step completed unanswered. */
  feedback: string | null;
  rightOptionText: string;
  completed: boolean;
  score: number | null;
}

/** Where a learner is in an item: the open take, the step to show, a finished take asked for. */
export interface TakeState {
  takeKey: string;
  /** The step to show: the first unanswered one of the open take, or the one asked for. */
  stepIndex: number;
  answered: AnswerFeedback[];
  /** Set when the page shows a finished take (`?done=<take>`). */
  finished: { score: number; correct: number } | null;
  progress: ItemProgress;
}

export interface ScenarioSummary {
  id: string;
  title: string;
  description: string;
  difficulty: LeaseScenario["difficulty"];
  durationMinutes: number;
  points: number;
}

export interface ScenarioCard extends ScenarioSummary {
  completed: boolean;
  bestScore: number | null;
}

export interface ScenarioView extends ScenarioSummary {
  caseStudy: string[];
  redFlags: string[];
  focusAreas: string[];
  steps: {
    id: string;
    title: string;
    body: string[];
    records: TableView[];
    task: string;
    question: QuestionView;
  }[];
}

export interface LeaseDemoData {
  scenarios: ScenarioCard[];
  selected:
    | (Omit<TakeState, "progress"> & {
        scenario: ScenarioView;
        /** The learner has begun (asked for a step, or answered one): show steps, not the intro. */
        started: boolean;
        pointsEarned: number | null;
        /** The score a take must reach to pass, a whole percent. */
        passPercent: number;
      })
    | null;
}

export interface PlayerData extends Omit<TakeState, "progress"> {
  module: ModuleSummary & {
    objectives: string[];
    intro: string[];
    introSources: SourceNote[];
    format: "lesson" | "scenarios";
    passMark: number;
  };
  /** In full, the step shown and the step the address names (`?step=`); the others outlined. */
  steps: (StepView | StepOutline)[];
  status: ItemProgress["status"];
  bestScore: number | null;
  lockedBy: { id: string; title: string }[];
  guest: boolean;
  /** The next module of the module's track, for the scenario format's 'Next module'. */
  nextModule: { id: string; title: string } | null;
  /** How to report in the learner's region (the scenario format's intro). */
  reporting: ReportingView | null;
}

/** A final assessment's result, as its end screen shows it: never the keys. */
export interface FinalResult {
  take: string;
  score: number;
  right: number;
  total: number;
  passed: boolean;
  passPercent: number;
  completedAt: string;
  /** The module steps the wrong answers came from, with how many items each. */
  missed: {
    moduleId: string;
    moduleTitle: string;
    step: number;
    stepTitle: string;
    count: number;
  }[];
}

/** The final assessment page of a track. */
export interface FinalData {
  track: { id: string; title: string };
  /** What an attempt started now is held to. */
  rules: { passPercent: number; itemCount: number; coolingOffHours: number };
  /**
   * `locked`: modules to pass first; `ready`: may start; `open`: an attempt to answer;
   * `cooling`: a retake opens at `retakeAt`; `passed`: the final is passed.
   */
  state: "locked" | "ready" | "open" | "cooling" | "passed";
  missing: { id: string; title: string }[];
  retakeAt: string | null;
  attempt: { take: string; questions: (QuestionView & { id: string })[] } | null;
  /** The attempt the page was asked to show (`?done=`), else the latest finished one. */
  result: FinalResult | null;
  guest: boolean;
}

/** A track's final assessment as its track page shows it. */
export interface TrackFinal {
  state: "locked" | "ready" | "failed" | "passed";
  bestScore: number | null;
}
