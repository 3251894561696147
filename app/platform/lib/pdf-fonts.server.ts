import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import * as fontkitModule from "@pdf-lib/fontkit";
import type { Font } from "@pdf-lib/fontkit";
import {
  PDFHexString,
  PDFNumber,
  PDFOperator,
  PDFOperatorNames,
  PDFString,
  appendBezierCurve,
  beginText,
  closePath,
  fill,
  lineTo,
  moveTo,
  popGraphicsState,
  pushGraphicsState,
  endText,
  setFillingColor,
  setFontAndSize,
  setTextMatrix,
  setTextRise,
  type Color,
  type PDFDocument,
  type PDFName,
  type PDFObject,
  type PDFPage,
  type PDFRef,
} from "pdf-lib";

// The package is a UMD bundle: Node exposes it as the default export, Vite's transform as the namespace.
const fontkit: typeof fontkitModule =
  "default" in fontkitModule ? (fontkitModule.default as typeof fontkitModule) : fontkitModule;

// fontkit's Indic shaper (Tamil) runs a generator compiled for Babel's global regeneratorRuntime, which
// the bundle does not ship (https://github.com/Hopding/pdf-lib/issues/1419). Its one generator uses
// only mark/wrap with prev/next/stop, so this covers that shape without pulling in a polyfill.
interface GeneratorContext {
  prev: number;
  next: number;
  done: boolean;
  stop(): void;
}
const withRuntime = globalThis as typeof globalThis & { regeneratorRuntime?: unknown };
withRuntime.regeneratorRuntime ??= {
  mark: <T>(generatorFunction: T): T => generatorFunction,
  wrap(body: (context: GeneratorContext) => unknown): IterableIterator<unknown> {
    const context: GeneratorContext = {
      prev: 0,
      next: 0,
      done: false,
      stop() {
        this.done = true;
      },
    };
    const iterator: IterableIterator<unknown> = {
      [Symbol.iterator]: () => iterator,
      next() {
        if (context.done) return { done: true, value: undefined };
        const value = body(context);
        return context.done ? { done: true, value: undefined } : { done: false, value };
      },
    };
    return iterator;
  },
};

export type FontWeight = "regular" | "bold";

// Tried in this order for each character: Noto Sans covers Latin (French, Vietnamese), Greek and
// Cyrillic; the others only what Noto Sans lacks. The CJK family is 10 MB per weight, so it is read
// only when a character needs it.
const families = [
  { id: "NotoSans", dir: "noto-sans" },
  { id: "NotoSansThai", dir: "noto-sans-thai" },
  { id: "NotoSansTamil", dir: "noto-sans-tamil" },
  { id: "NotoSansSC", dir: "noto-sans-sc" },
] as const;
type Family = (typeof families)[number];

export interface FontFace {
  key: string;
  font: Font;
}

const resolvePackageFile = createRequire(import.meta.url).resolve;
const loadedFaces = new Map<string, Promise<FontFace>>();

function loadFace(family: Family, weight: FontWeight): Promise<FontFace> {
  const key = `${family.id}-${weight}`;
  let face = loadedFaces.get(key);
  if (!face) {
    const style = weight === "bold" ? "700Bold" : "400Regular";
    const file = resolvePackageFile(
      `@expo-google-fonts/${family.dir}/${style}/${family.id}_${style}.ttf`,
    );
    face = readFile(file).then((bytes) => ({ key, font: fontkit.create(bytes) }));
    // A failed read must not stay cached for the life of the process.
    face.catch(() => loadedFaces.delete(key));
    loadedFaces.set(key, face);
  }
  return face;
}

const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });
// Joiners and variation selectors take no glyph of their own; they must not force a font change.
const isIgnorable = (codePoint: number) =>
  codePoint === 0x200c || codePoint === 0x200d || (codePoint >= 0xfe00 && codePoint <= 0xfe0f);
const scriptNeutral = /^[\p{Script=Common}\p{Script=Inherited}]+$/u;

function covers(face: FontFace, cluster: string): boolean {
  for (const character of cluster) {
    const codePoint = character.codePointAt(0) ?? 0;
    if (!isIgnorable(codePoint) && !face.font.hasGlyphForCodePoint(codePoint)) return false;
  }
  return true;
}

async function faceFor(cluster: string, weight: FontWeight): Promise<FontFace> {
  for (const family of families) {
    const face = await loadFace(family, weight);
    if (covers(face, cluster)) return face;
  }
  // Nothing covers it: Noto Sans draws its missing-glyph box, and the text layer still says what it was.
  return loadFace(families[0], weight);
}

