import { getDb } from "~/platform/db/db.server";
import { FORM_BODY_BYTES, apiError, readForm, readJsonBody } from "~/platform/lib/api.server";
import { hitRateLimit, rateLimitKey } from "~/platform/lib/rate-limit.server";
import { listPublicKeys } from "~/platform/lib/signing.server";
import { JSON_MAX_DEPTH, nestsDeeperThan } from "~/platform/lib/json-depth";
import type { PublicJwk } from "~/platform/lib/signing.server";
import { type StoredEvidence, evidenceAbout, findEvidence, kitOf } from "./chain.server";
import { signedFacts } from "./facts.server";
import { findIssuedFile, sha256Hex } from "./files.server";
import { openRecord } from "./opened.server";
import { EVIDENCE_ID, type EvidenceKind, type EvidenceKit, checkKit, isKit } from "./record.server";
import { EXPORTS_CHAIN } from "./register.server";
import type { SignedFacts } from "./types";
import { isEvidenceViewToken } from "./view-token.server";

// Public verification of evidence (docs/decisions/023-evidence.md, 039): a file by its exact bytes,
// a kit by its signature, or an evidence id, checked against the published keys and against the
// record this server holds. Nothing uploaded is kept.

/** The largest kit file or body read: a kit PDF is a few hundred kilobytes. */
export const EVIDENCE_UPLOAD_BYTES = 5 * 1024 * 1024;
/** Each check costs a signature verification and up to three queries. */
export const VERIFY_EVIDENCE_RATE_LIMIT = { limit: 60, windowMs: 10 * 60_000 };

export const UNKNOWN_KEY_MESSAGE = "Signed by a key this server does not know";
export const NOT_A_KIT_MESSAGE = "This file is not a Kestrel evidence kit";

export interface VerifiedEvidence {
  evidenceId: string;
  keyId: string;
  organisation: number;
  sequence: number;
  timestamp: string;
  kind: EvidenceKind;
}

/** A file found by its bytes: what the record that registered it says of it. */
export interface IssuedFileFacts {
  name: string;
  format: string;
  sha256: string;
  bytes: number;
  issuedAt: string;
  /** The `file-issued` record that lists it. */
  registeredIn: string;
  description: string;
}

/** What differs, by JSON path (`payload.content.gradingSummary.percent`). */
export interface Difference {
  field: string;
  expected: string;
  found: string;
}

/** At most this many held records are shown for one file (a package holds thousands). */
export const SIGNED_SHOWN = 20;

export type Verification =
  | {
      status: "verified";
      message: string;
      details: VerifiedEvidence;
      /** Set when a file was checked by its bytes. */
      file: IssuedFileFacts | null;
      /** The signed content, for whoever holds the file or the record's token; else empty. */
      signed: SignedFacts[];
      /** Held records not shown. */
      moreSigned: number;
    }
  | { status: "altered"; message: string; details: { sha256: string; bytes: number } }
  | { status: "tampered"; message: string; details: Difference }
  | { status: "unknown"; message: string; details: { evidenceId: string | null } }
  | { status: "unknown-key"; message: typeof UNKNOWN_KEY_MESSAGE; details: { keyId: string } }
  | { status: "not-a-kit"; message: typeof NOT_A_KIT_MESSAGE; details: Record<string, never> };

export interface UploadedFile {
  bytes: Uint8Array;
  name: string;
  contentType: string;
}

export type VerifyInput =
  { file: UploadedFile } | { kit: unknown } | { evidenceId: string; token?: string | null };

/** Names an organisation for the signed content shown; null when it no longer exists. */
export type OrganisationNames = (id: number) => Promise<string | null>;

const tampered = (difference: Difference): Verification => ({
  status: "tampered",
  message: `Tampered: ${difference.field} differs from the signed record`,
  details: difference,
});

const unknown = (evidenceId: string | null): Verification => ({
  status: "unknown",
  message: "No such evidence record is held here",
  details: { evidenceId },
});

const notAKit: Verification = { status: "not-a-kit", message: NOT_A_KIT_MESSAGE, details: {} };

