import { describe, expect, test } from "vitest";
import { JSON_MAX_DEPTH, nestsDeeperThan, parseShallowJson } from "./json-depth";

describe("nestsDeeperThan", () => {
  test("counts arrays and objects, not brackets inside strings", () => {
    expect(nestsDeeperThan('{"a":[{"b":1}]}', 3)).toBe(false);
    expect(nestsDeeperThan('{"a":[{"b":[1]}]}', 3)).toBe(true);
    expect(nestsDeeperThan(JSON.stringify({ text: "[[[[[[[[[[" }), 1)).toBe(false);
    // An escaped quote does not end the string.
    expect(nestsDeeperThan(JSON.stringify({ text: 'say "[[[" twice' }), 1)).toBe(false);
  });

  test("answers 2.5 million levels at once, without a stack: it stops at the first level too deep", () => {
    const hostile = `${"[".repeat(2_500_000)}${"]".repeat(2_500_000)}`;
    expect(nestsDeeperThan(hostile)).toBe(true);
    // A legal text is read to its end: 5 million characters in one pass, no recursion.
    const flat = `[${"1,".repeat(2_499_999)}1]`;
    expect(nestsDeeperThan(flat)).toBe(false);
    const legal = `${"[".repeat(JSON_MAX_DEPTH)}${"]".repeat(JSON_MAX_DEPTH)}`;
    expect(nestsDeeperThan(legal)).toBe(false);
    expect(nestsDeeperThan(`[${legal}]`)).toBe(true);
  });
});

describe("parseShallowJson", () => {
  test("parses JSON within the depth, and answers nothing for malformed or too deep text", () => {
    expect(parseShallowJson('{"a":[1,2]}')).toEqual({ a: [1, 2] });
    expect(parseShallowJson("null")).toBeNull();
    expect(parseShallowJson('{"a":')).toBeUndefined();
    expect(parseShallowJson(`${"[".repeat(100_000)}${"]".repeat(100_000)}`)).toBeUndefined();
    expect(parseShallowJson("[[1]]", 1)).toBeUndefined();
  });
});
