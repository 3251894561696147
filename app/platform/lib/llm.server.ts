import { getEnv } from "~/platform/lib/env.server";

// A client for any OpenAI-compatible chat completions endpoint, streaming (server-sent events):
// `data: {"choices":[{"delta":{"content":"…"}}]}` events, ended by `data: [DONE]`.

export interface LlmSettings {
  baseUrl: string;
  apiKey?: string;
  model: string;
}

export interface LlmMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

/** No first token within 10 s: the caller goes on without the model (the advisor answers from the knowledge base). */
export const FIRST_TOKEN_MS = 10_000;
/** However the model streams, an answer is over after this long. */
const ANSWER_MS = 60_000;

export class LlmError extends Error {
  constructor(
    readonly reason: "timeout" | "status" | "malformed" | "network",
    message: string,
  ) {
    super(message);
    this.name = "LlmError";
  }
}

export function llmSettings(): LlmSettings | null {
  const env = getEnv();
  if (!env.LLM_BASE_URL || !env.LLM_MODEL) return null;
  return { baseUrl: env.LLM_BASE_URL, apiKey: env.LLM_API_KEY, model: env.LLM_MODEL };
}

interface StreamOptions {
  signal: AbortSignal;
  firstTokenMs?: number;
  maxTokens?: number;
}

/** The text of one server-sent event's data lines; null for an event that carries none. */
function eventData(event: string): string | null {
  const lines = event
    .split(/\r?\n/)
    .filter((line) => line.startsWith("data:"))
    .map((line) => line.slice(5).replace(/^ /, ""));
  return lines.length ? lines.join("\n") : null;
}

function deltaOf(data: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    throw new LlmError("malformed", "The model sent an event that is not JSON.");
  }
  const choices = (parsed as { choices?: { delta?: { content?: unknown } }[] } | null)?.choices;
  if (!Array.isArray(choices)) {
    throw new LlmError("malformed", "The model sent an event without choices.");
  }
  const content = choices[0]?.delta?.content;
  return typeof content === "string" ? content : "";
}

/**
 * Streams a chat completion's text. Fails with an LlmError when the endpoint answers with an error
 * status, sends something that is not the protocol, or sends no text within `firstTokenMs`; stops
 * (and closes the connection) when `signal` aborts.
 */
export async function* streamChat(
  settings: LlmSettings,
  messages: LlmMessage[],
  { signal, firstTokenMs = FIRST_TOKEN_MS, maxTokens = 700 }: StreamOptions,
): AsyncGenerator<string> {
  const controller = new AbortController();
  let timedOut = false;
  const stop = () => controller.abort();
  signal.addEventListener("abort", stop, { once: true });
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, firstTokenMs);
  const overall = setTimeout(stop, ANSWER_MS);
  const failure = (error: unknown) =>
    error instanceof LlmError
      ? error
      : timedOut
        ? new LlmError("timeout", `The model sent no text within ${firstTokenMs} ms.`)
        : new LlmError("network", "The model's endpoint could not be reached.");
  try {
    let response: Response;
    try {
      response = await fetch(`${settings.baseUrl.replace(/\/$/, "")}/chat/completions`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          Accept: "text/event-stream",
          ...(settings.apiKey && { Authorization: `Bearer ${settings.apiKey}` }),
        },
        body: JSON.stringify({
          model: settings.model,
          messages,
          stream: true,
          temperature: 0.2,
          max_tokens: maxTokens,
        }),
        signal: controller.signal,
      });
    } catch (error) {
      throw failure(error);
    }
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      throw new LlmError("status", `The model's endpoint answered ${response.status}.`);
    }
    const decoder = new TextDecoder();
    let pending = "";
    let started = false;
    const reader = response.body.getReader();
    try {
      for (;;) {
        let chunk: ReadableStreamReadResult<Uint8Array>;
        try {
          chunk = await reader.read();
        } catch (error) {
          throw failure(error);
        }
        if (chunk.done) break;
        pending += decoder.decode(chunk.value, { stream: true });
        const events = pending.split(/\r?\n\r?\n/);
        pending = events.pop() ?? "";
        for (const event of events) {
          const data = eventData(event);
          if (data === null) continue;
          if (data.trim() === "[DONE]") return;
          const text = deltaOf(data);
          if (!text) continue;
          if (!started) {
            started = true;
            clearTimeout(timer);
          }
          yield text;
        }
      }
      if (signal.aborted) return;
      // The stream ended without [DONE]: what came is kept only if it was a whole answer.
      if (!started) throw new LlmError("malformed", "The model's stream ended without an answer.");
    } finally {
      reader.releaseLock();
    }
  } finally {
    clearTimeout(timer);
    clearTimeout(overall);
    signal.removeEventListener("abort", stop);
    controller.abort();
  }
}
