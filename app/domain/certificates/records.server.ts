import { getDb, inOneTransaction } from "~/platform/db/db.server";
import { inChunks } from "~/platform/lib/chunks";
import {
  type ListPage,
  type PageRequest,
  containsText,
  pageOf,
} from "~/platform/lib/listing.server";
import { type SignatureCheck, verifyJson } from "~/platform/lib/signing.server";
import type { CertificateStatus } from "./constants";
import type { CertificatePayload } from "./issue.server";

// Stored certificates: finding one, its status (valid, expired, revoked) and signature check,
// the holder's list, and revocation with its history. Only this feature reads these tables.

export interface CertificateRecord {
  /** Also its index in the revocation status list. */
  id: number;
  userId: string;
  code: string;
  payload: CertificatePayload;
  keyId: string;
  signature: string;
  revokedAt: string | null;
  revokedReason: string | null;
}

export interface CertificateCheck {
  status: CertificateStatus;
  signature: SignatureCheck;
  /** VERIFIED: the signature checks and the certificate is neither expired nor revoked. */
  verified: boolean;
}

const RECORD_COLUMNS = [
  "id",
  "user_id",
  "verification_code",
  "payload",
  "key_id",
  "signature",
  "revoked_at",
  "revoked_reason",
] as const;

type RecordRow = {
  id: number;
  user_id: string;
  verification_code: string;
  payload: string;
  key_id: string;
  signature: string;
  revoked_at: string | null;
  revoked_reason: string | null;
};

function toRecord(row: RecordRow): CertificateRecord {
  return {
    id: Number(row.id),
    userId: row.user_id,
    code: row.verification_code,
    payload: JSON.parse(row.payload) as CertificatePayload,
    keyId: row.key_id,
    signature: row.signature,
    revokedAt: row.revoked_at,
    revokedReason: row.revoked_reason,
  };
}

