import { describe, expect, it } from "vitest";
import { getDb } from "~/platform/db/db.server";
import { hitRateLimit, pruneRateLimits, rateLimitKey } from "./rate-limit.server";

const rule = { limit: 3, windowMs: 60_000 };
const at = (iso: string) => new Date(iso);
const seconds = (base: string, s: number) => new Date(Date.parse(base) + s * 1000);

describe("hitRateLimit", () => {
  it("refuses once `limit` hits fall in the last window, until the oldest leaves it", async () => {
    const hit = (iso: string) => hitRateLimit("ip:1", rule, at(iso));
    const passed = [
      await hit("2026-11-22T10:00:40.000Z"),
      await hit("2026-11-22T10:00:50.000Z"),
      await hit("2026-11-22T10:00:55.000Z"),
    ];
    expect(passed.map((v) => [v.allowed, v.remaining])).toEqual([
      [true, 2],
      [true, 1],
      [true, 0],
    ]);
    // A new minute on the clock frees nothing: 10:00:40 leaves the window at 10:01:40.
    expect(await hit("2026-11-22T10:01:05.000Z")).toEqual({
      allowed: false,
      remaining: 0,
      retryAfterSeconds: 35,
    });
    expect(await hit("2026-11-22T10:01:39.500Z")).toMatchObject({
      allowed: false,
      retryAfterSeconds: 1,
    });
    expect(await hit("2026-11-22T10:01:40.000Z")).toMatchObject({ allowed: true, remaining: 0 });
  });

  it("never lets more than `limit` through in any window, whatever the clock says", async () => {
    const start = "2026-11-22T10:00:30.000Z";
    const limit = { limit: 5, windowMs: 60_000 };
    // A client retrying twice every 3 s for three minutes, across two minute boundaries.
    const passed: number[] = [];
    for (let s = 0; s < 180; s += 3) {
      for (let i = 0; i < 2; i++) {
        const now = seconds(start, s);
        if ((await hitRateLimit("steady", limit, now)).allowed) passed.push(now.getTime());
      }
    }
    const mostInAnyWindow = Math.max(
      ...passed.map((from) => passed.filter((t) => t >= from && t < from + 60_000).length),
    );
    expect(mostInAnyWindow).toBe(5);
    expect(passed).toHaveLength(15);
  });

  it("lets exactly `limit` of many simultaneous hits through, across a window boundary", async () => {
    const limit = { limit: 10, windowMs: 60_000 };
    const verdicts = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        hitRateLimit("burst", limit, seconds("2026-11-22T11:00:59.900Z", i % 2 ? 0.2 : 0)),
      ),
    );
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(10);
    const refused = verdicts.filter((v) => !v.allowed);
    // The first hit through leaves the window a minute after it came (give or take the 0.2 s).
    for (const verdict of refused) expect([60, 61]).toContain(verdict.retryAfterSeconds);
  });

  it("keeps separate counts per key", async () => {
    const now = at("2026-11-22T10:00:00.000Z");
    const mei = rateLimitKey("waitlist", { email: "mei@bank.example" });
    for (let i = 0; i < 3; i++) await hitRateLimit(mei, rule, now);
    expect((await hitRateLimit(mei, rule, now)).allowed).toBe(false);
    const wei = rateLimitKey("waitlist", { email: "wei@bank.example" });
    expect((await hitRateLimit(wei, rule, now)).allowed).toBe(true);
    const other = rateLimitKey("contact", { email: "mei@bank.example" });
    expect((await hitRateLimit(other, rule, now)).allowed).toBe(true);
  });
});

describe("rateLimitKey", () => {
  it("stores no email or address, only keyed fingerprints", async () => {
    const now = at("2026-11-22T10:00:00.000Z");
    await hitRateLimit(rateLimitKey("sign-in-code", { email: "Mei.Tan@Bank.Example" }), rule, now);
    await hitRateLimit(rateLimitKey("sign-in-code", { ip: "203.0.113.9" }), rule, now);
    await hitRateLimit(rateLimitKey("totp", { userId: "user-42" }), rule, now);
    const keys = (await getDb().selectFrom("rate_limit").select("key").execute()).map((r) => r.key);
    expect(keys).toHaveLength(3);
    for (const key of keys) {
      expect(key).toMatch(/^[a-z-]+:(email|ip|user):[0-9a-f]{32}$/);
      expect(key).not.toMatch(/mei|bank|203\.0|user-42/i);
    }
    // Rows come back in no set order (PostgreSQL gives none without ORDER BY): find the email's.
    expect(keys).toContain(rateLimitKey("sign-in-code", { email: " mei.tan@bank.example" }));
  });

  it("counts an IPv6 client by its /64 and an IPv4-mapped address as IPv4", async () => {
    const now = at("2026-11-22T10:00:00.000Z");
    const hit = (ip: string) => hitRateLimit(rateLimitKey("events", { ip }), rule, now);
    for (const ip of ["2001:db8:1:2::1", "2001:db8:1:2::2", "2001:DB8:1:2:ffff::9"]) {
      expect((await hit(ip)).allowed).toBe(true);
    }
    expect((await hit("2001:db8:1:2:0:0:0:abcd")).allowed).toBe(false);
    expect((await hit("2001:db8:1:3::1")).allowed).toBe(true);

    for (const ip of ["198.51.100.7", "::ffff:198.51.100.7", "198.51.100.7"]) {
      expect((await hit(ip)).allowed).toBe(true);
    }
    expect((await hit("::ffff:c633:6407")).allowed).toBe(false);
  });
});

describe("pruning", () => {
  const keys = async () =>
    (await getDb().selectFrom("rate_limit").select("key").orderBy("key").execute()).map(
      (r) => r.key,
    );

  it("deletes the keys whose window has passed and keeps the live ones", async () => {
    await hitRateLimit("old", rule, at("2026-11-22T10:00:00.000Z"));
    await hitRateLimit("live", rule, at("2026-11-22T10:00:30.000Z"));
    await hitRateLimit("live", rule, at("2026-11-22T10:00:45.000Z"));
    expect(await pruneRateLimits(at("2026-11-22T10:01:00.000Z"))).toBe(1);
    expect(await keys()).toEqual(["live"]);
    expect(await pruneRateLimits(at("2026-11-22T10:01:44.999Z"))).toBe(0);
    expect(await pruneRateLimits(at("2026-11-22T10:01:45.000Z"))).toBe(1);
    expect(await keys()).toEqual([]);
  });

  it("happens as hits arrive, with no job to run", async () => {
    // Later than every other test here, so the once-a-minute pruning is due.
    await hitRateLimit("old", rule, at("2030-01-01T10:00:00.000Z"));
    await hitRateLimit("live", rule, at("2030-01-01T10:00:30.000Z"));
    await hitRateLimit("new", rule, at("2030-01-01T10:01:10.000Z"));
    expect(await keys()).toEqual(["live", "new"]);
  });
});
