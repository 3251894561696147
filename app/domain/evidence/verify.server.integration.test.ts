import { generateKeyPairSync, sign } from "node:crypto";
import { base64urlnopad } from "@scure/base";
import { describe, expect, it } from "vitest";
import { getDb } from "~/platform/db/db.server";
import { canonicalJson, keyIdOf, signJson } from "~/platform/lib/signing.server";
import { appendEvidence, kitOf } from "./chain.server";
import {
  type Envelope,
  type EvidenceKit,
  GENESIS_HASH,
  KIT_FORMAT,
  evidenceIdOf,
  hashEnvelope,
} from "./record.server";
import { verifyEvidence } from "./verify.server";
import { evidenceViewToken } from "./view-token.server";

// Verification against the records this server holds, on a real database (both engines).

const append = (organisationId: number, percent = 88) =>
  appendEvidence({
    organisationId,
    kind: "aml-attempt",
    subject: `attempt:${percent}`,
    userId: "u1",
    payload: {
      jurisdiction: "sg",
      mode: "guided",
      packVersion: "1.2.0",
      timestamp: "2026-11-23T10:00:00.000Z",
      content: {
        gradingSummary: { percent, band: "Proficient" },
        learner: { name: "Siti Rahman", email: "siti@bank.example" },
      },
    },
  });

/** A kit as an examiner holds it: its JSON, read back, so changes to it touch nothing stored. */
const copy = (kit: EvidenceKit): EvidenceKit => JSON.parse(JSON.stringify(kit)) as EvidenceKit;

/** A kit whose hash, id and chain proof hold together, signed with the given key. */
function sealed(envelope: Envelope, signature: { keyId: string; signature: string }): EvidenceKit {
  const hash = hashEnvelope(envelope);
  return {
    format: KIT_FORMAT,
    evidenceId: evidenceIdOf(hash),
    hash,
    envelope,
    signature: { ...signature, algorithm: "Ed25519" },
    chain: {
      organisation: envelope.organisation,
      sequence: envelope.sequence,
      prevHash: envelope.prevHash,
    },
  };
}

function signedByAnotherKey(envelope: Envelope): EvidenceKit {
  const { privateKey, publicKey } = generateKeyPairSync("ed25519");
  const signature = sign(null, Buffer.from(canonicalJson(envelope)), privateKey);
  return sealed(envelope, {
    keyId: keyIdOf(publicKey),
    signature: base64urlnopad.encode(signature),
  });
}

