import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect";

describe("safeRedirect", () => {
  it.each([
    ["/kestrel", "/kestrel"],
    ["/training/track/esg-track?x=1#top", "/training/track/esg-track?x=1#top"],
    ["//evil.example", "/"],
    ["/\\evil.example", "/"],
    ["https://evil.example", "/"],
    ["javascript:alert(1)", "/"],
    ["/\nLocation: x", "/"],
    ["", "/"],
    [undefined, "/"],
    [42, "/"],
  ])("%o → %s", (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });

  it("never returns anything a browser would read as another origin", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (input) => {
        const result = safeRedirect(input);
        const url = new URL(result, "https://kestrel.test");
        expect(url.origin).toBe("https://kestrel.test");
      }),
      { numRuns: 2000 },
    );
  });
});
