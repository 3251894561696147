import {
  PDFDocument,
  type PDFPage,
  type Color,
  concatTransformationMatrix,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  rgb,
  setGraphicsState,
  setLineWidth,
  setStrokingColor,
  stroke,
} from "pdf-lib";
import {
  DocumentFonts,
  type FontWeight,
  type ShapedRun,
  runsWidth,
  shapeText,
} from "~/platform/lib/pdf-fonts.server";
import { drawQrCode } from "~/platform/lib/pdf-qr.server";

export interface CertificatePdfLabels {
  heading: string;
  certifies: string;
  completed: string;
  issued: string;
  expires: string;
  code: string;
  verifyAt: string;
  issuer: string;
  keyId: string;
  fingerprint: string;
  expiredStamp: string;
  revokedStamp: string;
}

export interface CertificatePdfInput {
  holderName: string;
  title: string;
  achievement: string;
  /** Already formatted for the reader's language. */
  issuedOn: string;
  /**
   * The document's own date: the issue's, or the revocation's, so the same certificate in the same
   * language and state is always the same bytes (one registered file, docs/decisions/039).
   */
  madeAt: Date;
  expiresOn: string;
  verificationCode: string;
  /** The QR code's target, also printed under it. */
  verifyUrl: string;
  issuerName: string;
  keyId: string;
  signatureFingerprint: string;
  status: "valid" | "expired" | "revoked";
  /** BCP 47 tag, recorded as the document's language for screen readers. */
  language: string;
  labels: CertificatePdfLabels;
}

const ink = rgb(0.09, 0.15, 0.27);
const muted = rgb(0.38, 0.42, 0.48);
const gold = rgb(0.71, 0.56, 0.24);
const stampRed = rgb(0.75, 0.11, 0.13);

/** Positions in PDF points from the bottom-left corner; tests read the QR code's place from here. */
export const certificateLayout = {
  // A4 landscape
  page: { width: 841.89, height: 595.28 },
  margin: 64,
  qr: { x: 841.89 - 52 - 96, y: 84, size: 96, errorCorrection: "M" },
} as const;

const { page: pageSize, margin } = certificateLayout;
const contentWidth = pageSize.width - 2 * margin;

interface FitOptions {
  weight: FontWeight;
  maxSize: number;
  minSize: number;
  maxLines: number;
  width: number;
}

interface FittedText {
  size: number;
  lines: ShapedRun[][];
}

// Wrapped text may shrink below a block's minimum to stay within its lines, but not below this.
const smallestSize = 5;

/** Shrinks text to one line where it can, then wraps it at word boundaries (Thai included, via ICU). */
async function fitText(text: string, language: string, options: FitOptions): Promise<FittedText> {
  const segmenter = new Intl.Segmenter(language, { granularity: "word" });
  const words = await Promise.all(
    [...segmenter.segment(text)].map(async ({ segment }) => ({
      segment,
      width: runsWidth(await shapeText(segment, options.weight), 1),
    })),
  );
  const totalWidth = words.reduce((sum, word) => sum + word.width, 0);
  for (let size = options.maxSize; ; size -= 0.5) {
    if (totalWidth * size <= options.width)
      return { size, lines: [await shapeText(text, options.weight)] };
    if (size > options.minSize) continue;
    const lines = await wrap(words, size, options);
    if (lines.length <= options.maxLines || size <= smallestSize) {
      return {
        size,
        lines: await Promise.all(lines.map((line) => shapeText(line, options.weight))),
      };
    }
  }
}

async function wrap(
  words: { segment: string; width: number }[],
  size: number,
  options: FitOptions,
): Promise<string[]> {
  const lines: string[] = [];
  let line = "";
  let lineWidth = 0;
  const push = (segment: string, width: number) => {
    if (line.trim() && lineWidth + width * size > options.width) {
      lines.push(line.trim());
      line = "";
      lineWidth = 0;
    }
    if (!line && !segment.trim()) return;
    line += segment;
    lineWidth += width * size;
  };
  for (const word of words) {
    if (word.width * size <= options.width) {
      push(word.segment, word.width);
      continue;
    }
    // One word wider than the line (a long compound or unspaced CJK): break between characters.
    for (const { segment } of new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(
      word.segment,
    )) {
      push(segment, runsWidth(await shapeText(segment, options.weight), 1));
    }
  }
  if (line.trim()) lines.push(line.trim());
  return lines;
}

