import { describe, expect, it } from "vitest";
import { guidedStepSeconds, markStep } from "./step-times";

const OPENED = "2026-11-27T09:00:00.000Z";
const at = (seconds: number) => new Date(Date.parse(OPENED) + seconds * 1000).toISOString();

describe("markStep", () => {
  it("keeps the first time a step was heard of", () => {
    const once = markStep(null, 1, at(30));
    expect(JSON.parse(markStep(once, 1, at(90)))).toEqual({ 1: at(30) });
    expect(JSON.parse(markStep(once, 2, at(90)))).toEqual({ 1: at(30), 2: at(90) });
  });

  it("starts afresh from marks that are not an object", () => {
    expect(JSON.parse(markStep("not json", 1, at(5)))).toEqual({ 1: at(5) });
    expect(JSON.parse(markStep("[1,2]", 1, at(5)))).toEqual({ 1: at(5) });
  });
});

describe("guidedStepSeconds", () => {
  it("times each step from its beginning to the next", () => {
    const marks = JSON.stringify({ 1: at(40), 2: at(160), 3: at(200) });
    expect(guidedStepSeconds(marks, OPENED, at(215))).toEqual([
      { step: "Signals", seconds: 40 },
      { step: "Why it matters", seconds: 120 },
      { step: "Decision", seconds: 40 },
      { step: "Review and submit", seconds: 15 },
    ]);
  });

  it("counts a step never heard of with the one before it, under both names", () => {
    const marks = JSON.stringify({ 1: at(40), 2: at(160) });
    expect(guidedStepSeconds(marks, OPENED, at(215))).toEqual([
      { step: "Signals", seconds: 40 },
      { step: "Why it matters", seconds: 120 },
      { step: "Decision, Review and submit", seconds: 55 },
    ]);
    expect(guidedStepSeconds(null, OPENED, at(215))).toEqual([
      { step: "Signals, Why it matters, Decision, Review and submit", seconds: 215 },
    ]);
  });

  it("never counts the gap between two visits as work", () => {
    // Signals were done yesterday; today's page opened at OPENED.
    const marks = JSON.stringify({ 1: "2026-11-26T09:00:00.000Z", 2: at(100) });
    expect(guidedStepSeconds(marks, OPENED, at(130))).toEqual([
      { step: "Signals", seconds: 0 },
      { step: "Why it matters", seconds: 100 },
      { step: "Decision, Review and submit", seconds: 30 },
    ]);
  });

  it("holds a mark from the future to the submission", () => {
    const marks = JSON.stringify({ 1: at(10), 2: at(9999) });
    const steps = guidedStepSeconds(marks, OPENED, at(60));
    expect(steps.reduce((sum, step) => sum + step.seconds, 0)).toBe(60);
    expect(steps.at(-1)).toEqual({ step: "Decision, Review and submit", seconds: 0 });
  });
});
