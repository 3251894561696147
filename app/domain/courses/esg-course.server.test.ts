import { describe, expect, it } from "vitest";
import { getEsgCourse } from "./esg-course.server";

// SPEC §9: what the ESG and AI ethics course holds.
describe("the ESG and AI ethics course content", () => {
  const course = getEsgCourse();

  it("is the course SPEC §9 describes", () => {
    expect(course.title.en).toBe("Ethical AI & Responsible Tech");
    expect([course.durationMinutes, course.points, course.level]).toEqual([
      25,
      160,
      "intermediate",
    ]);
    expect(course.frameworks.map((framework) => framework.name.en)).toEqual([
      "NIST AI RMF 1.0",
      "EU AI Act",
      "ISO/IEC 23894",
      "MAS FEAT",
    ]);
    expect(course.governance.map((control) => control.id)).toEqual([
      "bias-detection",
      "model-explainability",
      "model-change-management",
      "privacy-protection",
    ]);
    expect(course.exercises.map((exercise) => [exercise.id, exercise.steps.length])).toEqual([
      ["bias-scan", 2],
      ["model-card", 2],
      ["raci-grid", 2],
    ]);
  });

  it("has the four decks with their page counts", () => {
    expect(course.decks.map((deck) => [deck.id, deck.pages])).toEqual([
      ["overall", 25],
      ["frameworks", 15],
      ["governance", 12],
      ["exercise-guide", 8],
    ]);
  });

  it("gives every narration a transcript long enough to be worth hearing", () => {
    const narrations = [course.overview.narration, ...course.frameworks.map((f) => f.narration)];
    for (const narration of narrations) {
      const words = narration.paragraphs
        .map((p) => p.en)
        .join(" ")
        .split(/\s+/).length;
      expect(words).toBeGreaterThan(120);
      expect(words).toBeLessThan(450);
    }
  });
});
