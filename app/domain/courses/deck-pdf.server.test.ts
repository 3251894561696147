import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { comparableText, pdfText } from "../../../tests/pdf-text";
import { previewPdf, renderDeckPdf } from "./deck-pdf.server";
import { getEsgCourse } from "./esg-course.server";

// SPEC §9: the decks' page counts, and the 3-page preview a signed-out visitor gets.
describe("course decks", () => {
  const course = getEsgCourse();

  it.each([
    ["overall", 25],
    ["frameworks", 15],
    ["governance", 12],
    ["exercise-guide", 8],
  ])(
    "the %s deck is a PDF of %i pages, its preview of 3",
    async (deckId, pages) => {
      const deck = course.decks.find((candidate) => candidate.id === deckId);
      if (!deck) throw new Error(`no deck ${deckId}`);
      const full = await renderDeckPdf(course, deck);
      const preview = await previewPdf(full, 3);
      expect((await PDFDocument.load(full)).getPageCount()).toBe(pages);
      expect((await PDFDocument.load(preview)).getPageCount()).toBe(3);
    },
    30_000,
  );

  it("says what the course says, and never an exercise's answer", async () => {
    const deck = course.decks.find((candidate) => candidate.id === "frameworks");
    const guide = course.decks.find((candidate) => candidate.id === "exercise-guide");
    if (!deck || !guide) throw new Error("decks missing");
    const text = comparableText(await pdfText(await renderDeckPdf(course, deck)));
    expect(text).toContain(comparableText("NIST AI RMF 1.0"));
    expect(text).toContain(comparableText("MAS FEAT"));
    const guideText = comparableText(await pdfText(await renderDeckPdf(course, guide)));
    for (const exercise of course.exercises) {
      expect(guideText).toContain(comparableText(exercise.title.en));
      for (const step of exercise.steps) {
        expect(guideText).toContain(comparableText(step.question.en.slice(0, 40)));
        expect(guideText).not.toContain(comparableText(step.explanation.en.slice(0, 60)));
      }
    }
  }, 30_000);
});