interface PlacedGlyph {
  id: number;
  /**
   * What the glyph reads back as (copy, search, screen readers), or null for a glyph that stands for
   * no character of its own: that one is drawn as an outline, outside the text.
   */
  text: string | null;
  /**
   * How far a PDF reader moves after drawing it: its own advance, stretched over any outline-drawn
   * glyphs that follow, since readers take a gap in the text for a space.
   */
  width: number;
  xAdvance: number;
  xOffset: number;
  yOffset: number;
}

export interface ShapedRun {
  face: FontFace;
  glyphs: PlacedGlyph[];
  /** In font units. */
  advance: number;
}

/** Shapes text run by run, each run in the first font that has its characters. */
export async function shapeText(text: string, weight: FontWeight): Promise<ShapedRun[]> {
  const runs: { face: FontFace; text: string }[] = [];
  for (const { segment } of graphemes.segment(text.normalize("NFC"))) {
    const current = runs.at(-1);
    if (current && scriptNeutral.test(segment) && covers(current.face, segment)) {
      current.text += segment;
      continue;
    }
    const face = await faceFor(segment, weight);
    if (current?.face === face) current.text += segment;
    else runs.push({ face, text: segment });
  }
  return runs.map(({ face, text: runText }) => shapeRun(face, runText));
}

function shapeRun(face: FontFace, text: string): ShapedRun {
  const { glyphs, positions } = face.font.layout(text);
  const texts = glyphTexts(
    face.font,
    text,
    glyphs.map((glyph) => glyph.id),
  );
  let advance = 0;
  const placed = glyphs.map((glyph, index) => {
    const position = positions[index];
    advance += position?.xAdvance ?? 0;
    return {
      id: glyph.id,
      text: texts[index] ?? null,
      width: glyph.advanceWidth,
      xAdvance: position?.xAdvance ?? 0,
      xOffset: position?.xOffset ?? 0,
      yOffset: position?.yOffset ?? 0,
    };
  });
  moveRaisedGlyphsOutOfText(placed);
  coverOutlineGaps(placed, advance);
  return { face, glyphs: placed, advance };
}

/**
 * PDF readers split text at a raised glyph and read a space into the word (Thai น้ำ lifts its
 * nikhahit above the tone mark). Such a glyph is drawn as an outline instead, and the glyph before
 * it reads back its characters.
 */
function moveRaisedGlyphsOutOfText(glyphs: PlacedGlyph[]): void {
  glyphs.forEach((glyph, index) => {
    if (glyph.yOffset === 0 || glyph.text === null) return;
    const carrier = glyphs.slice(0, index).findLast((candidate) => candidate.text !== null);
    if (!carrier) return;
    carrier.text += glyph.text;
    glyph.text = null;
  });
}

function coverOutlineGaps(glyphs: PlacedGlyph[], advance: number): void {
  let pen = 0;
  const pens = glyphs.map((glyph) => {
    const start = pen;
    pen += glyph.xAdvance;
    return start;
  });
  glyphs.forEach((glyph, index) => {
    if (glyph.text === null) return;
    let next = index + 1;
    while (glyphs[next]?.text === null) next++;
    if (next > index + 1)
      glyph.width = (pens[next] ?? advance) - ((pens[index] ?? 0) + glyph.xOffset);
  });
}

// Wide enough for the longest ligature met in practice (Tamil க்ஷ spans two clusters).
const longestLigature = 4;

/**
 * Maps each glyph to the characters it reads back as. PDF text is read glyph by glyph in drawing
 * order, while shaping reorders (a Tamil vowel sign drawn before its consonant), merges (fi, க்ஷ)
 * and splits (Thai sara am) characters. So each cluster, or ligated group of clusters, hands its
 * characters to its glyphs in logical order: the group reads back right whatever the order drawn.
 */
