import { data } from "react-router";
import { getLocaleState } from "~/platform/i18n/index.server";
import {
  type ContentLanguage,
  type Learner,
  contentLanguage,
  ensureLearner,
  getLearner,
  localize,
  shuffledFor,
} from "~/domain/training/index.server";
import { parseSubmission, refuse, tooMany } from "~/platform/lib/reply.server";
import { hitRateLimit, rateLimitKey } from "~/platform/lib/rate-limit.server";
import { z } from "~/platform/lib/zod";
import type { Course } from "./content-schema.server";
import { LEARNING_TABS } from "./constants";
import { type CourseSummary, type StepRecord, stepKey, summarise } from "./grading";
import { courseMediaView } from "./media.server";
import {
  loadAudioPositions,
  loadCompletion,
  loadStepRecords,
  loadVisitedTabs,
  recordCheck,
  recordReveal,
  recordVisit,
  saveAudioPosition,
  settleCompletion,
} from "./progress.server";
import type { Completion, CoursePage, CourseView, StepState } from "./types";

// The course page's data and its one action (SPEC §2 "ESG and AI ethics course"): the content in
// the reader's language without the answers, the learner's progress, and the posts that change it.

export const COURSE_RATE_LIMITS = {
  /** Checks, solutions and visits: a learner clicking through quickly stays far below. */
  perLearner: { limit: 120, windowMs: 10 * 60_000 },
  perIp: { limit: 300, windowMs: 10 * 60_000 },
  /** Narration positions: one every 5 s per playing narration, with room for seeking. */
  positions: { limit: 40, windowMs: 60_000 },
};

/** The course in one language, with no answer and no explanation in it. */
function publicCourse(course: Course, language: ContentLanguage, seed: string): CourseView {
  const l = (value: Parameters<typeof localize>[0]) => localize(value, language);
  return {
    id: course.id,
    title: l(course.title),
    level: course.level,
    durationMinutes: course.durationMinutes,
    points: course.points,
    overview: {
      lead: l(course.overview.lead),
      objectives: course.overview.objectives.map(l),
      sections: course.overview.sections.map((section) => ({
        id: section.id,
        heading: l(section.heading),
        paragraphs: section.paragraphs.map(l),
        sources: section.sources,
      })),
      narration: narrationView(course.overview.narration, l),
    },
    frameworks: course.frameworks.map((framework) => ({
      id: framework.id,
      name: l(framework.name),
      area: l(framework.area),
      practice: l(framework.practice),
      description: l(framework.description),
      keyRequirements: framework.keyRequirements.map(l),
      implementation: framework.implementation.map(l),
      sources: framework.sources,
      narration: narrationView(framework.narration, l),
    })),
    governance: course.governance.map((control) => ({
      id: control.id,
      title: l(control.title),
      description: l(control.description),
      metrics: control.metrics.map(l),
      controls: control.controls.map(l),
      caseStudy: {
        title: l(control.caseStudy.title),
        paragraphs: control.caseStudy.paragraphs.map(l),
      },
      raciRoles: control.raciRoles.map((role) => ({
        activity: l(role.activity),
        responsible: l(role.responsible),
        accountable: l(role.accountable),
        consulted: l(role.consulted),
        informed: l(role.informed),
      })),
      sources: control.sources,
    })),
    exercises: course.exercises.map((exercise) => ({
      id: exercise.id,
      title: l(exercise.title),
      description: l(exercise.description),
      scenario: exercise.scenario.map(l),
      steps: exercise.steps.map((step) => ({
        id: step.id,
        question: l(step.question),
        type: step.type,
        // Shuffled once per learner, so the right options are not where the content lists them.
        options: shuffledFor(`${seed}:${exercise.id}:${step.id}`, step.options).map((option) => ({
          id: option.id,
          text: l(option.text),
        })),
      })),
    })),
  };
}

function narrationView(
  narration: Course["overview"]["narration"],
  l: (value: Parameters<typeof localize>[0]) => string,
) {
  return { title: l(narration.title), paragraphs: narration.paragraphs.map(l) };
}

