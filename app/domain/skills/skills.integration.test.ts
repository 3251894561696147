import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/platform/db/db.server";
import { runSkill } from "~/domain/skills/index.server";
import { isOrdinaryWord } from "~/domain/skills/pii-people";
import type { SkillsActionResult } from "~/domain/skills/types";
import { signInForTest } from "../../../tests/integration/auth";
import { answerOf, callAction, contextFor } from "../../../tests/integration/call-action";
import { type FakeLlm, startFakeLlm } from "../../../tests/integration/fake-llm";
import { action, loader } from "~/routes/app";
import { corpus, isUnread } from "../../../tests/fixtures/pii/evaluate";
import type { CorpusNote } from "../../../tests/fixtures/pii/corpus";
import { loader as exportLoader } from "~/routes/app.skills-export";

// The Skills page's action and export on a real database, as the page's fetchers meet them.

type Page = Awaited<ReturnType<typeof loader>>;

function post(cookie: string, fields: Record<string, string>) {
  return callAction(
    action,
    new Request("http://localhost/app", {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    }),
    "198.51.100.7",
  );
}

const resultOf = (answer: { data?: unknown }) => answer.data as SkillsActionResult;

async function page(cookie: string): Promise<Page> {
  const answer = await answerOf(() =>
    loader({
      request: new Request("http://localhost/app", { headers: { Cookie: cookie } }),
      context: contextFor("198.51.100.7"),
      params: {},
    } as never),
  );
  return answer.data as Page;
}

function exported(cookie: string, kind: string, id: number | string) {
  return answerOf(() =>
    exportLoader({
      request: new Request(`http://localhost/app/skills/export/${kind}/${id}`, {
        headers: { Cookie: cookie },
      }),
      params: { kind, id: String(id) },
      context: contextFor("198.51.100.7"),
    } as never),
  );
}

const generate = (cookie: string, extra: Record<string, string> = {}) =>
  post(cookie, {
    intent: "generate",
    skillId: "kyc-escalation-memo",
    input: "Customer Ana Cruz (ana.cruz@example.com) changed her address twice in a month.",
    scrub: "on",
    timeZone: "Asia/Singapore",
    ...extra,
  });

describe("generating a draft", () => {
  it("stores the scrubbed notes and the draft, counts the run, and exports a file with no script", async () => {
    const { cookie } = await signInForTest("skills");
    const before = await page(cookie);
    expect(before.skills.skills.length).toBeGreaterThanOrEqual(7);
    expect(before.skills.quota).toMatchObject({ used: 0, limit: 25 });

    const answer = await generate(cookie, {
      input: "Customer <script>alert(1)</script> ana.cruz@example.com asked to close the account.",
    });
    expect(answer.status).toBe(200);
    const result = resultOf(answer);
    if (!result.ok || result.intent !== "generate") throw new Error("no draft");
    expect(result.generated.removed).toEqual({ EMAIL: 1 });
    expect(result.generated.html).toContain("<h2>");
    expect(result.generated.html).not.toMatch(/<script/i);
    expect(result.quota).toMatchObject({ used: 1, timeZone: "Asia/Singapore" });

    const stored = await getDb().selectFrom("skill_run").selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.input).not.toContain("ana.cruz@example.com");
    expect(stored[0]?.input).toContain("[EMAIL 1]");
    expect((await page(cookie)).skills.quota.used).toBe(1);

    const file = await exported(cookie, "run", result.generated.id);
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="kyc-escalation-memo-/,
    );
    const html = await file.text();
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain("<h1>");
    expect(html).toContain("Generated with Kestrel on");
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain("&lt;script&gt;");

    // Someone else's run is not there for them.
    const { cookie: other } = await signInForTest("skills-other");
    expect((await exported(other, "run", result.generated.id)).status).toBe(404);
    expect((await exported(cookie, "nothing", 1)).status).toBe(404);
  });

  it("answers missing, over-long and unknown input with a clear error, counting nothing", async () => {
    const { cookie } = await signInForTest("skills-bad");
    const blank = await generate(cookie, { input: "   " });
    expect(blank.status).toBe(400);
    expect(resultOf(blank)).toMatchObject({
      error: { code: "validation", fields: { input: "skills:generator.required" } },
    });
    const long = await generate(cookie, { input: "x".repeat(8001) });
    expect(resultOf(long)).toMatchObject({
      error: { code: "validation", fields: { input: "skills:generator.tooLong?max=8000" } },
    });
    expect((await generate(cookie, { input: "x".repeat(8000) })).status).toBe(200);
    const unknown = await generate(cookie, { skillId: "write-my-essay" });
    expect(unknown.status).toBe(404);
    expect((await post(cookie, { intent: "fly" })).status).toBe(400);
    expect((await page(cookie)).skills.quota.used).toBe(1);
  });

  it("never lets concurrent runs pass the weekly quota", async () => {
    const { cookie } = await signInForTest("skills-busy");
    const answers = await Promise.all(Array.from({ length: 30 }, () => generate(cookie)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(25);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
    const refused = answers.find((answer) => answer.status === 429);
    expect(refused && resultOf(refused)).toMatchObject({
      error: {
        code: "rate_limited",
        message: "skills:generator.quotaReached",
        quota: { used: 25, limit: 25 },
      },
    });
    expect(await getDb().selectFrom("skill_run").select("id").execute()).toHaveLength(25);
  });
});