export const ALTERED_MESSAGE =
  "Not issued by Kestrel, or altered after issue: no file with these exact bytes was handed out";

function detailsOf(record: StoredEvidence): VerifiedEvidence {
  return {
    evidenceId: record.evidenceId,
    keyId: record.keyId,
    organisation: record.organisationId,
    sequence: record.sequence,
    timestamp: record.envelope.payload.timestamp,
    kind: record.kind,
  };
}

async function factsOf(
  records: readonly StoredEvidence[],
  names: OrganisationNames,
): Promise<SignedFacts[]> {
  const known = new Map<number, string | null>();
  const facts: SignedFacts[] = [];
  for (const record of records) {
    const id = record.organisationId;
    if (!known.has(id)) known.set(id, id === EXPORTS_CHAIN ? EXPORTS_CHAIN_NAME : await names(id));
    // A person's review of an AML answer is a record of its own, about the same attempt.
    const review =
      record.kind === "aml-attempt" ? await evidenceAbout("aml-review", record.subject) : null;
    const { view, erasedAt } = await openRecord(record);
    facts.push(signedFacts(view, known.get(id) ?? null, review, erasedAt));
  }
  return facts;
}

const EXPORTS_CHAIN_NAME = "Kestrel (exports across organisations)";

/**
 * Verifies a file by its bytes (a file Kestrel handed out is listed, by SHA-256, in a signed
 * record), a kit by its signature and the record held at its place, or the record held under an
 * evidence id, so a record changed in the database shows as tampered. The signed content is shown
 * to whoever holds the file, or the record's token; a bare id learns only that it is genuine.
 */
export async function verifyEvidence(
  input: VerifyInput,
  names: OrganisationNames = async () => null,
): Promise<Verification> {
  const jwks = await listPublicKeys();
  if ("evidenceId" in input) {
    const evidenceId = input.evidenceId.trim().toUpperCase();
    const record = EVIDENCE_ID.test(evidenceId) ? await findEvidence(evidenceId) : null;
    if (!record) return unknown(evidenceId.slice(0, 64));
    const verification = judge(checkKit(kitOf(record), jwks), record);
    if (verification.status !== "verified" || !isEvidenceViewToken(evidenceId, input.token)) {
      return verification;
    }
    return { ...verification, signed: await factsOf([record], names) };
  }
  if ("file" in input) return verifyFile(input.file, jwks, names);
  return verifyKit(input.kit, jwks, names);
}

async function verifyFile(
  file: UploadedFile,
  jwks: readonly PublicJwk[],
  names: OrganisationNames,
): Promise<Verification> {
  // Limits before any hashing or parsing: the size was checked before the body was read, the
  // depth of anything that looks like JSON is checked here, without recursion.
  const text = jsonText(file.bytes);
  if (text !== undefined && nestsDeeperThan(text)) throw tooDeep();
  const sha256 = sha256Hex(file.bytes);
  const found = await findIssuedFile(sha256);
  if (found) {
    const registry = judge(checkKit(kitOf(found.record), jwks), found.record);
    if (registry.status !== "verified") return registry;
    const held: StoredEvidence[] = [];
    for (const evidenceId of found.issue.holds.slice(0, SIGNED_SHOWN)) {
      const record = await findEvidence(evidenceId);
      if (record) held.push(record);
    }
    const [only] = held;
    return {
      status: "verified",
      message: `Issued by Kestrel: ${found.file.name}, exactly as handed out`,
      // The one record a kit carries; for a package or the register, the record listing the file.
      details: detailsOf(held.length === 1 && only ? only : found.record),
      file: {
        name: found.file.name,
        format: found.file.format,
        sha256,
        bytes: found.file.bytes,
        issuedAt: found.record.envelope.payload.timestamp,
        registeredIn: found.record.evidenceId,
        description: found.issue.description,
      },
      signed: await factsOf(held, names),
      moreSigned: Math.max(0, found.issue.holds.length - held.length),
    };
  }
  // A kit's JSON keeps its embedded signature: re-indented, it still proves the same record.
  const json = text === undefined ? undefined : parsed(text);
  if (json !== undefined) return verifyKit(json, jwks, names);
  return {
    status: "altered",
    message: ALTERED_MESSAGE,
    details: { sha256, bytes: file.bytes.byteLength },
  };
}

