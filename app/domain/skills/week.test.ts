import { describe, expect, it } from "vitest";
import { isTimeZone, weekOf } from "./week";

const iso = (date: Date) => date.toISOString();

describe("the week of a run", () => {
  it("starts on Monday at 00:00 in the user's time zone", () => {
    // Wednesday 2026-11-25 10:00 UTC is 18:00 in Singapore.
    const week = weekOf(new Date("2026-11-25T10:00:00Z"), "Asia/Singapore");
    expect(iso(week.start)).toBe("2026-11-22T16:00:00.000Z"); // Mon 23 Nov 00:00 +08:00
    expect(iso(week.end)).toBe("2026-11-29T16:00:00.000Z");
  });

  it("puts the same instant in different weeks for different zones", () => {
    // Sunday 2026-11-29 20:00 UTC: already Monday in Bangkok (03:00), still Sunday in Toronto.
    const instant = new Date("2026-11-29T20:00:00Z");
    expect(iso(weekOf(instant, "Asia/Bangkok").start)).toBe("2026-11-29T17:00:00.000Z");
    expect(iso(weekOf(instant, "America/Toronto").start)).toBe("2026-11-23T05:00:00.000Z");
  });

  it("answers each instant's own week, asked in any order", () => {
    const zone = "Asia/Kuala_Lumpur";
    const asked: Array<[string, string]> = [
      ["2026-11-25T10:00:00Z", "2026-11-22T16:00:00.000Z"], // Wednesday
      ["2026-11-29T15:59:59Z", "2026-11-22T16:00:00.000Z"], // the last second of that Sunday
      ["2026-11-29T16:00:00Z", "2026-11-29T16:00:00.000Z"], // next Monday 00:00
      ["2026-11-10T08:00:00Z", "2026-11-08T16:00:00.000Z"], // two weeks back
      ["2026-11-26T00:00:00Z", "2026-11-22T16:00:00.000Z"],
    ];
    for (const [instant, start] of asked) {
      expect(iso(weekOf(new Date(instant), zone).start)).toBe(start);
    }
    // A caller changing its dates changes nobody else's.
    weekOf(new Date("2026-11-25T10:00:00Z"), zone).start.setTime(0);
    expect(iso(weekOf(new Date("2026-11-25T10:00:00Z"), zone).start)).toBe(
      "2026-11-22T16:00:00.000Z",
    );
  });

  it("begins exactly at midnight: a second before is last week", () => {
    const monday = new Date("2026-11-22T16:00:00Z");
    expect(iso(weekOf(monday, "Asia/Singapore").start)).toBe(iso(monday));
    expect(iso(weekOf(new Date(monday.getTime() - 1000), "Asia/Singapore").end)).toBe(iso(monday));
  });

  it("is 167 or 169 hours long across a daylight-saving change", () => {
    // Toronto springs forward on Sunday 2027-03-14 and falls back on Sunday 2026-11-01.
    const spring = weekOf(new Date("2027-03-12T12:00:00Z"), "America/Toronto");
    expect(iso(spring.start)).toBe("2027-03-08T05:00:00.000Z"); // EST
    expect(iso(spring.end)).toBe("2027-03-15T04:00:00.000Z"); // EDT
    expect((spring.end.getTime() - spring.start.getTime()) / 3_600_000).toBe(167);
    const autumn = weekOf(new Date("2026-10-28T12:00:00Z"), "America/Toronto");
    expect(iso(autumn.start)).toBe("2026-10-26T04:00:00.000Z");
    expect(iso(autumn.end)).toBe("2026-11-02T05:00:00.000Z");
    expect((autumn.end.getTime() - autumn.start.getTime()) / 3_600_000).toBe(169);
  });

  it("knows real zones and refuses anything else", () => {
    expect(isTimeZone("Asia/Ho_Chi_Minh")).toBe(true);
    expect(isTimeZone("America/Toronto")).toBe(true);
    expect(isTimeZone("Mars/Olympus_Mons")).toBe(false);
    expect(isTimeZone("<script>")).toBe(false);
    expect(isTimeZone("")).toBe(false);
  });
});
