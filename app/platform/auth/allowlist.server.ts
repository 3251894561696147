import { getDb } from "~/platform/db/db.server";
import { getEnv } from "~/platform/lib/env.server";

// The pilot allowlist (SPEC §4 "Pilot login", enforced on the server): PILOT_DOMAINS, PILOT_EMAILS
// and ADMIN_EMAILS from the environment, plus the entries admins add; PILOT_OPEN lets anyone in.

export interface PilotAccess {
  allowed: boolean;
  /** The organisation the pilot belongs to: the entry's name, else the email's domain. */
  organisation: string | null;
  /** What let the email in, for the pilot area and the logs. */
  via: "open" | "admin" | "environment" | "allowlist" | null;
}

function domainOf(email: string): string {
  return email.slice(email.lastIndexOf("@") + 1).toLowerCase();
}

export async function checkPilotAccess(rawEmail: string, env = getEnv()): Promise<PilotAccess> {
  const email = rawEmail.trim().toLowerCase();
  const domain = domainOf(email);
  const entry = await getDb()
    .selectFrom("pilot_allowlist")
    .select(["kind", "organisation"])
    .where((eb) =>
      eb.or([
        eb.and([eb("kind", "=", "email"), eb("value", "=", email)]),
        eb.and([eb("kind", "=", "domain"), eb("value", "=", domain)]),
      ]),
    )
    // An entry for the address itself names the organisation before its domain's entry.
    .orderBy("kind", "desc")
    .executeTakeFirst();
  if (entry) return { allowed: true, organisation: entry.organisation ?? domain, via: "allowlist" };
  if (env.ADMIN_EMAILS.includes(email))
    return { allowed: true, organisation: domain, via: "admin" };
  if (env.PILOT_EMAILS.includes(email) || env.PILOT_DOMAINS.includes(domain)) {
    return { allowed: true, organisation: domain, via: "environment" };
  }
  if (env.PILOT_OPEN) return { allowed: true, organisation: domain, via: "open" };
  return { allowed: false, organisation: null, via: null };
}

export interface AllowlistEntry {
  id: number;
  kind: "domain" | "email";
  value: string;
  organisation: string | null;
  addedBy: string;
  createdAt: string;
}

export async function listAllowlist(): Promise<AllowlistEntry[]> {
  const rows = await getDb()
    .selectFrom("pilot_allowlist")
    .select(["id", "kind", "value", "organisation", "added_by", "created_at"])
    .orderBy("kind")
    .orderBy("value")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    value: row.value,
    organisation: row.organisation,
    addedBy: row.added_by,
    createdAt: row.created_at,
  }));
}

export async function listAllowlistChanges(limit = 50) {
  return getDb()
    .selectFrom("pilot_allowlist_change")
    .select(["id", "action", "kind", "value", "organisation", "actor_email", "created_at"])
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

/** Adds an entry and records who added it; `false` when it was already there. */
export async function addAllowlistEntry(
  entry: { kind: "domain" | "email"; value: string; organisation?: string | null },
  actorEmail: string,
  now = new Date(),
): Promise<boolean> {
  const at = now.toISOString();
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const inserted = await trx
        .insertInto("pilot_allowlist")
        .values({
          kind: entry.kind,
          value: entry.value,
          organisation: entry.organisation ?? null,
          added_by: actorEmail,
          created_at: at,
        })
        .onConflict((oc) => oc.columns(["kind", "value"]).doNothing())
        .returning("id")
        .executeTakeFirst();
      if (!inserted) return false;
      await trx
        .insertInto("pilot_allowlist_change")
        .values({
          action: "add",
          kind: entry.kind,
          value: entry.value,
          organisation: entry.organisation ?? null,
          actor_email: actorEmail,
          created_at: at,
        })
        .execute();
      return true;
    });
}

/** Removes an entry and records who removed it; `false` when there was none. */
export async function removeAllowlistEntry(
  id: number,
  actorEmail: string,
  now = new Date(),
): Promise<boolean> {
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const removed = await trx
        .deleteFrom("pilot_allowlist")
        .where("id", "=", id)
        .returning(["kind", "value", "organisation"])
        .executeTakeFirst();
      if (!removed) return false;
      await trx
        .insertInto("pilot_allowlist_change")
        .values({
          action: "remove",
          kind: removed.kind,
          value: removed.value,
          organisation: removed.organisation,
          actor_email: actorEmail,
          created_at: now.toISOString(),
        })
        .execute();
      return true;
    });
}
