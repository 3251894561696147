import { type Color, PDFDocument, type PDFPage, rgb } from "pdf-lib";
import sources from "../../../content/sources.json";
import { DocumentFonts, type FontWeight, shapeText } from "~/platform/lib/pdf-fonts.server";
import { Shaper } from "~/platform/lib/pdf-text.server";
import { brand } from "~/platform/lib/brand";
import { getI18n, loadDictionaries } from "~/platform/i18n";
import {
  CONTENT_LANGUAGE_LOCALES,
  type ContentLanguage,
  localize,
} from "~/domain/training/index.server";
import type { Course, Deck, Slide } from "./content-schema.server";

// A course deck as a PDF: one landscape slide per page, drawn from the course content, so the deck
// says what the course says, in one of the course's languages (the fonts cover each script). A slide whose text does not fit at the smallest size is an error of
// the content, found when the deck is built (and by its test), never a page cut short.

const page = { width: 960, height: 540 };
const margin = 56;
const contentWidth = page.width - 2 * margin;
const top = page.height - 92;
const bottom = 64;

const ink = rgb(0.09, 0.15, 0.27);
const muted = rgb(0.38, 0.42, 0.48);
const accent = rgb(0.05, 0.42, 0.36);
const band = rgb(0.93, 0.96, 0.95);

/** Body sizes tried in turn until the slide fits. */
const BODY_SIZES = [17, 15, 13.5, 12, 11];
const lineGap = 1.35;

type Block =
  | { kind: "heading"; text: string }
  | { kind: "text"; text: string; color?: Color; weight?: FontWeight }
  | { kind: "bullet"; text: string };

interface SlideContent {
  title: string;
  kicker?: string;
  blocks: Block[];
  sources: string[];
}

/** The words a deck adds to the course's own, in the deck's language. */
export interface DeckLabels {
  keyRequirements: string;
  inPractice: string;
  whatAndHow: string;
  metrics: string;
  controlsAndRoles: string;
  roles: string;
  question: (number: number, question: string) => string;
  questionMultiple: (number: number, question: string) => string;
  sources: string;
  sourcesKicker: string;
  cited: (sources: string) => string;
  pages: (count: number) => string;
  preview: (title: string) => string;
}

export async function deckLabels(language: ContentLanguage): Promise<DeckLabels> {
  const locale = CONTENT_LANGUAGE_LOCALES[language];
  await loadDictionaries(locale);
  const t = getI18n(locale).getFixedT(null, "esgCourse");
  return {
    keyRequirements: t("deckPdf.keyRequirements"),
    inPractice: t("deckPdf.inPractice"),
    whatAndHow: t("deckPdf.whatAndHow"),
    metrics: t("deckPdf.metrics"),
    controlsAndRoles: t("deckPdf.controlsAndRoles"),
    roles: t("deckPdf.roles"),
    question: (number, question) => t("deckPdf.question", { number, question }),
    questionMultiple: (number, question) => t("deckPdf.questionMultiple", { number, question }),
    sources: t("deckPdf.sources"),
    sourcesKicker: t("deckPdf.sourcesKicker"),
    cited: (cited) => t("deckPdf.cited", { sources: cited }),
    pages: (count) => t("pdf.pages", { count }),
    preview: (title) => t("deckPdf.preview", { title }),
  };
}

type SourceTag = keyof typeof sources;
const sourceUrl = (tag: string) => (sources as Record<string, { url: string }>)[tag]?.url ?? "";

