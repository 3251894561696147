import { describe, expect, it } from "vitest";
import { getDb } from "~/platform/db/db.server";
import { getPacks } from "~/domain/aml/index.server";
import { AML_RATE_LIMITS } from "~/domain/aml/posts.server";
import { addAllowlistEntry } from "~/platform/auth/index.server";
import { signInCarryingGuest, signInForTest } from "../../../tests/integration/auth";
import {
  type RouteAnswer,
  answerOf,
  callAction,
  pageRequest,
} from "../../../tests/integration/call-action";
import { action, loader } from "~/routes/kestrel.aml-demo";
import { serializeLocale, serializeRegion } from "~/platform/i18n/index.server";
import { getReaders } from "./lexicons.server";
import { citationChoices } from "./citations";

// The AML live training preview on a real database: what the page sends before and after a
// submission, drafts (autosave, restore, order, staleness, guest to account), graded attempts of
// every mode, and bad input.

let ipCounter = 0;
const freshIp = () => `198.51.100.${(ipCounter += 1) % 250}`;

function present<T>(value: T | undefined | null, what: string): T {
  if (value === undefined || value === null) throw new Error(`missing ${what}`);
  return value;
}

const sg = present(getPacks().get("sg"), "the Singapore pack");
const ca = present(getPacks().get("ca"), "the Canada pack");
const paynow = present(
  sg.scenarios.find((scenario) => scenario.id === "paynow-pep-pass-through"),
  "the PayNow scenario",
);

type Reply = {
  draftSaved?: { at: string };
  result?: {
    mode: string;
    grade: {
      score: number;
      percent: number;
      band: string;
      details: {
        criterion: string;
        passed: boolean;
        explanation: string[];
        label: string;
        lang: string;
      }[];
      penalties: { kind: string }[];
    };
    keySignals: string[];
    rationale: string;
    player: { findings: number; passed: boolean } | null;
  };
  report?: { title: string; content: string };
  error?: { code: string; message: string; fields?: Record<string, string> };
};
const reply = (response: RouteAnswer) => (response.data ?? {}) as Reply;

const guestCookie = (response: Response) =>
  response.headers
    .getSetCookie()
    .find((line) => line.startsWith("kestrel-learner="))
    ?.split(";")[0] ?? "";

function post(fields: Record<string, string>, { cookie = "", ip = freshIp() } = {}) {
  return callAction(
    action,
    pageRequest("/kestrel/aml-demo", { cookie, body: new URLSearchParams(fields) }),
    ip,
  );
}

async function page(query = "", cookie = "") {
  return answerOf(() =>
    loader({ request: pageRequest(`/kestrel/aml-demo${query}`, { cookie }) } as never),
  );
}

/** A complete guided answer to the PayNow case, as a learner who knows the case writes it. */
function strongResponses() {
  const key = paynow.answerKey;
  return {
    signals: key.keySignals.flatMap((signal) => (signal.chip ? [signal.chip] : [])),
    signalNotes:
      "Part of the money went to Grace Lim, a shareholder who is a close associate of a PEP.",
    why:
      "Ninety-seven individuals paying a young consultancy and money leaving within hours give " +
      "reasonable grounds to suspect a mule pass-through of scam proceeds. The shareholder is a close " +
      "associate of a foreign PEP, so enhanced due diligence with the source of funds is needed.",
    decision: key.expectedDecision,
    decisionNotes:
      "Lumen Harbour received 146 PayNow transfers from 97 individuals between 3 and 21 November " +
      "and sent them on by FAST within hours; escalate to the compliance officer for an STR to STRO.",
    confidence: 3,
    // The first of the case's own sources among those offered.
    citations: [citationChoices(paynow, sg.rubric).findIndex((choice) => choice.relevant)],
  };
}

const submitGuided = (responses: object, options: { cookie?: string } = {}) =>
  post(
    {
      intent: "submit-guided",
      jurisdiction: "sg",
      scenario: paynow.id,
      responses: JSON.stringify(responses),
    },
    options,
  );