function glyphTexts(font: Font, text: string, glyphIds: number[]): (string | null)[] {
  // Where shaping kept every character's own glyph, in order (most Latin text), each glyph reads
  // back as its character, without a layout of each cluster.
  const characters = [...text];
  if (
    characters.length === glyphIds.length &&
    characters.every(
      (character, index) =>
        font.glyphForCodePoint(character.codePointAt(0) ?? 0).id === glyphIds[index],
    )
  ) {
    return characters;
  }
  const clusters = [...graphemes.segment(text)].map(({ segment }) => segment);
  const texts: (string | null)[] = [];
  let cluster = 0;
  while (cluster < clusters.length) {
    let matched = false;
    for (let span = 1; span <= longestLigature && cluster + span <= clusters.length; span++) {
      const group = clusters.slice(cluster, cluster + span).join("");
      const ids = font.layout(group).glyphs.map((glyph) => glyph.id);
      const start = texts.length;
      if (ids.length > 0 && ids.every((id, offset) => id === glyphIds[start + offset])) {
        texts.push(...spread(group, ids.length));
        cluster += span;
        matched = true;
        break;
      }
    }
    if (!matched) {
      texts.push(...spread(clusters.slice(cluster).join(""), glyphIds.length - texts.length));
      break;
    }
  }
  return texts;
}

function spread(text: string, glyphCount: number): (string | null)[] {
  if (glyphCount <= 1) return [text];
  // Canonically decomposed, a Tamil two-part vowel gives one character to each of its glyphs.
  const characters = [...text.normalize("NFD")];
  return Array.from({ length: glyphCount }, (_, index) => {
    if (index < glyphCount - 1) return characters[index] ?? null;
    return characters.length >= glyphCount ? characters.slice(index).join("") : null;
  });
}

export function runsWidth(runs: ShapedRun[], size: number): number {
  return runs.reduce((width, run) => width + (run.advance * size) / run.face.font.unitsPerEm, 0);
}

interface CidEntry {
  glyphId: number;
  text: string;
  /** In thousandths of the font size, as PDF widths are. */
  width: number;
}

/**
 * One font face embedded in one document: a TrueType subset with its own character ids, so that
 * the same glyph can read back as different text (Thai sara am's vowel reuses the glyph of sara aa).
 */
class EmbeddedFace {
  readonly ref: PDFRef;
  private readonly subset;
  private readonly cids = new Map<string, number>();
  // CID 0 is the missing glyph, as PDF readers expect.
  private readonly entries: CidEntry[] = [{ glyphId: 0, text: "", width: 0 }];
  private readonly pageNames = new Map<PDFPage, PDFName>();

  constructor(
    private readonly doc: PDFDocument,
    readonly face: FontFace,
    private readonly tag: string,
  ) {
    this.ref = doc.context.nextRef();
    this.subset = face.font.createSubset();
    padGlyphsToEvenLength(this.subset);
  }

  cidFor(entry: CidEntry): number {
    const key = `${entry.glyphId}\u0000${entry.text}\u0000${entry.width}`;
    let cid = this.cids.get(key);
    if (cid === undefined) {
      this.subset.includeGlyph(entry.glyphId);
      cid = this.entries.push(entry) - 1;
      this.cids.set(key, cid);
    }
    return cid;
  }

  nameOn(page: PDFPage): PDFName {
    let name = this.pageNames.get(page);
    if (!name) {
      name = page.node.newFontDictionary(this.face.key, this.ref);
      this.pageNames.set(page, name);
    }
    return name;
  }

  async write(): Promise<void> {
    const { context } = this.doc;
    const { font } = this.face;
    const scale = 1000 / font.unitsPerEm;
    const baseFont = `${this.tag}+${font.postscriptName ?? this.face.key}`;
    const program = await encodeSubset(this.subset);
    const descriptor = context.obj({
      Type: "FontDescriptor",
      FontName: baseFont,
      // Symbolic: the glyphs are addressed by CID, not by a standard Latin encoding.
      Flags: 4,
      FontBBox: [font.bbox.minX, font.bbox.minY, font.bbox.maxX, font.bbox.maxY].map((v) =>
        Math.round(v * scale),
      ),
      ItalicAngle: font.italicAngle,
      Ascent: Math.round(font.ascent * scale),
      Descent: Math.round(font.descent * scale),
      CapHeight: Math.round((font.capHeight || font.ascent) * scale),
      StemV: 80,
      FontFile2: context.register(context.flateStream(program, { Length1: program.length })),
    });
    const cidToGid = new Uint8Array(this.entries.length * 2);
    this.entries.forEach(({ glyphId }, cid) => {
      const subsetId = this.subset.includeGlyph(glyphId);
      cidToGid[cid * 2] = subsetId >> 8;
      cidToGid[cid * 2 + 1] = subsetId & 0xff;
    });
    const cidFont = context.obj({
      Type: "Font",
      Subtype: "CIDFontType2",
      BaseFont: baseFont,
      CIDSystemInfo: {
        Registry: PDFString.of("Adobe"),
        Ordering: PDFString.of("Identity"),
        Supplement: 0,
      },
      FontDescriptor: context.register(descriptor),
      W: [0, this.entries.map(({ width }) => width)],
      CIDToGIDMap: context.register(context.flateStream(cidToGid)),
    });
    context.assign(
      this.ref,
      context.obj({
        Type: "Font",
        Subtype: "Type0",
        BaseFont: baseFont,
        Encoding: "Identity-H",
        DescendantFonts: [context.register(cidFont)],
        ToUnicode: context.register(context.flateStream(toUnicodeCMap(this.entries))),
      }),
    );
  }
}

