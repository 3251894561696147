import { PDFDocument, PDFRawStream, decodePDFRawStream } from "pdf-lib";
import { encode } from "uqr";
import { describe, expect, test } from "vitest";
import {
  amlContent,
  sampleAttestation,
  sampleCriteria,
  storedEvidence,
} from "../../../tests/evidence-sample";
import { comparableText, pdfText } from "../../../tests/pdf-text";
import { kitOf } from "./chain.server";
import { evidencePdf } from "./kit-pdf.server";
import { kitFromPdf } from "./pdf-embed.server";

const verifyUrl = "https://kestrel.example/verify/evidence";

/** The QR code drawn on a PDF's first page, module by module, from its filled rectangles. */
async function drawnQrCode(bytes: Uint8Array): Promise<boolean[][]> {
  const pdf = await PDFDocument.load(bytes);
  const streams = pdf.getPage(0).node.normalizedEntries().Contents?.asArray() ?? [];
  const operators = streams
    .map((ref) => pdf.context.lookup(ref))
    .filter((stream) => stream instanceof PDFRawStream)
    .map((stream) => new TextDecoder().decode(decodePDFRawStream(stream).decode()))
    .join("\n");
  const rectangles = [...operators.matchAll(/(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) re/g)].map(
    (match) => match.slice(1, 5).map(Number) as [number, number, number, number],
  );
  const module = Math.min(...rectangles.map(([, , , height]) => height));
  const left = Math.min(...rectangles.map(([x]) => x));
  const top = Math.max(...rectangles.map(([, y, , height]) => y + height));
  const size = Math.round(
    (Math.max(...rectangles.map(([x, , width]) => x + width)) - left) / module,
  );
  const grid = Array.from({ length: size }, () => Array<boolean>(size).fill(false));
  for (const [x, y, width, height] of rectangles) {
    const row = Math.round((top - y - height) / module);
    const first = Math.round((x - left) / module);
    for (let column = first; column < first + Math.round(width / module); column++) {
      const cells = grid[row];
      if (cells) cells[column] = true;
    }
  }
  return grid;
}