describe("personal data on the page", () => {
  it("is previewed with its original text for the learner, not stored, not counted", async () => {
    const { cookie } = await signInForTest("skills-preview");
    const answer = await post(cookie, {
      intent: "preview",
      input: "Customer Tan Wei Ming (S1234567D) paid Bobby SGD 9,000. Mr Tan called again.",
      marked: JSON.stringify([{ text: "Bobby", type: "PERSON" }]),
    });
    expect(answer.status).toBe(200);
    expect(resultOf(answer)).toEqual({
      ok: true,
      intent: "preview",
      found: [
        { type: "PERSON", value: "Tan Wei Ming", placeholder: "[PERSON 1]" },
        { type: "SG_NRIC", value: "S1234567D", placeholder: "[SG_NRIC 1]" },
        { type: "PERSON", value: "Bobby", placeholder: "[PERSON 2]" },
        { type: "PERSON", value: "Tan", placeholder: "[PERSON 1]" },
      ],
      removed: { PERSON: 2, SG_NRIC: 1 },
    });
    expect(await getDb().selectFrom("skill_run").select("id").execute()).toHaveLength(0);
    expect((await page(cookie)).skills.quota.used).toBe(0);
    expect((await post(cookie, { intent: "preview", input: " " })).status).toBe(400);
    expect(
      (await post(cookie, { intent: "preview", input: "x", marked: '[{"text":1}]' })).status,
    ).toBe(400);
  });

  it("marked by the learner is removed from the stored run too", async () => {
    const { cookie } = await signInForTest("skills-marked");
    const answer = await generate(cookie, {
      input: "Walk-in Bobby deposited SGD 9,500 in cash; Bobby asked about thresholds.",
      marked: JSON.stringify([{ text: "Bobby", type: "PERSON" }]),
    });
    const result = resultOf(answer);
    if (!result.ok || result.intent !== "generate") throw new Error("no draft");
    expect(result.generated.found).toEqual([
      { type: "PERSON", value: "Bobby", placeholder: "[PERSON 1]" },
      { type: "PERSON", value: "Bobby", placeholder: "[PERSON 1]" },
    ]);
    const stored = await getDb().selectFrom("skill_run").selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain("Bobby");
  });
});

const decode = (html: string) =>
  html
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&amp;/g, "&");

