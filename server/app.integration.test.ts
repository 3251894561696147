import { request as httpRequest } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AppServer,
  headerOf,
  rawRequest,
  startAppServer,
} from "../tests/integration/app-server";

// The HTTP server as clients meet it: requests written byte for byte, answers read off the wire.

const MIB = 1024 * 1024;

let server: AppServer;
beforeAll(async () => {
  server = await startAppServer();
}, 60_000);
afterAll(() => server?.close());

/** One request (`POST /theme`) over its own connection, closed by the server once answered. */
function send(
  request: string,
  {
    host = `127.0.0.1:${server.port}`,
    body = "",
    headers = {},
  }: { host?: string; body?: string; headers?: Record<string, string> } = {},
) {
  const lines = [`${request} HTTP/1.1`, `Host: ${host}`];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  if (body) lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
  return rawRequest(server.port, `${lines.join("\r\n")}\r\nConnection: close\r\n\r\n${body}`);
}

/** A GET (or HEAD) read as the bytes that came, undecoded. */
function getBytes(path: string, headers: Record<string, string>, method = "GET") {
  return new Promise<{ status?: number; headers: Record<string, unknown>; body: Buffer }>(
    (resolve, reject) => {
      const request = httpRequest(
        { host: "127.0.0.1", port: server.port, path, method, headers },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () =>
            resolve({
              status: response.statusCode,
              headers: response.headers,
              body: Buffer.concat(chunks),
            }),
          );
        },
      );
      request.on("error", reject).end();
    },
  );
}

const form = { "Content-Type": "application/x-www-form-urlencoded" };
const json = { "Content-Type": "application/json" };

