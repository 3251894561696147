import { randomBytes, timingSafeEqual } from "node:crypto";
import { getDb } from "~/platform/db/db.server";
import { getLogger } from "~/platform/lib/logger.server";
import { sha256Hex } from "./hash.server";

// An organisation's SCIM bearer token: `kscim_<id>_<secret>`, 256 random bits of secret. Only the
// secret's SHA-256 is stored; the token is shown once, when issued. The id finds the row, the
// hash is compared in constant time. One token is in force per organisation: issuing another
// (rotation) revokes the one before.

const TOKEN = /^kscim_(\d{1,12})_([A-Za-z0-9_-]{43})$/;
// Compared against when the token names no row, so a miss costs what a hit costs.
const NO_HASH = Buffer.from(sha256Hex("no such token"), "hex");

export interface TokenHolder {
  tokenId: number;
  organisationId: number;
}

export interface TokenSummary {
  id: number;
  createdAt: string;
  createdBy: string;
  lastUsedAt: string | null;
}

/** Records an entry of the organisation's SCIM audit trail. */
export async function audit(
  organisationId: number,
  entry: { actor: string; action: string; detail: string; status: number },
  now = new Date(),
): Promise<void> {
  await getDb()
    .insertInto("scim_audit")
    .values({
      organisation_id: organisationId,
      actor: entry.actor,
      action: entry.action.slice(0, 300),
      detail: entry.detail.slice(0, 500),
      status: entry.status,
      created_at: now.toISOString(),
    })
    .execute();
}

/** The token in force for the organisation, if any. */
export async function activeToken(organisationId: number): Promise<TokenSummary | null> {
  const row = await getDb()
    .selectFrom("scim_token")
    .select(["id", "created_at", "created_by", "last_used_at"])
    .where("organisation_id", "=", organisationId)
    .where("revoked_at", "is", null)
    .orderBy("id", "desc")
    .executeTakeFirst();
  return row
    ? {
        id: Number(row.id),
        createdAt: row.created_at,
        createdBy: row.created_by,
        lastUsedAt: row.last_used_at,
      }
    : null;
}

async function revokeAll(organisationId: number, adminEmail: string, at: string): Promise<number> {
  const result = await getDb()
    .updateTable("scim_token")
    .set({ revoked_at: at, revoked_by: adminEmail })
    .where("organisation_id", "=", organisationId)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Issues a token (revoking the one in force: a rotation); answers it, to be shown once. */
export async function issueToken(
  organisationId: number,
  adminEmail: string,
  now = new Date(),
): Promise<string> {
  const at = now.toISOString();
  const secret = randomBytes(32).toString("base64url");
  const revoked = await revokeAll(organisationId, adminEmail, at);
  const row = await getDb()
    .insertInto("scim_token")
    .values({
      organisation_id: organisationId,
      secret_hash: sha256Hex(secret),
      created_at: at,
      created_by: adminEmail,
      last_used_at: null,
      revoked_at: null,
      revoked_by: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const id = Number(row.id);
  await audit(
    organisationId,
    {
      actor: adminEmail,
      action: revoked > 0 ? "token.rotated" : "token.issued",
      detail: `token #${id} issued${revoked > 0 ? `, ${revoked} earlier token(s) revoked` : ""}`,
      status: 0,
    },
    now,
  );
  getLogger().info({ event: "scim.token_issued", organisationId, tokenId: id }, "scim");
  return `kscim_${id}_${secret}`;
}

/** Revokes the organisation's token; false when none was in force. */
export async function revokeToken(
  organisationId: number,
  adminEmail: string,
  now = new Date(),
): Promise<boolean> {
  const revoked = await revokeAll(organisationId, adminEmail, now.toISOString());
  if (revoked === 0) return false;
  await audit(
    organisationId,
    { actor: adminEmail, action: "token.revoked", detail: "provisioning stopped", status: 0 },
    now,
  );
  getLogger().info({ event: "scim.token_revoked", organisationId }, "scim");
  return true;
}

/** The organisation a bearer token in force belongs to, or null. */
export async function tokenHolder(token: string, now = new Date()): Promise<TokenHolder | null> {
  const match = TOKEN.exec(token);
  const id = match ? Number(match[1]) : 0;
  const row =
    match && Number.isSafeInteger(id)
      ? await getDb()
          .selectFrom("scim_token")
          .select(["organisation_id", "secret_hash", "last_used_at"])
          .where("id", "=", id)
          .where("revoked_at", "is", null)
          .executeTakeFirst()
      : undefined;
  const given = Buffer.from(sha256Hex(match?.[2] ?? ""), "hex");
  const stored = row ? Buffer.from(row.secret_hash, "hex") : NO_HASH;
  const same = stored.length === given.length && timingSafeEqual(stored, given);
  if (!row || !same) return null;
  // The admin page shows when the token was last used; to the minute is enough.
  if (!row.last_used_at || now.getTime() - Date.parse(row.last_used_at) > 60_000) {
    await getDb()
      .updateTable("scim_token")
      .set({ last_used_at: now.toISOString() })
      .where("id", "=", id)
      .execute();
  }
  return { tokenId: id, organisationId: Number(row.organisation_id) };
}

export interface AuditEntry {
  id: number;
  actor: string;
  action: string;
  detail: string;
  status: number;
  createdAt: string;
}

/** The organisation's newest audit entries. */
export async function auditTrail(organisationId: number, limit = 100): Promise<AuditEntry[]> {
  const rows = await getDb()
    .selectFrom("scim_audit")
    .select(["id", "actor", "action", "detail", "status", "created_at"])
    .where("organisation_id", "=", organisationId)
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    actor: row.actor,
    action: row.action,
    detail: row.detail,
    status: Number(row.status),
    createdAt: row.created_at,
  }));
}
