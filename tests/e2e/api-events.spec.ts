import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { queryE2eDatabase } from "./db";
import { expect, test } from "./fixtures";

const validEvent = (overrides: Record<string, unknown> = {}) => ({
  name: "module_completed",
  properties: { moduleId: "crypto-atm-awareness", score: 0.9 },
  path: "/training/module/crypto-atm-awareness",
  locale: "en-US",
  ...overrides,
});

test.describe("POST /api/events", () => {
  test("accepts a batch with 202 and stores every event", async ({ request }) => {
    const anonymousId = randomUUID();
    const response = await request.post("/api/events", {
      data: {
        anonymousId,
        events: [validEvent(), validEvent({ name: "certificates_viewed", properties: {} })],
      },
    });
    expect(response.status()).toBe(202);
    expect(await response.json()).toEqual({ accepted: 2 });
    const rows = queryE2eDatabase<{ name: string; properties: string; path: string }>(
      "select name, properties, path from analytics_event where anonymous_id = ? order by id",
      anonymousId,
    );
    expect(rows.map((r) => r.name)).toEqual(["module_completed", "certificates_viewed"]);
    expect(JSON.parse(rows[0]?.properties ?? "")).toEqual({
      moduleId: "crypto-atm-awareness",
      score: 0.9,
    });
  });

  const bad: [string, unknown, string][] = [
    ["an unknown event name", { events: [validEvent({ name: "drop_tables" })] }, "events.0.name"],
    ["no events", { events: [] }, "events"],
    [
      "a path that is not a path",
      { events: [validEvent({ path: "https://x.y" })] },
      "events.0.path",
    ],
    [
      "a nested property",
      { events: [validEvent({ properties: { a: { b: 1 } } })] },
      "events.0.properties.a",
    ],
    ["a missing path", { events: [{ name: "module_viewed" }] }, "events.0.path"],
    ["a bad anonymous id", { anonymousId: "me", events: [validEvent()] }, "anonymousId"],
    ["too many events", { events: Array.from({ length: 51 }, () => validEvent()) }, "events"],
    ["a body that is not an object", [1, 2, 3], "body"],
  ];
  for (const [label, body, field] of bad) {
    test(`refuses ${label} with 400 and the field`, async ({ request }) => {
      const response = await request.post("/api/events", { data: body });
      expect(response.status()).toBe(400);
      const json = await response.json();
      expect(json.error.message).toBe("Please check your input and try again.");
      expect(Object.keys(json.error.fields)).toContain(field);
    });
  }

  test("refuses malformed JSON with 400", async ({ request }) => {
    const response = await request.post("/api/events", {
      headers: { "Content-Type": "application/json" },
      data: '{"events": [',
    });
    expect(response.status()).toBe(400);
  });

  test("refuses a body that is not JSON with 415", async ({ request }) => {
    const response = await request.post("/api/events", { form: { name: "module_viewed" } });
    expect(response.status()).toBe(415);
  });

  test("refuses an oversized body with 413 and stores nothing", async ({ request }) => {
    const anonymousId = randomUUID();
    const response = await request.post("/api/events", {
      headers: { "Content-Type": "application/json" },
      data: JSON.stringify({ anonymousId, events: [validEvent()], pad: "x".repeat(70_000) }),
    });
    expect(response.status()).toBe(413);
    expect(
      queryE2eDatabase("select 1 from analytics_event where anonymous_id = ?", anonymousId),
    ).toHaveLength(0);
  });

  test("answers GET with 405", async ({ request }) => {
    const response = await request.get("/api/events");
    expect(response.status()).toBe(405);
    expect(response.headers()["allow"]).toBe("POST");
  });

  test("refuses a foreign origin with 403", async ({ request }) => {
    const response = await request.post("/api/events", {
      headers: { Origin: "https://tracker.example" },
      data: { events: [validEvent()] },
    });
    expect(response.status()).toBe(403);
  });

  test("no random body produces a server error", async ({ request }) => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), async (body) => {
        const response = await request.post("/api/events", {
          headers: { "Content-Type": "application/json" },
          data: JSON.stringify(body),
        });
        expect([202, 400]).toContain(response.status());
      }),
      { numRuns: 60 },
    );
  });
});