function stepStates(
  course: Course,
  records: StepRecord[],
  language: ContentLanguage,
): Record<string, StepState> {
  const states: Record<string, StepState> = {};
  for (const exercise of course.exercises) {
    for (const step of exercise.steps) {
      const record = records.find(
        (candidate) => candidate.exerciseId === exercise.id && candidate.stepId === step.id,
      );
      if (!record) continue;
      const open = record.solved || record.revealed;
      states[stepKey(exercise.id, step.id)] = {
        selected: record.selected,
        correct: record.selected.length > 0 ? record.correct : null,
        revealed: record.revealed,
        solved: record.solved,
        ...(open && {
          answer: step.answer,
          explanation: localize(step.explanation, language),
        }),
      };
    }
  }
  return states;
}

async function learnerState(learner: Learner, course: Course, language: ContentLanguage) {
  if (!learner.id) {
    return {
      summary: summarise(course, [], []),
      steps: {},
      completion: null,
      positions: {},
    };
  }
  const [visited, records, completion, positions] = await Promise.all([
    loadVisitedTabs(learner.id, course.id),
    loadStepRecords(learner.id, course.id),
    loadCompletion(learner.id, course.id),
    learner.kind === "user" ? loadAudioPositions(learner.id, course.id) : {},
  ]);
  return {
    summary: summarise(course, visited, records),
    steps: stepStates(course, records, language),
    completion,
    positions,
  };
}

export async function loadCoursePage(request: Request, course: Course): Promise<CoursePage> {
  const [{ locale }, learner] = await Promise.all([getLocaleState(request), getLearner(request)]);
  const language = contentLanguage(locale);
  return {
    course: publicCourse(course, language, learner.id ?? "visitor"),
    signedIn: learner.kind === "user",
    ...(await learnerState(learner, course, language)),
    media: await courseMediaView(course.id, language),
  };
}

const slug = z.string().regex(/^[a-z0-9-]{1,60}$/);
/** Tabs a visitor spent time on before they were a learner, recorded with their first answer. */
const visited = z.array(z.enum(LEARNING_TABS)).max(LEARNING_TABS.length).default([]);
const ActionSchema = z.discriminatedUnion("intent", [
  z.strictObject({ intent: z.literal("visit"), tab: z.enum(LEARNING_TABS) }),
  z.strictObject({
    intent: z.literal("check"),
    exercise: slug,
    step: slug,
    option: z.array(slug).min(1).max(6),
    visited,
  }),
  z.strictObject({ intent: z.literal("reveal"), exercise: slug, step: slug, visited }),
  z.strictObject({
    intent: z.literal("position"),
    audio: slug,
    seconds: z.coerce.number().finite().min(0).max(86_400),
  }),
]);
export type CourseIntent = z.infer<typeof ActionSchema>["intent"];

/** What every post answers with, so the page shows the new state without loading again. */
export interface CourseActionResult {
  intent: CourseIntent;
  summary: CourseSummary;
  step?: { key: string; state: StepState };
  completion: Completion | null;
  /** Certificates to fetch from the certificates page: set when this post completed the course. */
  completedNow: boolean;
}

/**
 * The course page's posts: a tab visited (after 2 s on it), a step checked, a solution shown, a
 * narration position. Form fields repeat for the options of a checkbox step.
 */
export async function checkCoursePost(
  request: Request,
  form: FormData,
  clientIp: string,
  course: Course,
) {
  for (const [, value] of form) {
    if (typeof value !== "string") return { reply: refuse(400, "validation") };
  }
  const parsed = parseSubmission(form, ActionSchema);
  if ("refusal" in parsed) return { reply: parsed.refusal };
  const input = parsed.value;

  let exerciseStep: Course["exercises"][number]["steps"][number] | undefined;
  if (input.intent === "check" || input.intent === "reveal") {
    exerciseStep = course.exercises
      .find((exercise) => exercise.id === input.exercise)
      ?.steps.find((step) => step.id === input.step);
    if (!exerciseStep) return { reply: refuse(400, "validation") };
    if (
      input.intent === "check" &&
      (!input.option.every((id) => exerciseStep?.options.some((option) => option.id === id)) ||
        (exerciseStep.type === "multiple-choice" && input.option.length !== 1))
    ) {
      return { reply: refuse(400, "validation") };
    }
  }

  const learner = await getLearner(request);
  if (input.intent === "position") {
    // Saved for signed-in learners only (SPEC §6); a guest's player keeps its place in the page.
    if (learner.kind !== "user") return { reply: refuse(403, "forbidden") };
    const limited = await hitRateLimit(
      rateLimitKey("course-audio", { userId: learner.userId }),
      COURSE_RATE_LIMITS.positions,
    );
    if (!limited.allowed) return { reply: tooMany(limited.retryAfterSeconds) };
    // The narration the reader's page plays: its length bounds the position.
    const { locale } = await getLocaleState(request);
    const media = await courseMediaView(course.id, contentLanguage(locale));
    const audio = media.audio[input.audio];
    if (!audio) return { reply: refuse(400, "validation") };
    const { id } = await ensureLearner(learner);
    await saveAudioPosition({
      learnerId: id,
      courseId: course.id,
      audioId: input.audio,
      seconds: Math.min(input.seconds, audio.seconds),
    });
    return { reply: data({ saved: true }) };
  }

  const byIp = await hitRateLimit(
    rateLimitKey("course-progress", { ip: clientIp }),
    COURSE_RATE_LIMITS.perIp,
  );
  if (!byIp.allowed) return { reply: tooMany(byIp.retryAfterSeconds) };
  if (learner.kind === "user") {
    const byLearner = await hitRateLimit(
      rateLimitKey("course-progress", { userId: learner.userId }),
      COURSE_RATE_LIMITS.perLearner,
    );
    if (!byLearner.allowed) return { reply: tooMany(byLearner.retryAfterSeconds) };
  }

  // A visitor becomes a guest learner with their first answer, never by looking (ARCHITECTURE
  // "Learning core"): until then the page keeps their visits and sends them with that answer.
  if (input.intent === "visit" && learner.kind === "guest" && !learner.id) {
    return { reply: data({ intent: input.intent, deferred: true }) };
  }
  return { post: { request, course, input, exerciseStep, learner } satisfies CoursePost };
}

