import { createPrivateKey, generateKeyPairSync } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { base58 } from "@scure/base";
import { afterAll, describe, expect, it } from "vitest";
import {
  STATUS_LIST_SIZE,
  addDataIntegrityProof,
  canonicalJson,
  didKeyOf,
  encodeStatusList,
  keyIdOf,
  publicKeyFromMultibase,
  publicKeyMultibase,
  resolveSigningKey,
  signatureFingerprint,
  signingKeyFromPem,
  statusListBit,
  verifyDataIntegrityProof,
} from "./signing.server";

describe("canonicalJson (RFC 8785)", () => {
  it("sorts properties by UTF-16 code units, recursively (RFC 8785 §3.2.3)", () => {
    const sorting = {
      "\u20ac": "Euro Sign",
      "\r": "Carriage Return",
      "\ufb33": "Hebrew Letter Dalet With Dagesh",
      "1": "One",
      "\ud83d\ude00": "Emoji: Grinning Face",
      "\u0080": "Control",
      "\u00f6": "Latin Small Letter O With Diaeresis",
    };
    expect(canonicalJson(sorting)).toBe(
      '{"\\r":"Carriage Return","1":"One","\u0080":"Control","\u00f6":"Latin Small Letter O With Diaeresis","\u20ac":"Euro Sign","\ud83d\ude00":"Emoji: Grinning Face","\ufb33":"Hebrew Letter Dalet With Dagesh"}',
    );
  });

  it("writes numbers and strings in their ECMAScript forms (RFC 8785 §3.2.2 example)", () => {
    const input = JSON.parse(
      '{"numbers":[333333333.33333329,1E30,4.50,2e-3,0.000000000000000000000000001],"string":"\\u20ac$\\u000F\\u000aA\'\\u0042\\u0022\\u005c\\\\\\"\\/","literals":[null,true,false]}',
    );
    expect(canonicalJson(input)).toBe(
      '{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"string":"\u20ac$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}',
    );
  });

  it("refuses a value with no JSON form", () => {
    expect(() => canonicalJson(undefined)).toThrow(TypeError);
  });
});

// The key pair and credential of "Data Integrity EdDSA Cryptosuites v1.0", Appendix (eddsa-jcs-2022).
const W3C_PUBLIC_KEY = "z6MkrJVnaZkeFzdQyMZu1cgjg7k1pZZ6pvBQ7XJPt4swbTQ2";
const W3C_SECRET_KEY = "z3u2en7t5LR2WtQH5PfFqMqwVHBeXouLzo6haApm8XHqvjxq";
const W3C_CONTEXT = [
  "https://www.w3.org/ns/credentials/v2",
  "https://www.w3.org/ns/credentials/examples/v2",
];
const W3C_CREDENTIAL = {
  "@context": W3C_CONTEXT,
  id: "urn:uuid:58172aac-d8ba-11ed-83dd-0b3aef56cc33",
  type: ["VerifiableCredential", "AlumniCredential"],
  name: "Alumni Credential",
  description: "A minimum viable example of an Alumni Credential.",
  issuer: "https://vc.example/issuers/5678",
  validFrom: "2023-01-01T00:00:00Z",
  credentialSubject: { id: "did:example:abcdefgh", alumniOf: "The School of Examples" },
};
const W3C_SIGNED = {
  ...W3C_CREDENTIAL,
  proof: {
    type: "DataIntegrityProof",
    cryptosuite: "eddsa-jcs-2022",
    created: "2023-02-24T23:36:38Z",
    verificationMethod: `https://vc.example/issuers/5678#${W3C_PUBLIC_KEY}`,
    proofPurpose: "assertionMethod",
    "@context": W3C_CONTEXT,
    proofValue:
      "z63t83Y53KfzJ5ZosfKTnqfMcKB2dmTrfjSaQjeNNjAD5srBowQfmWqeRb8rRjmeEuCBEsddF9LsVogtuTsijJKh4",
  },
};

/** The vector's secret key (multicodec ed25519-priv + 32-byte seed) as a Node key. */
function w3cPrivateKey() {
  const bytes = base58.decode(W3C_SECRET_KEY.slice(1));
  expect([bytes[0], bytes[1], bytes.length]).toEqual([0x80, 0x26, 34]);
  const pkcs8Prefix = Buffer.from("302e020100300506032b657004220420", "hex");
  return createPrivateKey({
    key: Buffer.concat([pkcs8Prefix, bytes.subarray(2)]),
    format: "der",
    type: "pkcs8",
  });
}

