import { generateKeyPairSync, sign } from "node:crypto";
import { base64urlnopad } from "@scure/base";
import { describe, expect, test } from "vitest";
import { type PublicJwk, canonicalJson, keyIdOf } from "~/platform/lib/signing.server";
import {
  type Envelope,
  type EvidenceKit,
  EVIDENCE_ID,
  GENESIS_HASH,
  KIT_FORMAT,
  checkKit,
  evidenceIdOf,
  hashEnvelope,
} from "./record.server";

// A kit checked with published keys alone: what an examiner's offline verifier does.

const { privateKey, publicKey } = generateKeyPairSync("ed25519");
const keyId = keyIdOf(publicKey);
const jwks: PublicJwk[] = [
  {
    ...(publicKey.export({ format: "jwk" }) as { kty: "OKP"; crv: "Ed25519"; x: string }),
    kid: keyId,
    use: "sig",
    alg: "EdDSA",
  },
];

function kitOf(envelope: Envelope): EvidenceKit {
  const hash = hashEnvelope(envelope);
  const signature = base64urlnopad.encode(
    sign(null, Buffer.from(canonicalJson(envelope)), privateKey),
  );
  return {
    format: KIT_FORMAT,
    evidenceId: evidenceIdOf(hash),
    hash,
    envelope,
    signature: { keyId, signature, algorithm: "Ed25519" },
    chain: {
      organisation: envelope.organisation,
      sequence: envelope.sequence,
      prevHash: envelope.prevHash,
    },
  };
}

const envelope: Envelope = {
  version: 1,
  organisation: 7,
  sequence: 1,
  prevHash: GENESIS_HASH,
  kind: "aml-attempt",
  payload: {
    jurisdiction: "sg",
    mode: "guided",
    packVersion: "1.2.0",
    timestamp: "2026-11-23T10:00:00.000Z",
    content: {
      gradingSummary: { percent: 88, band: "Proficient" },
      learner: "Siti Nurhaliza",
      amount: 1e21,
    },
  },
};

describe("evidence records", () => {
  test("the hash is SHA-256 of the RFC 8785 form, whatever the key order", () => {
    const reordered = Object.fromEntries(Object.entries(envelope).reverse()) as unknown as Envelope;
    expect(hashEnvelope(reordered)).toBe(hashEnvelope(envelope));
    expect(hashEnvelope(envelope)).toMatch(/^[0-9a-f]{64}$/);
    expect(evidenceIdOf(hashEnvelope(envelope))).toMatch(EVIDENCE_ID);
  });

  test("a genuine kit verifies with the published key", () => {
    expect(checkKit(kitOf(envelope), jwks)).toEqual({
      status: "verified",
      evidenceId: evidenceIdOf(hashEnvelope(envelope)),
      keyId,
      sequence: 1,
    });
  });

  test("one changed byte anywhere is found", () => {
    const kit = kitOf(envelope);
    const text = JSON.stringify(kit);
    // Every digit and letter inside the envelope, changed in turn, breaks the kit.
    const start = text.indexOf('"envelope"');
    const end = text.indexOf('"signature"');
    let checked = 0;
    for (let index = start + 12; index < end; index += 7) {
      const char = text[index] ?? "";
      if (!/[0-9a-zA-Z]/.test(char)) continue;
      const changed = text.slice(0, index) + (char === "1" ? "2" : "1") + text.slice(index + 1);
      let parsed: unknown;
      try {
        parsed = JSON.parse(changed);
      } catch {
        continue;
      }
      expect(checkKit(parsed, jwks).status, `byte ${index}`).not.toBe("verified");
      checked += 1;
    }
    expect(checked).toBeGreaterThan(20);
  });

  test("names what differs: the hash, the id, the chain proof or the signature", () => {
    const kit = kitOf(envelope);
    const changedPayload = { ...kit, envelope: { ...kit.envelope, sequence: 2 } };
    expect(checkKit(changedPayload, jwks)).toMatchObject({ status: "tampered", field: "hash" });
    expect(checkKit({ ...kit, evidenceId: "EV-0000-0000-0000-0000" }, jwks)).toMatchObject({
      status: "tampered",
      field: "evidenceId",
    });
    expect(checkKit({ ...kit, chain: { ...kit.chain, sequence: 9 } }, jwks)).toMatchObject({
      status: "tampered",
      field: "chain.sequence",
    });
    const other = generateKeyPairSync("ed25519").privateKey;
    const forged = base64urlnopad.encode(sign(null, Buffer.from(canonicalJson(envelope)), other));
    expect(
      checkKit({ ...kit, signature: { ...kit.signature, signature: forged } }, jwks),
    ).toMatchObject({
      status: "tampered",
      field: "signature",
    });
  });

  test("a key the verifier was not given is unknown; what is not a kit is said so", () => {
    expect(checkKit(kitOf(envelope), [])).toEqual({ status: "unknown-key", keyId });
    const wrongThumbprint = jwks.map((jwk) => ({ ...jwk, kid: "someone-else" }));
    expect(checkKit(kitOf(envelope), wrongThumbprint).status).toBe("unknown-key");
    for (const value of [
      null,
      "text",
      [],
      { format: "other" },
      { ...kitOf(envelope), envelope: "x" },
    ]) {
      expect(checkKit(value, jwks)).toEqual({ status: "not-a-kit" });
    }
  });
});

describe("RFC 8785 canonical JSON", () => {
  test("the RFC's examples: numbers in ECMAScript form, keys by UTF-16 code units", () => {
    expect(
      canonicalJson({
        numbers: [Number("333333333.33333329"), 1e30, 4.5, 2e-3, 0.000000000000000000000000001],
      }),
    ).toBe('{"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27]}');
    expect(
      canonicalJson({
        "\u20ac": "Euro Sign",
        "\r": "Carriage Return",
        "\ufb33": "Hebrew Letter Dalet With Dagesh",
        "1": "One",
        "\ud83d\ude00": "Emoji: Grinning Face",
        "\u0080": "Control",
        "\u00f6": "Latin Small Letter O With Diaeresis",
      }),
    ).toBe(
      '{"\\r":"Carriage Return","1":"One","\u0080":"Control","ö":"Latin Small Letter O With Diaeresis","€":"Euro Sign","😀":"Emoji: Grinning Face","\ufb33":"Hebrew Letter Dalet With Dagesh"}',
    );
    expect(
      canonicalJson({
        literals: [null, true, false],
        "-0": -0,
        string: '\u20ac$\u000f\nA\'B"\\\\"/',
      }),
    ).toBe('{"-0":0,"literals":[null,true,false],"string":"€$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}');
  });
});
