import { randomInt, randomUUID } from "node:crypto";
import { getDb } from "~/platform/db/db.server";
import { getOptionalUser } from "~/platform/auth/index.server";
import { recordEvidence } from "~/domain/evidence/index.server";
import { getI18n } from "~/platform/i18n";
import { getLocaleState } from "~/platform/i18n/index.server";
import { notify, settleNotifications } from "~/platform/notifications/index.server";
import { loadCourseAchievements } from "~/domain/courses/index.server";
import { type Achievement, loadAchievements } from "~/domain/training/index.server";
import { getEnv } from "~/platform/lib/env.server";
import { canonicalJson, signJson } from "~/platform/lib/signing.server";
import { ISSUER_NAME, RENEWAL_OPENS_DAYS, VALIDITY_YEARS } from "./constants";
import { getHolderName } from "./holder.server";

// Issuance (SPEC §9, docs/decisions/019): a signed-in learner holds one certificate per achievement
// and validity year. Everything is decided from stored passes, so issuing again is harmless.

export interface CertificatePayload {
  id: string;
  type: "KestrelCertificate";
  title: string;
  description: string;
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
const NEEDS_NAME_EVENT = "certificate-needs-name";

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

/**
 * Issues every certificate the learner behind the request has earned and does not hold yet.
 * A guest holds none; a learner without a name to print is asked for it first.
 */
export async function issueEarnedCertificates(
  request: Request,
  now = new Date(),
): Promise<IssuanceOutcome> {
  const [learned, user] = await Promise.all([loadAchievements(request), getOptionalUser(request)]);
  const { userId } = learned;
  if (!userId) return { kind: "guest" };
  const achievements = [
    ...learned.achievements,
    ...(await loadCourseAchievements(learned.learnerId)),
  ];
  const due = await achievementsDue(userId, achievements);
  const name = await getHolderName(userId);
  if (!name) {
    const [first] = due;
    if (first) {
      await notify(userId, {
        eventKey: NEEDS_NAME_EVENT,
        kind: "certificateNeedsName",
        params: { title: first.title },
        type: "training",
        priority: "high",
        actionRequired: true,
        actionUrl: "/training/certificates",
      });
    }
    return { kind: "needs-name", pending: due.length };
  }
  await settleNotifications(userId, [NEEDS_NAME_EVENT]);
  if (due.length === 0) return { kind: "issued", issued: [], held: achievements.length };
  const { locale } = await getLocaleState(request);
  const t = getI18n(locale).t;
  const issued: string[] = [];
  for (const achievement of due) {
    const description = t(DESCRIPTION_KEYS[achievement.kind], { title: achievement.title });
    const { code, issued: payload } = await issueCertificate({
      userId,
      name,
      achievement,
      description,
      now,
    });
    if (payload && user) {
      await recordEvidence({
        user,
        kind: "certificate-issued",
        subject: `certificate:${code}`,
        scenarioId: achievement.id,
        payload: {
          jurisdiction: null,
          mode: "certificate",
          packVersion: null,
          timestamp: payload.issuedAt,
          content: { certificate: payload },
        },
      });
    }
    await notify(userId, {
      eventKey: `certificate-issued:${code}`,
      kind: "certificateIssued",
      params: { title: achievement.title, code },
      type: "training",
      priority: "medium",
      actionRequired: false,
      actionUrl: "/training/certificates",
    });
    issued.push(code);
  }
  return { kind: "issued", issued, held: achievements.length };
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

async function achievementsDue(userId: string, achievements: Achievement[]) {
  if (achievements.length === 0) return [];
  const held = await newestHeld(userId);
  return achievements.filter((achievement) => isDue(achievement, held.get(achievement.key)));
}

/** Whether a failed insert hit a unique constraint (a concurrent issuance, or a code taken). */
function isUniqueViolation(error: unknown): boolean {
  const text = error instanceof Error ? `${error.message} ${String(error.cause ?? "")}` : "";
  return /unique|duplicate key/i.test(text) || (error as { code?: string }).code === "23505";
}

/**
 * Signs and stores one certificate and returns its code. A concurrent issuance of the same
 * achievement loses on the unique (user, achievement, generation) and returns the winner's code;
 * a code already taken is drawn again.
 */
async function issueCertificate(input: {
  userId: string;
  name: string;
  achievement: Achievement;
  description: string;
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
      await getDb()
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
        .execute();
      return { code: payload.verificationCode, issued: payload };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new Error("Could not issue a certificate after 5 attempts");
}
