import {
  PDFArray,
  PDFDict,
  type PDFDocument,
  PDFDocument as PdfDocument,
  PDFHexString,
  PDFName,
  PDFRawStream,
  PDFString,
  decodePDFRawStream,
} from "pdf-lib";
import { parseShallowJson } from "~/platform/lib/json-depth";
import type { EvidenceKit } from "./record.server";

// An evidence PDF carries its kit's JSON as an attached file, `evidence.json`: a reader lists it
// among the attachments, and the verifier reads it back from an uploaded PDF.

export const KIT_ATTACHMENT = "evidence.json";

export async function attachKit(pdf: PDFDocument, kit: EvidenceKit): Promise<void> {
  await pdf.attach(new TextEncoder().encode(JSON.stringify(kit, null, 2)), KIT_ATTACHMENT, {
    mimeType: "application/json",
    description: `Evidence record ${kit.evidenceId}, signed`,
    creationDate: new Date(kit.envelope.payload.timestamp),
    modificationDate: new Date(kit.envelope.payload.timestamp),
  });
}

const text = (value: unknown) =>
  value instanceof PDFString || value instanceof PDFHexString ? value.decodeText() : null;

/** The kit JSON attached to a PDF, parsed; null when the bytes are no PDF or carry none. */
export async function kitFromPdf(bytes: Uint8Array): Promise<unknown> {
  let pdf: PDFDocument;
  try {
    pdf = await PdfDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: false });
  } catch {
    return null;
  }
  const names = pdf.catalog.lookupMaybe(PDFName.of("Names"), PDFDict);
  const files = names?.lookupMaybe(PDFName.of("EmbeddedFiles"), PDFDict);
  const list = files?.lookupMaybe(PDFName.of("Names"), PDFArray);
  if (!list) return null;
  for (let index = 0; index + 1 < list.size(); index += 2) {
    if (text(list.lookup(index)) !== KIT_ATTACHMENT) continue;
    const spec = list.lookupMaybe(index + 1, PDFDict);
    const stream = spec?.lookupMaybe(PDFName.of("EF"), PDFDict)?.lookup(PDFName.of("F"));
    if (!(stream instanceof PDFRawStream)) return null;
    try {
      const json = new TextDecoder().decode(decodePDFRawStream(stream).decode());
      return parseShallowJson(json) ?? null;
    } catch {
      return null; // a stream that does not decode
    }
  }
  return null;
}
