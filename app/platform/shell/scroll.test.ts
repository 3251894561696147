import { describe, expect, it } from "vitest";
import {
  decideFirstRender,
  decideScroll,
  fixedBackTarget,
  isIgnoredHash,
  showsBackButton,
} from "./scroll";

describe("decideScroll", () => {
  it.each([
    [
      { hash: "", navigationType: "PUSH" },
      { kind: "top", smooth: false },
    ],
    [
      { hash: "", navigationType: "REPLACE" },
      { kind: "top", smooth: false },
    ],
    [
      { hash: "#asean", navigationType: "PUSH" },
      { kind: "anchor", id: "asean" },
    ],
    [
      { hash: "#caf%C3%A9", navigationType: "PUSH" },
      { kind: "anchor", id: "café" },
    ],
    [
      { hash: "#%E0%A4%A", navigationType: "PUSH" },
      { kind: "anchor", id: "%E0%A4%A" },
    ],
    [{ hash: "#page=2", navigationType: "PUSH" }, { kind: "none" }],
    [{ hash: "#toolbar=0", navigationType: "PUSH" }, { kind: "none" }],
    [{ hash: "#navpanes=0&page=4", navigationType: "POP", savedY: 90 }, { kind: "none" }],
    [
      { hash: "", navigationType: "POP", savedY: 420 },
      { kind: "restore", y: 420 },
    ],
    [
      { hash: "#asean", navigationType: "POP", savedY: 0 },
      { kind: "restore", y: 0 },
    ],
    [
      { hash: "", navigationType: "POP" },
      { kind: "top", smooth: false },
    ],
    [
      { hash: "", navigationType: "PUSH", savedY: 300 },
      { kind: "top", smooth: false },
    ],
  ] as const)("%o → %o", (input, expected) => {
    expect(decideScroll(input)).toEqual(expected);
  });
});

describe("isIgnoredHash", () => {
  it("ignores the PDF viewer's parameters wherever they stand", () => {
    expect(isIgnoredHash("#zoom=50&page=3")).toBe(true);
    expect(isIgnoredHash("#pages")).toBe(false);
    expect(isIgnoredHash("#toolbar")).toBe(false);
  });
});

describe("decideFirstRender", () => {
  it("scrolls smoothly to the top only on a first visit without a hash", () => {
    expect(decideFirstRender("", false)).toEqual({ kind: "top", smooth: true });
  });

  it("leaves a returning reader where they are, having perhaps scrolled before the scripts ran", () => {
    expect(decideFirstRender("", true)).toEqual({ kind: "none" });
  });

  it("finds an anchor again, but not a PDF viewer's hash", () => {
    expect(decideFirstRender("#asean", false)).toEqual({ kind: "anchor", id: "asean" });
    expect(decideFirstRender("#asean", true)).toEqual({ kind: "anchor", id: "asean" });
    expect(decideFirstRender("#page=2", true)).toEqual({ kind: "none" });
  });
});

describe("showsBackButton", () => {
  it.each([
    ["/courses/esg-ai-ethics", true],
    ["/training/track/esg-track", true],
    ["/training/module/m1", true],
    ["/training", false],
    ["/courses", false],
    ["/kestrel", false],
    ["/kestrel/aml-demo", false],
  ])("%s → %s", (path, expected) => {
    expect(showsBackButton(path)).toBe(expected);
  });
});

describe("fixedBackTarget", () => {
  it.each([
    ["/training/track/esg-track", "/courses/esg-ai-ethics"],
    ["/training/track/esg-track/module/esg-fundamentals-singapore", "/courses/esg-ai-ethics"],
    ["/training/track/aml-investigator-track", null],
    ["/training/module/esg-fundamentals-singapore", null],
  ])("%s → %s", (path, expected) => {
    expect(fixedBackTarget(path)).toBe(expected);
  });
});
