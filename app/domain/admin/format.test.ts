import { describe, expect, it } from "vitest";
import { formatAdminCount, formatAdminDate } from "./format";

describe("formatAdminDate", () => {
  it("shows an ISO timestamp as date and time in UTC", () => {
    expect(formatAdminDate("2026-11-22T09:05:59.123Z")).toBe("2026-11-22 09:05 UTC");
    expect(formatAdminDate("2026-11-22T23:30:00+08:00")).toBe("2026-11-22 15:30 UTC");
  });

  it("shows a value that is not a date as it is", () => {
    expect(formatAdminDate("soon")).toBe("soon");
  });
});

describe("formatAdminCount", () => {
  it("groups thousands", () => {
    expect(formatAdminCount(1234567)).toBe("1,234,567");
  });
});
