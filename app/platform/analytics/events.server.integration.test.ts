import { describe, expect, it } from "vitest";
import { getDb } from "~/platform/db/db.server";
import { countAnalyticsEventsSince, recordAnalyticsEvents } from "./events.server";

describe("analytics events", () => {
  it("stores a batch with its properties, path, locale and ids", async () => {
    const db = getDb();
    const anonymousId = "5b1f1a0e-8a4a-4c53-9d0b-0f6f7d1c2a3b";
    const stored = await recordAnalyticsEvents(
      {
        anonymousId,
        events: [
          {
            name: "module_completed",
            properties: { moduleId: "m1", score: 1 },
            path: "/training",
            locale: "en-SG",
          },
          { name: "certificates_viewed", properties: {}, path: "/training/certificates" },
        ],
      },
      { sessionId: "session-1", now: new Date("2026-11-20T08:00:00.000Z") },
    );
    expect(stored).toBe(2);
    const rows = await db
      .selectFrom("analytics_event")
      .select(["name", "properties", "path", "locale", "session_id", "anonymous_id", "created_at"])
      .orderBy("id")
      .execute();
    expect(rows).toEqual([
      {
        name: "module_completed",
        properties: '{"moduleId":"m1","score":1}',
        path: "/training",
        locale: "en-SG",
        session_id: "session-1",
        anonymous_id: anonymousId,
        created_at: "2026-11-20T08:00:00.000Z",
      },
      {
        name: "certificates_viewed",
        properties: "{}",
        path: "/training/certificates",
        locale: null,
        session_id: "session-1",
        anonymous_id: anonymousId,
        created_at: "2026-11-20T08:00:00.000Z",
      },
    ]);
  });

  it("counts events by name since a moment, most frequent first", async () => {
    const event = (name: "waitlist_open" | "module_viewed") => ({
      name,
      properties: {},
      path: "/",
    });
    await recordAnalyticsEvents(
      { events: [event("module_viewed")] },
      { now: new Date("2026-11-01T00:00:00Z") },
    );
    await recordAnalyticsEvents(
      { events: [event("waitlist_open"), event("waitlist_open"), event("module_viewed")] },
      { now: new Date("2026-11-20T00:00:00Z") },
    );
    expect(await countAnalyticsEventsSince(new Date("2026-11-15T00:00:00Z"))).toEqual([
      { name: "waitlist_open", count: 2 },
      { name: "module_viewed", count: 1 },
    ]);
  });
});
