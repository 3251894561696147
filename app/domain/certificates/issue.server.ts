import { randomInt, randomUUID } from "node:crypto";
import { getDb, inSavepoint, isUniqueViolation } from "~/platform/db/db.server";
import type { Achievement } from "~/domain/training/index.server";
import { getEnv } from "~/platform/lib/env.server";
import { canonicalJson, signJson } from "~/platform/lib/signing.server";
import { ISSUER_NAME, RENEWAL_OPENS_DAYS, VALIDITY_YEARS } from "./constants";

// Issuance (SPEC §9, docs/decisions/019): a signed-in learner holds one certificate per achievement
// and validity year. Everything is decided from stored passes, so issuing again is harmless.

export interface CertificatePayload {
  id: string;
  type: "KestrelCertificate";
  title: string;
  description: string;
  /** The content language the title and description were issued in ("th"); absent before 2026-11-27. */
  language?: string;
  holder: { name: string };
  issuer: { name: string; url: string };
  issuedAt: string;
  expiresAt: string;
  verificationCode: string;
  achievement: {
    kind: Achievement["kind"];
    id: string;
    title: string;
    score: number;
    completedAt: string;
  };
}

const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
/** The one request for a name to print: settled once the learner has given it. */
export const NEEDS_NAME_EVENT = "certificate-needs-name";

const DESCRIPTION_KEYS = {
  module: "training:certificates.descriptionModule",
  track: "training:certificates.descriptionTrack",
  course: "training:certificates.descriptionCourse",
} as const;

/** A fresh code from the CSPRNG: VERIFY-, 3 capital letters, 6 digits. */
export function newVerificationCode(): string {
  const letters = Array.from({ length: 3 }, () => LETTERS[randomInt(26)]).join("");
  const digits = Array.from({ length: 6 }, () => randomInt(10)).join("");
  return `VERIFY-${letters}${digits}`;
}

/** One year on, the same day and time (SPEC §9); 29 February becomes 1 March. */
export function expiryOf(issuedAt: Date): Date {
  const expires = new Date(issuedAt);
  expires.setUTCFullYear(expires.getUTCFullYear() + VALIDITY_YEARS);
  return expires;
}

export type IssuanceOutcome =
  | { kind: "guest" }
  | { kind: "needs-name"; pending: number }
  | { kind: "issued"; issued: string[]; held: number };

/** The description a certificate of this kind carries, as a dictionary key. */
export function descriptionKey(kind: Achievement["kind"]) {
  return DESCRIPTION_KEYS[kind];
}

interface HeldRow {
  achievement_key: string;
  revoked_at: string | null;
  generation: number;
  issued_at: string;
  expires_at: string;
  verification_code: string;
}

async function newestHeld(userId: string, key?: string): Promise<Map<string, HeldRow>> {
  let query = getDb()
    .selectFrom("certificate")
    .select([
      "achievement_key",
      "generation",
      "issued_at",
      "expires_at",
      "verification_code",
      "revoked_at",
    ])
    .where("user_id", "=", userId);
  if (key) query = query.where("achievement_key", "=", key);
  const rows = await query.orderBy("generation").execute();
  return new Map(rows.map((row) => [row.achievement_key, row]));
}

/**
 * An achievement is due a certificate when none was issued, or when it was earned again in the
 * renewal period of the newest one: from RENEWAL_OPENS_DAYS before it expires (a retake renews
 * it; an earlier one does not). A revoked certificate is replaced by earning it again.
 */
function isDue(achievement: Achievement, held: HeldRow | undefined): boolean {
  if (!held) return true;
  if (held.revoked_at !== null) return achievement.completedAt > held.revoked_at;
  const renewalOpens = new Date(
    new Date(held.expires_at).getTime() - RENEWAL_OPENS_DAYS * 24 * 60 * 60 * 1000,
  ).toISOString();
  return achievement.completedAt > held.issued_at && achievement.completedAt >= renewalOpens;
}

/** The achievements that are due a certificate (none held, or earned again to renew one). */
export async function achievementsDue(userId: string, achievements: Achievement[]) {
  if (achievements.length === 0) return [];
  const held = await newestHeld(userId);
  return achievements.filter((achievement) => isDue(achievement, held.get(achievement.key)));
}

/**
 * Signs and stores one certificate and returns its code. A concurrent issuance of the same
 * achievement loses on the unique (user, achievement, generation) and returns the winner's code;
 * a code already taken is drawn again.
 */
export async function issueCertificate(input: {
  userId: string;
  name: string;
  achievement: Achievement;
  description: string;
  language: string;
  now: Date;
}): Promise<{ code: string; issued: CertificatePayload | null }> {
  const { userId, achievement, now } = input;
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const held = (await newestHeld(userId, achievement.key)).get(achievement.key);
    if (held && !isDue(achievement, held)) return { code: held.verification_code, issued: null };
    const generation = (held?.generation ?? 0) + 1;
    const payload: CertificatePayload = {
      id: `urn:uuid:${randomUUID()}`,
      type: "KestrelCertificate",
      title: achievement.title,
      description: input.description,
      language: input.language,
      holder: { name: input.name },
      issuer: { name: ISSUER_NAME, url: getEnv().APP_URL },
      issuedAt: now.toISOString(),
      expiresAt: expiryOf(now).toISOString(),
      verificationCode: newVerificationCode(),
      achievement: {
        kind: achievement.kind,
        id: achievement.id,
        title: achievement.title,
        score: achievement.score,
        completedAt: achievement.completedAt,
      },
    };
    const { keyId, signature } = await signJson(payload);
    try {
      // One row holds the whole certificate: it is stored entirely or not at all.
      await inSavepoint("issue_certificate", () =>
        getDb()
          .insertInto("certificate")
          .values({
            public_id: payload.id,
            user_id: userId,
            achievement_key: achievement.key,
            generation,
            verification_code: payload.verificationCode,
            title: payload.title,
            holder_name: payload.holder.name,
            issued_at: payload.issuedAt,
            expires_at: payload.expiresAt,
            payload: canonicalJson(payload),
            key_id: keyId,
            signature,
          })
          .execute(),
      );
      return { code: payload.verificationCode, issued: payload };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new Error("Could not issue a certificate after 5 attempts");
}
