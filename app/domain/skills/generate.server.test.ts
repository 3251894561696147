import { describe, expect, it } from "vitest";
import { runSkill } from "./generate.server";
import { renderMarkdown } from "./markdown.server";
import { findSkill, getSkills } from "./skills.server";

const strSkill = () => {
  const skill = findSkill("str-narrative");
  if (!skill) throw new Error("the STR narrative skill is missing");
  return skill;
};

describe("the template provider", () => {
  it("fills the skill's sections with the notes and cites the passages it quotes", async () => {
    const skill = strSkill();
    const result = await runSkill(skill.id, skill.sampleInput, {
      now: new Date("2026-11-23T00:00:00Z"),
    });
    expect(result.provider).toBe("template");
    expect(result.format).toBe("markdown");
    expect(result.content).toMatch(new RegExp(`^# ${skill.template.title.split(" ")[0]}`));
    expect(result.content).toContain("*Drafted 2026-11-23.*");
    for (const section of skill.template.sections)
      expect(result.content).toContain(`## ${section.heading}`);
    expect(result.content).toContain("## What the sources say");
    expect(result.sources.length).toBeGreaterThan(0);
    for (const source of result.sources) {
      expect(result.content).toContain(`[${source.n}]`);
      expect(result.content).toContain(source.citations[0]?.url ?? "missing");
    }
  });

  it("scrubs personal data from the notes before using them, and says what it removed", async () => {
    const result = await runSkill(
      "str-narrative",
      "Customer mei.tan@example.com (NRIC S1234567D) called from +65 9123 4567 about SGD 15,000.",
    );
    expect(result.input).not.toContain("mei.tan@example.com");
    expect(result.input).toContain("[EMAIL]");
    expect(result.content).not.toContain("9123 4567");
    expect(result.content).toContain("SGD 15,000");
    expect(result.removed.EMAIL).toBe(1);
    expect(result.removed.PHONE).toBe(1);
  });

  it("keeps the notes as written when scrubbing is off", async () => {
    const result = await runSkill("str-narrative", "Contact: mei.tan@example.com", {
      scrubPII: false,
    });
    expect(result.input).toBe("Contact: mei.tan@example.com");
    expect(result.removed).toEqual({});
  });

  // Its time is measured by `npm run bench` (a timing under the suite's own load would flake).
  it("renders every skill as sanitised HTML", async () => {
    for (const skill of getSkills()) {
      const result = await runSkill(skill.id, skill.sampleInput, { format: "html" });
      expect(result.content).toMatch(/^<h1>/);
    }
  });
});

/** Markup that would run or load something: tags, handlers, script links (text may mention them). */
const DANGEROUS =
  /<(script|img|iframe|style|object|embed)\b|<[a-z][^>]*\son\w+\s*=|<a\b[^>]*href\s*=\s*["']?\s*javascript:/i;

it("knows no skill it does not have", async () => {
  await expect(runSkill("write-my-essay", "notes")).rejects.toThrow("There is no skill");
});

describe("hostile notes", () => {
  const hostile = [
    "<script>alert(1)</script>",
    '<img src=x onerror="alert(1)">',
    "[click me](javascript:alert(1))",
    '<a href="javascript:alert(1)">x</a>',
    "<iframe src=https://evil.example></iframe>",
    "# Heading\n<style>body{display:none}</style>",
  ].join("\n");

  it("never turn into markup that runs, in the draft or its HTML", async () => {
    const result = await runSkill("str-narrative", hostile, { format: "html" });
    expect(result.content).not.toMatch(DANGEROUS);
    // The notes are still there, as text.
    expect(result.content).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });

  it("are made harmless by the renderer even when markdown carries them", () => {
    const html = renderMarkdown(
      `${hostile}\n\n[ok](https://example.com) [mail](mailto:a@example.com) <b onclick="x()">bold</b>`,
    );
    expect(html).not.toMatch(DANGEROUS);
    expect(html).toContain('href="https://example.com"');
    expect(html).toContain('href="mailto:a@example.com"');
    expect(html).toContain('rel="noopener noreferrer"');
  });
});
