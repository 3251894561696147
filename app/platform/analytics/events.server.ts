import { getDb } from "~/platform/db/db.server";
import type { AnalyticsBatch } from "./catalogue";

export interface EventOrigin {
  sessionId?: string | null;
  now?: Date;
}

/** Stores a validated batch in one statement (all or nothing). */
export async function recordAnalyticsEvents(
  batch: AnalyticsBatch,
  origin: EventOrigin = {},
): Promise<number> {
  const createdAt = (origin.now ?? new Date()).toISOString();
  await getDb()
    .insertInto("analytics_event")
    .values(
      batch.events.map((event) => ({
        name: event.name,
        properties: JSON.stringify(event.properties),
        path: event.path,
        locale: event.locale ?? null,
        session_id: origin.sessionId ?? null,
        anonymous_id: batch.anonymousId ?? null,
        created_at: createdAt,
      })),
    )
    .execute();
  return batch.events.length;
}

/** Counts events by name since a moment, most frequent first. */
export async function countAnalyticsEventsSince(
  since: Date,
): Promise<{ name: string; count: number }[]> {
  const rows = await getDb()
    .selectFrom("analytics_event")
    .select(({ fn }) => ["name", fn.countAll<number | string>().as("count")])
    .where("created_at", ">=", since.toISOString())
    .groupBy("name")
    .orderBy("count", "desc")
    .orderBy("name")
    .execute();
  return rows.map((row) => ({ name: row.name, count: Number(row.count) }));
}