interface TrueTypeSubsetInternals {
  glyf: Buffer[];
  offset: number;
  _addGlyph(glyphId: number): number;
}

/**
 * fontkit writes a subset's glyph offsets in the short format (halved), which is only exact when
 * every glyph has an even length. Noto Sans and Noto Sans SC have odd-length glyphs (their long
 * offset format allowed it), so unpadded subsets lose most of their letters in every PDF reader.
 */
function padGlyphsToEvenLength(subset: ReturnType<Font["createSubset"]>): void {
  const internals = subset as unknown as TrueTypeSubsetInternals;
  const addGlyph = internals._addGlyph.bind(internals);
  internals._addGlyph = (glyphId) => {
    const index = addGlyph(glyphId);
    const data = internals.glyf[index];
    if (data && data.length % 2 === 1) {
      // The bundle's own Buffer polyfill: its encoder rejects Node's Buffer.
      const BundledBuffer = data.constructor as typeof Buffer;
      internals.glyf[index] = BundledBuffer.concat([data, BundledBuffer.alloc(1)]);
      internals.offset += 1;
    }
    return index;
  };
}

function encodeSubset(subset: ReturnType<Font["createSubset"]>): Promise<Uint8Array> {
  return new Promise((resolve) => {
    const parts: Uint8Array[] = [];
    subset
      .encodeStream()
      .on("data", (bytes) => parts.push(bytes))
      .on("end", () => resolve(Buffer.concat(parts)));
  });
}

function utf16Hex(text: string): string {
  let hex = "";
  for (let index = 0; index < text.length; index++) {
    hex += text.charCodeAt(index).toString(16).padStart(4, "0");
  }
  return hex;
}

function toUnicodeCMap(entries: CidEntry[]): string {
  const lines: string[] = [];
  // The CMap format allows at most 100 mappings per bfchar block.
  for (let start = 1; start < entries.length; start += 100) {
    const block = entries.slice(start, start + 100);
    lines.push(`${block.length} beginbfchar`);
    block.forEach(({ text }, offset) => {
      lines.push(`<${(start + offset).toString(16).padStart(4, "0")}> <${utf16Hex(text)}>`);
    });
    lines.push("endbfchar");
  }
  return [
    "/CIDInit /ProcSet findresource begin",
    "12 dict begin",
    "begincmap",
    "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def",
    "/CMapName /Adobe-Identity-UCS def",
    "/CMapType 2 def",
    "1 begincodespacerange",
    "<0000> <ffff>",
    "endcodespacerange",
    ...lines,
    "endcmap",
    "CMapName currentdict /CMap defineresource pop",
    "end",
    "end",
  ].join("\n");
}

interface PathCommand {
  command: "moveTo" | "lineTo" | "quadraticCurveTo" | "bezierCurveTo" | "closePath";
  args: number[];
}

/** A glyph's outline as a filled path, in page space; TrueType's quadratic curves become cubic. */
function outlineOperators(
  font: Font,
  glyphId: number,
  x: number,
  y: number,
  scale: number,
): PDFOperator[] {
  // fontkit's typings omit the command list its paths carry.
  const { commands } = font.getGlyph(glyphId).path as unknown as { commands: PathCommand[] };
  const at = (px: number, py: number): [number, number] => [
    round(x + px * scale),
    round(y + py * scale),
  ];
  const operators: PDFOperator[] = [];
  let current: [number, number] = [0, 0];
  for (const { command, args } of commands) {
    const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = args;
    if (command === "moveTo") operators.push(moveTo(...at(a, b)));
    else if (command === "lineTo") operators.push(lineTo(...at(a, b)));
    else if (command === "bezierCurveTo")
      operators.push(appendBezierCurve(...at(a, b), ...at(c, d), ...at(e, f)));
    else if (command === "quadraticCurveTo") {
      const [x0, y0] = current;
      operators.push(
        appendBezierCurve(
          ...at(x0 + (2 / 3) * (a - x0), y0 + (2 / 3) * (b - y0)),
          ...at(c + (2 / 3) * (a - c), d + (2 / 3) * (b - d)),
          ...at(c, d),
        ),
      );
    } else operators.push(closePath());
    if (command === "quadraticCurveTo") current = [c, d];
    else if (command === "bezierCurveTo") current = [e, f];
    else if (command !== "closePath") current = [a, b];
  }
  if (operators.length > 0) operators.push(fill());
  return operators;
}

