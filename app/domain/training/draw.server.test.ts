import { describe, expect, it } from "vitest";
import type { Item } from "./content-schema";
import { drawTake, drawnItem, newTakeKey, openedAt, readDrawn } from "./draw.server";

const SECRET = "a test secret of at least thirty-two characters";

function item(id: string): Item {
  const option = (key: string) => ({
    id: key,
    text: { en: `${id} option ${key}` },
    feedback: { en: `Why ${key} is or is not the answer to ${id}.` },
  });
  return {
    id,
    anchor: { source: "C4", section: "STR guidance" },
    prompt: { en: `Question ${id}` },
    options: ["a", "b", "c", "d"].map(option),
    answer: "b",
  };
}
const steps = ["one", "two", "three"].map((step) => ({
  id: step,
  items: [1, 2, 3, 4].map((n) => item(`${step}-${n}`)),
}));

describe("drawing a take", () => {
  it("draws the same items and order for the same key, one item per step", () => {
    const first = drawTake("take-key-0000001", steps, new Set(), SECRET);
    expect(drawTake("take-key-0000001", steps, new Set(), SECRET)).toEqual(first);
    expect(Object.keys(first)).toEqual(["one", "two", "three"]);
    for (const step of steps) {
      const shown = drawnItem(step, first);
      expect(step.items.map((candidate) => candidate.id)).toContain(shown?.id);
      expect(shown?.options.map((option) => option.id).sort()).toEqual(["a", "b", "c", "d"]);
    }
  });

  it("draws every item of a bank and shuffles options across takes", () => {
    const seen = new Set<string>();
    const orders = new Set<string>();
    for (let n = 0; n < 200; n++) {
      const drawn = drawTake(`take-${n}`, steps, new Set(), SECRET);
      seen.add(drawn.one?.item ?? "");
      orders.add(drawn.one?.order.join("") ?? "");
    }
    expect(seen).toEqual(new Set(["one-1", "one-2", "one-3", "one-4"]));
    // 24 orders of four options; 200 takes reach nearly all of them.
    expect(orders.size).toBeGreaterThan(15);
  });

  it("avoids the items of the last take while the bank has others", () => {
    const avoid = new Set(["one-1", "one-2", "one-3", "two-1"]);
    for (let n = 0; n < 50; n++) {
      const drawn = drawTake(`retake-${n}`, steps, avoid, SECRET);
      expect(drawn.one?.item).toBe("one-4");
      expect(drawn.two?.item).not.toBe("two-1");
    }
    const all = new Set(steps[0]?.items.map((candidate) => candidate.id));
    expect(drawTake("retake-x", steps, all, SECRET).one?.item).toMatch(/^one-[1-4]$/);
  });

  it("depends on the server secret, so nobody else can predict a key's draw", () => {
    const keys = Array.from({ length: 20 }, (_, n) => `key-${n}`);
    const mine = keys.map((key) => JSON.stringify(drawTake(key, steps, new Set(), SECRET)));
    const theirs = keys.map((key) => JSON.stringify(drawTake(key, steps, new Set(), `${SECRET}!`)));
    expect(mine).not.toEqual(theirs);
  });

  it("reads a take stored before banks, or a damaged draw, as each step's first item", () => {
    for (const stored of [null, "not json", '{"one":{"item":"gone","order":["a"]}}']) {
      const drawn = readDrawn(stored, steps);
      expect(drawnItem(steps[0] as (typeof steps)[number], drawn)?.id).toBe("one-1");
      expect(drawn.one?.order).toEqual(["a", "b", "c", "d"]);
    }
  });
});

describe("take keys", () => {
  it("carry the time they were made, sealed with the server secret", () => {
    const made = new Date("2026-11-26T10:00:00.000Z");
    const key = newTakeKey(made, SECRET);
    expect(key).toMatch(/^[A-Za-z0-9_-]{28}$/);
    expect(openedAt(key, SECRET)).toEqual(made);
  });

  it("give no time for a key that was altered, sealed with another secret, or old-style", () => {
    const key = newTakeKey(new Date("2026-11-26T10:00:00.000Z"), SECRET);
    const earlier = newTakeKey(new Date("2026-11-01T10:00:00.000Z"), SECRET);
    const forged = `${key.slice(0, 12)}${earlier.slice(12, 20)}${key.slice(20)}`;
    expect(openedAt(forged, SECRET)).toBeNull();
    expect(openedAt(key, `${SECRET}!`)).toBeNull();
    expect(openedAt("take000000000001", SECRET)).toBeNull();
  });
});
