import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { inOneTransaction } from "~/platform/db/db.server";
import { getLogger } from "~/platform/lib/logger.server";
import { hitRateLimit, rateLimitKey } from "~/platform/lib/rate-limit.server";
import type { FormReply } from "~/platform/lib/reply";
import { formAccepted, formRefused } from "~/platform/lib/reply.server";
import { WaitlistSchema } from "./schema";
import { recordWaitlistEntry } from "./waitlist.server";

export const WAITLIST_RATE_LIMITS = {
  perIp: { limit: 20, windowMs: 10 * 60_000 },
  perEmail: { limit: 5, windowMs: 60 * 60_000 },
};

export type WaitlistOutcome =
  | { kind: "rate_limited"; retryAfterSeconds: number }
  | { kind: "invalid"; issues: z.core.$ZodIssue[] }
  | { kind: "dropped" }
  | { kind: "stored"; created: boolean };

/**
 * One waitlist submission, whichever way it came (JSON API, form post): per-address limit,
 * validation, the honeypot, the per-email limit, then one row per email.
 */
export function submitWaitlist(
  body: unknown,
  context: { clientIp: string; locale?: string | null; region?: string | null },
): Promise<WaitlistOutcome> {
  // Parsing and naming the counters need no database: done first, the write lock is held only
  // for the statements (the order of the checks below is unchanged).
  const parsed = WaitlistSchema.safeParse(body);
  const byIpKey = rateLimitKey("waitlist", { ip: context.clientIp });
  const byEmailKey = parsed.success ? rateLimitKey("waitlist", { email: parsed.data.email }) : "";
  // The counts and the row commit together: one durable write per submission, not three.
  return inOneTransaction(async (): Promise<WaitlistOutcome> => {
    const byIp = await hitRateLimit(byIpKey, WAITLIST_RATE_LIMITS.perIp);
    if (!byIp.allowed) return { kind: "rate_limited", retryAfterSeconds: byIp.retryAfterSeconds };
    if (!parsed.success) return { kind: "invalid", issues: parsed.error.issues };
    const entry = parsed.data;
    // A filled honeypot is a bot: it is told "thank you" and nothing is kept.
    if (entry.website) {
      getLogger().info({ event: "waitlist_honeypot" }, "waitlist submission dropped");
      return { kind: "dropped" };
    }
    const byEmail = await hitRateLimit(byEmailKey, WAITLIST_RATE_LIMITS.perEmail);
    if (!byEmail.allowed)
      return { kind: "rate_limited", retryAfterSeconds: byEmail.retryAfterSeconds };
    const { created } = await recordWaitlistEntry(entry, context);
    return { kind: "stored", created };
  });
}

/**
 * The waitlist posted as a page form (a browser without JavaScript): Conform's reply keeps every
 * value on an error and clears the form once the entry is stored.
 */
export async function joinWaitlistByForm(
  fields: Record<string, string>,
  context: { clientIp: string; locale?: string | null; region?: string | null },
): Promise<FormReply & { status: number }> {
  const submission = parseWithZod(new URLSearchParams(fields), { schema: WaitlistSchema });
  if (submission.status !== "success") {
    return { status: 400, ...formRefused(submission, "validation") };
  }
  const outcome = await submitWaitlist(submission.value, context);
  if (outcome.kind === "rate_limited") {
    return { status: 429, ...formRefused(submission, "rate_limited") };
  }
  return { status: 200, ...formAccepted(submission) };
}
