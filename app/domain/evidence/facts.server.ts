import type { StoredEvidence } from "./chain.server";
import type { SignedFacts } from "./types";

// The facts of a record's signed content, read defensively: a record's content has the shape its
// kind gave it when it was signed, and older records may lack a field a newer kind has.

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const at = (value: unknown, key: string): unknown => (isObject(value) ? value[key] : undefined);
const text = (value: unknown): string | null =>
  typeof value === "string" && value.trim() ? value : null;
const number = (value: unknown): number | null =>
  typeof value === "number" && Number.isFinite(value) ? value : null;
const first = <T>(...values: (T | null)[]): T | null =>
  values.find((value) => value !== null) ?? null;

/** The learner's steps: an AML attempt's actions, or a module's answers. */
function answersOf(content: Json): SignedFacts["answers"] {
  const actions = content.learnerActions;
  if (Array.isArray(actions)) {
    return actions.filter(isObject).map((action) => ({
      label: String(action.action ?? ""),
      value: String(action.value ?? ""),
    }));
  }
  const answers = content.answers;
  if (Array.isArray(answers)) {
    return answers.filter(isObject).map((answer) => ({
      label: String(answer.step ?? ""),
      value: `${String(answer.option ?? "")}${
        typeof answer.correct === "boolean" ? (answer.correct ? " (correct)" : " (wrong)") : ""
      }`,
    }));
  }
  return [];
}

function filesOf(content: Json): SignedFacts["files"] {
  const files = content.files;
  if (!Array.isArray(files)) return [];
  return files.filter(isObject).map((file) => ({
    name: String(file.name ?? ""),
    sha256: String(file.sha256 ?? ""),
    bytes: number(file.bytes) ?? 0,
  }));
}

function rubricOf(grading: unknown, timestamp: string): SignedFacts["rubric"] {
  const rubric = at(grading, "rubric");
  const id = text(at(rubric, "id"));
  if (!id) return null;
  const reviewDue = text(at(rubric, "reviewDue"));
  return {
    id,
    version: text(at(rubric, "version")) ?? "",
    reviewDue,
    // Dates as ISO text compare as text; a grade on the due date itself is in time.
    pastReview: reviewDue !== null && timestamp.slice(0, 10) > reviewDue,
  };
}

function reviewOf(review: StoredEvidence | null): SignedFacts["review"] {
  if (!review) return null;
  const { content, timestamp } = review.envelope.payload;
  return {
    evidenceId: review.evidenceId,
    timestamp,
    reviewer: text(at(at(content, "reviewer"), "email")),
    decision: text(content.decision),
    score: number(at(at(content, "final"), "percent")),
    band: text(at(at(content, "final"), "band")),
  };
}

/** The facts of a record; `review` is the record of a person's review of it, if there is one. */
export function signedFacts(
  record: StoredEvidence,
  organisationName: string | null,
  review: StoredEvidence | null = null,
  erasedAt: string | null = null,
): SignedFacts {
  const { content, timestamp } = record.envelope.payload;
  const grading = at(content, "gradingSummary");
  const final = at(content, "final");
  const learner = at(content, "learner");
  const holder = at(at(content, "certificate"), "holder");
  const timing = at(content, "timeOnTask");
  return {
    evidenceId: record.evidenceId,
    kind: record.kind,
    organisation: { id: record.organisationId, name: organisationName },
    sequence: record.sequence,
    hash: record.hash,
    prevHash: record.prevHash,
    keyId: record.keyId,
    timestamp,
    learner:
      isObject(learner) && !learner.erased
        ? { name: text(learner.name), email: text(learner.email) }
        : isObject(holder)
          ? { name: text(holder.name), email: null }
          : null,
    title: first(
      text(at(at(content, "scenarioSnapshot"), "title")),
      text(at(at(content, "certificate"), "title")),
      text(content.item),
      text(content.description),
      text(content.reason),
    ),
    score: first(
      number(at(grading, "percent")),
      number(at(final, "percent")),
      number(content.score),
    ),
    band: first(text(at(grading, "band")), text(at(final, "band"))),
    passed: typeof content.passed === "boolean" ? content.passed : null,
    reviewer: text(at(at(content, "reviewer"), "email")),
    grader: text(at(at(grading, "grader"), "version")) ?? text(at(grading, "grader")),
    rubric: rubricOf(grading, timestamp),
    timeOnTask: isObject(timing)
      ? {
          startedAt: text(timing.startedAt),
          seconds: number(timing.seconds),
          steps: Array.isArray(timing.steps)
            ? timing.steps.filter(isObject).map((step) => ({
                step: String(step.step ?? ""),
                seconds: number(step.seconds) ?? 0,
              }))
            : [],
        }
      : null,
    answers: answersOf(content),
    files: filesOf(content),
    review: reviewOf(review),
    erasedAt,
    content,
  };
}
