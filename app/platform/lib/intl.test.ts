import { describe, expect, it } from "vitest";
import { dateTimeFormat, listFormat, localTimeZone, numberFormat } from "./intl";

describe("formatters built once per language and options", () => {
  it("formats in the language asked for, and gives the same formatter again", () => {
    expect(listFormat("en", { type: "conjunction" }).format(["emails", "phones", "IDs"])).toBe(
      "emails, phones, and IDs",
    );
    expect(listFormat("fr-CA", { type: "conjunction" }).format(["courriels", "numéros"])).toBe(
      "courriels et numéros",
    );
    expect(listFormat("en", { type: "conjunction" })).toBe(
      listFormat("en", { type: "conjunction" }),
    );
    expect(listFormat("en", { type: "disjunction" }).format(["a", "b"])).toBe("a or b");
    expect(numberFormat("en", {})).toBe(numberFormat("en", {}));
    expect(dateTimeFormat("en", { timeZone: "UTC" })).not.toBe(
      dateTimeFormat("en", { timeZone: "Asia/Singapore" }),
    );
  });

  it("names this runtime's time zone as an IANA zone", () => {
    const zone = localTimeZone();
    expect(zone).toBe(new Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(() => new Intl.DateTimeFormat("en", { timeZone: zone })).not.toThrow();
  });
});