function slideContent(
  course: Course,
  deck: Deck,
  slide: Slide,
  language: ContentLanguage,
  labels: DeckLabels,
): SlideContent {
  const l = (value: Parameters<typeof localize>[0]) => localize(value, language);
  const tags = (anchors: { source: string; section: string }[]) =>
    anchors.map((anchor) => `[${anchor.source}] ${anchor.section}`);
  const bullets = (items: Parameters<typeof localize>[0][]) =>
    items.map((item): Block => ({ kind: "bullet", text: l(item) }));
  switch (slide.kind) {
    case "title":
      return { title: l(deck.title), kicker: l(course.title), blocks: [], sources: [] };
    case "text":
      return {
        title: l(slide.title),
        blocks: bullets(slide.bullets),
        sources: tags(slide.sources ?? []),
      };
    case "framework": {
      const framework = course.frameworks.find((item) => item.id === slide.framework);
      if (!framework) throw new Error(`no framework ${slide.framework}`);
      const parts = {
        summary: {
          kicker: `${l(framework.area)} · ${l(framework.practice)}`,
          blocks: [{ kind: "text", text: l(framework.description) } as Block],
        },
        requirements: {
          kicker: labels.keyRequirements,
          blocks: bullets(framework.keyRequirements),
        },
        implementation: {
          kicker: labels.inPractice,
          blocks: bullets(framework.implementation),
        },
      };
      return { title: l(framework.name), ...parts[slide.part], sources: tags(framework.sources) };
    }
    case "control": {
      const control = course.governance.find((item) => item.id === slide.control);
      if (!control) throw new Error(`no control ${slide.control}`);
      const parts = {
        summary: {
          kicker: labels.whatAndHow,
          blocks: [
            { kind: "text", text: l(control.description) } as Block,
            { kind: "heading", text: labels.metrics } as Block,
            ...bullets(control.metrics),
          ],
        },
        practice: {
          kicker: labels.controlsAndRoles,
          blocks: [
            ...bullets(control.controls),
            { kind: "heading", text: labels.roles } as Block,
            ...control.raciRoles.map((role): Block => ({
              kind: "bullet",
              text: `${l(role.activity)}: ${l(role.responsible)} / ${l(role.accountable)}`,
            })),
          ],
        },
        case: {
          kicker: l(control.caseStudy.title),
          blocks: control.caseStudy.paragraphs.map((paragraph): Block => ({
            kind: "text",
            text: l(paragraph),
          })),
        },
      };
      return { title: l(control.title), ...parts[slide.part], sources: tags(control.sources) };
    }
    case "exercise": {
      const exercise = course.exercises.find((item) => item.id === slide.exercise);
      if (!exercise) throw new Error(`no exercise ${slide.exercise}`);
      return {
        title: l(exercise.title),
        kicker: l(exercise.description),
        blocks: [
          ...exercise.scenario.map((paragraph): Block => ({ kind: "text", text: l(paragraph) })),
          ...exercise.steps.map((step, index): Block => ({
            kind: "heading",
            text: (step.type === "checkbox" ? labels.questionMultiple : labels.question)(
              index + 1,
              l(step.question),
            ),
          })),
        ],
        sources: tags(exercise.sources),
      };
    }
    case "sources": {
      const cited = deckSources(course, deck);
      return {
        title: labels.sources,
        kicker: labels.sourcesKicker,
        blocks: cited.map((tag): Block => ({ kind: "bullet", text: `[${tag}] ${sourceUrl(tag)}` })),
        sources: [],
      };
    }
  }
}

/** The source tags a deck's slides cite, in order of first citation. */
export function deckSources(course: Course, deck: Deck): SourceTag[] {
  const tags: string[] = [];
  for (const slide of deck.slides) {
    const anchors =
      slide.kind === "text"
        ? (slide.sources ?? [])
        : slide.kind === "framework"
          ? (course.frameworks.find((item) => item.id === slide.framework)?.sources ?? [])
          : slide.kind === "control"
            ? (course.governance.find((item) => item.id === slide.control)?.sources ?? [])
            : slide.kind === "exercise"
              ? (course.exercises.find((item) => item.id === slide.exercise)?.sources ?? [])
              : [];
    tags.push(...anchors.map((anchor) => anchor.source));
  }
  return [...new Set(tags)] as SourceTag[];
}

interface Line {
  text: string;
  x: number;
  size: number;
  weight: FontWeight;
  color: Color;
  /** Space above the line, in points. */
  before: number;
  /** The first line of a bullet, drawn with its dot. */
  bullet: boolean;
}

/** The slide's body as lines at one size, or null when they do not fit between top and bottom. */
async function layOut(
  shaper: Shaper,
  blocks: Block[],
  size: number,
  available: number,
): Promise<Line[] | null> {
  const lines: Line[] = [];
  let height = 0;
  for (const block of blocks) {
    const indent = block.kind === "bullet" ? 22 : 0;
    const weight: FontWeight =
      block.kind === "heading"
        ? "bold"
        : block.kind === "text"
          ? (block.weight ?? "regular")
          : "regular";
    const blockSize = block.kind === "heading" ? size * 1.02 : size;
    const wrapped = await shaper.wrap(block.text, weight, blockSize, contentWidth - indent);
    wrapped.forEach((text, index) => {
      const before = index === 0 ? (lines.length === 0 ? 0 : size * 0.6) : 0;
      lines.push({
        text,
        bullet: index === 0 && indent > 0,
        x: margin + indent,
        size: blockSize,
        weight,
        color:
          block.kind === "text" ? (block.color ?? ink) : block.kind === "heading" ? accent : ink,
        before,
      });
      height += before + blockSize * lineGap;
    });
  }
  return height <= available ? lines : null;
}

/** What a deck in one language draws: a deck is rendered again only when this changes. */
export function deckContents(
  course: Course,
  deck: Deck,
  language: ContentLanguage,
  labels: DeckLabels,
) {
  return {
    language,
    brand: brand.fullName,
    course: localize(course.title, language),
    deck: localize(deck.title, language),
    pages: labels.pages(deck.pages),
    slides: deck.slides.map((slide) => slideContent(course, deck, slide, language, labels)),
    cited: labels.cited(""),
  };
}

/** Title sizes tried in turn until a slide's title fits on one line. */
const TITLE_SIZES = [28, 25, 22];

