import { PDFDocument, type PDFPage, rgb } from "pdf-lib";
import { DocumentFonts, type FontWeight } from "~/platform/lib/pdf-fonts.server";
import { Shaper } from "~/platform/lib/pdf-text.server";
import type { ReportTable } from "./tables.server";

// Reports as A4 documents: a title and the facts an examiner checks first, then tables that break
// across pages with their header row repeated, and "page N of M" on every page. Text goes through
// the certificates' fonts, so a name prints in whatever script it is written in.

export interface PdfReportInput {
  title: string;
  /** Label and value pairs printed under the title. */
  facts: readonly (readonly [string, string])[];
  tables: readonly ReportTable[];
  /** Wide tables read better across the page. */
  orientation: "portrait" | "landscape";
  /** BCP 47 tag, for word breaks and screen readers. */
  language: string;
  pageLabel: (page: number, pages: number) => string;
  author: string;
}

const A4 = { short: 595.28, long: 841.89 };
const margin = 36;
const footerHeight = 24;
const ink = rgb(0.09, 0.15, 0.27);
const muted = rgb(0.38, 0.42, 0.48);
const rule = rgb(0.8, 0.83, 0.87);
const stripe = rgb(0.95, 0.96, 0.98);
const headerFill = rgb(0.89, 0.92, 0.96);

const sizes = { title: 16, fact: 9, heading: 11, header: 7.5, cell: 7.5 } as const;
const lineGap = 1.3;
const cellPadding = 3;

interface Cursor {
  page: PDFPage;
  y: number;
}

export async function renderReportPdf(input: PdfReportInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const fonts = new DocumentFonts(doc);
  const shaper = new Shaper(input.language);
  const [pageWidth, pageHeight] =
    input.orientation === "landscape" ? [A4.long, A4.short] : [A4.short, A4.long];
  const contentWidth = pageWidth - 2 * margin;
  const bottom = margin + footerHeight;

  const text = async (
    cursor: Cursor,
    value: string,
    at: { x: number; size: number; weight: FontWeight; color?: typeof ink },
  ) => {
    fonts.draw(cursor.page, await shaper.shape(value, at.weight), {
      x: at.x,
      y: cursor.y,
      size: at.size,
      color: at.color ?? ink,
    });
  };

  const newPage = (): Cursor => ({
    page: doc.addPage([pageWidth, pageHeight]),
    y: pageHeight - margin,
  });

  let cursor = newPage();
  for (const line of await shaper.wrap(input.title, "bold", sizes.title, contentWidth)) {
    cursor.y -= sizes.title;
    await text(cursor, line, { x: margin, size: sizes.title, weight: "bold" });
    cursor.y -= sizes.title * (lineGap - 1);
  }
  cursor.y -= 6;
  for (const [label, value] of input.facts) {
    cursor.y -= sizes.fact * lineGap;
    const labelText = `${label}: `;
    await text(cursor, labelText, { x: margin, size: sizes.fact, weight: "regular", color: muted });
    const labelWidth = await shaper.width(labelText, "regular", sizes.fact);
    await text(cursor, value, { x: margin + labelWidth, size: sizes.fact, weight: "bold" });
  }

  for (const table of input.tables) {
    const totalWeight = table.columns.reduce((sum, column) => sum + column.weight, 0);
    const widths = table.columns.map((column) => (contentWidth * column.weight) / totalWeight);
    const lefts = widths.map(
      (_, index) => margin + widths.slice(0, index).reduce((a, b) => a + b, 0),
    );
    const innerWidths = widths.map((width) => width - 2 * cellPadding);

    const layoutRow = async (cells: readonly string[], weight: FontWeight, size: number) => {
      const lines = await Promise.all(
        cells.map((cell, index) => shaper.wrap(cell, weight, size, innerWidths[index] ?? 0)),
      );
      const count = Math.max(1, ...lines.map((cellLines) => cellLines.length));
      return { lines, height: count * size * lineGap + 2 * cellPadding };
    };
    const drawRow = async (
      row: { lines: string[][]; height: number },
      weight: FontWeight,
      size: number,
      fill: typeof ink | null,
    ) => {
      if (fill) {
        cursor.page.drawRectangle({
          x: margin,
          y: cursor.y - row.height,
          width: contentWidth,
          height: row.height,
          color: fill,
        });
      }
      for (const [index, cellLines] of row.lines.entries()) {
        let y = cursor.y - cellPadding;
        for (const line of cellLines) {
          y -= size * lineGap;
          fonts.draw(cursor.page, await shaper.shape(line, weight), {
            x: (lefts[index] ?? margin) + cellPadding,
            y: y + size * (lineGap - 1),
            size,
            color: ink,
          });
        }
      }
      cursor.y -= row.height;
    };

    const header = await layoutRow(
      table.columns.map((column) => column.label),
      "bold",
      sizes.header,
    );
    const drawHeader = async () => {
      await drawRow(header, "bold", sizes.header, headerFill);
      cursor.page.drawLine({
        start: { x: margin, y: cursor.y },
        end: { x: margin + contentWidth, y: cursor.y },
        thickness: 0.75,
        color: rule,
      });
    };

    const headingHeight = table.heading ? sizes.heading * lineGap + 10 : 8;
    // A heading is never left alone at the foot of a page: it keeps its header and a first row.
    if (cursor.y - headingHeight - header.height - 3 * sizes.cell * lineGap < bottom) {
      cursor = newPage();
    }
    cursor.y -= headingHeight;
    if (table.heading) {
      await text({ ...cursor, y: cursor.y + 4 }, table.heading, {
        x: margin,
        size: sizes.heading,
        weight: "bold",
      });
    }
    await drawHeader();
    if (table.rows.length === 0) {
      cursor.y -= sizes.cell * lineGap + 2 * cellPadding;
      await text({ ...cursor, y: cursor.y + cellPadding + 1 }, table.empty, {
        x: margin + cellPadding,
        size: sizes.cell,
        weight: "regular",
        color: muted,
      });
    }
    for (const [index, cells] of table.rows.entries()) {
      const row = await layoutRow(cells, "regular", sizes.cell);
      if (cursor.y - row.height < bottom) {
        cursor = newPage();
        await drawHeader();
      }
      await drawRow(row, "regular", sizes.cell, index % 2 === 1 ? stripe : null);
    }
  }

  const pages = doc.getPages();
  for (const [index, page] of pages.entries()) {
    const footer = { page, y: margin - 4 };
    const label = input.pageLabel(index + 1, pages.length);
    const width = await shaper.width(label, "regular", 7);
    page.drawLine({
      start: { x: margin, y: margin + 8 },
      end: { x: pageWidth - margin, y: margin + 8 },
      thickness: 0.5,
      color: rule,
    });
    const titleRuns = await shaper.shape(input.title, "regular");
    fonts.draw(page, titleRuns, { x: margin, y: footer.y, size: 7, color: muted });
    await text(footer, label, {
      x: pageWidth - margin - width,
      size: 7,
      weight: "regular",
      color: muted,
    });
  }

  doc.setTitle(input.title, { showInWindowTitleBar: true });
  doc.setAuthor(input.author);
  doc.setCreator("Kestrel");
  doc.setProducer("Kestrel");
  doc.setLanguage(input.language);
  await fonts.write();
  return doc.save();
}
