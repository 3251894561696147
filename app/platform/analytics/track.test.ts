// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { flushAnalytics, track } from "./track";
import { AnalyticsBatchSchema } from "./schema";

// The network is outside this module: fetch and sendBeacon are recorded, not performed.
const sent: { via: "fetch" | "beacon"; url: string; body: unknown }[] = [];

async function bodyOf(blob: unknown): Promise<unknown> {
  return JSON.parse(await (blob as Blob).text());
}

beforeEach(() => {
  vi.useFakeTimers();
  sent.length = 0;
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    sent.push({ via: "fetch", url, body: await bodyOf(init.body) });
    return new Response(null, { status: 202 });
  });
  Object.defineProperty(navigator, "sendBeacon", {
    configurable: true,
    value: (url: string, blob: Blob) => {
      void bodyOf(blob).then((body) => sent.push({ via: "beacon", url, body }));
      return true;
    },
  });
});

afterEach(() => {
  flushAnalytics();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("track", () => {
  it("dispatches the browser analytics event of SPEC §7", () => {
    document.documentElement.lang = "en-SG";
    const seen: CustomEvent[] = [];
    window.addEventListener("analytics", (event) => seen.push(event as CustomEvent));
    track("module_completed", { moduleId: "m1", score: 1 });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.detail).toMatchObject({
      event: "module_completed",
      moduleId: "m1",
      score: 1,
      locale: "en-SG",
      tenantId: "kestrel-enterprise",
    });
    expect(new Date(seen[0]?.detail.timestamp).toString()).not.toBe("Invalid Date");
  });

  it("batches events to /api/events after a short delay, in a body the server accepts", async () => {
    track("waitlist_open");
    track("waitlist_submit_attempt", { source: "header" });
    expect(sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(2000);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.url).toBe("/api/events");
    const batch = AnalyticsBatchSchema.parse(sent[0]?.body);
    expect(batch.events.map((e) => e.name)).toEqual(["waitlist_open", "waitlist_submit_attempt"]);
    expect(batch.anonymousId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("keeps one anonymous id per browser", async () => {
    track("waitlist_open");
    await vi.advanceTimersByTimeAsync(2000);
    track("waitlist_open");
    await vi.advanceTimersByTimeAsync(2000);
    const [first, second] = sent.map((s) => AnalyticsBatchSchema.parse(s.body).anonymousId);
    expect(first).toBe(second);
  });

  it("sends what is queued with sendBeacon when the page is hidden", async () => {
    track("certificates_viewed");
    window.dispatchEvent(new Event("pagehide"));
    await vi.runAllTimersAsync();
    expect(sent.map((s) => s.via)).toEqual(["beacon"]);
  });

  it("splits a long queue into batches the server accepts", async () => {
    for (let i = 0; i < 120; i++) track("module_viewed", { i });
    await vi.advanceTimersByTimeAsync(2000);
    const sizes = sent.map((s) => AnalyticsBatchSchema.parse(s.body).events.length);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(120);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(50);
  });
});

describe("AnalyticsBatchSchema", () => {
  const event = { name: "module_viewed", path: "/training" };

  it("accepts a minimal batch and defaults properties", () => {
    expect(AnalyticsBatchSchema.parse({ events: [event] }).events[0]?.properties).toEqual({});
  });

  it.each([
    ["unknown names", { events: [{ ...event, name: "drop_table" }] }],
    ["absolute URLs as paths", { events: [{ ...event, path: "https://x.example/" }] }],
    ["nested property values", { events: [{ ...event, properties: { a: [1] } }] }],
    ["long property values", { events: [{ ...event, properties: { a: "x".repeat(501) } }] }],
    [
      "too many properties",
      {
        events: [
          {
            ...event,
            properties: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, i])),
          },
        ],
      },
    ],
    ["empty batches", { events: [] }],
    ["oversized batches", { events: Array.from({ length: 51 }, () => event) }],
    ["non-UUID anonymous ids", { anonymousId: "x", events: [event] }],
  ])("refuses %s", (_label, body) => {
    expect(AnalyticsBatchSchema.safeParse(body).success).toBe(false);
  });
});
