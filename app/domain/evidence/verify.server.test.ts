import { PDFDocument } from "pdf-lib";
import { describe, expect, test } from "vitest";
import { attachKit } from "./pdf-embed.server";
import { type EvidenceKit, GENESIS_HASH, KIT_FORMAT } from "./record.server";
import { firstDifference, readKitFile } from "./verify.server";

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
      jurisdiction: "vi",
      mode: "guided",
      packVersion: "1.2.0",
      timestamp: "2026-11-23T00:00:00.000Z",
      content: { learner: "Nguyễn Văn An", answers: ["a", "b"] },
    },
  },
  signature: { keyId: "k", signature: "s", algorithm: "Ed25519" },
  chain: { organisation: 1, sequence: 1, prevHash: GENESIS_HASH },
};

const bytes = (text: string) => new TextEncoder().encode(text);

describe("readKitFile", () => {
  test("reads a kit's JSON text, whatever the file is called", async () => {
    expect(await readKitFile(bytes(JSON.stringify(kit, null, 2)))).toEqual(kit);
    expect(
      await readKitFile(bytes(JSON.stringify(kit)), { contentType: "text/plain", name: "kit.txt" }),
    ).toEqual(kit);
  });

  test("reads the kit attached to an evidence PDF, by its type, its name or its first bytes", async () => {
    const pdf = await PDFDocument.create();
    pdf.addPage();
    await attachKit(pdf, kit);
    const file = await pdf.save();
    expect(await readKitFile(file, { contentType: "application/pdf" })).toEqual(kit);
    expect(await readKitFile(file, { name: "Evidence.PDF" })).toEqual(kit);
    expect(await readKitFile(file)).toEqual(kit);
  });

  test("gives nothing for what is neither JSON nor an evidence PDF", async () => {
    expect(await readKitFile(bytes("not json"))).toBeNull();
    expect(await readKitFile(Uint8Array.of(0xff, 0xfe, 0x7b, 0x7d))).toBeNull();
    expect(await readKitFile(bytes("{}"), { name: "kit.pdf" })).toBeNull();
    const plain = await PDFDocument.create();
    plain.addPage();
    expect(await readKitFile(await plain.save())).toBeNull();
  });
});

describe("firstDifference", () => {
  test("names the first differing JSON path, in key order, with both values", () => {
    const changed = structuredClone(kit);
    changed.envelope.payload.content.answers = ["a", "c"];
    changed.envelope.sequence = 2;
    expect(firstDifference(kit.envelope, changed.envelope)).toEqual({
      field: "payload.content.answers[1]",
      expected: "b",
      found: "c",
    });
    expect(firstDifference({ a: 1 }, { a: 1, b: { c: true } })).toEqual({
      field: "b",
      expected: "(nothing)",
      found: '{"c":true}',
    });
    expect(firstDifference(kit, structuredClone(kit))).toBeNull();
  });
});