/** The certificate with this (normalised) code. */
export async function findCertificate(code: string): Promise<CertificateRecord | undefined> {
  const row = await getDb()
    .selectFrom("certificate")
    .select(RECORD_COLUMNS)
    .where("verification_code", "=", code)
    .executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

/** The certificates a learner holds, newest first. */
export async function listHeldCertificates(userId: string): Promise<CertificateRecord[]> {
  const rows = await getDb()
    .selectFrom("certificate")
    .select(RECORD_COLUMNS)
    .where("user_id", "=", userId)
    .orderBy("issued_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map(toRecord);
}

export function statusOf(record: CertificateRecord, now = new Date()): CertificateStatus {
  if (record.revokedAt) return "revoked";
  return record.payload.expiresAt <= now.toISOString() ? "expired" : "valid";
}

/** Status and signature of a certificate, checked against the key that signed it. */
export async function checkCertificate(
  record: CertificateRecord,
  now = new Date(),
): Promise<CertificateCheck> {
  const status = statusOf(record, now);
  const signature = await verifyJson(record.payload, {
    keyId: record.keyId,
    signature: record.signature,
  });
  return { status, signature, verified: status === "valid" && signature === "valid" };
}

export interface StatusChange {
  action: "revoked" | "reinstated";
  reason: string;
  actorEmail: string;
  changedAt: string;
}

export class CertificateStateError extends Error {}

/**
 * Revokes or reinstates a certificate, recording who, when and why. Each is a new entry in the
 * history; the certificate row only mirrors the latest, in the same transaction. The evidence
 * record is the workflow's (app/workflows/certificate-status.server.ts).
 */
export async function changeCertificateStatus(input: {
  code: string;
  action: StatusChange["action"];
  reason: string;
  actorEmail: string;
  now?: Date;
}): Promise<{ userId: string; title: string; changedAt: string }> {
  const changedAt = (input.now ?? new Date()).toISOString();
  const holder = await inOneTransaction(async () => {
    const db = getDb();
    const row = await db
      .selectFrom("certificate")
      .select(["id", "revoked_at", "user_id", "title"])
      .where("verification_code", "=", input.code)
      .executeTakeFirst();
    if (!row) throw new CertificateStateError("not_found");
    const revoked = row.revoked_at !== null;
    if (revoked === (input.action === "revoked")) throw new CertificateStateError("unchanged");
    await db
      .insertInto("certificate_status_change")
      .values({
        certificate_id: row.id,
        action: input.action,
        reason: input.reason,
        actor_email: input.actorEmail,
        changed_at: changedAt,
      })
      .execute();
    await db
      .updateTable("certificate")
      .set(
        input.action === "revoked"
          ? { revoked_at: changedAt, revoked_reason: input.reason }
          : { revoked_at: null, revoked_reason: null },
      )
      .where("id", "=", row.id)
      .execute();
    return { userId: row.user_id, title: row.title };
  });
  return { ...holder, changedAt };
}

/** The codes of a user's certificates that are not revoked. */
export async function heldCertificateCodes(userId: string): Promise<string[]> {
  const rows = await getDb()
    .selectFrom("certificate")
    .select("verification_code")
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .execute();
  return rows.map((row) => row.verification_code);
}

/** Every revocation and reinstatement of these certificates, by code, oldest first. */
export async function certificateHistories(
  codes: readonly string[],
): Promise<Map<string, StatusChange[]>> {
  const histories = new Map<string, StatusChange[]>();
  if (codes.length === 0) return histories;
  const rows = await getDb()
    .selectFrom("certificate_status_change")
    .innerJoin("certificate", "certificate.id", "certificate_status_change.certificate_id")
    .select([
      "certificate.verification_code as code",
      "certificate_status_change.action",
      "certificate_status_change.reason",
      "certificate_status_change.actor_email",
      "certificate_status_change.changed_at",
    ])
    .where("certificate.verification_code", "in", codes)
    .orderBy("certificate_status_change.id")
    .execute();
  for (const row of rows) {
    const history = histories.get(row.code) ?? [];
    history.push({
      action: row.action,
      reason: row.reason,
      actorEmail: row.actor_email,
      changedAt: row.changed_at,
    });
    histories.set(row.code, history);
  }
  return histories;
}

/** The status list indexes of revoked certificates. */
/** The id of the newest certificate, 0 before the first. */
export async function highestCertificateId(): Promise<number> {
  const row = await getDb()
    .selectFrom("certificate")
    .select((eb) => eb.fn.max("id").as("id"))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

export async function revokedCertificateIds(): Promise<number[]> {
  const rows = await getDb()
    .selectFrom("certificate")
    .select("id")
    .where("revoked_at", "is not", null)
    .execute();
  return rows.map((row) => Number(row.id));
}

export const CERTIFICATE_COLUMNS = [
  "id",
  "issued_at",
  "verification_code",
  "holder_name",
  "title",
  "expires_at",
  "revoked_at",
  "revoked_reason",
] as const;

export type CertificateRow = Pick<
  RecordRow,
  "id" | "verification_code" | "revoked_at" | "revoked_reason"
> & {
  issued_at: string;
  holder_name: string;
  title: string;
  expires_at: string;
};

function certificatesMatching(q: string) {
  return getDb()
    .selectFrom("certificate")
    .select(CERTIFICATE_COLUMNS)
    .$if(q !== "", (qb) => qb.where(containsText(["verification_code", "holder_name", "title"], q)))
    .orderBy("issued_at", "desc")
    .orderBy("id", "desc");
}

/** A page of certificates whose code, holder or title contains `q`, newest first. */
export function listCertificates({ q, ...page }: PageRequest): Promise<ListPage<CertificateRow>> {
  return pageOf(certificatesMatching(q), page);
}

export function listAllCertificates({ q }: Pick<PageRequest, "q">): Promise<CertificateRow[]> {
  return certificatesMatching(q).execute();
}

export interface CertificateFact {
  userId: string;
  achievementKey: string;
  generation: number;
  code: string;
  title: string;
  issuedAt: string;
  expiresAt: string;
  revokedAt: string | null;
  revokedReason: string | null;
}

/** Every certificate of these users, oldest first, for the dashboard and the reports. */
export async function certificatesOfUsers(userIds: readonly string[]): Promise<CertificateFact[]> {
  const rows = await inChunks(userIds, (slice) =>
    getDb()
      .selectFrom("certificate")
      .select([
        "user_id",
        "achievement_key",
        "generation",
        "verification_code",
        "title",
        "issued_at",
        "expires_at",
        "revoked_at",
        "revoked_reason",
      ])
      .where("user_id", "in", slice)
      .execute(),
  );
  return rows
    .map((row) => ({
      userId: row.user_id,
      achievementKey: row.achievement_key,
      generation: Number(row.generation),
      code: row.verification_code,
      title: row.title,
      issuedAt: row.issued_at,
      expiresAt: row.expires_at,
      revokedAt: row.revoked_at,
      revokedReason: row.revoked_reason,
    }))
    .sort((a, b) => a.issuedAt.localeCompare(b.issuedAt));
}

/** Every certificate of a module not revoked: its code, holder, module and when it was issued. */
export async function activeModuleCertificates(): Promise<
  { code: string; userId: string; moduleId: string; issuedAt: string }[]
> {
  const rows = await getDb()
    .selectFrom("certificate")
    .select(["verification_code", "user_id", "achievement_key", "issued_at"])
    .where("achievement_key", "like", "module:%")
    .where("revoked_at", "is", null)
    .execute();
  return rows.map((row) => ({
    code: row.verification_code,
    userId: row.user_id,
    moduleId: row.achievement_key.slice("module:".length),
    issuedAt: row.issued_at,
  }));
}
