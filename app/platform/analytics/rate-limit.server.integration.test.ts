import { describe, expect, it } from "vitest";
import { EVENTS_RATE_LIMIT, limitEventBatches } from "./rate-limit.server";

const start = Date.parse("2026-11-22T10:00:30.000Z");
const after = (ms: number) => new Date(start + ms);

/** Sends `count` batches from one address, spread evenly over `spanMs` from the start. */
async function send(ip: string, count: number, spanMs: number) {
  const verdicts = [];
  for (let i = 0; i < count; i++) {
    verdicts.push(await limitEventBatches(ip, after((i * spanMs) / count)));
  }
  return verdicts;
}

describe("the event batch limit", () => {
  it("is 120 batches a minute per address (decision 006)", async () => {
    expect(EVENTS_RATE_LIMIT).toEqual({ limit: 120, windowMs: 60_000 });
    const verdicts = await send("198.51.100.7", 120, 59_000);
    expect(verdicts.every((v) => v.allowed)).toBe(true);
    // Across the minute boundary at 10:01:00 the allowance does not start again.
    expect(await limitEventBatches("198.51.100.7", after(59_500))).toMatchObject({
      allowed: false,
      retryAfterSeconds: 1,
    });
    expect((await limitEventBatches("198.51.100.8", after(59_500))).allowed).toBe(true);
    expect((await limitEventBatches("198.51.100.7", after(60_000))).allowed).toBe(true);
  });

  it("counts every address of one IPv6 /64 together", async () => {
    await send("2001:db8:5:6::1", 120, 30_000);
    expect((await limitEventBatches("2001:db8:5:6:a:b:c:d", after(30_000))).allowed).toBe(false);
    expect((await limitEventBatches("2001:db8:5:7::1", after(30_000))).allowed).toBe(true);
  });
});
