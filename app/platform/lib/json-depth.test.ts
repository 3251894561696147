import { describe, expect, test } from "vitest";
import { JSON_MAX_DEPTH, nestsDeeperThan } from "./json-depth";

describe("nestsDeeperThan", () => {
  test("counts arrays and objects, not brackets inside strings", () => {
    expect(nestsDeeperThan('{"a":[{"b":1}]}', 3)).toBe(false);
    expect(nestsDeeperThan('{"a":[{"b":[1]}]}', 3)).toBe(true);
    expect(nestsDeeperThan(JSON.stringify({ text: "[[[[[[[[[[" }), 1)).toBe(false);
    // An escaped quote does not end the string.
    expect(nestsDeeperThan(JSON.stringify({ text: 'say "[[[" twice' }), 1)).toBe(false);
  });

  test("answers 2.5 million levels in a few milliseconds, without a stack", () => {
    const hostile = `${"[".repeat(2_500_000)}${"]".repeat(2_500_000)}`;
    const started = performance.now();
    expect(nestsDeeperThan(hostile)).toBe(true);
    expect(performance.now() - started).toBeLessThan(100);
    const legal = `${"[".repeat(JSON_MAX_DEPTH)}${"]".repeat(JSON_MAX_DEPTH)}`;
    expect(nestsDeeperThan(legal)).toBe(false);
    expect(nestsDeeperThan(`[${legal}]`)).toBe(true);
  });
});
