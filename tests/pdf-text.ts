import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

/** Text as a reader copies it; whitespace is where PDF readers differ, so it is left out. */
export const comparableText = (text: string) => text.normalize("NFC").replace(/\s+/gu, "");

/** The text of every page of a PDF, as pdf.js extracts it, in comparable form. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocument({ data: bytes.slice() }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const content = await (await pdf.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ("str" in item ? item.str : "")).join(""));
  }
  await pdf.destroy();
  return comparableText(pages.join("\n"));
}
