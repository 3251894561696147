import { describe, expect, test } from "vitest";
import type { StoredEvidence } from "./chain.server";
import { signedFacts } from "./facts.server";
import { GENESIS_HASH } from "./record.server";

// The facts an examiner compares with the document in hand, read from a record's signed content.

function stored(
  kind: StoredEvidence["kind"],
  content: Record<string, unknown>,
  timestamp = "2026-11-23T10:00:00.000Z",
): StoredEvidence {
  return {
    id: 1,
    organisationId: 4,
    sequence: 9,
    evidenceId: "EV-0123-4567-89AB-CDEF",
    kind,
    learnerId: null,
    userId: "u1",
    subject: "aml-attempt:7",
    scenarioId: null,
    envelope: {
      version: 1,
      organisation: 4,
      sequence: 9,
      prevHash: GENESIS_HASH,
      kind,
      payload: { jurisdiction: "sg", mode: "guided", packVersion: "1.2.0", timestamp, content },
    },
    hash: "ab".repeat(32),
    prevHash: GENESIS_HASH,
    keyId: "key-1",
    signature: "sig",
    createdAt: timestamp,
  };
}

const attempt = (timestamp?: string) =>
  stored(
    "aml-attempt",
    {
      learner: { name: "Siti Rahman", email: "siti@bank.example" },
      scenarioSnapshot: { title: "PayNow pass-through" },
      learnerActions: [{ action: "decision", value: "ESCALATE" }],
      gradingSummary: {
        percent: 72,
        band: "Competent",
        grader: { version: "2.0.0", language: "en" },
        rubric: { id: "sg-mas-banking-rubric", version: "1.2.0", reviewDue: "2025-12-31" },
      },
      timeOnTask: { startedAt: "2026-11-23T09:40:00.000Z", seconds: 1200 },
    },
    timestamp,
  );

describe("signedFacts", () => {
  test("reads an AML attempt: learner, case, answers, grade, grader, rubric and timing", () => {
    expect(signedFacts(attempt(), "Harbour Bank")).toMatchObject({
      evidenceId: "EV-0123-4567-89AB-CDEF",
      organisation: { id: 4, name: "Harbour Bank" },
      learner: { name: "Siti Rahman", email: "siti@bank.example" },
      title: "PayNow pass-through",
      answers: [{ label: "decision", value: "ESCALATE" }],
      score: 72,
      band: "Competent",
      grader: "2.0.0",
      rubric: { id: "sg-mas-banking-rubric", reviewDue: "2025-12-31", pastReview: true },
      timeOnTask: { startedAt: "2026-11-23T09:40:00.000Z", seconds: 1200, steps: [] },
      erasedAt: null,
    });
  });

  test("flags a rubric past its review only when the grade was given after the due date", () => {
    expect(signedFacts(attempt("2025-12-31T23:59:00.000Z"), null).rubric?.pastReview).toBe(false);
    expect(signedFacts(attempt("2026-01-01T00:00:00.000Z"), null).rubric?.pastReview).toBe(true);
  });

  test("shows a person's review beside the answer, and no learner once erased", () => {
    const review = stored("aml-review", {
      attemptId: 7,
      decision: "overridden",
      final: { percent: 64, band: "Developing" },
      reviewer: { email: "reviewer@bank.example" },
    });
    const erased = stored("aml-attempt", { learner: { erased: true } });
    expect(signedFacts(attempt(), null, review).review).toEqual({
      evidenceId: review.evidenceId,
      timestamp: "2026-11-23T10:00:00.000Z",
      reviewer: "reviewer@bank.example",
      decision: "overridden",
      score: 64,
      band: "Developing",
    });
    expect(signedFacts(erased, null, null, "2026-12-01T00:00:00.000Z")).toMatchObject({
      learner: null,
      erasedAt: "2026-12-01T00:00:00.000Z",
    });
  });

  test("reads a module's answers and per-step times, and a certificate's holder", () => {
    const module = stored("module-completion", {
      item: "scam-awareness",
      score: 3,
      passed: true,
      answers: [{ step: "s1", option: "b", correct: true }],
      timeOnTask: {
        startedAt: "2026-11-23T09:55:00.000Z",
        seconds: 300,
        steps: [{ step: "s1", seconds: 42 }],
      },
    });
    expect(signedFacts(module, null)).toMatchObject({
      title: "scam-awareness",
      passed: true,
      answers: [{ label: "s1", value: "b (correct)" }],
      timeOnTask: { steps: [{ step: "s1", seconds: 42 }] },
    });
    const certificate = stored("certificate-issued", {
      certificate: { title: "AML refresher", holder: { name: "Chen Mei Ling" } },
    });
    expect(signedFacts(certificate, null)).toMatchObject({
      learner: { name: "Chen Mei Ling", email: null },
      title: "AML refresher",
    });
  });
});
