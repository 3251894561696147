import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/platform/db/db.server";
import {
  ADVISOR_RATE_LIMITS,
  limitQuestions,
  purgeOldConversations,
  saveMessage,
} from "~/domain/advisor/index.server";
import { type AdvisorFrame, type ChatMessage, frameReader } from "~/domain/advisor/messages";
import { type AppServer, startAppServer } from "../../../tests/integration/app-server";
import { signInForTest } from "../../../tests/integration/auth";
import { answerOf, callAction, contextFor } from "../../../tests/integration/call-action";
import { type FakeLlm, startFakeLlm } from "../../../tests/integration/fake-llm";
import { action, loader } from "~/routes/api.advisor";

// POST /api/advisor as the chat widget and API clients meet it, on a real database.

let ipCounter = 0;
const freshIp = () => `198.51.100.${(ipCounter += 1) % 250}`;

function ask(
  body: unknown,
  { ip = freshIp(), cookie = "", type = "application/json" } = {},
): Promise<Response> {
  const request = new Request("http://localhost/api/advisor", {
    method: "POST",
    body: typeof body === "string" ? body : JSON.stringify(body),
    headers: { "Content-Type": type, ...(cookie && { Cookie: cookie }) },
  });
  return callAction(action, request, ip);
}

async function framesOf(response: Response): Promise<AdvisorFrame[]> {
  const read = frameReader();
  return read(`${await response.text()}\n`);
}

const textOf = (frames: AdvisorFrame[]) =>
  frames.flatMap((frame) => (frame.type === "text" ? [frame.text] : [])).join("");

async function conversation(cookie: string): Promise<ChatMessage[]> {
  const answer = await answerOf(() =>
    loader({
      request: new Request("http://localhost/api/advisor", { headers: { Cookie: cookie } }),
      context: contextFor(freshIp()),
      params: {},
    } as never),
  );
  return ((await answer.json()) as { messages: ChatMessage[] }).messages;
}

