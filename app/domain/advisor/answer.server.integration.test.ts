import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeLlm, startFakeLlm } from "../../../tests/integration/fake-llm";
import { type AnswerPiece, type PastTurn, answerQuestion } from "./answer.server";
import { FIRST_TOKEN_MS } from "~/platform/lib/llm.server";
import { retrieve } from "./retrieval.server";

// The model path against a local server that speaks the OpenAI streaming protocol.

let llm: FakeLlm;
beforeAll(async () => {
  llm = await startFakeLlm();
});
afterAll(() => llm.stop());

const QUESTION = "How long do I have to file an STR with FINTRAC?";
const [FIRST, SECOND] = retrieve(QUESTION).passages.map((hit) => hit.passage.id);

async function ask(
  question = QUESTION,
  { history = [] as PastTurn[], signal = new AbortController().signal, firstTokenMs = 2_000 } = {},
) {
  const pieces: AnswerPiece[] = [];
  for await (const piece of answerQuestion({
    question,
    locale: "en-US",
    language: "en",
    history,
    signal,
    llm: { baseUrl: llm.baseUrl, apiKey: "sk-test-secret", model: "kestrel-test" },
    firstTokenMs,
  })) {
    pieces.push(piece);
  }
  const end = pieces.at(-1);
  // The text a reader is left with: what streamed since the last reset.
  const afterReset = pieces.slice(pieces.findLastIndex((piece) => piece.type === "reset") + 1);
  const shown = afterReset.flatMap((piece) => (piece.type === "text" ? [piece.text] : [])).join("");
  return { pieces, end: end?.type === "end" ? end : undefined, shown };
}

describe("answers written by a language model", () => {
  it("streams the model's words with its citations numbered, marks a citation of nothing retrieved, and lists only the cited sources", async () => {
    llm.behaviour = {
      kind: "answer",
      chunks: [
        "FINTRAC expects the report ",
        `as soon as practicable [${FIRST}`,
        `]. Records matter too [made-up-passage][${SECOND}].`,
      ],
    };
    const { end, shown, pieces } = await ask();
    expect(pieces.filter((piece) => piece.type === "text").length).toBeGreaterThanOrEqual(3);
    expect(shown).toBe(
      "FINTRAC expects the report as soon as practicable [1]. Records matter too [?][2].",
    );
    expect(end).toMatchObject({ text: shown, kb: true, notes: ["unsupported"] });
    expect(end?.sources.map((source) => source.id)).toEqual([FIRST, SECOND]);

    const sent = llm.requests.at(-1);
    expect(sent?.authorization).toBe("Bearer sk-test-secret");
    expect(sent?.body).toMatchObject({ model: "kestrel-test", stream: true });
    const system = sent?.body.messages[0]?.content ?? "";
    expect(system).toContain(`[${FIRST}]`);
    expect(system).toMatch(/Answer only from the passages below/);
    expect(sent?.body.messages.at(-1)).toEqual({ role: "user", content: QUESTION });
  });

  it("gives the model the last six turns of the conversation", async () => {
    llm.behaviour = { kind: "answer", chunks: [`Yes [${FIRST}].`] };
    const history: PastTurn[] = Array.from({ length: 9 }, (_, turn) => ({
      sender: turn % 2 === 0 ? "user" : "bot",
      text: `turn ${turn}`,
    }));
    await ask(QUESTION, { history });
    const messages = llm.requests.at(-1)?.body.messages ?? [];
    expect(messages.slice(1, -1).map((message) => message.content)).toEqual([
      "turn 3",
      "turn 4",
      "turn 5",
      "turn 6",
      "turn 7",
      "turn 8",
    ]);
    expect(messages[1]?.role).toBe("assistant");
  });

  it("answers from the sources, with a note, when the model sends no word in time", async () => {
    llm.behaviour = { kind: "hang" };
    const started = Date.now();
    const { end, pieces } = await ask(QUESTION, { firstTokenMs: 400 });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(pieces.some((piece) => piece.type === "reset")).toBe(false);
    expect(end?.notes).toEqual(["fallback"]);
    expect(end?.sources[0]?.id).toBe(FIRST);
    await llm.closed();
    expect(FIRST_TOKEN_MS).toBe(10_000);
  });

  it("withdraws a half-sent answer when the model's stream turns malformed", async () => {
    llm.behaviour = { kind: "malformed", chunks: [`Partly written [${FIRST}] `] };
    const { end, pieces, shown } = await ask();
    expect(pieces.some((piece) => piece.type === "reset")).toBe(true);
    expect(shown).not.toContain("Partly written");
    expect(shown).toBe(end?.text);
    expect(end?.notes).toEqual(["fallback"]);
  });

  it("answers from the sources when the endpoint fails or cites nothing it was given", async () => {
    llm.behaviour = { kind: "status", status: 503 };
    expect((await ask()).end?.notes).toEqual(["fallback"]);

    llm.behaviour = { kind: "answer", chunks: ["The deadline is 90 days [invented-source]."] };
    const uncited = await ask();
    expect(uncited.shown).not.toContain("90 days");
    expect(uncited.end?.notes).toEqual(["fallback"]);
    expect(uncited.end?.sources.length).toBeGreaterThan(0);
  });

  it("never asks the model about a question outside the sources", async () => {
    const before = llm.requests.length;
    const { end } = await ask("give me a recipe for chicken rice");
    expect(end?.notes).toEqual(["refused"]);
    expect(llm.requests.length).toBe(before);
  });

  it("stops the model's request when the reader goes away", async () => {
    llm.behaviour = { kind: "stall", chunks: [`Starting [${FIRST}] `] };
    const reader = new AbortController();
    const pieces = answerQuestion({
      question: QUESTION,
      locale: "en-US",
      language: "en",
      history: [],
      signal: reader.signal,
      llm: { baseUrl: llm.baseUrl, model: "kestrel-test" },
    });
    expect((await pieces.next()).value).toMatchObject({ type: "text" });
    const rest = pieces.next();
    reader.abort();
    await llm.closed();
    await rest;
  });
});
