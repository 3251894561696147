import {
  type KeyObject,
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign,
  verify,
} from "node:crypto";
import { gzipSync, gunzipSync } from "node:zlib";
import { base58, base64urlnopad } from "@scure/base";
import canonicalize from "canonicalize";
import { getDb } from "~/platform/db/db.server";
import { readOrCreateDataFile } from "./data-file.server";
import { getEnv } from "./env.server";

// The one place that signs (docs/decisions/019-signing.md): Ed25519 over RFC 8785 canonical JSON.
// Certificates and evidence records both sign here; every public key ever used is kept in
// `signing_key` and served as a JWKS, so a rotated key still verifies what it signed.

const KEY_FILE = "data/signing-key.pem";

export interface PublicJwk {
  kty: "OKP";
  crv: "Ed25519";
  x: string;
  kid: string;
  use: "sig";
  alg: "EdDSA";
}

export interface SigningKey {
  keyId: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  publicJwk: PublicJwk;
}

/** RFC 8785 (JCS) canonical JSON: sorted keys, ECMAScript number and string forms. */
export function canonicalJson(value: unknown): string {
  const text = canonicalize(value);
  if (text === undefined) throw new TypeError("This value has no JSON form");
  return text;
}

/** The key's id: its RFC 7638 JWK thumbprint, stable for the key and nothing else. */
export function keyIdOf(publicKey: KeyObject): string {
  const { x } = publicKey.export({ format: "jwk" });
  const thumbprintInput = canonicalJson({ crv: "Ed25519", kty: "OKP", x });
  return base64urlnopad.encode(createHash("sha256").update(thumbprintInput).digest());
}

/** A signing key from an Ed25519 PKCS#8 PEM. */
export function signingKeyFromPem(pem: string): SigningKey {
  const privateKey = createPrivateKey(pem);
  if (privateKey.asymmetricKeyType !== "ed25519") throw new TypeError("Not an Ed25519 key");
  const publicKey = createPublicKey(privateKey);
  const keyId = keyIdOf(publicKey);
  const { x } = publicKey.export({ format: "jwk" });
  return {
    keyId,
    privateKey,
    publicKey,
    publicJwk: { kty: "OKP", crv: "Ed25519", x: x as string, kid: keyId, use: "sig", alg: "EdDSA" },
  };
}

/** SIGNING_KEY, or one generated once into data/signing-key.pem (like the session secret). */
export function resolveSigningKey(configured: string | undefined, keyFile = KEY_FILE): SigningKey {
  const pem =
    configured ??
    readOrCreateDataFile(keyFile, () =>
      generateKeyPairSync("ed25519").privateKey.export({ format: "pem", type: "pkcs8" }).toString(),
    );
  return signingKeyFromPem(pem);
}

let current: SigningKey | undefined;

/** The key that signs now, resolved once per process. */
export function currentSigningKey(): SigningKey {
  current ??= resolveSigningKey(getEnv().SIGNING_KEY);
  return current;
}

const published = new Map<string, Promise<void>>();

/** Records the current key's public half, once per process, so it verifies after a rotation. */
export function publishSigningKey(key = currentSigningKey()): Promise<void> {
  let done = published.get(key.keyId);
  if (!done) {
    done = getDb()
      .insertInto("signing_key")
      .values({
        key_id: key.keyId,
        public_jwk: JSON.stringify(key.publicJwk),
        created_at: new Date().toISOString(),
      })
      .onConflict((conflict) => conflict.column("key_id").doNothing())
      .execute()
      .then(() => undefined);
    // A failed write is tried again by the next caller instead of being remembered.
    done.catch(() => published.delete(key.keyId));
    published.set(key.keyId, done);
  }
  return done;
}

export interface JsonSignature {
  keyId: string;
  /** Ed25519 signature of the canonical JSON, base64url. */
  signature: string;
}

/** Signs a JSON value with the current key. */
export function signJson(value: unknown, key = currentSigningKey()): Promise<JsonSignature> {
  return signCanonicalJson(canonicalJson(value), key);
}

/** Signs JSON already in its canonical form (`canonicalJson`), for callers that keep the text. */
export async function signCanonicalJson(
  canonical: string,
  key = currentSigningKey(),
): Promise<JsonSignature> {
  await publishSigningKey(key);
  const signature = sign(null, Buffer.from(canonical), key.privateKey);
  return { keyId: key.keyId, signature: base64urlnopad.encode(signature) };
}

