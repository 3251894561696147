import { randomUUID } from "node:crypto";
import { getDb } from "~/platform/db/db.server";
import {
  type RateLimitVerdict,
  hitRateLimit,
  rateLimitKey,
} from "~/platform/lib/rate-limit.server";
import { ADVISOR_LIMITS, type AdvisorNote, type AdvisorSource, type ChatMessage } from "./messages";

// A signed-in user's conversation with the advisor, kept 30 days (the retention job removes older
// messages and reads never show them) and deletable at once; and the question allowances.

const DAY_MS = 24 * 60 * 60 * 1000;

export const ADVISOR_RATE_LIMITS = {
  signedOut: { limit: ADVISOR_LIMITS.signedOutPerHour, windowMs: 60 * 60 * 1000 },
  signedIn: { limit: ADVISOR_LIMITS.signedInPerDay, windowMs: DAY_MS },
};

/** Counts one question: 10 an hour from an address when signed out, 100 a day for an account. */
export function limitQuestions(
  who: { userId: string } | { ip: string },
  now = new Date(),
): Promise<RateLimitVerdict> {
  const rule = "userId" in who ? ADVISOR_RATE_LIMITS.signedIn : ADVISOR_RATE_LIMITS.signedOut;
  return hitRateLimit(rateLimitKey("advisor", who), rule, now);
}

const keptSince = (now: Date) => new Date(now.getTime() - ADVISOR_LIMITS.keepDays * DAY_MS);

export function newMessageId(): string {
  return randomUUID();
}

export async function saveMessage(
  userId: string,
  message: {
    id: string;
    sender: "user" | "bot";
    text: string;
    kb: boolean;
    sources: AdvisorSource[];
    notes?: AdvisorNote[];
  },
  now = new Date(),
): Promise<void> {
  await getDb()
    .insertInto("advisor_message")
    .values({
      id: message.id,
      user_id: userId,
      sender: message.sender,
      text: message.text,
      kb: message.kb ? 1 : 0,
      sources: JSON.stringify({ sources: message.sources, notes: message.notes ?? [] }),
      created_at: now.toISOString(),
    })
    .execute();
}

/** The user's messages of the last 30 days, oldest first (at most the latest 200). */
export async function loadConversation(userId: string, now = new Date()): Promise<ChatMessage[]> {
  const rows = await getDb()
    .selectFrom("advisor_message")
    .selectAll()
    .where("user_id", "=", userId)
    .where("created_at", ">=", keptSince(now).toISOString())
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(200)
    .execute();
  return rows.reverse().map((row) => {
    const stored = JSON.parse(row.sources) as { sources: AdvisorSource[]; notes: AdvisorNote[] };
    return {
      id: row.id,
      sender: row.sender,
      text: row.text,
      timestamp: row.created_at,
      kb: row.kb === 1,
      citations: stored.sources,
      notes: stored.notes,
    };
  });
}

export async function deleteConversation(userId: string): Promise<number> {
  const result = await getDb()
    .deleteFrom("advisor_message")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The retention job: messages older than 30 days are removed. */
export async function purgeOldConversations({ now }: { now: Date }): Promise<number> {
  const result = await getDb()
    .deleteFrom("advisor_message")
    .where("created_at", "<", keptSince(now).toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
