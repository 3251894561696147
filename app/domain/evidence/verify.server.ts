import { getDb } from "~/platform/db/db.server";
import { FORM_BODY_BYTES, apiError, readForm, readJsonBody } from "~/platform/lib/api.server";
import { hitRateLimit, rateLimitKey } from "~/platform/lib/rate-limit.server";
import { listPublicKeys } from "~/platform/lib/signing.server";
import { type StoredEvidence, findEvidence, kitOf } from "./chain.server";
import { kitFromPdf } from "./pdf-embed.server";
import { EVIDENCE_ID, type EvidenceKind, type EvidenceKit, checkKit, isKit } from "./record.server";

// Public verification of evidence (docs/decisions/023-evidence.md): a kit, or an evidence id,
// checked against the published keys and against the record this server holds. Nothing uploaded
// is kept.

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

/** What differs, by JSON path (`payload.content.gradingSummary.percent`). */
export interface Difference {
  field: string;
  expected: string;
  found: string;
}

export type Verification =
  | { status: "verified"; message: string; details: VerifiedEvidence }
  | { status: "tampered"; message: string; details: Difference }
  | { status: "unknown"; message: string; details: { evidenceId: string | null } }
  | { status: "unknown-key"; message: typeof UNKNOWN_KEY_MESSAGE; details: { keyId: string } }
  | { status: "not-a-kit"; message: typeof NOT_A_KIT_MESSAGE; details: Record<string, never> };

export type VerifyInput = { kit: unknown } | { evidenceId: string };

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

function verified(record: StoredEvidence): Verification {
  return {
    status: "verified",
    message: `Verified ${record.evidenceId}`,
    details: {
      evidenceId: record.evidenceId,
      keyId: record.keyId,
      organisation: record.organisationId,
      sequence: record.sequence,
      timestamp: record.envelope.payload.timestamp,
      kind: record.kind,
    },
  };
}

/**
 * Verifies a kit (hash, signature with a published key, and the record held at its place), or
 * the record held under an evidence id, so a record changed in the database shows as tampered.
 */
export async function verifyEvidence(input: VerifyInput): Promise<Verification> {
  const jwks = await listPublicKeys();
  if ("evidenceId" in input) {
    const evidenceId = input.evidenceId.trim().toUpperCase();
    const record = EVIDENCE_ID.test(evidenceId) ? await findEvidence(evidenceId) : null;
    if (!record) return unknown(evidenceId.slice(0, 64));
    return judge(checkKit(kitOf(record), jwks), record);
  }
  const { kit } = input;
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
  return judge(check, record);
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
      return record ? verified(record) : unknown(check.evidenceId);
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

/** The envelope's first difference (paths from the envelope), then the rest of the kit's. */
function differenceFromRecord(expected: EvidenceKit, found: EvidenceKit): Difference | null {
  const { envelope: expectedEnvelope, ...expectedRest } = expected;
  const { envelope: foundEnvelope, ...foundRest } = found;
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

const looksLikePdf = (bytes: Uint8Array, contentType: string, name: string) =>
  /pdf/i.test(contentType) ||
  /\.pdf$/i.test(name) ||
  new TextDecoder().decode(bytes.subarray(0, 5)) === "%PDF-";

/** A kit's JSON from an uploaded file: JSON text, or the kit attached to an evidence PDF. */
export async function readKitFile(
  bytes: Uint8Array,
  { contentType = "", name = "" }: { contentType?: string; name?: string } = {},
): Promise<unknown> {
  if (looksLikePdf(bytes, contentType, name)) return kitFromPdf(bytes);
  try {
    return JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes)) as unknown;
  } catch {
    return null;
  }
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
): Promise<VerifyRequestOutcome> {
  const verdict = await hitRateLimit(
    rateLimitKey("evidence-verify", { ip: clientIp }),
    VERIFY_EVIDENCE_RATE_LIMIT,
  );
  if (!verdict.allowed)
    return { kind: "rate-limited", retryAfterSeconds: verdict.retryAfterSeconds };
  const input = await readVerifyInput(request);
  if (!input) return { kind: "nothing-to-check" };
  return { kind: "checked", verification: await verifyEvidence(input) };
}

/**
 * A check asked for by link (the QR code of an evidence PDF opens `/evidence/verify?evidenceId=`):
 * counted like any other; null when the link names nothing.
 */
export async function verifyEvidenceLink(
  url: URL,
  clientIp: string,
): Promise<VerifyRequestOutcome | null> {
  const evidenceId = url.searchParams.get("evidenceId")?.slice(0, 64);
  if (!evidenceId) return null;
  const verdict = await hitRateLimit(
    rateLimitKey("evidence-verify", { ip: clientIp }),
    VERIFY_EVIDENCE_RATE_LIMIT,
  );
  if (!verdict.allowed)
    return { kind: "rate-limited", retryAfterSeconds: verdict.retryAfterSeconds };
  return { kind: "checked", verification: await verifyEvidence({ evidenceId }) };
}

async function readVerifyInput(request: Request): Promise<VerifyInput | null> {
  const type = request.headers.get("Content-Type") ?? "";
  if (/^application\/json\s*(;|$)/i.test(type)) {
    const body = await readJsonBody(request, EVIDENCE_UPLOAD_BYTES);
    if (isObject(body) && Object.keys(body).length === 1 && typeof body.evidenceId === "string") {
      return { evidenceId: body.evidenceId };
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
      kit: await readKitFile(new Uint8Array(await file.arrayBuffer()), {
        contentType: file.type,
        name: file.name,
      }),
    };
  }
  const evidenceId = form.get("evidenceId");
  if (typeof evidenceId === "string" && evidenceId.trim()) return { evidenceId };
  return null;
}
