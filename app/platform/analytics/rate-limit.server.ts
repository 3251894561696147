import {
  type RateLimitVerdict,
  hitRateLimit,
  rateLimitKey,
} from "~/platform/lib/rate-limit.server";

// Decision 006: 120 batches a minute per client address. A tab sends a batch every 2 s at most
// (30 a minute), so four busy tabs behind one office address fit; each batch is bounded in size.
export const EVENTS_RATE_LIMIT = { limit: 120, windowMs: 60_000 };

/** Counts one event batch from a client address against its allowance. */
export function limitEventBatches(clientIp: string, now = new Date()): Promise<RateLimitVerdict> {
  return hitRateLimit(rateLimitKey("events", { ip: clientIp }), EVENTS_RATE_LIMIT, now);
}