describe("an evidence record's PDF", () => {
  test("names the record, its hash and chain position, the learner and every graded criterion", async () => {
    const record = storedEvidence({ content: amlContent() });
    const bytes = await evidencePdf(record, { verifyUrl });

    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    const text = await pdfText(bytes);
    for (const expected of [
      record.evidenceId,
      record.hash,
      record.prevHash,
      record.keyId,
      "สมชาย ใจดี",
      "Cash-in at kiosks and store counters",
      ...sampleCriteria.map((criterion) => criterion.label),
      sampleAttestation,
      "Mule account controls (secondary)",
      "https://www.amlo.go.th/mule-accounts",
      "2031-11-23",
      verifyUrl,
    ]) {
      expect(text).toContain(comparableText(expected));
    }
    expect(text).toContain(comparableText("Missed · 12.5 of 25 points · weight 25%"));
    expect(text).toContain(comparableText("சென்னை"));
  });

  test("says when a genuine answer's floor gave the score", async () => {
    const content = amlContent();
    const grading = content.gradingSummary as Record<string, unknown>;
    const floored = {
      ...content,
      gradingSummary: { ...grading, floor: { score: 0.4, description: "Held at the floor" } },
    };
    const text = await pdfText(
      await evidencePdf(storedEvidence({ content: floored }), { verifyUrl }),
    );
    expect(text).toContain(comparableText("Held at the floor (40%)"));
  });

  test("shows its sections in the record's order, with their headings", async () => {
    const text = await pdfText(
      await evidencePdf(storedEvidence({ content: amlContent() }), { verifyUrl }),
    );
    const headings = [
      "Scenario snapshot",
      "Learner actions",
      "Grading summary",
      "Artefacts",
      "Attestation",
      "Compliance mapping",
      "Retention",
    ].map((heading) => text.indexOf(comparableText(heading)));
    expect(headings.every((at) => at >= 0)).toBe(true);
    expect(headings).toEqual([...headings].sort((a, b) => a - b));
  });

  test("links its QR code to the verifier", async () => {
    const record = storedEvidence({ content: amlContent() });
    const url = `${verifyUrl}/${record.evidenceId}`;
    const bytes = await evidencePdf(record, { verifyUrl: url });

    expect(await drawnQrCode(bytes)).toEqual(encode(url, { ecc: "M", border: 0 }).data);
    expect(await pdfText(bytes)).toContain(comparableText(url));
  });

  test("carries the record's kit, read back as it was", async () => {
    const record = storedEvidence({ content: amlContent() });
    const bytes = await evidencePdf(record, { verifyUrl });

    expect(await kitFromPdf(bytes)).toEqual(kitOf(record));
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getTitle()).toBe(`Evidence record ${record.evidenceId}`);
    expect(pdf.getSubject()).toBe("AML attempt: Cash-in at kiosks and store counters");
  });

  test("a long record continues on further pages, each numbered", async () => {
    const content = amlContent();
    content.learnerActions = Array.from({ length: 40 }, (_, index) => ({
      action: `Step ${index + 1}`,
      value: "The customer's top-ups came from kiosks in three provinces. ".repeat(6),
    }));
    const bytes = await evidencePdf(storedEvidence({ content }), { verifyUrl });

    const pages = (await PDFDocument.load(bytes)).getPageCount();
    expect(pages).toBeGreaterThan(3);
    const text = await pdfText(bytes);
    expect(text).toContain(comparableText(`page ${pages} of ${pages}`));
    expect(text).toContain(comparableText("Step 40"));
  });

  test("a record of another kind shows its values under their names", async () => {
    const record = storedEvidence({
      kind: "purge",
      content: {
        reason: "Retention period of 5 years ended",
        purgedCount: 118,
        lastPurgedHash: "ab".repeat(32),
        window: { from: "2020-01-01", to: "2021-11-23" },
      },
    });
    const bytes = await evidencePdf(record, { verifyUrl });

    const text = await pdfText(bytes);
    for (const expected of [
      record.evidenceId,
      "Retention purge",
      "Purged count118",
      "Retention period of 5 years ended",
      "Window",
      "From2020-01-01",
    ]) {
      expect(text).toContain(comparableText(expected));
    }
    expect(await kitFromPdf(bytes)).toEqual(kitOf(record));
  });

  test("an attestation record says the learner confirmed the statement, and when", async () => {
    const content = amlContent();
    content.attestation = {
      statement: sampleAttestation,
      confirmed: true,
      at: "2026-11-23T09:45:12.000Z",
    };
    content.attemptEvidenceId = "EV-1234-5678-9ABC-DEF0";
    const record = storedEvidence({ kind: "aml-attestation", content });
    const text = await pdfText(await evidencePdf(record, { verifyUrl }));

    expect(text).toContain(comparableText(`“${sampleAttestation}”`));
    expect(text).toContain(
      comparableText("Confirmed by the learner Yes, on 2026-11-23 09:45:12 UTC"),
    );
    expect(text).toContain(comparableText("Attempt evidence id EV-1234-5678-9ABC-DEF0"));
  });

  test("an item recorded in another shape is still shown, by its values", async () => {
    const content = amlContent();
    content.retention = { years: 7 };
    const text = await pdfText(await evidencePdf(storedEvidence({ content }), { verifyUrl }));
    expect(text).toContain(comparableText("Retention"));
    expect(text).toContain(comparableText("Years7"));
  });

  test("is made quickly once the fonts are loaded", async () => {
    const record = storedEvidence({ content: amlContent() });
    for (let warmUp = 0; warmUp < 3; warmUp++) await evidencePdf(record, { verifyUrl });
    const durations: number[] = [];
    for (let run = 0; run < 10; run++) {
      const start = performance.now();
      await evidencePdf(record, { verifyUrl });
      durations.push(performance.now() - start);
    }
    durations.sort((a, b) => a - b);
    const median = ((durations[4] ?? 0) + (durations[5] ?? 0)) / 2;
    console.log(`evidence PDF: median ${median.toFixed(1)} ms over 10 renders`);

    // Generous, so a loaded shared machine does not fail it; the target is 200 ms.
    expect(median).toBeLessThan(2000);
  }, 60_000);
});
