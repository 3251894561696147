import type { AddressInfo } from "node:net";
import { connect } from "node:net";
import { vi } from "vitest";
import type { closeDb } from "~/platform/db/db.server";
import type { createApp } from "../../server/app";

/** The real HTTP server (server/app.ts) on a free port, and how to stop it. */
export interface AppServer {
  port: number;
  origin: string;
  close(): Promise<void>;
}

/**
 * Starts the whole app as production serves it (page cache, origin check, React Router), loaded
 * from source by the test's own module runner (vitest.config.ts gives the integration tests React
 * Router's plugin): its transforms are made once for every test file. Each server gets fresh
 * instances of the app's modules, so two servers of one file share no state, and `env` is read
 * once, at the start; the database is the test file's own (tests/integration/setup.ts).
 */
export async function startAppServer(env: Record<string, string> = {}): Promise<AppServer> {
  const given = { LOG_LEVEL: "silent", ...env };
  const saved = Object.keys(given).map((name) => [name, process.env[name]] as const);
  Object.assign(process.env, given);
  vi.resetModules();
  try {
    const app: { createApp: typeof createApp } = await import("../../server/app");
    const db: { closeDb: typeof closeDb } = await import("~/platform/db/db.server");
    const server = app.createApp().createHttpServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    return {
      port,
      origin: `http://127.0.0.1:${port}`,
      async close() {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
        await db.closeDb();
      },
    };
  } finally {
    for (const [name, value] of saved) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

/** What came back on a raw connection: the status line's code, or how the connection failed. */
export interface RawAnswer {
  status: number | null;
  /** The status line and headers. */
  head: string;
  /** The body, its chunked framing undone. */
  body: string;
  failure?: string;
}

function header(head: string, name: string): string | undefined {
  return new RegExp(`^${name}: *(.*)$`, "im").exec(head)?.[1]?.trim();
}

function unchunk(body: string): string {
  let decoded = "";
  let at = 0;
  for (;;) {
    const lineEnd = body.indexOf("\r\n", at);
    const size = Number.parseInt(body.slice(at, lineEnd), 16);
    if (lineEnd === -1 || !(size > 0)) return decoded;
    decoded += body.slice(lineEnd + 2, lineEnd + 2 + size);
    at = lineEnd + 2 + size + 2;
  }
}

function parseAnswer(text: string): Omit<RawAnswer, "failure"> {
  const split = text.indexOf("\r\n\r\n");
  const head = split === -1 ? text : text.slice(0, split);
  const rest = split === -1 ? "" : text.slice(split + 4);
  const status = /^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1];
  const chunked = /chunked/i.test(header(head, "Transfer-Encoding") ?? "");
  return {
    status: status ? Number(status) : null,
    head,
    body: chunked ? unchunk(rest) : rest,
  };
}

export { header as headerOf };

/**
 * Sends bytes exactly as given (a malformed request really goes out) and reads until the server
 * closes. `more` may go on writing (each write resolves once the socket takes more).
 */
export function rawRequest(
  port: number,
  request: string | Buffer,
  {
    timeoutMs = 15_000,
    more,
  }: {
    timeoutMs?: number;
    more?: (write: (data: string | Buffer) => Promise<void>) => Promise<void>;
  } = {},
): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    let failure: string | undefined;
    const timer = setTimeout(() => {
      failure = `no end of answer within ${timeoutMs} ms`;
      socket.destroy();
    }, timeoutMs);
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", (error: NodeJS.ErrnoException) => {
      failure ??= error.code ?? error.message;
    });
    socket.on("close", () => {
      clearTimeout(timer);
      resolve({ ...parseAnswer(Buffer.concat(chunks).toString("utf8")), failure });
    });
    socket.write(request);
    void more?.(
      (data) =>
        new Promise((resolveWrite) => {
          if (socket.destroyed || socket.write(data)) return resolveWrite();
          // Whichever comes first; the other listener goes, or a long write piles them up.
          const done = () => {
            socket.off("drain", done).off("close", done);
            resolveWrite();
          };
          socket.once("drain", done).once("close", done);
        }),
    );
  });
}
