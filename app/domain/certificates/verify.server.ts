import { recordAnalyticsEvents } from "~/platform/analytics/index.server";
import { getLocaleState } from "~/platform/i18n/index.server";
import { hitRateLimit, rateLimitKey } from "~/platform/lib/rate-limit.server";
import { type SignatureCheck } from "~/platform/lib/signing.server";
import { normaliseVerificationCode } from "./code";
import type { CertificateStatus } from "./constants";
import type { CertificatePayload } from "./issue.server";
import { certificateWording } from "./wording.server";
import { checkCertificate, findCertificate } from "./records.server";

// Public verification (SPEC §2 Certificates, §7): anyone with a code sees what it certifies.
// Every attempt is counted against the caller's address and logged; an unknown code and a
// malformed one get the same answer, the malformed one without a database lookup.

export const VERIFY_RATE_LIMIT = { limit: 120, windowMs: 10 * 60_000 };

export interface VerifiedCertificate {
  code: string;
  holderName: string;
  title: string;
  description: string;
  achievement: CertificatePayload["achievement"];
  issuedAt: string;
  expiresAt: string;
  issuer: CertificatePayload["issuer"];
  status: CertificateStatus;
  revokedAt: string | null;
  revocationReason: string | null;
  signature: { check: SignatureCheck; keyId: string; algorithm: "Ed25519"; value: string };
}

export type Verification =
  | {
      kind: "found";
      certificate: VerifiedCertificate;
      /** The signed certificate: its RFC 8785 canonical JSON is what the signature covers. */
      payload: CertificatePayload;
    }
  | { kind: "not-found" }
  | { kind: "rate-limited"; retryAfterSeconds: number };

export async function verifyCertificateCode(
  request: Request,
  rawCode: string,
  clientIp: string,
): Promise<Verification> {
  const verdict = await hitRateLimit(
    rateLimitKey("certificate-verify", { ip: clientIp }),
    VERIFY_RATE_LIMIT,
  );
  if (!verdict.allowed)
    return { kind: "rate-limited", retryAfterSeconds: verdict.retryAfterSeconds };
  const code = normaliseVerificationCode(rawCode);
  const record = code ? await findCertificate(code) : undefined;
  const check = record ? await checkCertificate(record) : undefined;
  const { locale } = await getLocaleState(request);
  await recordAnalyticsEvents({
    events: [
      {
        name: "certificate_verification_attempted",
        properties: { found: Boolean(record), status: check?.status ?? "unknown" },
        path: new URL(request.url).pathname.slice(0, 200),
        locale,
      },
    ],
  });
  if (!record || !check) return { kind: "not-found" };
  const { payload } = record;
  return {
    kind: "found",
    certificate: {
      code: record.code,
      holderName: payload.holder.name,
      ...certificateWording(payload, locale),
      achievement: payload.achievement,
      issuedAt: payload.issuedAt,
      expiresAt: payload.expiresAt,
      issuer: payload.issuer,
      status: check.status,
      revokedAt: record.revokedAt,
      revocationReason: record.revokedReason,
      signature: {
        check: check.signature,
        keyId: record.keyId,
        algorithm: "Ed25519",
        value: record.signature,
      },
    },
    payload,
  };
}
