import {
  type PDFPage,
  fill,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  rgb,
  setFillingColor,
} from "pdf-lib";
import { encode } from "uqr";

export interface QrBox {
  /** The bottom-left corner, in PDF points. */
  x: number;
  y: number;
  size: number;
  errorCorrection: "L" | "M" | "Q" | "H";
}

/** Dark modules as filled rectangles, one per horizontal stretch: sharp at any zoom and in print. */
export function drawQrCode(
  page: PDFPage,
  url: string,
  { x, y, size, errorCorrection }: QrBox,
): void {
  const { data } = encode(url, { ecc: errorCorrection, border: 0 });
  const module = size / data.length;
  const operators = [pushGraphicsState(), setFillingColor(rgb(0, 0, 0))];
  data.forEach((row, rowIndex) => {
    const top = y + size - rowIndex * module;
    let start = -1;
    row.forEach((dark, column) => {
      if (dark && start < 0) start = column;
      const endsHere = start >= 0 && (!dark || column === row.length - 1);
      if (endsHere) {
        const end = dark ? column + 1 : column;
        operators.push(rectangle(x + start * module, top - module, (end - start) * module, module));
        start = -1;
      }
    });
  });
  operators.push(fill(), popGraphicsState());
  page.pushOperators(...operators);
}