type Align = "left" | "center" | "right";

function drawLine(
  fonts: DocumentFonts,
  page: PDFPage,
  runs: ShapedRun[],
  at: { x: number; y: number; size: number; color: Color; align?: Align },
): void {
  const width = runsWidth(runs, at.size);
  const x = at.align === "center" ? at.x - width / 2 : at.align === "right" ? at.x - width : at.x;
  fonts.draw(page, runs, { x, y: at.y, size: at.size, color: at.color });
}

/** Draws fitted lines downwards from the first baseline `y`; returns the last line's baseline. */
function drawLines(
  fonts: DocumentFonts,
  page: PDFPage,
  { size, lines }: FittedText,
  at: { x: number; y: number; color: Color; align?: Align },
): number {
  let y = at.y;
  lines.forEach((line, index) => {
    if (index > 0) y -= size * 1.2;
    drawLine(fonts, page, line, { ...at, y, size });
  });
  return y;
}

/**
 * Draws a block of fitted text centred on the page with its first baseline `gap` below `top`;
 * returns the baseline of its last line so the next block can follow.
 */
async function drawCentredBlock(
  fonts: DocumentFonts,
  page: PDFPage,
  text: string,
  language: string,
  top: number,
  gap: number,
  options: FitOptions & { color: Color },
): Promise<number> {
  const fitted = await fitText(text, language, options);
  return drawLines(fonts, page, fitted, {
    x: pageSize.width / 2,
    y: top - gap - fitted.size * 0.8,
    color: options.color,
    align: "center",
  });
}

function drawFrame(page: PDFPage): void {
  page.drawRectangle({
    x: 18,
    y: 18,
    width: pageSize.width - 36,
    height: pageSize.height - 36,
    borderColor: ink,
    borderWidth: 2.5,
  });
  page.drawRectangle({
    x: 26,
    y: 26,
    width: pageSize.width - 52,
    height: pageSize.height - 52,
    borderColor: gold,
    borderWidth: 0.75,
  });
}

async function drawStamp(
  fonts: DocumentFonts,
  doc: PDFDocument,
  page: PDFPage,
  label: string,
): Promise<void> {
  const { size, lines } = await fitText(label, "und", {
    weight: "bold",
    maxSize: 56,
    minSize: 28,
    maxLines: 2,
    width: 380,
  });
  const lineHeight = size * 1.15;
  const textWidth = Math.max(...lines.map((line) => runsWidth(line, size)));
  const boxWidth = textWidth + 48;
  const boxHeight = lines.length * lineHeight + 28;
  const angle = (16 * Math.PI) / 180;
  const translucent = page.node.newExtGState(
    "Stamp",
    doc.context.obj({ Type: "ExtGState", ca: 0.82, CA: 0.82 }),
  );
  // Drawn around the origin, then rotated and moved to the page's centre.
  page.pushOperators(
    pushGraphicsState(),
    setGraphicsState(translucent),
    concatTransformationMatrix(
      Math.cos(angle),
      Math.sin(angle),
      -Math.sin(angle),
      Math.cos(angle),
      pageSize.width / 2,
      pageSize.height / 2 - 50,
    ),
    setStrokingColor(stampRed),
    setLineWidth(4),
    rectangle(-boxWidth / 2, -boxHeight / 2, boxWidth, boxHeight),
    stroke(),
    setLineWidth(1.25),
    rectangle(-boxWidth / 2 + 7, -boxHeight / 2 + 7, boxWidth - 14, boxHeight - 14),
    stroke(),
  );
  lines.forEach((line, index) => {
    const y = ((lines.length - 1) / 2 - index) * lineHeight - size * 0.35;
    drawLine(fonts, page, line, { x: 0, y, size, color: stampRed, align: "center" });
  });
  page.pushOperators(popGraphicsState());
}

