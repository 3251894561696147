import { getDb, inOneTransaction } from "~/platform/db/db.server";
import { clientAddressGroup } from "./client-address.server";
import { getLogger } from "./logger.server";
import { emailFingerprint, fingerprint } from "./server-secret.server";

// Rate limits (docs/decisions/014-rate-limits.md): a sliding window kept in the database, so
// every server behind a load balancer shares it. Each key's row holds the times of the hits it
// let through in the last window; a hit passes while fewer than `limit` of them remain.

export interface RateLimitRule {
  /** Hits allowed in any `windowMs` span. */
  limit: number;
  windowMs: number;
}

export interface RateLimitVerdict {
  allowed: boolean;
  remaining: number;
  /** Seconds until one more hit would pass: 0 while some remain. */
  retryAfterSeconds: number;
}

/** Who a limit counts: a client address, an email, or an account. */
export type RateLimitSubject = { ip: string } | { email: string } | { userId: string };

/**
 * The one way to name a counter. Personal values are stored only as keyed fingerprints, and an
 * address counts by its client group (an IPv6 /64), so a rotating IPv6 client shares one limit.
 */
export function rateLimitKey(scope: string, subject: RateLimitSubject): string {
  if ("ip" in subject) return `${scope}:ip:${fingerprint(`ip:${clientAddressGroup(subject.ip)}`)}`;
  if ("email" in subject) return `${scope}:email:${emailFingerprint(subject.email)}`;
  return `${scope}:user:${fingerprint(`user:${subject.userId}`)}`;
}

/**
 * Counts one hit on `key` and says whether it may pass. One transaction per hit: its first
 * statement takes the key's row (a row lock on PostgreSQL, the write lock on SQLite), so
 * simultaneous hits on one key queue instead of reading the same count.
 */
export async function hitRateLimit(
  key: string,
  rule: RateLimitRule,
  now = new Date(),
): Promise<RateLimitVerdict> {
  const at = now.getTime();
  // Within a caller's transaction (inOneTransaction) the hit joins it and commits with its writes.
  const verdict = await inOneTransaction(async () => {
    const trx = getDb();
    const row = await trx
      .insertInto("rate_limit")
      .values({ key, hits: "", expires_at: now.toISOString() })
      .onConflict((oc) =>
        oc.column("key").doUpdateSet((eb) => ({ hits: eb.ref("rate_limit.hits") })),
      )
      .returning("hits")
      .executeTakeFirstOrThrow();
    const recent = parseHits(row.hits).filter((hit) => hit > at - rule.windowMs);
    if (recent.length >= rule.limit) return judge(recent, rule, at, false);
    recent.push(at);
    recent.sort((a, b) => a - b);
    const newest = recent[recent.length - 1] ?? at;
    await trx
      .updateTable("rate_limit")
      .set({ hits: recent.join(","), expires_at: new Date(newest + rule.windowMs).toISOString() })
      .where("key", "=", key)
      .execute();
    return judge(recent, rule, at, true);
  });
  await pruneNowAndThen(now);
  return verdict;
}

function parseHits(hits: string): number[] {
  return hits ? hits.split(",").map(Number) : [];
}

/** The verdict once `recent` (sorted, within the window) holds every hit that passed. */
function judge(recent: number[], rule: RateLimitRule, at: number, allowed: boolean) {
  const remaining = Math.max(0, rule.limit - recent.length);
  // One more passes once all but `limit - 1` of the recent hits have left the window.
  const leaving = recent[recent.length - rule.limit];
  const waitMs = remaining > 0 || leaving === undefined ? 0 : leaving + rule.windowMs - at;
  return { allowed, remaining, retryAfterSeconds: Math.max(0, Math.ceil(waitMs / 1000)) };
}

/** Deletes the rows of keys with no hit left in their window; forgetting them changes nothing. */
export async function pruneRateLimits(now = new Date()): Promise<number> {
  const result = await getDb()
    .deleteFrom("rate_limit")
    .where("expires_at", "<=", now.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

const PRUNE_EVERY_MS = 60_000;
let nextPruneAt = 0;

/** At most once a minute per process, so the table stays small with no job to schedule. */
async function pruneNowAndThen(now: Date): Promise<void> {
  if (now.getTime() < nextPruneAt) return;
  nextPruneAt = now.getTime() + PRUNE_EVERY_MS;
  try {
    await pruneRateLimits(now);
  } catch (error) {
    // The hit is already judged; a clean-up that fails waits for the next turn.
    getLogger().warn({ err: error }, "expired rate-limit rows could not be deleted");
  }
}
