import type { Refused } from "~/platform/lib/reply";
import { parseSubmission, refuse } from "~/platform/lib/reply.server";
import { getOptionalUser } from "~/platform/auth/index.server";
import { getLocaleState } from "~/platform/i18n/index.server";
import type { IssuanceOutcome } from "./issue.server";
import { HolderNameSchema, getHolderName } from "./holder.server";
import { type CertificateCheck, checkCertificate, listHeldCertificates } from "./records.server";
import { certificateWording } from "./wording.server";

// /training/certificates: a signed-in learner's certificates (issuing any they have earned since
// they last looked) and the name they print; a signed-out visitor gets the verification box.

export interface HeldCertificate {
  code: string;
  title: string;
  description: string;
  issuedAt: string;
  expiresAt: string;
  check: CertificateCheck;
}

export type CertificatesPage =
  | { signedIn: false }
  | {
      signedIn: true;
      holderName: string | null;
      suggestedName: string;
      pending: number;
      certificates: HeldCertificate[];
    };

/** The page once the certificates the learner had earned are issued (`outcome`). */
export async function loadCertificatesPage(
  request: Request,
  outcome: IssuanceOutcome,
): Promise<CertificatesPage> {
  const user = await getOptionalUser(request);
  if (!user) return { signedIn: false };
  const [holderName, records] = await Promise.all([
    getHolderName(user.id),
    listHeldCertificates(user.id),
  ]);
  const now = new Date();
  const { locale } = await getLocaleState(request);
  const certificates = await Promise.all(
    records.map(async (record) => ({
      code: record.code,
      ...certificateWording(record.payload, locale),
      issuedAt: record.payload.issuedAt,
      expiresAt: record.payload.expiresAt,
      check: await checkCertificate(record, now),
    })),
  );
  return {
    signedIn: true,
    holderName,
    suggestedName: holderName ?? (user.name.includes("@") ? "" : user.name),
    pending: outcome.kind === "needs-name" ? outcome.pending : 0,
    certificates,
  };
}

/** Saved; or refused with what was typed kept and the name field's message (a dictionary key). */
export type HolderNameReply =
  { ok: true; name: string; issued: number } | Refused<{ name: string }>;

/** The name to print, checked; or the reply that says what is wrong with it. */
export function parseHolderName(fields: Record<string, string>) {
  const parsed = parseSubmission(fields, HolderNameSchema);
  if ("value" in parsed) return { name: parsed.value.name };
  const message = parsed.fields.name ?? "training:certificates.name.required";
  return {
    reply: refuse(400, "validation", {
      fields: { name: message },
      name: (fields.name ?? "").slice(0, 200),
    }),
  };
}
