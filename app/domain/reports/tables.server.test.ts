import { describe, expect, it } from "vitest";
import { reportCsv } from "./csv.server";
import { certificateState } from "./tables.server";

const DAY = 24 * 60 * 60 * 1000;
const now = new Date("2026-03-01T12:00:00.000Z");
const inDays = (days: number) => new Date(now.getTime() + days * DAY).toISOString();

describe("certificateState", () => {
  it.each([
    [inDays(31), null, "valid"],
    [inDays(30), null, "expiring"],
    [inDays(0.01), null, "expiring"],
    [inDays(0), null, "expired"],
    [inDays(-5), null, "expired"],
    [inDays(200), "2026-02-01T00:00:00.000Z", "revoked"],
    [inDays(-5), "2026-02-01T00:00:00.000Z", "revoked"],
  ])("a certificate expiring %s, revoked %s, is %s", (expiresAt, revokedAt, state) => {
    expect(certificateState({ expiresAt, revokedAt }, now)).toBe(state);
  });
});

describe("reportCsv", () => {
  it("writes a byte order mark, the facts, then the table, with formulas neutralised", () => {
    const csv = reportCsv({
      title: "Training register",
      facts: [["Organisation", "=cmd|' /C calc'!A0"]],
      orientation: "landscape",
      tables: [
        {
          columns: [
            { label: "Name", weight: 1 },
            { label: "Email", weight: 1 },
          ],
          rows: [
            ["+SUM(A1:A9)", "mei@bank.example"],
            ['陈美玲, "Mei"', "@evil"],
          ],
          empty: "None",
        },
      ],
    });
    expect(csv).toBe(
      "\uFEFFOrganisation,'=cmd|' /C calc'!A0\n" +
        "\n" +
        "Name,Email\n" +
        "'+SUM(A1:A9),mei@bank.example\n" +
        '"陈美玲, ""Mei""",\'@evil\n',
    );
  });
});
