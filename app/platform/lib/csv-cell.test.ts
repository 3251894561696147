import { describe, expect, it } from "vitest";
import { neutraliseCsvCell } from "./csv-cell";

describe("neutraliseCsvCell", () => {
  it.each(['=HYPERLINK("x")', "+1+1", "-2+3", "@SUM(A1)", "\tcmd", "\rcmd"])(
    "prefixes %j with an apostrophe so it is read as text",
    (cell) => {
      expect(neutraliseCsvCell(cell)).toBe(`'${cell}`);
    },
  );

  it("leaves other text as it is, including formula characters after the first", () => {
    expect(neutraliseCsvCell("Siti Rahman")).toBe("Siti Rahman");
    expect(neutraliseCsvCell("a=b+c")).toBe("a=b+c");
    expect(neutraliseCsvCell(" =1+1")).toBe(" =1+1");
    expect(neutraliseCsvCell("'quoted")).toBe("'quoted");
    expect(neutraliseCsvCell("")).toBe("");
  });

  it("writes numbers as they are and an absent value as an empty cell", () => {
    expect(neutraliseCsvCell(3)).toBe("3");
    expect(neutraliseCsvCell(-3)).toBe("-3");
    expect(neutraliseCsvCell(null)).toBe("");
    expect(neutraliseCsvCell(undefined)).toBe("");
  });
});
