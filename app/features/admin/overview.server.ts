import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { countAnalyticsEventsSince } from "~/features/analytics/index.server";
import { EVENT_WINDOW_DAYS } from "./constants";

export interface AdminTotals {
  waitlist: number;
  contact: number;
  demo: number;
  users: number;
  /** Sessions whose expiry is still ahead. */
  activeSessions: number;
}

/** The overview's counters, in one round trip. */
export async function countAdminTotals(
  db: Kysely<Database>,
  { now = new Date() }: { now?: Date } = {},
): Promise<AdminTotals> {
  // An ISO bound compares with better-auth's ISO text on SQLite and is cast to timestamptz on
  // PostgreSQL, so the same query serves both engines.
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom("waitlist_entry")
        .select(eb.fn.countAll<number | string>().as("count"))
        .as("waitlist"),
      eb
        .selectFrom("contact_message")
        .select(eb.fn.countAll<number | string>().as("count"))
        .as("contact"),
      eb
        .selectFrom("demo_request")
        .select(eb.fn.countAll<number | string>().as("count"))
        .as("demo"),
      eb.selectFrom("user").select(eb.fn.countAll<number | string>().as("count")).as("users"),
      eb
        .selectFrom("session")
        .select(eb.fn.countAll<number | string>().as("count"))
        .where("expires_at", ">", now.toISOString())
        .as("activeSessions"),
    ])
    .executeTakeFirstOrThrow();
  return {
    waitlist: Number(row.waitlist),
    contact: Number(row.contact),
    demo: Number(row.demo),
    users: Number(row.users),
    activeSessions: Number(row.activeSessions),
  };
}

export interface EventCount {
  name: string;
  count: number;
}

/** Analytics events by name over the last `days` days, most frequent first. */
export function countEventsByName(
  db: Kysely<Database>,
  { now = new Date(), days = EVENT_WINDOW_DAYS }: { now?: Date; days?: number } = {},
): Promise<EventCount[]> {
  return countAnalyticsEventsSince(db, new Date(now.getTime() - days * 24 * 60 * 60 * 1000));
}