/** A file's text when it looks like JSON (UTF-8 opening with `{` or `[`), else undefined. */
function jsonText(bytes: Uint8Array): string | undefined {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
  return /^\s*[[{]/.test(text) ? text : undefined;
}

/** The value of JSON text already checked for depth; undefined when it does not parse. */
function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

const tooDeep = () =>
  apiError(422, "validation", {
    fields: { file: [`JSON nests deeper than ${JSON_MAX_DEPTH} levels.`] },
  });

async function verifyKit(
  kit: unknown,
  jwks: readonly PublicJwk[],
  names: OrganisationNames,
): Promise<Verification> {
  if (!isKit(kit)) return notAKit;
  const check = checkKit(kit, jwks);
  // The record the kit names; failing that, for a kit that does not hold together, the record
  // at its place in the chain, so the answer names what was changed rather than "unknown".
  let record = EVIDENCE_ID.test(kit.evidenceId) ? await findEvidence(kit.evidenceId) : null;
  if (!record && check.status === "tampered") {
    record = await evidenceAt(kit.envelope.organisation, kit.envelope.sequence);
  }
  if (record) {
    const difference = differenceFromRecord(kitOf(record), kit);
    if (difference) return tampered(difference);
  }
  const verification = judge(check, record);
  if (verification.status !== "verified" || !record) return verification;
  // Whoever holds a kit holds its content: it is shown back as the record signed it.
  return { ...verification, signed: await factsOf([record], names) };
}

function judge(check: ReturnType<typeof checkKit>, record: StoredEvidence | null): Verification {
  switch (check.status) {
    case "not-a-kit":
      return notAKit;
    case "unknown-key":
      return {
        status: "unknown-key",
        message: UNKNOWN_KEY_MESSAGE,
        details: { keyId: shown(check.keyId) },
      };
    case "tampered":
      return tampered({ field: check.field, expected: check.expected, found: check.found });
    case "verified":
      // A genuine kit of a record this server does not hold (another server's, or purged).
      return record
        ? {
            status: "verified",
            message: `Verified ${record.evidenceId}`,
            details: detailsOf(record),
            file: null,
            signed: [],
            moreSigned: 0,
          }
        : unknown(check.evidenceId);
  }
}

async function evidenceAt(organisation: number, sequence: number): Promise<StoredEvidence | null> {
  const row = await getDb()
    .selectFrom("evidence_record")
    .select("evidence_id")
    .where("organisation_id", "=", organisation)
    .where("sequence", "=", sequence)
    .executeTakeFirst();
  return row ? findEvidence(row.evidence_id) : null;
}

/** A kit without the keys of its sealed fields: they are not part of the record. */
function withoutKeys(kit: EvidenceKit): Omit<EvidenceKit, "unseal"> {
  const copy = { ...kit };
  delete copy.unseal;
  return copy;
}

/** The envelope's first difference (paths from the envelope), then the rest of the kit's. */
function differenceFromRecord(expected: EvidenceKit, found: EvidenceKit): Difference | null {
  const { envelope: expectedEnvelope, ...expectedRest } = withoutKeys(expected);
  const { envelope: foundEnvelope, ...foundRest } = withoutKeys(found);
  return (
    firstDifference(expectedEnvelope, foundEnvelope, "") ??
    firstDifference(expectedRest, foundRest, "")
  );
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null;

const SHOWN_CHARS = 200;

function shown(value: unknown): string {
  if (value === undefined) return "(nothing)";
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS)}…` : text;
}

/** The first JSON path, in key order, at which two values differ. */
export function firstDifference(expected: unknown, found: unknown, path = ""): Difference | null {
  if (isObject(expected) && isObject(found) && Array.isArray(expected) === Array.isArray(found)) {
    const arrays = Array.isArray(expected) && Array.isArray(found);
    const keys = arrays
      ? Array.from({ length: Math.max(expected.length, found.length) }, (_, i) => String(i))
      : [...new Set([...Object.keys(expected), ...Object.keys(found)])].sort();
    for (const key of keys) {
      const next = arrays ? `${path}[${key}]` : path ? `${path}.${key}` : key;
      const difference = firstDifference(
        (expected as Record<string, unknown>)[key],
        (found as Record<string, unknown>)[key],
        next,
      );
      if (difference) return difference;
    }
    return null;
  }
  if (Object.is(expected, found)) return null;
  return { field: path || "(the whole value)", expected: shown(expected), found: shown(found) };
}

export type VerifyRequestOutcome =
  | { kind: "checked"; verification: Verification }
  | { kind: "nothing-to-check" }
  | { kind: "rate-limited"; retryAfterSeconds: number };

/**
 * A verification request, from the public page or an API client: a form with a `file` or an
 * `evidenceId`, or a JSON body (a kit, or `{evidenceId}`). Counted against the caller's address
 * before its body is read; throws the API's error responses for a body over the limit (413), of
 * another type (415) or unreadable (400).
 */
export async function verifyEvidenceRequest(
  request: Request,
  clientIp: string,
  names?: OrganisationNames,
): Promise<VerifyRequestOutcome> {
  const verdict = await hitRateLimit(
    rateLimitKey("evidence-verify", { ip: clientIp }),
    VERIFY_EVIDENCE_RATE_LIMIT,
  );
  if (!verdict.allowed)
    return { kind: "rate-limited", retryAfterSeconds: verdict.retryAfterSeconds };
  const input = await readVerifyInput(request);
  if (!input) return { kind: "nothing-to-check" };
  return { kind: "checked", verification: await verifyEvidence(input, names) };
}

/**
 * A check asked for by link (the QR code of an evidence PDF opens `/evidence/verify?evidenceId=`):
 * counted like any other; null when the link names nothing.
 */
export async function verifyEvidenceLink(
  url: URL,
  clientIp: string,
  names?: OrganisationNames,
): Promise<VerifyRequestOutcome | null> {
  const evidenceId = url.searchParams.get("evidenceId")?.slice(0, 64);
  if (!evidenceId) return null;
  const verdict = await hitRateLimit(
    rateLimitKey("evidence-verify", { ip: clientIp }),
    VERIFY_EVIDENCE_RATE_LIMIT,
  );
  if (!verdict.allowed)
    return { kind: "rate-limited", retryAfterSeconds: verdict.retryAfterSeconds };
  const token = url.searchParams.get("token")?.slice(0, 64) ?? null;
  return { kind: "checked", verification: await verifyEvidence({ evidenceId, token }, names) };
}

async function readVerifyInput(request: Request): Promise<VerifyInput | null> {
  const type = request.headers.get("Content-Type") ?? "";
  if (/^application\/json\s*(;|$)/i.test(type)) {
    const body = await readJsonBody(request, EVIDENCE_UPLOAD_BYTES);
    if (isObject(body) && typeof body.evidenceId === "string" && !("format" in body)) {
      return {
        evidenceId: body.evidenceId,
        token: typeof body.token === "string" ? body.token : null,
      };
    }
    return { kit: body };
  }
  // A form carries its file with some framing: the limit is the file's, not the body's.
  const form = await readForm(request, EVIDENCE_UPLOAD_BYTES + FORM_BODY_BYTES);
  const file = form.get("file");
  if (file instanceof File && file.size > EVIDENCE_UPLOAD_BYTES) {
    throw apiError(413, "payload_too_large");
  }
  if (file instanceof File && file.size > 0) {
    return {
      file: {
        bytes: new Uint8Array(await file.arrayBuffer()),
        name: file.name,
        contentType: file.type,
      },
    };
  }
  const evidenceId = form.get("evidenceId");
  const token = form.get("token");
  if (typeof evidenceId === "string" && evidenceId.trim()) {
    return { evidenceId, token: typeof token === "string" ? token : null };
  }
  return null;
}