describe("eddsa-jcs-2022", () => {
  it("reproduces the W3C specification's test vector byte for byte", () => {
    const privateKey = w3cPrivateKey();
    expect(publicKeyMultibase(signingKeyFromPem(pemOf(privateKey)).publicKey)).toBe(W3C_PUBLIC_KEY);
    const signed = addDataIntegrityProof(W3C_CREDENTIAL, {
      created: W3C_SIGNED.proof.created,
      verificationMethod: W3C_SIGNED.proof.verificationMethod,
      privateKey,
    });
    expect(JSON.stringify(signed)).toBe(JSON.stringify(W3C_SIGNED));
  });

  it("verifies the vector with its key and rejects any change to the credential or the proof", () => {
    const key = publicKeyFromMultibase(W3C_PUBLIC_KEY);
    const resolve = () => key;
    expect(verifyDataIntegrityProof(W3C_SIGNED, resolve)).toBe(true);
    expect(verifyDataIntegrityProof({ ...W3C_SIGNED, name: "Alumni Credentials" }, resolve)).toBe(
      false,
    );
    const laterProof = { ...W3C_SIGNED.proof, created: "2023-02-24T23:36:39Z" };
    expect(verifyDataIntegrityProof({ ...W3C_SIGNED, proof: laterProof }, resolve)).toBe(false);
    expect(verifyDataIntegrityProof(W3C_SIGNED, () => undefined)).toBe(false);
    expect(verifyDataIntegrityProof(W3C_CREDENTIAL, resolve)).toBe(false);
  });

  it("signs with a did:key verification method that verifies without any lookup", () => {
    const key = signingKeyFromPem(pemOf(generateKeyPairSync("ed25519").privateKey));
    const { did, verificationMethod } = didKeyOf(key.publicKey);
    expect(did).toMatch(/^did:key:z6Mk[1-9A-HJ-NP-Za-km-z]{44}$/);
    const signed = addDataIntegrityProof(
      { "@context": W3C_CONTEXT, issuer: did },
      { created: "2026-11-23T00:00:00Z", verificationMethod, privateKey: key.privateKey },
    );
    expect(verifyDataIntegrityProof(signed)).toBe(true);
    expect(verifyDataIntegrityProof({ ...signed, issuer: "did:key:someone-else" })).toBe(false);
  });
});

function pemOf(privateKey: ReturnType<typeof createPrivateKey>): string {
  return privateKey.export({ format: "pem", type: "pkcs8" }).toString();
}

describe("signing keys", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "kestrel-signing-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("generate one key into data/ when SIGNING_KEY is not set, readable only by its owner", () => {
    const file = path.join(dir, "data", "signing-key.pem");
    const first = resolveSigningKey(undefined, file);
    expect(readFileSync(file, "utf8")).toContain("BEGIN PRIVATE KEY");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(resolveSigningKey(undefined, file).keyId).toBe(first.keyId);
  });

  it("use SIGNING_KEY when it is set, and name every key by its RFC 7638 thumbprint", () => {
    const pem = pemOf(generateKeyPairSync("ed25519").privateKey);
    const key = resolveSigningKey(pem, path.join(dir, "unused.pem"));
    expect(key.keyId).toMatch(/^[\w-]{43}$/);
    expect(key.keyId).toBe(keyIdOf(key.publicKey));
    expect(key.publicJwk).toMatchObject({ kty: "OKP", crv: "Ed25519", kid: key.keyId });
    expect(resolveSigningKey(pemOf(generateKeyPairSync("ed25519").privateKey)).keyId).not.toBe(
      key.keyId,
    );
  });

  it("refuse a key that is not Ed25519", () => {
    const pem = pemOf(generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey);
    expect(() => signingKeyFromPem(pem)).toThrow("Not an Ed25519 key");
  });

  it("fingerprint a signature in readable groups", () => {
    expect(signatureFingerprint("abc")).toMatch(/^([0-9a-f]{4} ){7}[0-9a-f]{4}$/);
    expect(signatureFingerprint("abc")).not.toBe(signatureFingerprint("abd"));
  });
});

describe("Bitstring Status List", () => {
  it("sets exactly the given bits, first byte's most significant bit first", () => {
    const encoded = encodeStatusList([0, 9, STATUS_LIST_SIZE - 1]);
    expect(encoded.startsWith("u")).toBe(true);
    for (const index of [0, 9, STATUS_LIST_SIZE - 1])
      expect(statusListBit(encoded, index)).toBe(true);
    for (const index of [1, 7, 8, 10, 4242]) expect(statusListBit(encoded, index)).toBe(false);
  });

  it("holds 131,072 entries compressed to a few hundred bytes", () => {
    const encoded = encodeStatusList([]);
    expect(encoded.length).toBeLessThan(400);
    expect(() => statusListBit(encoded, STATUS_LIST_SIZE)).toThrow(RangeError);
  });

  it("refuses an index outside the list", () => {
    expect(() => encodeStatusList([STATUS_LIST_SIZE])).toThrow(RangeError);
    expect(() => encodeStatusList([-1])).toThrow(RangeError);
  });
});