/** Where a value stands in a text: whole words in Latin letters, anywhere in scripts without spaces. */
function occurrences(value: string, text: string): number[] {
  const escaped = value.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  // In Thai a value before a vowel or a tone mark that follows its consonant is a piece of another
  // word (นก of เดือนก่อน, "last month"), not the name; a vowel written before its consonant (เ, แ,
  // โ, ใ, ไ) begins the next word. (A Tamil name may be labelled up to its case ending's sign.)
  const pattern = /[\u0E00-\u0E7F\u0B80-\u0BFF\u4e00-\u9fff]/u.test(value)
    ? new RegExp(
        /[\u0E00-\u0E7F]/u.test(value) ? `${escaped}(?![\\u0E30-\\u0E3A\\u0E47-\\u0E4E])` : escaped,
        "gu",
      )
    : new RegExp(`(?<![\\p{Script=Latin}\\p{N}])${escaped}(?![\\p{Script=Latin}])`, "gu");
  return [...text.matchAll(pattern)].map((m) => m.index);
}

/**
 * The name a value stands in: the capitalised words around it in Latin letters ("Shahrul Jaya
 * Enterprise" around "Shahrul"), or, in a script written without spaces, the run of letters it is
 * part of ("ต้นการยาง", a shop, around ต้น), up to the labelled values in it.
 */