/** Streams `total` bytes of a body in chunks, as a client with no declared length does. */
function sendChunked(path: string, headers: Record<string, string>, total: number) {
  const lines = [`POST ${path} HTTP/1.1`, `Host: 127.0.0.1:${server.port}`];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  lines.push("Transfer-Encoding: chunked", "Connection: close");
  const chunk = "a".repeat(64 * 1024);
  return rawRequest(server.port, `${lines.join("\r\n")}\r\n\r\n`, {
    timeoutMs: 60_000,
    more: async (write) => {
      for (let sent = 0; sent < total; sent += chunk.length) {
        await write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`);
      }
      await write("0\r\n\r\n");
    },
  });
}

describe("a malformed Host header", () => {
  const hosts = ["", "[", "[::1", "a b", "127.0.0.1:99999", "exa%mple"];
  const requests = ["GET /login", "GET /readyz", "GET /404", "GET /no-such-page", "POST /theme"];

  it.each(hosts)("Host %j is a bad request on pages, health checks and posts", async (host) => {
    for (const request of requests) {
      const body = request.startsWith("POST") ? "theme=light" : "";
      const answer = await send(request, { host, body, headers: form });
      expect(answer.status, `${request} with Host ${JSON.stringify(host)}`).toBe(400);
    }
  });
});

describe("a malformed path", () => {
  it("is a bad request when its percent-escapes are not UTF-8, and a page when they are", async () => {
    for (const path of ["/training/track/%E0%A4%A", "/app/skills/export/run/%FF", "/%C0%AF"]) {
      expect((await send(`GET ${path}`)).status, path).toBe(400);
    }
    expect((await send("GET /training/track/%E0%A4%A4")).status).toBe(404);
  });
});

describe("methods", () => {
  it("TRACE, PROPFIND and CONNECT get 405 with the methods allowed", async () => {
    for (const request of [
      "TRACE /",
      "TRACE /login",
      "PROPFIND /contact",
      "DELETE /api/waitlist",
    ]) {
      const answer = await send(request);
      expect(answer.status, request).toBe(405);
      expect(headerOf(answer.head, "Allow")).toBe("GET, HEAD, POST, OPTIONS");
    }
    const connect = await rawRequest(
      server.port,
      `CONNECT 127.0.0.1:${server.port} HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n\r\n`,
    );
    expect(connect.status).toBe(405);
    expect(JSON.parse(connect.body).error.message).toBe("That method is not allowed here.");
  });

  it("OPTIONS names the methods allowed", async () => {
    const answer = await send("OPTIONS /contact");
    expect(answer.status).toBe(204);
    expect(headerOf(answer.head, "Allow")).toBe("GET, HEAD, POST, OPTIONS");
  });
});

describe("request bodies over the limit", () => {
  const tooLarge = "That request is too large. Please shorten it and try again.";

  it.each([
    ["/theme", form],
    ["/locale", form],
    ["/api/waitlist", form],
    ["/api/waitlist", json],
    ["/api/events", json],
  ])("a chunked post to %s is answered 413, never held whole", async (path, type) => {
    const answer = await sendChunked(path, type, 64 * MIB);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).error.message).toBe(tooLarge);
  });

  it("a page's form post gets the error page with 413, multipart too", async () => {
    for (const type of [form, { "Content-Type": "multipart/form-data; boundary=x" }]) {
      const answer = await sendChunked("/contact", type, 16 * MIB);
      expect(answer.status).toBe(413);
      expect(headerOf(answer.head, "Content-Type")).toMatch(/^text\/html/);
    }
  });

  it("a declared length over the limit is refused before the body is read", async () => {
    const answer = await rawRequest(
      server.port,
      `POST /contact HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n` +
        `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${MIB}\r\n` +
        "Connection: close\r\n\r\n",
      { more: (write) => write("a".repeat(MIB)) },
    );
    expect(answer.status).toBe(413);
  });

  it("a form under the limit still arrives whole", async () => {
    const body = `theme=light&redirectTo=/${"x".repeat(8000)}`;
    const answer = await send("POST /theme", { body, headers: form });
    expect(answer.status).toBe(303);
    expect(headerOf(answer.head, "Set-Cookie")).toMatch(/^kestrel-theme=/);
  });
});

describe("compression", () => {
  it("a short JSON answer goes out whole with its length, not compressed", async () => {
    const answer = await send("GET /api/waitlist", { headers: { "Accept-Encoding": "br, gzip" } });
    expect(answer.status).toBe(405);
    expect(headerOf(answer.head, "Content-Encoding")).toBeUndefined();
    expect(headerOf(answer.head, "Content-Length")).toBe(String(Buffer.byteLength(answer.body)));
    expect(JSON.parse(answer.body)).toMatchObject({ error: { code: "method_not_allowed" } });
  });

  it("a page is compressed as the client asks", async () => {
    const answer = await send("GET /login", { headers: { "Accept-Encoding": "br" } });
    expect(answer.status).toBe(200);
    expect(headerOf(answer.head, "Content-Encoding")).toBe("br");
  });
});

describe("rendered pages", () => {
  it("a crawler gets the whole page in one piece", async () => {
    const answer = await fetch(`http://127.0.0.1:${server.port}/login`, {
      headers: {
        "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
      },
    });
    expect(answer.status).toBe(200);
    const html = await answer.text();
    expect(html).toMatch(/<\/html>$/);
    expect(html).toContain('name="email"');
    // Nothing left for the browser to fill in later: no streamed boundaries.
    expect(html).not.toContain('<template id="B:');
  });

  it("sends a page finished at once whole, with its length, compressed as the browser asks", async () => {
    const cases = [
      { accept: "gzip, deflate, br", encoding: "br", decode: brotliDecompressSync },
      { accept: "gzip;q=1, br;q=0.5", encoding: "gzip", decode: gunzipSync },
      { accept: "", encoding: undefined, decode: (bytes: Buffer) => bytes },
    ];
    for (const { accept, encoding, decode } of cases) {
      const answer = await getBytes("/e2e", accept ? { "Accept-Encoding": accept } : {});
      expect(answer.status).toBe(200);
      expect(answer.headers["content-encoding"], accept).toBe(encoding);
      expect(answer.headers["transfer-encoding"], accept).toBeUndefined();
      expect(Number(answer.headers["content-length"]), accept).toBe(answer.body.byteLength);
      expect(answer.headers.vary).toMatch(/Accept-Encoding/);
      const html = decode(answer.body).toString("utf8");
      expect(html).toMatch(/^<!DOCTYPE html>/i);
      expect(html).toContain('data-testid="e2e-text"');
      expect(html).toMatch(/<\/html>$/);
    }
    const head = await getBytes("/e2e", { "Accept-Encoding": "br" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.byteLength).toBe(0);
    expect(head.headers["content-encoding"]).toBeUndefined();
  });

  it("answers many visitors arriving at once, each on a connection of their own", async () => {
    const answers = await Promise.all(Array.from({ length: 40 }, () => send("GET /e2e")));
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    for (const answer of answers) expect(answer.body).toContain("</html>");
  });
});

