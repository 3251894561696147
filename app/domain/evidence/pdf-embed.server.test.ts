import { PDFDocument } from "pdf-lib";
import { describe, expect, test } from "vitest";
import { attachKit, kitFromPdf } from "./pdf-embed.server";
import { type EvidenceKit, GENESIS_HASH, KIT_FORMAT } from "./record.server";

const kit: EvidenceKit = {
  format: KIT_FORMAT,
  evidenceId: "EV-0123-4567-89AB-CDEF",
  hash: "0123456789abcdef".repeat(4),
  envelope: {
    version: 1,
    organisation: 1,
    sequence: 1,
    prevHash: GENESIS_HASH,
    kind: "aml-attempt",
    payload: {
      jurisdiction: "th",
      mode: "guided",
      packVersion: "1.2.0",
      timestamp: "2026-11-23T00:00:00.000Z",
      content: { learner: "สมชาย ใจดี" },
    },
  },
  signature: { keyId: "k", signature: "s", algorithm: "Ed25519" },
  chain: { organisation: 1, sequence: 1, prevHash: GENESIS_HASH },
};

describe("the kit inside an evidence PDF", () => {
  test("is attached as evidence.json and read back as it was", async () => {
    const pdf = await PDFDocument.create();
    pdf.addPage();
    await attachKit(pdf, kit);
    const bytes = await pdf.save();
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    expect(await kitFromPdf(bytes)).toEqual(kit);
  });

  test("a PDF without it, or bytes that are no PDF, give nothing", async () => {
    const plain = await PDFDocument.create();
    plain.addPage();
    expect(await kitFromPdf(await plain.save())).toBeNull();
    expect(await kitFromPdf(new TextEncoder().encode("not a pdf at all"))).toBeNull();
  });
});