function phraseAround(note: CorpusNote, at: number, length: number): string {
  const text = note.text;
  const value = text.slice(at, at + length);
  if (/[\u0E00-\u0E7F\u0B80-\u0BFF\u4e00-\u9fff]/u.test(value)) {
    const before = /[^\s,.;:!?，。、；：（）()]*$/u.exec(text.slice(0, at))?.[0] ?? "";
    const after = /^[^\s,.;:!?，。、；：（）()]*/u.exec(text.slice(at + length))?.[0] ?? "";
    let [start, end] = [at - before.length, at + length + after.length];
    // The run up to the labelled values in it, which the draft writes as placeholders
    // (หัวหน้า[PERSON 11]สั่งให้ตรวจสอบบัญชีปลายทาง keeps ปลา of ปลายทาง, "destination").
    for (const span of note.spans) {
      if (span.end <= at && span.end > start) start = span.end;
      if (span.start >= at + length && span.start < end) end = span.start;
    }
    // The letters next to the value say it is a piece of a word (หมด of ทั้งหมด, "all"); the rest
    // of the run may hold a word the scrubber took wrongly, which the draft writes otherwise.
    const phrase = text.slice(Math.max(start, at - 2), Math.min(end, at + length + 2));
    return phrase.length > length ? phrase : value;
  }
  const before = /(?:[\p{Lu}][\p{L}\p{M}'’&-]*\s)+$/u.exec(text.slice(0, at))?.[0] ?? "";
  const after = /^(?:\s[\p{Lu}][\p{L}\p{M}'’&-]*)+/u.exec(text.slice(at + length))?.[0] ?? "";
  return before + value + after;
}

/**
 * The labelled values of the note that still appear in a text (markdown escapes ignored). A value
 * the note also writes outside its labels, inside the name of something else (a company named
 * after a person, "Shahrul Jaya Enterprise", ร้านต้นการยาง), may stay in that name, however often
 * the draft repeats it; elsewhere it may appear only as often as the note writes it unlabelled.
 */
// Two Latin letters, one Chinese character, one Thai consonant or a word in lower case are words
// or pieces of words elsewhere: a chat's "be" (Bé without its accent) or "hope" is a word of the
// draft's own English, 何 of 何时, Thai วา (ก๊ะวา) a piece of นราธิวาส. eval:pii counts whether
// they were found.
const checked = (value: string) => {
  if (/^(?:\p{Script=Latin}{1,2}|\p{Script=Han})$/u.test(value)) return false;
  // A name in a chat's lower case that the product's own text writes as a word (hope, mark).
  if (/^\p{Ll}+$/u.test(value) && isOrdinaryWord(value)) return false;
  // Thai consonants, without vowels and tone marks.
  if (/^[\u0E00-\u0E7F]+$/u.test(value))
    return value.replace(/[\u0E30-\u0E3A\u0E40-\u0E4E]/gu, "").length > 1;
  return true;
};

function leaks(note: CorpusNote, text: string): string[] {
  const plain = decode(text).replace(/\\/g, "");
  return note.spans
    .map((span) => span.value)
    .filter(checked)
    .filter((value) => {
      const unlabelled = occurrences(value, note.text).filter(
        (at) => !note.spans.some((span) => at < span.end && at + value.length > span.start),
      );
      const names = unlabelled
        .map((at) => phraseAround(note, at, value.length))
        .filter((phrase) => phrase !== value);
      const rest = names.reduce((left, name) => left.split(name).join(" "), plain);
      return occurrences(value, rest).length > unlabelled.length - names.length;
    });
}

/** What a failure may print: an unread set's notes are not read, so only how many leaked. */
const shown = (note: CorpusNote, values: string[]) =>
  isUnread(note) ? values.map(() => "(unread)") : values;

// Issue 45: the export and the stored draft contain no labelled personal data from the corpus.
// The tuning notes go straight through; for the held-out and blind notes the learner first
// previews and marks what the scrubber missed, as the page lets them.
describe("the corpus through the page's action, export and saved draft", () => {
  const notes = corpus();
  const languages = [...new Set(notes.map((note) => note.language))];

  it.each(languages)("leaves no labelled personal data of the %s notes", async (language) => {
    const mine = notes.filter((note) => note.language === language);
    let cookie = "";
    // The check itself sees every labelled item in the notes as written.
    for (const note of mine)
      expect(leaks(note, note.text), note.id).toHaveLength(
        note.spans.filter((span) => checked(span.value)).length,
      );
    for (const [i, note] of mine.entries()) {
      // 25 runs a week each: a new learner every 20 notes.
      if (i % 20 === 0) cookie = (await signInForTest(`corpus-${language}-${i}`)).cookie;
      let marked: { text: string; type: string }[] = [];
      if (note.set !== "tuning") {
        const preview = resultOf(await post(cookie, { intent: "preview", input: note.text }));
        if (!preview.ok || preview.intent !== "preview") throw new Error("no preview");
        // What the preview lists is what goes; a later mention of part of a name found (志明
        // after 黄志明) is marked like anything else left.
        const removed = new Set(preview.found.map((item) => item.value));
        marked = note.spans
          .filter((span) => !removed.has(span.value))
          .map((span) => ({
            text: span.value,
            type: ["PERSON", "ADDRESS", "ACCOUNT", "DOB", "PASSPORT"].includes(span.type)
              ? span.type
              : "PHONE",
          }));
      }
      const answer = await generate(cookie, {
        skillId: "str-narrative",
        input: note.text,
        marked: JSON.stringify(marked),
      });
      const result = resultOf(answer);
      if (!result.ok || result.intent !== "generate") throw new Error(`no draft for ${note.id}`);
      const run = await getDb()
        .selectFrom("skill_run")
        .select(["input", "content", "details"])
        .where("id", "=", result.generated.id)
        .executeTakeFirstOrThrow();
      expect(
        shown(note, leaks(note, `${run.input}\n${run.content}\n${run.details}`)),
        note.id,
      ).toEqual([]);
      expect(shown(note, leaks(note, result.generated.html)), note.id).toEqual([]);
      const file = await exported(cookie, "run", result.generated.id);
      expect(shown(note, leaks(note, await file.text())), note.id).toEqual([]);
      if (i % 10 === 0) {
        const saved = resultOf(
          await post(cookie, { intent: "save-draft", runId: String(result.generated.id) }),
        );
        if (!saved.ok || saved.intent !== "save-draft") throw new Error("not saved");
        const draft = await getDb()
          .selectFrom("skill_draft")
          .select(["input", "content", "details"])
          .where("id", "=", saved.draftId)
          .executeTakeFirstOrThrow();
        expect(leaks(note, `${draft.input}\n${draft.content}\n${draft.details}`), note.id).toEqual(
          [],
        );
        const draftFile = await exported(cookie, "draft", saved.draftId);
        expect(leaks(note, await draftFile.text()), note.id).toEqual([]);
      }
    }
  });
});

describe("drafts", () => {
  it("are saved from a run, listed, reopened and deleted, by their owner only", async () => {
    const { cookie } = await signInForTest("drafts");
    const generated = resultOf(await generate(cookie));
    if (!generated.ok || generated.intent !== "generate") throw new Error("no draft");
    const saved = resultOf(
      await post(cookie, { intent: "save-draft", runId: String(generated.generated.id) }),
    );
    if (!saved.ok || saved.intent !== "save-draft") throw new Error("not saved");
    expect((await page(cookie)).skills.drafts).toEqual([
      expect.objectContaining({ id: saved.draftId, skillId: "kyc-escalation-memo" }),
    ]);

    const opened = resultOf(
      await post(cookie, { intent: "open-draft", draftId: String(saved.draftId) }),
    );
    expect(opened).toMatchObject({
      ok: true,
      intent: "open-draft",
      generated: { kind: "draft", id: saved.draftId, html: generated.generated.html },
    });
    expect((await exported(cookie, "draft", saved.draftId)).status).toBe(200);

    const { cookie: other } = await signInForTest("drafts-other");
    expect(
      (await post(other, { intent: "open-draft", draftId: String(saved.draftId) })).status,
    ).toBe(404);
    expect(
      (await post(other, { intent: "delete-draft", draftId: String(saved.draftId) })).status,
    ).toBe(404);
    expect(
      (await post(other, { intent: "save-draft", runId: String(generated.generated.id) })).status,
    ).toBe(404);

    expect(
      (await post(cookie, { intent: "delete-draft", draftId: String(saved.draftId) })).status,
    ).toBe(200);
    expect((await page(cookie)).skills.drafts).toEqual([]);
  });
});

describe("the llm provider", () => {
  let llm: FakeLlm;
  beforeAll(async () => {
    llm = await startFakeLlm();
  });
  afterAll(() => llm.stop());
  const skill = () => "ai-model-card";

  it("writes the draft from the passages, marking a citation of a passage it was not given", async () => {
    llm.behaviour = {
      kind: "answer",
      chunks: ["## Purpose\n\nScores credit applications [ai-bias-testing]", " and [made-up-id]."],
    };
    const result = await runSkill(skill(), "A credit scoring model for SME loans.", {
      provider: "llm",
      llm: { baseUrl: llm.baseUrl, model: "kestrel-test" },
    });
    expect(result.fallback).toBe(false);
    expect(result.markdown).toContain("Scores credit applications [1] and [?].");
    expect(result.sources.map((source) => source.id)).toEqual(["ai-bias-testing"]);
    const system = llm.requests.at(-1)?.body.messages[0]?.content ?? "";
    expect(system).toContain("## Purpose");
    expect(llm.requests.at(-1)?.body.messages[1]?.content).toBe(
      "A credit scoring model for SME loans.",
    );
  });

  it("falls back to the template when the model's draft adds a fact or a person", async () => {
    for (const chunk of [
      "## Purpose\n\nScores loans of up to SGD 5,000,000 [ai-bias-testing].",
      "## Purpose\n\nScores loans for [PERSON 4] [ai-bias-testing].",
      "## Purpose\n\nOwned by Mr John Whitfield [ai-bias-testing].",
    ]) {
      llm.behaviour = { kind: "answer", chunks: [chunk] };
      const result = await runSkill(skill(), "A credit scoring model for SME loans.", {
        provider: "llm",
        llm: { baseUrl: llm.baseUrl, model: "kestrel-test" },
      });
      expect(result.fallback, chunk).toBe(true);
      expect(result.markdown).not.toContain("5,000,000");
      expect(result.markdown).not.toContain("Whitfield");
    }
  });

  it("falls back to the template when the model hangs or cites nothing", async () => {
    llm.behaviour = { kind: "hang" };
    const hung = await runSkill(skill(), "A credit scoring model.", {
      provider: "llm",
      llm: { baseUrl: llm.baseUrl, model: "kestrel-test" },
      firstTokenMs: 300,
    });
    expect(hung.fallback).toBe(true);
    expect(hung.markdown).toContain("## What the sources say");
    llm.behaviour = { kind: "answer", chunks: ["An answer from nowhere."] };
    const uncited = await runSkill(skill(), "A credit scoring model.", {
      provider: "llm",
      llm: { baseUrl: llm.baseUrl, model: "kestrel-test" },
    });
    expect(uncited.fallback).toBe(true);
    expect(uncited.markdown).not.toContain("An answer from nowhere.");
  });
});