describe("the Origin check", () => {
  it("takes APP_URL as this site, whatever the Host header names", async () => {
    const body = "theme=light";
    const forged = await send("POST /theme", {
      host: "evil.example",
      body,
      headers: { ...form, Origin: "http://evil.example" },
    });
    expect(forged.status).toBe(403);
    // APP_URL's default: http://localhost:$PORT.
    const own = await send("POST /theme", {
      host: "evil.example",
      body,
      headers: { ...form, Origin: "http://localhost:3000" },
    });
    expect(own.status).toBe(200);
  });
});

const waitlistEntry = (email: string) =>
  JSON.stringify({
    name: "Mei Tan",
    email,
    company: "Lion City Bank",
    role: "AML analyst",
    consent: true,
    website: "",
    product: "kestrel_enterprise_pilot",
    timestamp: "2026-11-22T06:00:00.000Z",
  });

/** Posts waitlist entries as one client, by the address a proxy says it has; the last status. */
async function joinWaitlist(base: string, times: number, forwardedFor: string, id: string) {
  let status = 0;
  for (let index = 0; index < times; index += 1) {
    const response = await fetch(`${base}/api/waitlist`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": forwardedFor },
      body: waitlistEntry(`${id}-${index}@example.sg`),
    });
    status = response.status;
  }
  return status;
}

describe("client addresses", () => {
  it("X-Forwarded-For counts for nothing unless a proxy is trusted", async () => {
    // Twenty entries an address per ten minutes (features/waitlist): the 21st is one too many,
    // whatever address the client claims.
    expect(await joinWaitlist(server.origin, 20, "198.51.100.1", "direct")).toBe(201);
    expect(await joinWaitlist(server.origin, 1, "198.51.100.2", "direct-other")).toBe(429);
  });
});

describe("behind a TLS-terminating proxy (https APP_URL, TRUST_PROXY)", () => {
  const site = "https://learn.kestrel.example";
  let proxied: AppServer;
  beforeAll(async () => {
    proxied = await startAppServer({
      APP_URL: site,
      TRUST_PROXY: "loopback",
      SESSION_SECRET: "a-proxy-test-secret-that-is-long-enough-0123",
      PILOT_DOMAINS: "pilot.example",
      SMTP_URL: "",
    });
  }, 60_000);
  afterAll(() => proxied?.close());

  /** A form post as the proxy forwards a browser's: its origin, protocol, host and address. */
  const post = (path: string, fields: Record<string, string>) =>
    fetch(`${proxied.origin}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: site,
        "X-Forwarded-Proto": "https",
        "X-Forwarded-Host": "learn.kestrel.example",
        "X-Forwarded-For": "203.0.113.50",
      },
      body: new URLSearchParams(fields),
    });

  it("a sign-in and a contact message from the browser's https origin are accepted", async () => {
    const signIn = await post("/login", { intent: "request-code", email: "mei@pilot.example" });
    expect(signIn.status).toBe(200);
    expect(await signIn.text()).toContain("mei@pilot.example");
    const contact = await post("/contact", {
      name: "Mei Tan",
      email: "mei@pilot.example",
      inquiryType: "general",
      message: "We would like a pilot for our analysts.",
    });
    expect(contact.status).toBe(200);
  });

  it("language, theme and region cookies are Secure", async () => {
    for (const [path, fields] of [
      ["/theme", { theme: "light" }],
      ["/locale", { locale: "en-CA" }],
      ["/region", { region: "sg" }],
    ] as const) {
      const response = await post(path, fields);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("Set-Cookie"), path).toMatch(/; Secure/i);
    }
  });

  it("rate limits count each client by the address the proxy names", async () => {
    expect(await joinWaitlist(proxied.origin, 20, "198.51.100.1", "first")).toBe(201);
    expect(await joinWaitlist(proxied.origin, 1, "198.51.100.1", "first-again")).toBe(429);
    expect(await joinWaitlist(proxied.origin, 1, "198.51.100.2", "second")).toBe(201);
  });
});