/** Every public key that has signed here, the current one first (the JWKS). */
export async function listPublicKeys(): Promise<PublicJwk[]> {
  const key = currentSigningKey();
  await publishSigningKey(key);
  const rows = await getDb()
    .selectFrom("signing_key")
    .select(["key_id", "public_jwk"])
    .orderBy("created_at", "desc")
    .execute();
  const jwks = rows.map((row) => JSON.parse(row.public_jwk) as PublicJwk);
  return [key.publicJwk, ...jwks.filter((jwk) => jwk.kid !== key.keyId)];
}

const knownKeys = new Map<string, KeyObject>();

/** The public key with this id, if this server ever signed with it. */
async function publicKeyById(keyId: string): Promise<KeyObject | undefined> {
  const key = currentSigningKey();
  if (keyId === key.keyId) return key.publicKey;
  const known = knownKeys.get(keyId);
  if (known) return known;
  const row = await getDb()
    .selectFrom("signing_key")
    .select("public_jwk")
    .where("key_id", "=", keyId)
    .executeTakeFirst();
  if (!row) return undefined;
  const publicKey = createPublicKey({ key: JSON.parse(row.public_jwk), format: "jwk" });
  // Only a key whose thumbprint is its id is trusted: a tampered row verifies nothing.
  if (keyIdOf(publicKey) !== keyId) return undefined;
  knownKeys.set(keyId, publicKey);
  return publicKey;
}

export type SignatureCheck = "valid" | "invalid" | "unknown-key";

/** Checks a signature made by `signJson` against every key this server has used. */
export async function verifyJson(value: unknown, proof: JsonSignature): Promise<SignatureCheck> {
  return checkSignature(value, proof, await publicKeyById(proof.keyId));
}

/**
 * Checks a signature made by `signJson` against published keys only (a JWKS), with no database:
 * what an examiner's offline check does. A key is used only if its thumbprint is its id.
 */
export function verifyJsonWithKeys(
  value: unknown,
  proof: JsonSignature,
  jwks: readonly PublicJwk[],
): SignatureCheck {
  const jwk = jwks.find((candidate) => candidate.kid === proof.keyId);
  let publicKey: KeyObject | undefined;
  try {
    publicKey = jwk ? createPublicKey({ key: { ...jwk }, format: "jwk" }) : undefined;
  } catch {
    publicKey = undefined;
  }
  return checkSignature(
    value,
    proof,
    publicKey && keyIdOf(publicKey) === proof.keyId ? publicKey : undefined,
  );
}

function checkSignature(
  value: unknown,
  proof: JsonSignature,
  publicKey: KeyObject | undefined,
): SignatureCheck {
  if (!publicKey) return "unknown-key";
  let signature: Uint8Array;
  try {
    signature = base64urlnopad.decode(proof.signature);
  } catch {
    return "invalid";
  }
  return verify(null, Buffer.from(canonicalJson(value)), publicKey, signature)
    ? "valid"
    : "invalid";
}

/** A short, readable fingerprint of a signature: SHA-256, first 16 bytes, hex in groups of 4. */
export function signatureFingerprint(signature: string): string {
  const hex = createHash("sha256").update(signature).digest("hex").slice(0, 32);
  return hex.match(/.{4}/g)?.join(" ") ?? hex;
}

// ---- W3C Data Integrity, cryptosuite eddsa-jcs-2022 ----

const ED25519_PUBLIC_MULTICODEC = Uint8Array.of(0xed, 0x01);

/** The key as a Multikey `publicKeyMultibase` (base58btc, Ed25519 multicodec prefix). */
export function publicKeyMultibase(publicKey: KeyObject): string {
  const raw = base64urlnopad.decode(publicKey.export({ format: "jwk" }).x as string);
  return `z${base58.encode(new Uint8Array([...ED25519_PUBLIC_MULTICODEC, ...raw]))}`;
}

/** A public key from its `publicKeyMultibase`. */
export function publicKeyFromMultibase(multibase: string): KeyObject {
  if (!multibase.startsWith("z")) throw new TypeError("Not a base58btc multibase value");
  const bytes = base58.decode(multibase.slice(1));
  if (bytes.length !== 34 || bytes[0] !== 0xed || bytes[1] !== 0x01) {
    throw new TypeError("Not an Ed25519 public key");
  }
  const x = base64urlnopad.encode(bytes.subarray(2));
  return createPublicKey({ key: { kty: "OKP", crv: "Ed25519", x }, format: "jwk" });
}

/** The key's `did:key` identifier and verification method (W3C did:key method). */
export function didKeyOf(publicKey: KeyObject): { did: string; verificationMethod: string } {
  const multibase = publicKeyMultibase(publicKey);
  return { did: `did:key:${multibase}`, verificationMethod: `did:key:${multibase}#${multibase}` };
}