/** A course post that may be recorded. */
export interface CoursePost {
  request: Request;
  course: Course;
  input: Exclude<z.infer<typeof ActionSchema>, { intent: "position" }>;
  exerciseStep: Course["exercises"][number]["steps"][number] | undefined;
  learner: Learner;
}

/**
 * Records a checked post (the visits, the step checked or revealed) and settles the course's
 * completion. Answers the completion when this post completed the course.
 */
export async function recordCoursePost(post: CoursePost) {
  const { course, input, exerciseStep, learner } = post;
  const { id: learnerId, setCookie } = await ensureLearner(learner);
  const tabs = input.intent === "visit" ? [input.tab] : input.visited;
  for (const tab of tabs) await recordVisit(learnerId, course.id, tab);
  if (input.intent === "check") {
    await recordCheck({
      learnerId,
      courseId: course.id,
      exerciseId: input.exercise,
      stepId: input.step,
      answer: exerciseStep?.answer ?? [],
      selected: input.option,
    });
  }
  if (input.intent === "reveal") {
    await recordReveal({
      learnerId,
      courseId: course.id,
      exerciseId: input.exercise,
      stepId: input.step,
    });
  }

  const completedNow = await settleCompletion(learnerId, course);
  return { learnerId, setCookie, completedNow };
}

/** The evidence payload of a completed course (SPEC §3 "Export payload"). */
export function courseEvidencePayload(
  course: Course,
  learner: { name: string; email: string },
  completed: NonNullable<Awaited<ReturnType<typeof settleCompletion>>>,
) {
  return {
    jurisdiction: null,
    mode: "course",
    packVersion: null,
    timestamp: completed.completedAt,
    content: {
      course: course.id,
      learner,
      correct: completed.correct,
      steps: completed.steps,
      points: completed.points,
    },
  };
}

/** The reply to a recorded post: the course's summary, and the step's state when one was sent. */
export async function coursePostReply(
  post: CoursePost,
  recorded: Awaited<ReturnType<typeof recordCoursePost>>,
) {
  const { course, input } = post;
  const { learnerId, setCookie, completedNow } = recorded;
  const { locale } = await getLocaleState(post.request);
  const language = contentLanguage(locale);
  const [visited, records, completion] = await Promise.all([
    loadVisitedTabs(learnerId, course.id),
    loadStepRecords(learnerId, course.id),
    loadCompletion(learnerId, course.id),
  ]);
  const result: CourseActionResult = {
    intent: input.intent,
    summary: summarise(course, visited, records),
    completion,
    completedNow: completedNow !== null,
  };
  if (input.intent === "check" || input.intent === "reveal") {
    const key = stepKey(input.exercise, input.step);
    const state = stepStates(course, records, language)[key];
    if (state) result.step = { key, state };
  }
  return data(result, { headers: setCookie ? { "Set-Cookie": setCookie } : undefined });
}

/** The tab a URL names (`?tab=`), else the overview. */
