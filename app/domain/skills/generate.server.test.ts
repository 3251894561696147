import { describe, expect, it } from "vitest";
import { corpus, isUnread } from "../../../tests/fixtures/pii/evaluate";
import { runSkill } from "./generate.server";
import { renderMarkdown } from "~/platform/lib/markdown.server";
import { findSkill, getSkills } from "./skills.server";

const strSkill = () => {
  const skill = findSkill("str-narrative");
  if (!skill) throw new Error("the STR narrative skill is missing");
  return skill;
};

describe("the template provider", () => {
  // The first test of the file builds the knowledge base's search (seven languages) once.
  it(
    "fills the skill's sections from the notes and cites the passages it quotes",
    { timeout: 30_000 },
    async () => {
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
      expect(result.content).toContain("## What the sources say for Singapore");
      expect(result.sources.length).toBeGreaterThan(0);
      for (const source of result.sources) {
        expect(result.content).toContain(`[${source.n}]`);
        expect(result.content).toContain(source.citations[0]?.url ?? "missing");
      }
    },
  );

  it("states the sample notes' facts: who, what, when, where, why and how, and asks what they lack", async () => {
    const skill = strSkill();
    const result = await runSkill(skill.id, skill.sampleInput);
    const draft = result.markdown.replace(/\\([[\]()])/g, "$1");
    const section = (heading: string) => {
      const start = draft.indexOf(`## ${heading}`);
      return draft.slice(start, draft.indexOf("\n## ", start + 3));
    };
    expect(result.jurisdiction).toMatchObject({ place: "sg", fromNotes: true });
    expect(draft).toContain("*Jurisdiction: Singapore, from the notes (SGD).*");
    expect(section("Who")).toContain("[PERSON 1]: customer");
    expect(section("Who")).toContain("a freelance graphic designer");
    expect(section("What")).toContain("SGD 900–1,200");
    expect(section("What")).toContain("14 transfers");
    expect(section("What")).toContain("11 different individuals");
    expect(section("When")).toContain("**2 and 11 September**");
    expect(section("When")).toContain("**in March**");
    expect(section("Where")).toContain("mobile app");
    expect(section("Where")).toContain("crypto exchange");
    expect(section("Why")).toContain("Funds moved out soon after they arrived");
    expect(section("Why")).toContain("helping a friend with payments");
    expect(section("How")).toContain("Rapid pass-through");
    expect(section("Actions taken")).toContain("recall requests");
    // What the notes lack is asked, not invented.
    expect(result.questions).toContain(
      "Which year did these events happen? The notes give dates without a year.",
    );
    expect(section("Questions for the author")).toContain("Which year");
    expect(draft).not.toContain("Tan Wei Ming");
  });

  it("asks the section's question where the notes say nothing", async () => {
    const result = await runSkill("str-narrative", "The customer opened a savings account.");
    expect(result.questions).toContain(
      strSkill().template.sections.find((s) => s.heading.startsWith("How"))?.ask,
    );
    expect(result.markdown).toContain("*The notes do not say. See the questions below.*");
  });

  it("scrubs personal data from the notes before using them, and says what it removed", async () => {
    const result = await runSkill(
      "str-narrative",
      "Customer mei.tan@example.com (NRIC S1234567D) called from +65 9123 4567 about SGD 15,000.",
    );
    expect(result.input).not.toContain("mei.tan@example.com");
    expect(result.input).toContain("[EMAIL 1]");
    expect(result.content).not.toContain("9123 4567");
    expect(result.content).toContain("SGD 15,000");
    expect(result.removed.EMAIL).toBe(1);
    expect(result.removed.PHONE).toBe(1);
    expect(result.found.map((item) => item.value)).toContain("mei.tan@example.com");
  });

  it("replaces the spans the learner marked too", async () => {
    const result = await runSkill("str-narrative", "Walk-in Bobby paid SGD 9,000; Bobby left.", {
      marked: [{ text: "Bobby", type: "PERSON" }],
    });
    expect(result.input).toBe("Walk-in [PERSON 1] paid SGD 9,000; [PERSON 1] left.");
    expect(result.markdown).not.toContain("Bobby");
  });

  it("keeps the notes as written when scrubbing is off", async () => {
    const result = await runSkill(
      "str-narrative",
      "Customer Tan Wei Ming. Contact: mei.tan@example.com",
      { scrubPII: false },
    );
    expect(result.input).toBe("Customer Tan Wei Ming. Contact: mei.tan@example.com");
    expect(result.removed).toEqual({});
    expect(result.found).toEqual([]);
    expect(result.markdown).toContain("Tan Wei Ming: customer");
    expect(result.markdown).not.toContain("PERSON");
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

/** Sources a Thai case would cite: the AMLO topic's passages and Thai publishers. */
const THAI = /amlo|bangkokpost|thaiger|pattayaone|bot\.or\.th|\.go\.th|\.co\.th|thailand/i;

describe("the jurisdiction of the notes", () => {
  const canadian = [
    {
      id: "sample",
      text: "Customer Daniel Okafor deposited CAD 9,800 on 12 March 2024 and CAD 9,900 on 13 March 2024 at the Yonge Street branch in Toronto. FINTRAC guidance treats splitting below CAD 10,000 as structuring.",
      unread: false,
    },
    ...corpus()
      // Canadian dollars, not Singapore's Commercial Affairs Department ("CAD called"); a note
      // that names another place's regulator or money too is no Canadian note alone.
      .filter(
        (note) =>
          /CAD\s?\d|\d\s?CAD|\$ CA|FINTRAC|CANAFE|Toronto|Montréal|Québec|Ottawa|Vancouver/u.test(
            note.text,
          ) &&
          !/Singapore|SGD|S\$|\bSPF\b|\bMAS\b|STRO|Malaysia|\bRM ?\d|BNM|Thailand|AMLO|บาท|Vietnam|Việt Nam|VND|Hong Kong|HKD/u.test(
            note.text,
          ),
      )
      .map((note) => ({ id: note.id, text: note.text, unread: isUnread(note) })),
  ];

  it.each(["str-narrative", "kyc-escalation-memo", "red-flag-checklist", "training-quiz"])(
    "never cites Thai sources for a Canadian note (%s)",
    async (skillId) => {
      expect(canadian.length).toBeGreaterThan(10);
      for (const { id, text, unread } of canadian) {
        // A failure names the note; the newest blind set's text is not printed.
        const note = unread ? id : text;
        const result = await runSkill(skillId, text);
        expect(result.jurisdiction.place, note).toBe("ca");
        for (const source of result.sources) {
          expect(
            `${source.id} ${source.title} ${source.citations.map((c) => c.url).join(" ")}`,
            note,
          ).not.toMatch(THAI);
        }
        expect(result.markdown).not.toMatch(/Bangkok Post|Thaiger|Pattaya One/);
      }
    },
  );

  it("quotes the Thai sources for a Thai note, and the learner's region when the notes say nothing", async () => {
    const thai = await runSkill(
      "str-narrative",
      "ลูกค้าได้รับเงินโอน 450,000 บาทจากบัญชีม้า 9 บัญชี และโอนต่อภายในไม่กี่ชั่วโมง AMLO",
    );
    expect(thai.jurisdiction.place).toBe("th");
    expect(thai.markdown).toContain("## What the sources say for Thailand");
    const silent = await runSkill("str-narrative", "The customer received many transfers.", {
      region: "my",
    });
    expect(silent.jurisdiction).toEqual({ place: "my", fromNotes: false, evidence: [] });
    expect(silent.questions.join(" ")).toContain("assumes Malaysia, your region");
    for (const source of silent.sources) expect(source.id).not.toMatch(/amlo|fintrac|mas-/);
  });
});
