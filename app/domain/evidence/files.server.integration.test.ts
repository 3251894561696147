import { describe, expect, it } from "vitest";
import { getDb } from "~/platform/db/db.server";
import { appendEvidence, kitOf } from "./chain.server";
import { kitBytes } from "./downloads.server";
import { findIssuedFile, registerIssuedFiles, sha256Hex } from "./files.server";
import { verifyEvidence } from "./verify.server";

// Every file handed out is registered by its bytes, and a file is verified by its bytes alone:
// on a real database (both engines).

const append = (organisationId: number, percent: number) =>
  appendEvidence({
    organisationId,
    kind: "aml-attempt",
    subject: `attempt:${percent}`,
    userId: "u1",
    scenarioId: "paynow-pep-pass-through",
    payload: {
      jurisdiction: "sg",
      mode: "guided",
      packVersion: "1.2.0",
      timestamp: "2026-11-23T10:00:00.000Z",
      content: {
        learner: { name: "Siti Rahman", email: "siti@bank.example" },
        gradingSummary: { percent, band: "Proficient" },
        learnerActions: [{ action: "decision", value: "escalate" }],
      },
    },
  });

const upload = (bytes: Uint8Array, name: string, contentType = "") => ({
  file: { bytes, name, contentType },
});

/** The first byte of the text `from`, changed to `to`: one visible character of the file. */
function changeOne(bytes: Uint8Array, from: string, to: string): Uint8Array {
  const text = Buffer.from(bytes).toString("latin1");
  const at = text.indexOf(from);
  if (at < 0) throw new Error(`${from} is not in the file`);
  const changed = Uint8Array.from(bytes);
  changed[at] = to.charCodeAt(0);
  return changed;
}

function flipMiddle(bytes: Uint8Array): Uint8Array {
  const changed = Uint8Array.from(bytes);
  const middle = Math.floor(changed.length / 2);
  changed[middle] = (changed[middle] ?? 0) ^ 1;
  return changed;
}

describe("files handed out", () => {
  it("a kit's PDF and CSV verify by their bytes, with the record's signed content; one changed byte does not", async () => {
    const record = await append(21, 88);
    for (const format of ["pdf", "csv"] as const) {
      const bytes = await kitBytes(record, format);
      // Unregistered, the genuine bytes are not yet "issued".
      expect(await verifyEvidence(upload(bytes, `kit.${format}`))).toMatchObject({
        status: "altered",
        details: { sha256: sha256Hex(bytes), bytes: bytes.byteLength },
      });
      await registerIssuedFiles({
        organisationId: 21,
        userId: "u1",
        files: [{ name: `kit.${format}`, format, bytes }],
        holds: [record.evidenceId],
        description: `Evidence kit ${record.evidenceId} as ${format}`,
      });
      const verified = await verifyEvidence(upload(bytes, `renamed.${format}`));
      expect(verified).toMatchObject({
        status: "verified",
        details: { evidenceId: record.evidenceId, organisation: 21 },
        file: { name: `kit.${format}`, format, sha256: sha256Hex(bytes) },
        signed: [
          expect.objectContaining({
            evidenceId: record.evidenceId,
            learner: { name: "Siti Rahman", email: "siti@bank.example" },
            score: 88,
            answers: [{ label: "decision", value: "escalate" }],
          }),
        ],
        moreSigned: 0,
      });
      // A CSV cell (the score 88 becomes 98), or one byte in the middle of the PDF.
      const edited = format === "csv" ? changeOne(bytes, "88", "9") : flipMiddle(bytes);
      expect(await verifyEvidence(upload(edited, `kit.${format}`))).toMatchObject({
        status: "altered",
        details: { sha256: sha256Hex(edited) },
      });
    }
  });

  it("the same bytes handed out twice are one record; a second kit is another", async () => {
    const record = await append(22, 75);
    const bytes = await kitBytes(record, "pdf");
    expect(Buffer.from(await kitBytes(record, "pdf")).equals(Buffer.from(bytes))).toBe(true);
    const input = {
      organisationId: 22,
      userId: "u1",
      files: [{ name: "kit.pdf", format: "pdf", bytes }],
      holds: [record.evidenceId],
      description: "kit",
    };
    const first = await registerIssuedFiles(input);
    const again = await registerIssuedFiles(input);
    expect(again.evidenceId).toBe(first.evidenceId);
    const { count } = await getDb()
      .selectFrom("evidence_record")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("organisation_id", "=", 22)
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(2);
  });

  it("a kit's JSON keeps its signature: re-indented it still verifies, edited it is tampered", async () => {
    const record = await append(23, 61);
    const kit = kitOf(record);
    const compact = new TextEncoder().encode(JSON.stringify(kit));
    expect(await verifyEvidence(upload(compact, "kit.json"))).toMatchObject({
      status: "verified",
      file: null,
      signed: [expect.objectContaining({ score: 61 })],
    });
    const edited = new TextEncoder().encode(
      JSON.stringify(kit).replace('"percent":61', '"percent":91'),
    );
    expect(await verifyEvidence(upload(edited, "kit.json"))).toMatchObject({
      status: "tampered",
      details: { field: "payload.content.gradingSummary.percent", expected: "61", found: "91" },
    });
  });

  it("a file list changed in the index proves nothing: the signed record must list the hash", async () => {
    const record = await append(24, 50);
    const bytes = new TextEncoder().encode("a,b\n1,2\n");
    const registry = await registerIssuedFiles({
      organisationId: 24,
      userId: null,
      files: [{ name: "a.csv", format: "csv", bytes }],
      holds: [record.evidenceId],
      description: "a",
    });
    const forged = new TextEncoder().encode("a,b\n1,3\n");
    // Someone with database access adds the forged file's hash to the index.
    await getDb()
      .insertInto("evidence_file")
      .values({
        sha256: sha256Hex(forged),
        evidence_id: registry.evidenceId,
        organisation_id: 24,
        name: "a.csv",
        created_at: new Date().toISOString(),
      })
      .execute();
    expect(await findIssuedFile(sha256Hex(forged))).toBeNull();
    expect(await verifyEvidence(upload(forged, "a.csv"))).toMatchObject({ status: "altered" });
  });

  it("JSON nesting 2.5 million levels is refused with a 422 at the cost of reading it once", async () => {
    const hostile = new TextEncoder().encode(`${"[".repeat(2_500_000)}${"]".repeat(2_500_000)}`);
    const timed = async <T>(work: () => Promise<T>): Promise<[T, number]> => {
      const started = performance.now();
      const value = await work();
      return [value, performance.now() - started];
    };
    // What any upload of this file costs: its fingerprint and its text. The machine is shared, so
    // the refusal is measured against that, in the same moment, rather than against a clock.
    const [, reading] = await timed(async () => {
      sha256Hex(hostile);
      return new TextDecoder("utf-8", { fatal: true }).decode(hostile);
    });
    const [refusal, refusing] = await timed(() =>
      verifyEvidence(upload(hostile, "kit.json")).catch((thrown: unknown) => thrown),
    );
    expect(refusal).toBeInstanceOf(Response);
    expect((refusal as Response).status).toBe(422);
    expect(await (refusal as Response).json()).toMatchObject({
      error: { code: "validation", fields: { file: ["JSON nests deeper than 64 levels."] } },
    });
    // About 2× on a quiet machine (the scan stops at the 65th bracket); before the limit it was
    // seconds of recursion, or a stack overflow.
    expect(refusing).toBeLessThan(reading * 6 + 50);
    expect(refusing).toBeLessThan(2000);
  });
});