export async function renderCertificatePdf(input: CertificatePdfInput): Promise<Uint8Array> {
  const { labels, language } = input;
  const doc = await PDFDocument.create();
  const fonts = new DocumentFonts(doc);
  const page = doc.addPage([pageSize.width, pageSize.height]);
  const centre = pageSize.width / 2;

  drawFrame(page);

  drawLine(fonts, page, await shapeText(input.issuerName, "bold"), {
    x: centre,
    y: 528,
    size: 11,
    color: gold,
    align: "center",
  });
  let y = await drawCentredBlock(fonts, page, labels.heading, language, 520, 14, {
    weight: "bold",
    maxSize: 30,
    minSize: 22,
    maxLines: 2,
    width: contentWidth,
    color: ink,
  });
  page.drawLine({
    start: { x: centre - 60, y: y - 16 },
    end: { x: centre + 60, y: y - 16 },
    thickness: 1,
    color: gold,
  });
  y = await drawCentredBlock(fonts, page, labels.certifies, language, y - 16, 26, {
    weight: "regular",
    maxSize: 13,
    minSize: 10,
    maxLines: 2,
    width: contentWidth,
    color: muted,
  });
  y = await drawCentredBlock(fonts, page, input.holderName, language, y, 24, {
    weight: "bold",
    maxSize: 36,
    minSize: 20,
    maxLines: 2,
    width: contentWidth,
    color: ink,
  });
  y = await drawCentredBlock(fonts, page, labels.completed, language, y, 20, {
    weight: "regular",
    maxSize: 13,
    minSize: 10,
    maxLines: 2,
    width: contentWidth,
    color: muted,
  });
  y = await drawCentredBlock(fonts, page, input.title, language, y, 18, {
    weight: "bold",
    maxSize: 22,
    minSize: 14,
    maxLines: 2,
    width: contentWidth,
    color: ink,
  });
  await drawCentredBlock(fonts, page, input.achievement, language, y, 14, {
    weight: "regular",
    maxSize: 13,
    minSize: 10,
    maxLines: 2,
    width: contentWidth,
    color: muted,
  });

  const details = [
    [labels.issued, input.issuedOn],
    [labels.expires, input.expiresOn],
    [labels.code, input.verificationCode],
  ] as const;
  for (const [index, [label, value]] of details.entries()) {
    const x = margin + index * 170;
    const column = { width: 160, maxLines: 2, minSize: 6 };
    const labelText = await fitText(label, language, {
      ...column,
      weight: "regular",
      maxSize: 8.5,
    });
    const valueText = await fitText(value, language, { ...column, weight: "bold", maxSize: 11 });
    drawLines(fonts, page, labelText, { x, y: 152, color: muted });
    drawLines(fonts, page, valueText, { x, y: 136, color: ink });
  }

  const smallPrint = [
    `${labels.issuer}: ${input.issuerName}`,
    `${labels.keyId}: ${input.keyId}`,
    `${labels.fingerprint}: ${input.signatureFingerprint}`,
  ];
  let smallPrintY = 96;
  for (const line of smallPrint) {
    const fitted = await fitText(line, language, {
      weight: "regular",
      maxSize: 7.5,
      minSize: 5,
      maxLines: 1,
      width: certificateLayout.qr.x - margin - 40,
    });
    smallPrintY = drawLines(fonts, page, fitted, { x: margin, y: smallPrintY, color: muted }) - 11;
  }

  const { qr } = certificateLayout;
  drawQrCode(page, input.verifyUrl, qr);
  const qrRight = qr.x + qr.size;
  const verifyAt = await fitText(labels.verifyAt, language, {
    weight: "regular",
    maxSize: 8,
    minSize: 6,
    maxLines: 1,
    width: 300,
  });
  const urlTop = drawLines(fonts, page, verifyAt, {
    x: qrRight,
    y: qr.y - 14,
    color: muted,
    align: "right",
  });
  const url = await fitText(input.verifyUrl, "und", {
    weight: "regular",
    maxSize: 7.5,
    minSize: 5,
    maxLines: 2,
    width: 300,
  });
  drawLines(fonts, page, url, { x: qrRight, y: urlTop - 11, color: ink, align: "right" });

  if (input.status !== "valid") {
    const stamp = input.status === "expired" ? labels.expiredStamp : labels.revokedStamp;
    await drawStamp(fonts, doc, page, stamp);
  }

  doc.setTitle(`${input.title} — ${input.holderName}`, { showInWindowTitleBar: true });
  doc.setAuthor(input.issuerName);
  doc.setSubject(input.achievement);
  doc.setKeywords([input.verificationCode, input.title, input.issuerName]);
  doc.setCreator("Kestrel");
  doc.setProducer("Kestrel");
  doc.setLanguage(language);
  doc.setCreationDate(input.madeAt);
  doc.setModificationDate(input.madeAt);

  await fonts.write();
  return doc.save();
}
