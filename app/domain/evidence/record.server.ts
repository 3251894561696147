import { createHash } from "node:crypto";
import {
  type JsonSignature,
  type PublicJwk,
  type SignatureCheck,
  canonicalJson,
  verifyJsonWithKeys,
} from "~/platform/lib/signing.server";
import type { Envelope, EvidenceKind } from "./types";

export type { Envelope, EvidenceKind, EvidencePayload } from "./types";

// An evidence record (docs/decisions/023-evidence.md): the envelope that is hashed and signed, its
// id, and the checks anyone can make of a kit with the published keys alone.

export const EVIDENCE_KINDS = [
  "aml-attempt",
  "aml-attestation",
  "policy-attestation",
  "aml-review",
  "module-completion",
  "course-completion",
  "certificate-issued",
  "certificate-revoked",
  "certificate-reinstated",
  "file-issued",
  "purge",
] as const satisfies readonly EvidenceKind[];

/** The hash a chain's first record links to. */
export const GENESIS_HASH = "0".repeat(64);
export const KIT_FORMAT = "kestrel-evidence/1";

/** The JSON of an evidence kit: the record with its chain proof. */
export interface EvidenceKit {
  format: typeof KIT_FORMAT;
  evidenceId: string;
  hash: string;
  envelope: Envelope;
  signature: JsonSignature & { algorithm: "Ed25519" };
  /** The previous record's hash and this one's position, as the chain holds them. */
  chain: { organisation: number; sequence: number; prevHash: string };
  /**
   * The keys of this record's sealed personal fields (`learner`…), for whoever holds the kit: not
   * signed, and proving nothing; a field opened with one is what the signature covers sealed.
   */
  unseal?: { path: string; key: string }[];
}

export function hashEnvelope(envelope: Envelope): string {
  return hashCanonical(canonicalJson(envelope));
}

/** SHA-256 of an envelope already in canonical form, hex. */
export function hashCanonical(canonical: string): string {
  return createHash("sha256").update(canonical).digest("hex");
}

/** The evidence id a hash names: `EV-` and its first 16 hex digits, in fours. */
export function evidenceIdOf(hash: string): string {
  return `EV-${hash.slice(0, 16).toUpperCase().match(/.{4}/g)?.join("-")}`;
}

export const EVIDENCE_ID = /^EV-[0-9A-F]{4}(-[0-9A-F]{4}){3}$/;

export type KitCheck =
  | { status: "verified"; evidenceId: string; keyId: string; sequence: number }
  | { status: "tampered"; field: string; expected: string; found: string }
  | { status: "unknown-key"; keyId: string }
  | { status: "not-a-kit" };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Whether a value has the shape of a kit's JSON (not whether it is genuine). */
export function isKit(value: unknown): value is EvidenceKit {
  if (!isRecord(value) || value.format !== KIT_FORMAT) return false;
  const { envelope, signature, chain } = value;
  return (
    typeof value.evidenceId === "string" &&
    typeof value.hash === "string" &&
    isRecord(envelope) &&
    isRecord(envelope.payload) &&
    typeof envelope.sequence === "number" &&
    typeof envelope.organisation === "number" &&
    typeof envelope.prevHash === "string" &&
    isRecord(signature) &&
    typeof signature.keyId === "string" &&
    typeof signature.signature === "string" &&
    isRecord(chain)
  );
}

/**
 * Checks a kit with published keys only: its hash is the envelope's, its id the hash's, its chain
 * proof the envelope's, and the signature one of the keys made. Names the first thing that differs.
 */
export function checkKit(value: unknown, jwks: readonly PublicJwk[]): KitCheck {
  if (!isKit(value)) return { status: "not-a-kit" };
  const hash = hashEnvelope(value.envelope);
  if (hash !== value.hash)
    return { status: "tampered", field: "hash", expected: hash, found: value.hash };
  const evidenceId = evidenceIdOf(hash);
  if (evidenceId !== value.evidenceId) {
    return {
      status: "tampered",
      field: "evidenceId",
      expected: evidenceId,
      found: value.evidenceId,
    };
  }
  for (const field of ["organisation", "sequence", "prevHash"] as const) {
    const expected = String(value.envelope[field]);
    const found = String(value.chain[field]);
    if (expected !== found) return { status: "tampered", field: `chain.${field}`, expected, found };
  }
  const signature: SignatureCheck = verifyJsonWithKeys(value.envelope, value.signature, jwks);
  if (signature === "unknown-key") return { status: "unknown-key", keyId: value.signature.keyId };
  if (signature === "invalid") {
    return {
      status: "tampered",
      field: "signature",
      expected: "a signature of this envelope",
      found: "another",
    };
  }
  return {
    status: "verified",
    evidenceId,
    keyId: value.signature.keyId,
    sequence: value.envelope.sequence,
  };
}