export interface DataIntegrityProof {
  type: "DataIntegrityProof";
  cryptosuite: "eddsa-jcs-2022";
  created: string;
  verificationMethod: string;
  proofPurpose: "assertionMethod";
  "@context"?: unknown;
  proofValue: string;
}

type JsonObject = Record<string, unknown>;

function proofHashData(document: JsonObject, proofConfig: Omit<DataIntegrityProof, "proofValue">) {
  const sha256 = (value: unknown) => createHash("sha256").update(canonicalJson(value)).digest();
  return Buffer.concat([sha256(proofConfig), sha256(document)]);
}

/**
 * Adds an eddsa-jcs-2022 proof ("Data Integrity EdDSA Cryptosuites v1.0", §3.3): the proof
 * options carry the document's @context; the signed data is SHA-256 of the canonical options
 * followed by SHA-256 of the canonical document.
 */
export function addDataIntegrityProof<T extends JsonObject>(
  document: T,
  options: { created: string; verificationMethod: string; privateKey: KeyObject },
): T & { proof: DataIntegrityProof } {
  const proofConfig: Omit<DataIntegrityProof, "proofValue"> = {
    type: "DataIntegrityProof",
    cryptosuite: "eddsa-jcs-2022",
    created: options.created,
    verificationMethod: options.verificationMethod,
    proofPurpose: "assertionMethod",
    ...(document["@context"] === undefined ? {} : { "@context": document["@context"] }),
  };
  const signature = sign(null, proofHashData(document, proofConfig), options.privateKey);
  return { ...document, proof: { ...proofConfig, proofValue: `z${base58.encode(signature)}` } };
}

/**
 * Verifies an eddsa-jcs-2022 proof. The key comes from a `did:key` verification method, or
 * from `resolveKey` for any other (e.g. an https issuer's key).
 */
export function verifyDataIntegrityProof(
  secured: JsonObject,
  resolveKey: (verificationMethod: string) => KeyObject | undefined = () => undefined,
): boolean {
  const { proof, ...document } = secured;
  if (typeof proof !== "object" || proof === null) return false;
  const { proofValue, ...proofConfig } = proof as DataIntegrityProof;
  if (proofConfig.type !== "DataIntegrityProof" || proofConfig.cryptosuite !== "eddsa-jcs-2022") {
    return false;
  }
  if (typeof proofValue !== "string" || !proofValue.startsWith("z")) return false;
  if (
    proofConfig["@context"] !== undefined &&
    canonicalJson(proofConfig["@context"]) !== canonicalJson(document["@context"])
  ) {
    return false;
  }
  try {
    const method = proofConfig.verificationMethod;
    const publicKey = method.startsWith("did:key:")
      ? publicKeyFromMultibase(method.slice("did:key:".length).split("#")[0] ?? "")
      : resolveKey(method);
    if (!publicKey) return false;
    return verify(
      null,
      proofHashData(document, proofConfig),
      publicKey,
      base58.decode(proofValue.slice(1)),
    );
  } catch {
    return false;
  }
}

// ---- W3C Bitstring Status List v1.0 ----

/** The smallest list the specification allows (16 KB), so one entry hides among many. */
export const STATUS_LIST_SIZE = 131_072;

/**
 * `encodedList` of a status list: the set indexes as bits (index 0 is the first byte's most
 * significant bit), GZIP-compressed, base64url without padding, multibase prefix `u`.
 */
export function encodeStatusList(setIndexes: Iterable<number>, size = STATUS_LIST_SIZE): string {
  const bits = new Uint8Array(size / 8);
  for (const index of setIndexes) {
    if (!Number.isInteger(index) || index < 0 || index >= size) {
      throw new RangeError(`Status list index ${index} is outside 0..${size - 1}`);
    }
    bits[index >> 3] = (bits[index >> 3] ?? 0) | (0x80 >> (index & 7));
  }
  return `u${base64urlnopad.encode(gzipSync(bits))}`;
}

/** Whether one index is set in an `encodedList`. */
export function statusListBit(encodedList: string, index: number): boolean {
  if (!encodedList.startsWith("u")) throw new TypeError("Not a base64url multibase value");
  const bits = gunzipSync(base64urlnopad.decode(encodedList.slice(1)));
  if (index < 0 || index >= bits.length * 8) throw new RangeError("Index outside the list");
  return ((bits[index >> 3] ?? 0) & (0x80 >> (index & 7))) !== 0;
}
