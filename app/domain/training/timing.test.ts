import { describe, expect, it } from "vitest";
import { floorSeconds, isTooFast, secondsBetween, stepSeconds } from "./timing";

describe("time on task", () => {
  it("counts whole seconds between server timestamps, never below zero", () => {
    expect(secondsBetween("2026-11-26T10:00:00.000Z", "2026-11-26T10:04:30.400Z")).toBe(270);
    expect(secondsBetween("2026-11-26T10:00:00.000Z", "2026-11-26T09:00:00.000Z")).toBe(0);
  });

  it("flags a 25-minute module finished under 5 minutes at the default 20 % floor", () => {
    expect(floorSeconds(25, 20)).toBe(300);
    expect(isTooFast(299, 25, 20)).toBe(true);
    expect(isTooFast(300, 25, 20)).toBe(false);
    expect(isTooFast(2, 25, 0)).toBe(false);
  });

  it("times each step from the take's opening or the answer before it", () => {
    expect(
      stepSeconds("2026-11-26T10:00:00.000Z", [
        { stepId: "two", answeredAt: "2026-11-26T10:05:00.000Z" },
        { stepId: "one", answeredAt: "2026-11-26T10:02:00.000Z" },
      ]),
    ).toEqual([
      { step: "one", seconds: 120 },
      { step: "two", seconds: 180 },
    ]);
  });
});
