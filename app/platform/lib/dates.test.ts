import { describe, expect, it } from "vitest";
import { formatLongDate } from "./dates";

describe("formatLongDate", () => {
  const date = new Date("2026-11-23T23:30:00Z");

  it("writes the date out in the language asked for, in UTC", () => {
    expect(formatLongDate("en-US", date)).toBe("November 23, 2026");
    expect(formatLongDate("en-GB", date)).toBe("23 November 2026");
    expect(formatLongDate("fr-CA", date)).toBe("23 novembre 2026");
  });

  it("gives the same answer from the kept formatter", () => {
    expect(formatLongDate("ms", date)).toBe(formatLongDate("ms", new Date(date)));
    expect(formatLongDate("ms", new Date("2027-01-05T00:00:00Z"))).toContain("2027");
  });
});
