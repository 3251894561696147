import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { comparableText, pdfText } from "../../../tests/pdf-text";
import { CONTENT_LANGUAGES, localize } from "~/domain/training/index.server";
import { deckLabels, previewPdf, renderDeckPdf } from "./deck-pdf.server";
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
      const labels = await deckLabels("en");
      const full = await renderDeckPdf(course, deck, "en", labels);
      const preview = await previewPdf(full, 3, "en", labels);
      expect((await PDFDocument.load(full)).getPageCount()).toBe(pages);
      expect((await PDFDocument.load(preview)).getPageCount()).toBe(3);
    },
    30_000,
  );

  it("says what the course says, and never an exercise's answer", async () => {
    const deck = course.decks.find((candidate) => candidate.id === "frameworks");
    const guide = course.decks.find((candidate) => candidate.id === "exercise-guide");
    if (!deck || !guide) throw new Error("decks missing");
    const labels = await deckLabels("en");
    const text = comparableText(await pdfText(await renderDeckPdf(course, deck, "en", labels)));
    expect(text).toContain(comparableText("NIST AI RMF 1.0"));
    expect(text).toContain(comparableText("MAS FEAT"));
    const guideText = comparableText(
      await pdfText(await renderDeckPdf(course, guide, "en", labels)),
    );
    for (const exercise of course.exercises) {
      expect(guideText).toContain(comparableText(exercise.title.en));
      for (const step of exercise.steps) {
        expect(guideText).toContain(comparableText(step.question.en.slice(0, 40)));
        expect(guideText).not.toContain(comparableText(step.explanation.en.slice(0, 60)));
      }
    }
  }, 30_000);

  // Issue 42: each deck in each course language, its fonts covering the script, its text reading
  // back as the translated slide titles (copy, search and screen readers get the words).
  it.each(CONTENT_LANGUAGES.filter((language) => language !== "en"))(
    "renders every deck in %s, its slide titles reading back in that language",
    async (language) => {
      const labels = await deckLabels(language);
      for (const deck of course.decks) {
        const pdf = await renderDeckPdf(course, deck, language, labels);
        expect((await PDFDocument.load(pdf)).getPageCount()).toBe(deck.pages);
        const text = comparableText(await pdfText(pdf));
        expect(text).toContain(comparableText(localize(deck.title, language)));
        for (const slide of deck.slides) {
          if (slide.kind !== "text") continue;
          const title = localize(slide.title, language);
          expect(text).toContain(comparableText(title));
        }
        if (deck.id === "frameworks") {
          for (const framework of course.frameworks) {
            expect(text).toContain(comparableText(localize(framework.name, language)));
          }
          expect(text).toContain(comparableText(labels.keyRequirements));
        }
        if (deck.id === "governance") {
          for (const control of course.governance) {
            expect(text).toContain(comparableText(localize(control.title, language)));
          }
        }
      }
    },
    120_000,
  );
});
