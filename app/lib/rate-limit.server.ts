import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";

export interface RateLimitRule {
  /** Requests allowed per window. */
  limit: number;
  windowMs: number;
}

export interface RateLimitVerdict {
  allowed: boolean;
  remaining: number;
  retryAfterSeconds: number;
}

/**
 * Fixed-window counter kept in the database, so every server behind a load balancer shares it.
 * One upsert per call; the counter restarts when its window has passed.
 */
export async function hitRateLimit(
  db: Kysely<Database>,
  key: string,
  rule: RateLimitRule,
  now = new Date(),
): Promise<RateLimitVerdict> {
  const windowStart = new Date(Math.floor(now.getTime() / rule.windowMs) * rule.windowMs);
  const start = windowStart.toISOString();
  const row = await db
    .insertInto("rate_limit")
    .values({ key, window_start: start, count: 1 })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet((eb) => ({
        count: eb
          .case()
          .when("rate_limit.window_start", "=", start)
          .then(eb("rate_limit.count", "+", 1))
          .else(1)
          .end(),
        window_start: start,
      })),
    )
    .returning("count")
    .executeTakeFirstOrThrow();
  const retryAfterMs = windowStart.getTime() + rule.windowMs - now.getTime();
  return {
    allowed: row.count <= rule.limit,
    remaining: Math.max(0, rule.limit - row.count),
    retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)),
  };
}
