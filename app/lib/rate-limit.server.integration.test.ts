import { describe, expect, it } from "vitest";
import { getDb } from "~/db/db.server";
import { hitRateLimit } from "./rate-limit.server";

const rule = { limit: 3, windowMs: 60_000 };
const at = (iso: string) => new Date(iso);

describe("hitRateLimit", () => {
  it("allows up to the limit in a window, then refuses with the time left", async () => {
    const db = getDb();
    const verdicts = [];
    for (let i = 0; i < 4; i++) {
      verdicts.push(await hitRateLimit(db, "ip:1", rule, at("2026-11-22T10:00:15.000Z")));
    }
    expect(verdicts.map((v) => v.allowed)).toEqual([true, true, true, false]);
    expect(verdicts.map((v) => v.remaining)).toEqual([2, 1, 0, 0]);
    expect(verdicts[3]?.retryAfterSeconds).toBe(45);
  });

  it("starts counting again in the next window", async () => {
    const db = getDb();
    for (let i = 0; i < 4; i++)
      await hitRateLimit(db, "ip:2", rule, at("2026-11-22T10:00:59.000Z"));
    const next = await hitRateLimit(db, "ip:2", rule, at("2026-11-22T10:01:00.000Z"));
    expect(next).toEqual({ allowed: true, remaining: 2, retryAfterSeconds: 60 });
  });

  it("keeps separate counts per key", async () => {
    const db = getDb();
    const now = at("2026-11-22T10:00:00.000Z");
    for (let i = 0; i < 3; i++) await hitRateLimit(db, "email:a@example.com", rule, now);
    expect((await hitRateLimit(db, "email:a@example.com", rule, now)).allowed).toBe(false);
    expect((await hitRateLimit(db, "email:b@example.com", rule, now)).allowed).toBe(true);
  });

  it("counts every one of many simultaneous requests", async () => {
    const db = getDb();
    const now = at("2026-11-22T11:00:00.000Z");
    const wide = { limit: 100, windowMs: 60_000 };
    await Promise.all(Array.from({ length: 25 }, () => hitRateLimit(db, "burst", wide, now)));
    const row = await db
      .selectFrom("rate_limit")
      .select("count")
      .where("key", "=", "burst")
      .executeTakeFirstOrThrow();
    expect(row.count).toBe(25);
  });
});