describe("verifyEvidence", () => {
  it("verifies a genuine kit of a record held here and shows its holder the signed content", async () => {
    await append(1, 70);
    const record = await append(1);
    const names = async (id: number) => (id === 1 ? "Harbour Bank" : null);
    expect(await verifyEvidence({ kit: copy(kitOf(record)) }, names)).toEqual({
      status: "verified",
      message: `Verified ${record.evidenceId}`,
      details: {
        evidenceId: record.evidenceId,
        keyId: record.keyId,
        organisation: 1,
        sequence: 2,
        timestamp: "2026-11-23T10:00:00.000Z",
        kind: "aml-attempt",
      },
      file: null,
      signed: [
        expect.objectContaining({
          evidenceId: record.evidenceId,
          organisation: { id: 1, name: "Harbour Bank" },
          learner: { name: "Siti Rahman", email: "siti@bank.example" },
          score: 88,
          band: "Proficient",
          sequence: 2,
          keyId: record.keyId,
          erasedAt: null,
          // Opened: the record signs the learner's fields sealed.
          content: {
            gradingSummary: { percent: 88, band: "Proficient" },
            learner: { name: "Siti Rahman", email: "siti@bank.example" },
          },
        }),
      ],
      moreSigned: 0,
    });
  });

  it("answers a bare evidence id with 'genuine, recorded on', and the content only with its token", async () => {
    const record = await append(6);
    const byId = await verifyEvidence({ evidenceId: record.evidenceId });
    expect(byId).toMatchObject({
      status: "verified",
      details: { evidenceId: record.evidenceId, timestamp: "2026-11-23T10:00:00.000Z" },
      signed: [],
    });
    const wrong = evidenceViewToken(record.evidenceId, "another server's secret, 32 chars+");
    expect(await verifyEvidence({ evidenceId: record.evidenceId, token: wrong })).toMatchObject({
      signed: [],
    });
    // Another record's token opens nothing either.
    const other = await append(6, 40);
    const token = evidenceViewToken(other.evidenceId);
    expect(await verifyEvidence({ evidenceId: record.evidenceId, token })).toMatchObject({
      signed: [],
    });
    expect(await verifyEvidence({ evidenceId: other.evidenceId, token })).toMatchObject({
      status: "verified",
      signed: [expect.objectContaining({ evidenceId: other.evidenceId, score: 40 })],
    });
  });

  it("names the changed payload value by its path, with the value signed and the one found", async () => {
    const record = await append(2);
    const kit = copy(kitOf(record));
    (kit.envelope.payload.content.gradingSummary as { percent: number }).percent = 100;
    expect(await verifyEvidence({ kit })).toEqual({
      status: "tampered",
      message: "Tampered: payload.content.gradingSummary.percent differs from the signed record",
      details: { field: "payload.content.gradingSummary.percent", expected: "88", found: "100" },
    });
    // Recomputing the hash and id does not hide it: the record at the kit's place is compared.
    const resealed = sealed(kit.envelope, kit.signature);
    expect(resealed.evidenceId).not.toBe(record.evidenceId);
    expect(await verifyEvidence({ kit: resealed })).toMatchObject({
      status: "tampered",
      details: { field: "payload.content.gradingSummary.percent", expected: "88", found: "100" },
    });
  });

  it("names a changed signature", async () => {
    const record = await append(3);
    const kit = copy(kitOf(record));
    const other = kitOf(await append(3, 50)).signature.signature;
    kit.signature.signature = other;
    expect(await verifyEvidence({ kit })).toMatchObject({
      status: "tampered",
      details: { field: "signature.signature", expected: record.signature, found: other },
    });
  });

  it("says unknown for a record not held here, or an evidence id not found", async () => {
    const envelope: Envelope = {
      version: 1,
      organisation: 404,
      sequence: 1,
      prevHash: GENESIS_HASH,
      kind: "aml-attempt",
      payload: {
        jurisdiction: null,
        mode: "guided",
        packVersion: null,
        timestamp: "2026-11-23T10:00:00.000Z",
        content: {},
      },
    };
    // Signed with this server's key, but never stored here.
    const kit = sealed(envelope, await signJson(envelope));
    expect(await verifyEvidence({ kit })).toEqual({
      status: "unknown",
      message: "No such evidence record is held here",
      details: { evidenceId: kit.evidenceId },
    });
    expect(await verifyEvidence({ evidenceId: "EV-0000-0000-0000-0000" })).toMatchObject({
      status: "unknown",
    });
    expect(await verifyEvidence({ evidenceId: "not an id" })).toMatchObject({ status: "unknown" });
  });

  it("says a kit signed by another key is signed by a key this server does not know", async () => {
    const record = await append(4);
    // Another server's records: one at the same place in a chain of the same number.
    const samePlace = signedByAnotherKey({
      ...record.envelope,
      payload: { ...record.envelope.payload, content: { other: true } },
    });
    const elsewhere = signedByAnotherKey({ ...record.envelope, organisation: 77 });
    for (const kit of [samePlace, elsewhere]) {
      expect(await verifyEvidence({ kit })).toEqual({
        status: "unknown-key",
        message: "Signed by a key this server does not know",
        details: { keyId: kit.signature.keyId },
      });
    }
  });

  it("says what is not a kit is not one", async () => {
    for (const kit of [null, "text", { hello: 1 }, { format: KIT_FORMAT }]) {
      expect(await verifyEvidence({ kit })).toEqual({
        status: "not-a-kit",
        message: "This file is not a Kestrel evidence kit",
        details: {},
      });
    }
  });

  it("checks the record held under an evidence id, so a change in the database shows", async () => {
    const record = await append(5);
    expect(await verifyEvidence({ evidenceId: record.evidenceId.toLowerCase() })).toMatchObject({
      status: "verified",
      details: { evidenceId: record.evidenceId, organisation: 5, sequence: 1 },
    });
    // An intruder with database access swaps the record for an altered copy.
    const db = getDb();
    const row = await db
      .selectFrom("evidence_record")
      .selectAll()
      .where("id", "=", record.id)
      .executeTakeFirstOrThrow();
    await db.insertInto("evidence_purge_permit").values({ id: 1, reason: "test" }).execute();
    await db.deleteFrom("evidence_record").where("id", "=", record.id).execute();
    await db
      .insertInto("evidence_record")
      .values({
        ...row,
        id: undefined,
        envelope: row.envelope.replace('"percent":88', '"percent":99'),
      })
      .execute();
    await db.deleteFrom("evidence_purge_permit").execute();
    expect(await verifyEvidence({ evidenceId: record.evidenceId })).toMatchObject({
      status: "tampered",
      details: { field: "hash", found: record.hash },
    });
    // The examiner's kit, exported before the change, now differs from what is held.
    expect(await verifyEvidence({ kit: copy(kitOf(record)) })).toMatchObject({
      status: "tampered",
      details: { field: "payload.content.gradingSummary.percent", expected: "99", found: "88" },
    });
  });
});
