import { type IncomingMessage, type ServerResponse, createServer } from "node:http";
import type { AddressInfo } from "node:net";

// A local stand-in for an OpenAI-compatible chat completions endpoint: it speaks the streaming
// protocol (server-sent events of `chat.completion.chunk`, ended by `data: [DONE]`) and can hang,
// fail or send a malformed chunk, as a real endpoint sometimes does.

export type FakeBehaviour =
  | { kind: "answer"; chunks: string[] }
  | { kind: "hang" }
  /** Sends `chunks`, then a line that is not JSON. */
  | { kind: "malformed"; chunks: string[] }
  | { kind: "status"; status: number }
  /** Sends `chunks`, then keeps the connection open without a word more. */
  | { kind: "stall"; chunks: string[] };

export interface FakeRequest {
  authorization: string | undefined;
  body: {
    model: string;
    stream: boolean;
    messages: { role: string; content: string }[];
  };
}

export interface FakeLlm {
  baseUrl: string;
  behaviour: FakeBehaviour;
  requests: FakeRequest[];
  /** Resolves when the server sees the connection of the latest request close. */
  closed(): Promise<void>;
  stop(): Promise<void>;
}

const chunk = (content: string) =>
  `data: ${JSON.stringify({
    id: "chatcmpl-test",
    object: "chat.completion.chunk",
    choices: [{ index: 0, delta: { content }, finish_reason: null }],
  })}\n\n`;

export async function startFakeLlm(): Promise<FakeLlm> {
  let onClose: (() => void) | undefined;
  let closedLatest = Promise.resolve();
  const fake: Omit<FakeLlm, "baseUrl" | "stop"> = {
    behaviour: { kind: "answer", chunks: [] },
    requests: [],
    closed: () => closedLatest,
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    let raw = "";
    for await (const part of req) raw += String(part);
    fake.requests.push({
      authorization: req.headers.authorization,
      body: JSON.parse(raw) as FakeRequest["body"],
    });
    closedLatest = new Promise<void>((resolve) => (onClose = resolve));
    res.on("close", () => onClose?.());
    const behaviour = fake.behaviour;
    if (behaviour.kind === "status") {
      res.writeHead(behaviour.status, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ error: { message: "The model is overloaded." } }));
      return;
    }
    res.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-cache" });
    res.flushHeaders();
    if (behaviour.kind === "hang") return;
    for (const content of behaviour.chunks) {
      res.write(chunk(content));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    if (behaviour.kind === "stall") return;
    if (behaviour.kind === "malformed") {
      res.end('data: {"choices": [{"delta": {"content": "unfinished\n\n');
      return;
    }
    res.end("data: [DONE]\n\n");
  };

  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  });
}
