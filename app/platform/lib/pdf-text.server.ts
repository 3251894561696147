import { type FontWeight, type ShapedRun, runsWidth, shapeText } from "./pdf-fonts.server";

// Text laid out for PDFs with many repeated words: shaped word by word, once per document, and
// wrapped into columns.

const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/**
 * Shapes each distinct word once per document: a register repeats the same requirement names,
 * statuses, dates and name parts thousands of times, and shaping is most of the cost of drawing.
 * Shaping never reaches across a word boundary (no script joins or kerns over a space or a break
 * between Thai words), so a text's runs are its words' runs, joined.
 */
export class Shaper {
  private readonly texts = new Map<string, Promise<ShapedRun[]>>();
  private readonly pieces = new Map<string, Promise<ShapedRun[]>>();
  private readonly lines = new Map<string, Promise<string[]>>();
  private readonly words: Intl.Segmenter;

  constructor(language: string) {
    this.words = new Intl.Segmenter(language, { granularity: "word" });
  }

  shape(text: string, weight: FontWeight): Promise<ShapedRun[]> {
    const key = `${weight}\u0000${text}`;
    let runs = this.texts.get(key);
    if (!runs) {
      runs = Promise.all(
        [...this.words.segment(text)].map(({ segment }) => this.shapePiece(segment, weight)),
      ).then(joinRuns);
      this.texts.set(key, runs);
    }
    return runs;
  }

  private shapePiece(piece: string, weight: FontWeight): Promise<ShapedRun[]> {
    const key = `${weight}\u0000${piece}`;
    let runs = this.pieces.get(key);
    if (!runs) {
      runs = shapeText(piece, weight);
      this.pieces.set(key, runs);
    }
    return runs;
  }

  /** The lines a text takes in a column, worked out once per text and width. */
  wrap(text: string, weight: FontWeight, size: number, width: number): Promise<string[]> {
    const key = `${weight}\u0000${size}\u0000${width}\u0000${text}`;
    let lines = this.lines.get(key);
    if (!lines) {
      lines = this.breakLines(text, weight, size, width);
      this.lines.set(key, lines);
    }
    return lines;
  }

  async width(text: string, weight: FontWeight, size: number): Promise<number> {
    return runsWidth(await this.shape(text, weight), size);
  }

  /**
   * The lines a text takes in a column: broken between words, or inside a word too long. A line's
   * width is the sum of its pieces' (each shaped once), not a shaping of every candidate line.
   */
  private async breakLines(
    text: string,
    weight: FontWeight,
    size: number,
    width: number,
  ): Promise<string[]> {
    if ((await this.width(text, weight, size)) <= width) return [text];
    const lines: string[] = [];
    let line = "";
    let lineWidth = 0;
    const push = async (piece: string) => {
      const pieceWidth = await this.width(piece, weight, size);
      if (line.trim() && lineWidth + pieceWidth > width) {
        lines.push(line.trim());
        line = piece.trimStart();
        lineWidth = line === piece ? pieceWidth : await this.width(line, weight, size);
      } else {
        line += piece;
        lineWidth += pieceWidth;
      }
    };
    for (const { segment } of this.words.segment(text)) {
      if ((await this.width(segment, weight, size)) <= width) {
        await push(segment);
        continue;
      }
      for (const { segment: grapheme } of graphemes.segment(segment)) await push(grapheme);
    }
    if (line.trim()) lines.push(line.trim());
    return lines;
  }
}

/** Runs side by side in one face become one run, so each is one text operation when drawn. */
function joinRuns(parts: ShapedRun[][]): ShapedRun[] {
  const joined: ShapedRun[] = [];
  for (const run of parts.flat()) {
    const last = joined.at(-1);
    if (last && last.face === run.face) {
      joined[joined.length - 1] = {
        face: run.face,
        glyphs: [...last.glyphs, ...run.glyphs],
        advance: last.advance + run.advance,
      };
    } else {
      joined.push(run);
    }
  }
  return joined;
}