export async function renderDeckPdf(
  course: Course,
  deck: Deck,
  language: ContentLanguage,
  labels: DeckLabels,
): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const fonts = new DocumentFonts(doc);
  const shaper = new Shaper(language);
  const contents = deckContents(course, deck, language, labels);
  const draw = async (
    target: PDFPage,
    text: string,
    at: { x: number; y: number; size: number; weight?: FontWeight; color?: Color },
  ) =>
    fonts.draw(target, await shaper.shape(text, at.weight ?? "regular"), {
      x: at.x,
      y: at.y,
      size: at.size,
      color: at.color ?? ink,
    });

  for (const [index, slide] of deck.slides.entries()) {
    const content = contents.slides[index];
    if (!content) throw new Error(`deck "${deck.id}": no page ${index + 1}`);
    const current = doc.addPage([page.width, page.height]);
    current.drawRectangle({
      x: 0,
      y: page.height - 6,
      width: page.width,
      height: 6,
      color: accent,
    });

    if (slide.kind === "title") {
      current.drawRectangle({
        x: 0,
        y: 0,
        width: page.width,
        height: page.height - 6,
        color: band,
      });
      await draw(current, brand.fullName, {
        x: margin,
        y: 420,
        size: 16,
        color: accent,
        weight: "bold",
      });
      let y = 330;
      for (const line of await shaper.wrap(content.title, "bold", 40, contentWidth)) {
        await draw(current, line, { x: margin, y, size: 40, weight: "bold" });
        y -= 50;
      }
      await draw(current, content.kicker ?? "", { x: margin, y: y - 10, size: 20, color: muted });
      await draw(current, contents.pages, { x: margin, y: 90, size: 13, color: muted });
    } else {
      let titleSize: number | undefined;
      for (const size of TITLE_SIZES) {
        if ((await shaper.wrap(content.title, "bold", size, contentWidth)).length === 1) {
          titleSize = size;
          break;
        }
      }
      if (!titleSize)
        throw new Error(`deck "${deck.id}" (${language}), page ${index + 1}: title too long`);
      await draw(current, content.title, {
        x: margin,
        y: page.height - 62,
        size: titleSize,
        weight: "bold",
      });
      let y = top;
      if (content.kicker) {
        const kicker = await shaper.wrap(content.kicker, "regular", 14, contentWidth);
        for (const line of kicker.slice(0, 2)) {
          await draw(current, line, { x: margin, y: y - 4, size: 14, color: muted });
          y -= 20;
        }
        y -= 14;
      }
      let lines: Line[] | null = null;
      for (const size of BODY_SIZES) {
        lines = await layOut(shaper, content.blocks, size, y - bottom);
        if (lines) break;
      }
      if (!lines)
        throw new Error(
          `deck "${deck.id}" (${language}), page ${index + 1}: "${content.title}" does not fit`,
        );
      for (const line of lines) {
        y -= line.before + line.size * lineGap;
        if (line.bullet) {
          current.drawCircle({ x: margin + 8, y: y + line.size * 0.35, size: 2.6, color: accent });
        }
        await draw(current, line.text, {
          x: line.x,
          y,
          size: line.size,
          weight: line.weight,
          color: line.color,
        });
      }
    }

    const footer = `${contents.course} · ${contents.deck}`;
    await draw(current, footer, { x: margin, y: 28, size: 9, color: muted });
    const number = `${index + 1} / ${deck.pages}`;
    const numberWidth = await shaper.width(number, "regular", 9);
    await draw(current, number, {
      x: page.width - margin - numberWidth,
      y: 28,
      size: 9,
      color: muted,
    });
    if (content.sources.length > 0) {
      const cited = labels.cited(content.sources.join("; "));
      const [line] = await shaper.wrap(cited, "regular", 8, contentWidth);
      await draw(current, line === cited ? line : `${line ?? ""} …`, {
        x: margin,
        y: 42,
        size: 8,
        color: muted,
      });
    }
  }

  doc.setTitle(`${contents.course}: ${contents.deck}`, { showInWindowTitleBar: true });
  doc.setSubject(contents.course);
  doc.setAuthor(brand.fullName);
  doc.setCreator(brand.fullName);
  doc.setProducer(brand.fullName);
  doc.setLanguage(language);
  await fonts.write();
  return doc.save();
}

/** The first pages of a deck as a deck of their own: what a signed-out visitor may read. */
export async function previewPdf(
  full: Uint8Array,
  pages: number,
  language: ContentLanguage,
  labels: DeckLabels,
): Promise<Uint8Array> {
  const source = await PDFDocument.load(full, { updateMetadata: false });
  const preview = await PDFDocument.create({ updateMetadata: false });
  const copied = await preview.copyPages(source, source.getPageIndices().slice(0, pages));
  for (const copy of copied) preview.addPage(copy);
  preview.setTitle(labels.preview(source.getTitle() ?? ""), { showInWindowTitleBar: true });
  preview.setAuthor(brand.fullName);
  preview.setProducer(brand.fullName);
  preview.setLanguage(language);
  return preview.save();
}

/**
 * The code that draws a deck, as text: part of a built deck's cache key with what it draws, so a
 * change to the drawing renders every deck again.
 */
export const deckRenderer = (): string =>
  [renderDeckPdf, layOut, previewPdf, DocumentFonts, Shaper, shapeText].map(String).join("\n");