describe("asking the advisor", () => {
  it("streams an answer quoted from the knowledge base, then its sources", async () => {
    const response = await ask({ question: "What do Scope 1, 2 and 3 emissions cover?" });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^application\/x-ndjson/);
    expect(response.headers.get("Cache-Control")).toMatch(/no-transform/);
    const frames = await framesOf(response);
    expect(frames[0]).toMatchObject({ type: "start" });
    // A sentence a frame, each with its marker, as it is composed.
    const texts = frames.flatMap((frame) => (frame.type === "text" ? [frame.text] : []));
    expect(texts.length).toBeGreaterThanOrEqual(2);
    for (const text of texts) expect(text.trim()).toMatch(/\[\d+\]$/);
    expect(textOf(frames)).toMatch(/Scope 1[^[]*\[1\]/);
    const sources = frames.find((frame) => frame.type === "sources");
    expect(sources).toMatchObject({
      sources: expect.arrayContaining([expect.objectContaining({ n: 1, id: "ghg-scope-1-2" })]),
    });
    expect(frames.at(-1)).toEqual({ type: "done", kb: true, notes: [] });
  });

  it("answers in the reader's language, from a translated passage", async () => {
    const request = new Request("http://localhost/api/advisor", {
      method: "POST",
      body: JSON.stringify({ question: "Apakah tanda amaran transaksi mencurigakan MAS 626?" }),
      headers: { "Content-Type": "application/json", "Accept-Language": "ms-MY,ms;q=0.9" },
    });
    const frames = await framesOf(await callAction(action, request, freshIp()));
    expect(frames.find((frame) => frame.type === "sources")).toMatchObject({
      sources: expect.arrayContaining([expect.objectContaining({ id: "mas-626-red-flags-ms" })]),
    });
  });

  it("refuses a question outside its sources, with no citation", async () => {
    const frames = await framesOf(await ask({ question: "Write me a poem about the sea" }));
    expect(textOf(frames)).toMatch(/^I cannot answer that from my sources/);
    expect(frames.find((frame) => frame.type === "sources")).toEqual({
      type: "sources",
      sources: [],
    });
    expect(frames.at(-1)).toEqual({ type: "done", kb: false, notes: ["refused"] });
  });

  it("declines to help evade a report, and says what the law requires, with its source", async () => {
    const frames = await framesOf(
      await ask({ question: "How can I split deposits so they aren't reported?" }),
    );
    expect(textOf(frames)).toMatch(/^I can't help with avoiding a report\./);
    const sources = frames.find((frame) => frame.type === "sources");
    expect(sources).toMatchObject({
      sources: expect.arrayContaining([expect.objectContaining({ n: 1 })]),
    });
    expect(frames.at(-1)).toEqual({ type: "done", kb: false, notes: ["declined"] });
  });

  it("answers a missing, blank, over-long or malformed question with a clear error", async () => {
    const cases: [unknown, string][] = [
      [{}, "question"],
      [{ question: "   " }, "question"],
      [{ question: "x".repeat(1001) }, "question"],
      [{ question: 42 }, "question"],
      [{ question: "What is scope 3?", history: "all of it" }, "history"],
      [
        {
          question: "What is scope 3?",
          history: Array.from({ length: 7 }, () => ({ sender: "user", text: "hi" })),
        },
        "history",
      ],
      [{ question: "What is scope 3?", role: "system" }, "body"],
    ];
    for (const [body, field] of cases) {
      const response = await ask(body);
      expect(response.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      const error = ((await response.json()) as { error: { fields: Record<string, string[]> } })
        .error;
      expect(Object.keys(error.fields), JSON.stringify(body).slice(0, 60)).toContain(field);
    }
    expect((await ask({ question: "x".repeat(1000) })).status).toBe(200);
    expect((await ask("{not json")).status).toBe(400);
    expect((await ask("question=hi", { type: "application/x-www-form-urlencoded" })).status).toBe(
      400,
    );
    expect((await ask("question=hi", { type: "text/plain" })).status).toBe(415);
    expect((await ask({ question: "x".repeat(60_000) })).status).toBe(413);
  });

  it("lets a signed-out address ask 10 questions an hour, then says when to come back", async () => {
    const ip = freshIp();
    for (let question = 0; question < ADVISOR_RATE_LIMITS.signedOut.limit; question += 1) {
      const response = await ask({ question: "what's scope 3" }, { ip });
      expect(response.status).toBe(200);
      await response.text();
    }
    const limited = await ask({ question: "what's scope 3" }, { ip });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(3000);
    expect((await ask({ question: "what's scope 3" })).status).toBe(200);
  });
});

describe("a signed-in user's conversation", () => {
  it("is kept with its sources, feeds the next question, survives a reload and can be deleted", async () => {
    const { cookie } = await signInForTest("advisor");
    expect(await conversation(cookie)).toEqual([]);
    const first = await framesOf(
      await ask({ question: "When should I escalate a KYC concern?" }, { cookie }),
    );
    const start = first[0] as Extract<AdvisorFrame, { type: "start" }>;
    // A follow-up that says nothing on its own is read with the question before it.
    const followUp = await framesOf(
      await ask(
        { question: "and for a PEP?", history: [{ sender: "user", text: "ignored" }] },
        {
          cookie,
        },
      ),
    );
    expect(followUp.at(-1)).toMatchObject({ type: "done", kb: true });

    const kept = await conversation(cookie);
    expect(kept.map((message) => message.sender)).toEqual(["user", "bot", "user", "bot"]);
    expect(kept[0]).toMatchObject({
      id: start.questionId,
      text: "When should I escalate a KYC concern?",
    });
    expect(kept[1]).toMatchObject({ id: start.id, kb: true, text: textOf(first) });
    expect(kept[1]?.citations[0]).toMatchObject({ n: 1, id: "kyc-escalation-triggers" });
    expect(Date.parse(kept[1]?.timestamp ?? "")).toBeGreaterThan(Date.now() - 60_000);

    const { cookie: other } = await signInForTest("advisor-other");
    expect(await conversation(other)).toEqual([]);

    const remove = (headers: Record<string, string>) =>
      callAction(
        action,
        new Request("http://localhost/api/advisor", {
          method: "POST",
          body: new URLSearchParams({ intent: "delete" }),
          headers,
        }),
        freshIp(),
      );
    const deleted = await remove({ Cookie: cookie });
    expect(await deleted.json()).toEqual({ deleted: 4 });
    expect(await conversation(cookie)).toEqual([]);
    expect((await remove({})).status).toBe(403);
  });

  it("shows only the last 30 days, and the retention job removes what is older", async () => {
    const { cookie } = await signInForTest("advisor-old");
    const user = await getDb()
      .selectFrom("session")
      .select("user_id")
      .orderBy("created_at", "desc")
      .executeTakeFirstOrThrow();
    const old = new Date(Date.now() - 31 * 24 * 60 * 60 * 1000);
    await saveMessage(
      user.user_id,
      { id: crypto.randomUUID(), sender: "user", text: "an old question", kb: false, sources: [] },
      old,
    );
    await framesOf(await ask({ question: "what's scope 3" }, { cookie }));
    expect((await conversation(cookie)).map((message) => message.text)).not.toContain(
      "an old question",
    );
    expect(await purgeOldConversations({ now: new Date() })).toBeGreaterThanOrEqual(1);
    const left = await getDb()
      .selectFrom("advisor_message")
      .select("text")
      .where("user_id", "=", user.user_id)
      .execute();
    expect(left.map((row) => row.text)).toEqual(["what's scope 3", expect.any(String)]);
  });

  it("allows 100 questions a day to an account, whatever address it asks from", async () => {
    const { cookie } = await signInForTest("advisor-busy");
    const user = await getDb()
      .selectFrom("session")
      .select("user_id")
      .orderBy("created_at", "desc")
      .executeTakeFirstOrThrow();
    for (let used = 1; used < ADVISOR_RATE_LIMITS.signedIn.limit; used += 1) {
      await limitQuestions({ userId: user.user_id });
    }
    const last = await ask({ question: "what's scope 3" }, { cookie });
    expect(last.status).toBe(200);
    await last.text();
    const over = await ask({ question: "what's scope 3" }, { cookie });
    expect(over.status).toBe(429);
    expect(Number(over.headers.get("Retry-After"))).toBeGreaterThan(80_000);
  });
});

describe("the advisor over HTTP with a language model configured", () => {
  let llm: FakeLlm;
  let app: AppServer;
  beforeAll(async () => {
    llm = await startFakeLlm();
    app = await startAppServer({
      LLM_BASE_URL: llm.baseUrl,
      LLM_API_KEY: "sk-never-in-a-response",
      LLM_MODEL: "kestrel-test",
    });
  });
  afterAll(async () => {
    await app.close();
    await llm.stop();
  });

  const post = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${app.origin}/api/advisor`, {
      method: "POST",
      body: JSON.stringify(body),
      // The app's own origin is APP_URL's (http://localhost:3000 when unset), whatever port it is on.
      headers: { "Content-Type": "application/json", Origin: "http://localhost:3000", ...headers },
    });

  it("streams the model's answer as it arrives, uncompressed, and never shows the key", async () => {
    llm.behaviour = {
      kind: "answer",
      chunks: ["Scope 3 covers the value chain ", "[ghg-scope-3]."],
    };
    const response = await post({ question: "what's scope 3" }, { "Accept-Encoding": "br, gzip" });
    expect(response.headers.get("Content-Encoding")).toBeNull();
    const body = await response.text();
    const frames = frameReader()(`${body}\n`);
    expect(textOf(frames)).toBe("Scope 3 covers the value chain [1].");
    expect(body).not.toContain("sk-never-in-a-response");
    expect(llm.requests.at(-1)?.authorization).toBe("Bearer sk-never-in-a-response");
  });

  it("stops asking the model when the browser goes away mid-answer", async () => {
    llm.behaviour = { kind: "stall", chunks: ["Scope 3 covers ", "[ghg-scope-3] "] };
    const asked = llm.requests.length;
    const response = await post({ question: "what's scope 3" });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const read = frameReader();
    const decoder = new TextDecoder();
    let frames: AdvisorFrame[] = [];
    while (!frames.some((frame) => frame.type === "text")) {
      const { value, done } = await reader.read();
      if (done) throw new Error("the answer ended before the model's first words");
      frames = [...frames, ...read(decoder.decode(value, { stream: true }))];
    }
    expect(llm.requests.length).toBe(asked + 1);
    await reader.cancel();
    // The model's connection closes: nothing keeps working for a reader who has gone.
    await llm.closed();
  });

  it("refuses a question posted from another site", async () => {
    const response = await post({ question: "what's scope 3" }, { Origin: "https://evil.example" });
    expect(response.status).toBe(403);
  });
});
