import type { Level } from "~/domain/training";
import type { CourseSummary } from "./grading";

// The shapes the course server hands to its page, in a module the browser may load.

/** A claim's source: a tag of REGULATORY-FACTS (content/sources.json) and where in it. */
interface SourceAnchor {
  source: string;
  section: string;
}

/** What a narration reads, in the reader's language. */
interface NarrationView {
  title: string;
  paragraphs: string[];
}

/** The course in one language, with no answer and no explanation in it. */
export interface CourseView {
  id: string;
  title: string;
  level: Level;
  durationMinutes: number;
  points: number;
  overview: {
    lead: string;
    objectives: string[];
    sections: { id: string; heading: string; paragraphs: string[]; sources: SourceAnchor[] }[];
    narration: NarrationView;
  };
  frameworks: {
    id: string;
    name: string;
    area: string;
    practice: string;
    description: string;
    keyRequirements: string[];
    implementation: string[];
    sources: SourceAnchor[];
    narration: NarrationView;
  }[];
  governance: {
    id: string;
    title: string;
    description: string;
    metrics: string[];
    controls: string[];
    caseStudy: { title: string; paragraphs: string[] };
    raciRoles: {
      activity: string;
      responsible: string;
      accountable: string;
      consulted: string;
      informed: string;
    }[];
    sources: SourceAnchor[];
  }[];
  exercises: {
    id: string;
    title: string;
    description: string;
    scenario: string[];
    steps: {
      id: string;
      question: string;
      type: "multiple-choice" | "checkbox";
      options: { id: string; text: string }[];
    }[];
  }[];
}

/** The course's decks and narrations in the reader's language, else English (`lang` says which). */
export interface CourseMediaView {
  /** The reader's content language. */
  language: string;
  decks: Record<
    string,
    {
      title: string;
      lang: string;
      pages: number;
      previewPages: number;
      previewUrl: string;
      fullUrl: string;
    }
  >;
  audio: Record<string, { lang: string; url: string; transcriptUrl: string; seconds: number }>;
}

export interface Completion {
  correct: number;
  steps: number;
  points: number;
  completedAt: string;
}

/** A step as the page shows it: the right answer only once checked right or shown. */
export interface StepState {
  selected: string[];
  /** Whether the latest check was right; null before any check. */
  correct: boolean | null;
  revealed: boolean;
  solved: boolean;
  answer?: string[];
  explanation?: string;
}

export interface CoursePage {
  course: CourseView;
  signedIn: boolean;
  summary: CourseSummary;
  steps: Record<string, StepState>;
  completion: Completion | null;
  positions: Record<string, number>;
  media: CourseMediaView;
}