const count = async (table: "aml_attempt" | "aml_draft" | "learner") =>
  Number(
    (
      await getDb()
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("the preview page", () => {
  it("opens on Singapore's first scenario and never sends the answer key", async () => {
    const response = await page();
    expect(response.status).toBe(200);
    const data = response.data as { jurisdiction: string; scenario: { id: string } };
    expect(data.jurisdiction).toBe("sg");
    expect(data.scenario.id).toBe(sg.scenarios[0]?.id);
    const sent = JSON.stringify(response.data);
    expect(sent).not.toContain("answerKey");
    expect(sent).not.toContain(paynow.answerKey.rationale);
    for (const flag of paynow.redFlags) expect(sent).not.toContain(flag);
  });

  it("opens on the pack of the region the reader chose, else on Singapore's sample", async () => {
    const opened = async (region: "th" | "my" | "vn") => {
      const cookie = (await serializeRegion(region)).split(";")[0];
      return ((await page("", cookie)).data as { jurisdiction: string }).jurisdiction;
    };
    expect(await opened("th")).toBe("th");
    expect(await opened("my")).toBe("my");
    // A region with no pack (Vietnam) opens the sample.
    expect(await opened("vn")).toBe("sg");
  });

  it("answers 404 for an unknown jurisdiction or scenario", async () => {
    expect((await page("?jurisdiction=us")).status).toBe(404);
    expect((await page("?jurisdiction=sg&scenario=synthetic-lease-ring")).status).toBe(404);
  });

  it("shows Canada's Fraud Defense Index as a labelled sample until the learner's first attempt", async () => {
    const before = (await page("?jurisdiction=ca")).data as {
      fdi: { sample: boolean; value: number };
    };
    expect(before.fdi).toMatchObject({ sample: true, value: 88, band: "Good" });
    const scenario = present(ca.scenarios[0], "a Canada scenario");
    const graded = await post({
      intent: "grade-freeform",
      jurisdiction: "ca",
      scenario: scenario.id,
      decision: "ESCALATE",
      analysis: "The customer moved funds quickly; we should escalate.",
    });
    const cookie = guestCookie(graded);
    const after = (await page(`?jurisdiction=ca&scenario=${scenario.id}`, cookie)).data as {
      fdi: { sample: boolean; completedScenarios: number; totalScenarios: number; value: number };
      result: { mode: string } | null;
    };
    expect(after.fdi).toMatchObject({
      sample: false,
      completedScenarios: 1,
      totalScenarios: ca.scenarios.length,
    });
    expect(after.fdi.value).toBeLessThan(88);
    expect(after.result?.mode).toBe("freeform");
    expect((await page("?jurisdiction=sg", cookie)).data).toMatchObject({ fdi: null });
  });
});

describe("guided submissions", () => {
  it("grades a complete answer on the server and stores the attempt", async () => {
    const response = await submitGuided(strongResponses());
    expect(response.status).toBe(200);
    const { result } = reply(response);
    expect(result?.grade.details.map((detail) => detail.passed)).toEqual([true, true, true, true]);
    expect(result?.grade.percent).toBeGreaterThanOrEqual(90);
    expect(result?.keySignals.length).toBe(paynow.answerKey.keySignals.length);
    const [attempt] = await getDb().selectFrom("aml_attempt").selectAll().execute();
    expect(attempt).toMatchObject({
      jurisdiction: "sg",
      scenario_id: paynow.id,
      mode: "guided",
      pack_version: sg.config.version,
      percent: result?.grade.percent,
      requires_escalation: 1,
      escalated_in_time: 1,
      complete_record: 1,
    });
  });

  it("scores an answer that misses a key signal lower, and names the missed criterion", async () => {
    const strong = strongResponses();
    const weak = { ...strong, signals: strong.signals.slice(1), signalNotes: "" };
    const full = reply(await submitGuided(strong)).result;
    const missed = reply(await submitGuided(weak)).result;
    expect(missed?.grade.score).toBeLessThan(full?.grade.score ?? 0);
    const signals = missed?.grade.details.find((detail) => detail.criterion === "signals");
    expect(signals?.explanation.join(" ")).toMatch(/Missed: /);
  });

  it("refuses an incomplete answer and over-long fields, naming the limit, and stores nothing", async () => {
    const missing = await submitGuided({ ...strongResponses(), why: "  " });
    expect(missing.status).toBe(400);
    expect(reply(missing).error?.fields?.why).toBe("aml:errors.required");
    const long = await submitGuided({ ...strongResponses(), decisionNotes: "x".repeat(301) });
    expect(long.status).toBe(400);
    expect(reply(long).error?.fields?.decisionNotes).toBe("aml:errors.tooLong?max=300");
    const hostile = await submitGuided({ ...strongResponses(), signals: ["<script>"] });
    expect(hostile.status).toBe(400);
    const notJson = await post({
      intent: "submit-guided",
      jurisdiction: "sg",
      scenario: paynow.id,
      responses: "{not json",
    });
    expect(notJson.status).toBe(400);
    expect(reply(notJson).error).toMatchObject({
      code: "validation",
      fields: { responses: "aml:errors.invalid" },
    });
    // An answer with a field the form does not have, or a choice it does not offer, is refused
    // as the one reply every form gives, naming the field as the page shows it.
    const extra = await submitGuided({ ...strongResponses(), admin: true } as never);
    expect(reply(extra).error?.code).toBe("validation");
    const choice = await submitGuided({ ...strongResponses(), decision: "SHRED" } as never);
    expect(reply(choice).error?.fields?.decision).toBe("aml:errors.invalid");
    expect(await count("aml_attempt")).toBe(0);
    expect(await count("learner")).toBe(0);
  });

  it("refuses a player path that is not JSON, names an unknown step or runs too long", async () => {
    const played = (path: string) =>
      post({ intent: "grade-player", jurisdiction: "sg", scenario: paynow.id, path });
    const first = paynow.branches[0]?.id ?? "";
    for (const path of [
      "{not json",
      JSON.stringify(["no-such-branch"]),
      JSON.stringify(["<script>"]),
      JSON.stringify(Array.from({ length: 41 }, () => first)),
      JSON.stringify({ path: [first] }),
    ]) {
      const refused = await played(path);
      expect(refused.status, path.slice(0, 40)).toBe(400);
      expect(reply(refused).error?.fields?.path).toBe("aml:errors.invalidPath");
    }
    expect(await count("aml_attempt")).toBe(0);
  });

  it("answers a scenario that is not in the pack with a clear error", async () => {
    const gone = await post({
      intent: "submit-guided",
      jurisdiction: "sg",
      scenario: "retired-scenario",
      responses: JSON.stringify(strongResponses()),
    });
    expect(gone.status).toBe(404);
    expect(reply(gone).error?.message).toBe("aml:errors.scenarioGone");
  });

  it("refuses a body over 16 KB with 413", async () => {
    const response = await post({
      intent: "grade-freeform",
      jurisdiction: "sg",
      scenario: paynow.id,
      analysis: "a".repeat(17_000),
    });
    expect(response.status).toBe(413);
  });
});

describe("drafts", () => {
  const saveDraft = (
    responses: object,
    { cookie = "", editedAt = new Date().toISOString(), step = "1", scenario = paynow.id } = {},
  ) =>
    post(
      {
        intent: "save-draft",
        jurisdiction: "sg",
        scenario,
        step,
        editedAt,
        responses: JSON.stringify(responses),
      },
      { cookie },
    );

  it("saves a guest's draft and restores it on return; saving twice keeps one draft", async () => {
    const first = await saveDraft({ why: "Funds pass through" });
    expect(first.status).toBe(200);
    expect(reply(first).draftSaved?.at).toBeTruthy();
    const cookie = guestCookie(first);
    expect(cookie).not.toBe("");
    await saveDraft({ why: "Funds pass through" }, { cookie });
    await saveDraft({ why: "Funds pass through within minutes" }, { cookie, step: "2" });
    expect(await count("aml_draft")).toBe(1);
    const restored = (await page(`?jurisdiction=sg&scenario=${paynow.id}`, cookie)).data as {
      draft: { step: number; responses: { why: string }; stale: boolean };
    };
    expect(restored.draft).toMatchObject({
      step: 2,
      responses: { why: "Funds pass through within minutes" },
      stale: false,
    });
  });

  it("keeps the newer edit when an older save arrives late", async () => {
    const now = Date.now();
    const newer = await saveDraft({ why: "newer" }, { editedAt: new Date(now).toISOString() });
    const cookie = guestCookie(newer);
    await saveDraft({ why: "older" }, { cookie, editedAt: new Date(now - 5000).toISOString() });
    const restored = (await page(`?jurisdiction=sg&scenario=${paynow.id}`, cookie)).data as {
      draft: { responses: { why: string } };
    };
    expect(restored.draft.responses.why).toBe("newer");
  });

  it("restores a draft saved against an older pack version with a notice", async () => {
    const saved = await saveDraft({ why: "before the update" });
    const cookie = guestCookie(saved);
    await getDb().updateTable("aml_draft").set({ pack_version: "1.1.0" }).execute();
    const restored = (await page(`?jurisdiction=sg&scenario=${paynow.id}`, cookie)).data as {
      draft: { stale: boolean; responses: { why: string } };
    };
    expect(restored.draft).toMatchObject({ stale: true, responses: { why: "before the update" } });
  });

  it("refuses a draft with an over-long field, naming the limit, and keeps the saved one", async () => {
    const saved = await saveDraft({ why: "kept" });
    const cookie = guestCookie(saved);
    const long = await saveDraft({ why: "y".repeat(401) }, { cookie });
    expect(long.status).toBe(400);
    expect(reply(long).error?.fields?.why).toBe("aml:errors.tooLong?max=400");
    const bad = await saveDraft({ why: "x" }, { cookie, editedAt: "yesterday" });
    expect(bad.status).toBe(400);
    const restored = (await page(`?jurisdiction=sg&scenario=${paynow.id}`, cookie)).data as {
      draft: { responses: { why: string } };
    };
    expect(restored.draft.responses.why).toBe("kept");
  });

  it("is cleared by the submission it led to", async () => {
    const saved = await saveDraft(strongResponses());
    const cookie = guestCookie(saved);
    await submitGuided(strongResponses(), { cookie });
    expect(await count("aml_draft")).toBe(0);
    expect(await count("aml_attempt")).toBe(1);
  });

  it("moves with the guest's attempts to the account at sign-in; the later edit wins", async () => {
    const { cookie: session, email } = await signInForTest("aml");
    const base = Date.now();
    await saveDraft(
      { why: "account, older" },
      { cookie: session, editedAt: new Date(base - 60_000).toISOString() },
    );
    const guestSave = await saveDraft(
      { why: "guest, newer" },
      { editedAt: new Date(base).toISOString() },
    );
    const guest = guestCookie(guestSave);
    await submitGuided(strongResponses(), { cookie: guest });
    await saveDraft(
      { why: "guest, newer" },
      { cookie: guest, editedAt: new Date(base).toISOString() },
    );

    await addAllowlistEntry({ kind: "domain", value: "bank.example" }, "ops@kestrel.test");
    expect((await signInCarryingGuest(email, guest, freshIp())).status).toBe(302);

    expect(await count("learner")).toBe(1);
    expect(await count("aml_attempt")).toBe(1);
    expect(await count("aml_draft")).toBe(1);
    const mine = (await page(`?jurisdiction=sg&scenario=${paynow.id}`, session)).data as {
      draft: { responses: { why: string } };
      result: { mode: string } | null;
    };
    expect(mine.draft.responses.why).toBe("guest, newer");
    expect(mine.result?.mode).toBe("guided");
  });
});

describe("feedback in the reader's language", () => {
  it("a Thai reader reads the band, the lines, the criteria and the rationale in Thai", async () => {
    const cookie = (await serializeLocale("th-TH")).split(";")[0] ?? "";
    const graded = await submitGuided(strongResponses(), { cookie });
    const result = present(reply(graded).result, "a result");
    const thai = present(getReaders().lexicons.get("th")?.texts, "the Thai texts");
    expect(Object.values(thai.bands)).toContain(result.grade.band);
    const signals = present(result.grade.details[0], "the signals criterion");
    expect(signals.label).toBe(thai.criteria["sg-mas-banking-rubric"]?.signals?.label);
    expect(signals.lang).toBe("th");
    for (const line of signals.explanation) expect(line).toMatch(/[\u0E00-\u0E7F]/u);
    expect(result.rationale).toBe(thai.rationale[paynow.id]);
    // The same attempt read by an English reader: English words, the same score.
    const english = (await page(`?jurisdiction=sg&scenario=${paynow.id}`, guestCookie(graded)))
      .data as { result: { grade: { percent: number; band: string } } };
    expect(english.result.grade.percent).toBe(result.grade.percent);
    expect(["Excellent", "Proficient"]).toContain(english.result.grade.band);
  });
});

describe("free-form and the scenario player", () => {
  it("grades an analysis, refuses an empty one, and drafts an STR from the template", async () => {
    const empty = await post({
      intent: "grade-freeform",
      jurisdiction: "sg",
      scenario: paynow.id,
      analysis: "   ",
    });
    expect(empty.status).toBe(400);
    expect(reply(empty).error?.fields?.decision).toBe("aml:errors.required");
    const analysis = "Funds leave within minutes; escalate and file an STR with STRO.";
    const blank = await post({
      intent: "grade-freeform",
      jurisdiction: "sg",
      scenario: paynow.id,
      decision: "ESCALATE",
      analysis: "   ",
    });
    expect(reply(blank).error?.fields?.analysis).toBe("aml:errors.required");
    // The decision of record is a control: left out or forged, nothing is graded or stored.
    for (const decision of [undefined, "", "MAYBE", "escalate"]) {
      const refused = await post({
        intent: "grade-freeform",
        jurisdiction: "sg",
        scenario: paynow.id,
        ...(decision === undefined ? {} : { decision }),
        analysis,
      });
      expect(refused.status).toBe(400);
      expect(reply(refused).error?.fields?.decision).toBe(
        decision === "MAYBE" || decision === "escalate"
          ? "aml:errors.invalid"
          : "aml:errors.required",
      );
    }
    expect(await count("aml_attempt")).toBe(0);
    const graded = await post({
      intent: "grade-freeform",
      jurisdiction: "sg",
      scenario: paynow.id,
      decision: "ESCALATE",
      analysis,
    });
    expect(reply(graded).result?.mode).toBe("freeform");
    expect(reply(graded).result?.grade.details).toHaveLength(4);
    const drafted = await post({
      intent: "draft-report",
      jurisdiction: "sg",
      scenario: paynow.id,
      analysis,
    });
    expect(reply(drafted).report?.title).toBeTruthy();
    expect(reply(drafted).report?.content).toContain(analysis);
    expect(reply(drafted).report?.content).not.toMatch(/\{\{/);
    expect(await count("aml_attempt")).toBe(1);
  });

  it("replays the player's path, counts its findings and stores the run", async () => {
    const findingBranch = present(
      paynow.branches.find(
        (branch) => branch.from === "start" && /finding|violation/i.test(branch.consequence),
      ),
      "a branch with a finding",
    );
    const path = [findingBranch.id];
    let node = findingBranch.nextScenario;
    while (node !== "complete") {
      const next = present(
        paynow.branches.find((branch) => branch.from === node),
        `a way out of ${node}`,
      );
      path.push(next.id);
      node = next.nextScenario;
    }
    const response = await post({
      intent: "grade-player",
      jurisdiction: "sg",
      scenario: paynow.id,
      path: JSON.stringify(path),
    });
    expect(response.status).toBe(200);
    const { result } = reply(response);
    expect(result?.mode).toBe("player");
    expect(result?.player?.findings).toBeGreaterThanOrEqual(1);
    expect(result?.grade.percent).toBeLessThanOrEqual(80);
    const forged = await post({
      intent: "grade-player",
      jurisdiction: "sg",
      scenario: paynow.id,
      path: JSON.stringify(["not-a-branch"]),
    });
    expect(forged.status).toBe(400);
    expect(await count("aml_attempt")).toBe(1);
  });
});

describe("the grading limit", () => {
  it("holds for a new account from its first request, even when they all arrive at once", async () => {
    const { cookie } = await signInForTest("aml-burst");
    const over = AML_RATE_LIMITS.grading.limit + 20;
    const answers = await Promise.all(
      Array.from({ length: over }, () =>
        post(
          {
            intent: "submit-guided",
            jurisdiction: "sg",
            scenario: paynow.id,
            responses: JSON.stringify(strongResponses()),
          },
          { cookie },
        ),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(AML_RATE_LIMITS.grading.limit);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20);
  }, 60_000);
});

describe("time on task", () => {
  const timed = async () =>
    getDb().selectFrom("aml_attempt").select(["started_at", "seconds"]).orderBy("id").execute();

  it("counts from the page being served, and only from a key the server sealed", async () => {
    const opened = ((await page()).data as { opened: string }).opened;
    expect(opened).toMatch(/^[A-Za-z0-9_-]{28}$/);
    const responses = JSON.stringify(strongResponses());
    const base = { intent: "submit-guided", jurisdiction: "sg", scenario: paynow.id, responses };
    expect((await post({ ...base, opened })).status).toBe(200);
    // No key, or one whose sealed time was changed: graded, but no time claimed.
    expect((await post(base)).status).toBe(200);
    const forged = `${opened.slice(0, 12)}AAAAAAAA${opened.slice(20)}`;
    expect((await post({ ...base, opened: forged })).status).toBe(200);
    expect((await post({ ...base, opened: "<script>" })).status).toBe(400);
    const [withKey, withoutKey, withForgery] = await timed();
    expect(withKey?.started_at).toEqual(expect.any(String));
    expect(Number(withKey?.seconds)).toBeGreaterThanOrEqual(0);
    expect(Number(withKey?.seconds)).toBeLessThan(60);
    expect(withoutKey).toEqual({ started_at: null, seconds: null });
    expect(withForgery).toEqual({ started_at: null, seconds: null });
  });

  it("times each guided step from the autosaves the server heard, in the evidence", async () => {
    const { cookie } = await signInForTest("aml-steps");
    const opened = ((await page("", cookie)).data as { opened: string }).opened;
    const target = { jurisdiction: "sg", scenario: paynow.id };
    const responses = JSON.stringify(strongResponses());
    for (const step of ["1", "1", "2", "3"]) {
      const saved = await post(
        { intent: "save-draft", ...target, step, editedAt: new Date().toISOString(), responses },
        { cookie },
      );
      expect(saved.status).toBe(200);
    }
    const draft = await getDb()
      .selectFrom("aml_draft")
      .select("step_times")
      .executeTakeFirstOrThrow();
    expect(Object.keys(JSON.parse(draft.step_times ?? "{}") as object)).toEqual(["1", "2", "3"]);
    const submitted = await post(
      { intent: "submit-guided", ...target, responses, opened },
      { cookie },
    );
    expect(submitted.status).toBe(200);
    const record = await getDb()
      .selectFrom("evidence_record")
      .select("envelope")
      .where("kind", "=", "aml-attempt")
      .executeTakeFirstOrThrow();
    const { timeOnTask } = (
      JSON.parse(record.envelope) as {
        payload: {
          content: { timeOnTask: { seconds: number; steps: { step: string; seconds: number }[] } };
        };
      }
    ).payload.content;
    expect(timeOnTask.steps.map((step) => step.step)).toEqual([
      "Signals",
      "Why it matters",
      "Decision",
      "Review and submit",
    ]);
    const total = timeOnTask.steps.reduce((sum, step) => sum + step.seconds, 0);
    // Each step is rounded to whole seconds on its own.
    expect(Math.abs(total - timeOnTask.seconds)).toBeLessThanOrEqual(2);
    // Submitted: the draft and its marks are gone, so the next attempt starts afresh.
    expect(await count("aml_draft")).toBe(0);
  });

  it("flags a signed-in attempt faster than the organisation's floor in its evidence", async () => {
    const { cookie } = await signInForTest("aml-fast");
    const opened = ((await page("", cookie)).data as { opened: string }).opened;
    const response = await post(
      {
        intent: "submit-guided",
        jurisdiction: "sg",
        scenario: paynow.id,
        responses: JSON.stringify(strongResponses()),
        opened,
      },
      { cookie },
    );
    expect(response.status).toBe(200);
    const record = await getDb()
      .selectFrom("evidence_record")
      .select("envelope")
      .where("kind", "=", "aml-attempt")
      .executeTakeFirstOrThrow();
    const content = (
      JSON.parse(record.envelope) as { payload: { content: Record<string, unknown> } }
    ).payload.content;
    // Singapore's pack states its minutes for all its scenarios: each has its share, and the
    // floor is 20 % of that share.
    const share = sg.config.metadata.estimatedDuration / sg.scenarios.length;
    expect(content.timeOnTask).toMatchObject({
      readingMinutes: share,
      floorPercent: 20,
      floorSeconds: Math.round(share * 60 * 0.2),
      tooFast: true,
    });
  });
});
