import { createHmac, timingSafeEqual } from "node:crypto";
import { getServerSecret } from "~/platform/lib/server-secret.server";
import { evidenceVerifyUrl } from "./kit-files";

// A lookup by evidence id alone says only that the record is genuine and when it was made. Its
// signed content (a learner's name, answers and score) is shown to whoever holds the document:
// the file itself, or the token its QR code carries (docs/decisions/039).

const TOKEN_CHARS = 22;

/** The capability to see one record's signed content: HMAC of its id with the server secret. */
export function evidenceViewToken(evidenceId: string, secret = getServerSecret()): string {
  return createHmac("sha256", secret)
    .update(`evidence-view:${evidenceId}`)
    .digest("base64url")
    .slice(0, TOKEN_CHARS);
}

export function isEvidenceViewToken(evidenceId: string, token: string | null | undefined): boolean {
  if (!token || token.length !== TOKEN_CHARS) return false;
  const expected = Buffer.from(evidenceViewToken(evidenceId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The address a record's PDF prints and its QR code opens: the check, with the record's token.
 * The learner's download and the audit package draw the same PDF from it, byte for byte.
 */
export function tokenVerifyUrl(appUrl: string, evidenceId: string): string {
  return evidenceVerifyUrl(appUrl, evidenceId, evidenceViewToken(evidenceId));
}
