import { describe, expect, it } from "vitest";
import guidanceFile from "../../../content/compliance-packs/guidance.json";
import sources from "../../../content/sources.json";
import {
  FALLBACK_GUIDANCE,
  getRegulatoryGuidance,
  parseRegulatoryGuidance,
} from "./guidance.server";

const shipped = structuredClone(guidanceFile) as {
  note: string;
  entries: Record<string, string>[];
};

describe("content/compliance-packs/guidance.json", () => {
  it("is valid and is what the server serves", () => {
    const parsed = parseRegulatoryGuidance(guidanceFile);
    expect(parsed).toMatchObject({ ok: true });
    expect(getRegulatoryGuidance()).toEqual(parsed.guidance);
    expect(parsed.guidance.entries.length).toBeGreaterThan(0);
  });

  it("cites MAS Notice 626 by the paragraphs REGULATORY-FACTS confirms, never paragraph 11", () => {
    const sections = shipped.entries
      .filter((entry) => entry.regulation === "MAS Notice 626")
      .map((entry) => entry.section);
    // Paragraph 11 is wire transfers, not customer due diligence or reporting.
    expect(sections).toEqual(["Paragraph 6", "Paragraph 8", "Paragraph 14"]);
    expect(JSON.stringify(guidanceFile)).not.toMatch(/11\.3|Paragraph 11/);
  });

  it("links every entry to a primary source of REGULATORY-FACTS", () => {
    const primary = new Set(
      Object.values(sources as Record<string, { url: string; secondary?: boolean }>)
        .filter((source) => !source.secondary)
        .map((source) => source.url),
    );
    for (const entry of shipped.entries) expect(primary).toContain(entry.link);
  });
});

describe("a broken guidance file", () => {
  const withEntry = (change: Record<string, unknown>) => ({
    ...shipped,
    entries: [{ ...shipped.entries[0], ...change }],
  });

  it.each([
    ["an entry without a link", withEntry({ link: undefined }), "entries.0.link"],
    ["a link that is not https", withEntry({ link: "http://example.com/x" }), "entries.0.link"],
    ["an empty summary", withEntry({ summary: " " }), "entries.0.summary"],
    ["an unknown field", withEntry({ paragraph: "11.3" }), "entries.0"],
    ["no entries", { ...shipped, entries: [] }, "entries"],
    ["not an object", [shipped.entries], ""],
  ])("gives the fallback for %s, naming the fault", (_label, data, path) => {
    const parsed = parseRegulatoryGuidance(data);
    expect(parsed.ok).toBe(false);
    expect(parsed.guidance).toEqual(FALLBACK_GUIDANCE);
    expect(parsed.guidance.entries).toEqual([]);
    if (!parsed.ok) expect(parsed.problems.some((problem) => problem.startsWith(path))).toBe(true);
  });
});
