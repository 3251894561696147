import { countAnalyticsEventsSince } from "~/platform/analytics/index.server";
import { countActiveSessions, countUsers } from "~/platform/auth/index.server";
import { countContactMessages, countDemoRequests } from "~/domain/contact/index.server";
import { countWaitlistEntries } from "~/domain/waitlist/index.server";
import { EVENT_WINDOW_DAYS } from "./constants";

export interface AdminTotals {
  waitlist: number;
  contact: number;
  demo: number;
  users: number;
  /** Sessions whose expiry is still ahead. */
  activeSessions: number;
}

/** The overview's counters, each asked of the feature that owns the table. */
export async function countAdminTotals({
  now = new Date(),
}: { now?: Date } = {}): Promise<AdminTotals> {
  const [waitlist, contact, demo, users, activeSessions] = await Promise.all([
    countWaitlistEntries(),
    countContactMessages(),
    countDemoRequests(),
    countUsers(),
    countActiveSessions({ now }),
  ]);
  return { waitlist, contact, demo, users, activeSessions };
}

export interface EventCount {
  name: string;
  count: number;
}

/** Analytics events by name over the last `days` days, most frequent first. */
export function countEventsByName({
  now = new Date(),
  days = EVENT_WINDOW_DAYS,
}: { now?: Date; days?: number } = {}): Promise<EventCount[]> {
  return countAnalyticsEventsSince(new Date(now.getTime() - days * 24 * 60 * 60 * 1000));
}