const round = (value: number) => Math.round(value * 100) / 100;

/**
 * The fonts of one PDF. pdf-lib's own text drawing ignores the OpenType positioning that Thai and
 * Tamil marks and Latin kerning rely on, so glyphs are placed here with TJ offsets and text rise.
 */
export class DocumentFonts {
  private readonly embedded = new Map<FontFace, EmbeddedFace>();

  constructor(private readonly doc: PDFDocument) {}

  draw(
    page: PDFPage,
    runs: ShapedRun[],
    options: { x: number; y: number; size: number; color: Color },
  ): void {
    const { size, y } = options;
    const text: PDFOperator[] = [beginText(), setFillingColor(options.color)];
    const outlines: PDFOperator[] = [];
    let x = options.x;
    for (const run of runs) {
      const embedded = this.embed(run.face);
      const { font } = run.face;
      const scale = size / font.unitsPerEm;
      const toTextSpace = 1000 / font.unitsPerEm;
      text.push(
        setFontAndSize(embedded.nameOn(page), size),
        setTextMatrix(1, 0, 0, 1, round(x), round(y)),
      );
      let items: PDFObject[] = [];
      let hex = "";
      let rise = 0;
      // Where shaping puts the pen, in font units, and where the reader's pen is, in text space.
      let pen = 0;
      let readerPen = 0;
      const flushHex = () => {
        if (hex) items.push(PDFHexString.of(hex));
        hex = "";
      };
      const flushItems = () => {
        flushHex();
        if (items.length > 0) {
          text.push(
            PDFOperator.of(PDFOperatorNames.ShowTextAdjusted, [this.doc.context.obj(items)]),
          );
        }
        items = [];
      };
      for (const glyph of run.glyphs) {
        if (glyph.text === null) {
          const at = { x: x + (pen + glyph.xOffset) * scale, y: y + glyph.yOffset * scale };
          outlines.push(...outlineOperators(font, glyph.id, at.x, at.y, scale));
          pen += glyph.xAdvance;
          continue;
        }
        const glyphRise = round(glyph.yOffset * scale);
        if (glyphRise !== rise) {
          flushItems();
          text.push(setTextRise(glyphRise));
          rise = glyphRise;
        }
        const target = Math.round((pen + glyph.xOffset) * toTextSpace);
        if (target !== readerPen) {
          flushHex();
          // TJ numbers move the pen left by thousandths of the font size.
          items.push(PDFNumber.of(readerPen - target));
        }
        const width = Math.round(glyph.width * toTextSpace);
        hex += embedded
          .cidFor({ glyphId: glyph.id, text: glyph.text, width })
          .toString(16)
          .padStart(4, "0");
        readerPen = target + width;
        pen += glyph.xAdvance;
      }
      flushItems();
      if (rise !== 0) text.push(setTextRise(0));
      x += pen * scale;
    }
    text.push(endText());
    if (outlines.length > 0) {
      outlines.unshift(pushGraphicsState(), setFillingColor(options.color));
      outlines.push(popGraphicsState());
    }
    page.pushOperators(...text, ...outlines);
  }

  /** Writes the font programs; call once, after the last draw and before saving. */
  async write(): Promise<void> {
    await Promise.all([...this.embedded.values()].map((face) => face.write()));
  }

  private embed(face: FontFace): EmbeddedFace {
    let embedded = this.embedded.get(face);
    if (!embedded) {
      // Subset tags are six capital letters, unique within the document.
      const tag = `KESTR${String.fromCharCode(65 + this.embedded.size)}`;
      embedded = new EmbeddedFace(this.doc, face, tag);
      this.embedded.set(face, embedded);
    }
    return embedded;
  }
}
