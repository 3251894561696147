import fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  type AppServer,
  type RawAnswer,
  rawRequest,
  startAppServer,
} from "../tests/integration/app-server";

// Hostile requests against every public endpoint, written byte for byte over raw connections so
// that malformed ones really go out. Whatever arrives, the server answers, and never with a 5xx.
// Seeded: a failure names its request, and the same run repeats it.

const SEED = 20_261_123;
const RUNS_PER_ENDPOINT = 300;
const CONCURRENCY = 8;

const ENDPOINTS = [
  ["GET", "/"],
  ["GET", "/login"],
  ["GET", "/contact"],
  ["GET", "/readyz"],
  ["GET", "/404"],
  ["GET", "/no/such/page"],
  ["POST", "/api/waitlist"],
  ["POST", "/api/events"],
  ["POST", "/contact"],
  ["POST", "/demo"],
  ["POST", "/login"],
  ["POST", "/theme"],
  ["POST", "/locale"],
  ["POST", "/region"],
  ["GET", "/verify/VERIFY-ABC123456"],
  ["GET", "/api/certificates/VERIFY-ABC123456"],
  ["POST", "/evidence/verify"],
  ["POST", "/api/evidence/verify"],
  ["POST", "/training/certificates"],
  ["POST", "/training/requirements"],
  ["POST", "/admin/requirements"],
] as const;

const METHODS = [
  ...["TRACE", "CONNECT", "PROPFIND", "PUT", "DELETE", "PATCH", "OPTIONS", "HEAD"],
  ...["GET", "POST", "MKCOL", "SEARCH", "PURGE"],
];

const HOSTILE_HOSTS = [
  ...["", "[", "[::1", "a b", "127.0.0.1:99999", "exa%mple", "evil.example", "localhost"],
  ...["x".repeat(2000), "127.0.0.1/admin", "user@evil.example", "[::1]:80", "ünïcode.example"],
];

const HOSTILE_HEADERS = [
  `Cookie: ${"a=b; ".repeat(1500)}`,
  `Cookie: kestrel-theme=%E0%A4%A; kestrel-locale=<script>; kestrel-region=../../etc`,
  `Cookie: ${"k".repeat(20_000)}=v`,
  "Cookie: kestrel.session=forged; __Host-kestrel.session=forged",
  `Accept-Language: *;q=x, zz-ZZ-xxxx-yyyy;q=2, ${"en,".repeat(500)}`,
  "Accept-Encoding: br;q=abc, gzip;q=-1, *",
  "X-Forwarded-For: not-an-address, 999.1.1.1",
  "X-Forwarded-Host: [",
  "X-Forwarded-Proto: gopher",
  `X-Request-Id: ${"<>".repeat(300)}`,
  "Expect: 100-continue",
  "Range: bytes=0-1,5-,-3",
  "If-None-Match: *",
  "If-Modified-Since: yesterday",
  "Content-Encoding: gzip",
  "Transfer-Encoding: gzip",
  "Connection: Upgrade\r\nUpgrade: websocket",
  "Referer: javascript:alert(1)",
  `User-Agent: ${"Mozilla ".repeat(400)}`,
  "Authorization: Bearer \u00ff\u00fe",
];

const CONTENT_TYPES = [
  ...["application/json", "application/x-www-form-urlencoded", "multipart/form-data; boundary=b"],
  ...["multipart/form-data", "text/plain", "application/json; charset=utf-16", ";;;"],
  ...["application/x-www-form-urlencoded; charset=bogus", "application/json\u00ff"],
];

const form = "name=Mei+Tan&email=mei%40pilot.example&message=Hello&theme=light&locale=en-CA";
const multipart =
  '--b\r\nContent-Disposition: form-data; name="name"\r\n\r\nMei\r\n' +
  '--b\r\nContent-Disposition: form-data; name="file"; filename="x.bin"\r\n' +
  "Content-Type: application/octet-stream\r\n\r\n\u0000\u00ff\u00fe\r\n--b--\r\n";

const body = fc.oneof(
  fc.constant(Buffer.alloc(0)),
  fc.constant(Buffer.from(form)),
  fc.constant(Buffer.from(multipart, "latin1")),
  fc.constant(Buffer.from("--b\r\nbroken")),
  fc.constant(Buffer.from('{"events":[{"name":"i18n_boot","path":"/"}]}')),
  fc.constant(Buffer.from('{"name": "Mei", "email": ')),
  fc.constant(Buffer.from(`${"[".repeat(5000)}${"]".repeat(5000)}`)),
  fc.constant(Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0xa0, 0xa1, 0xe2, 0x28, 0xa1])),
  fc.constant(Buffer.from(`email=${"%".repeat(3000)}&name=%E0%A4%A`)),
  fc.integer({ min: 16 * 1024, max: 200 * 1024 }).map((size) => Buffer.alloc(size, "a")),
  fc.uint8Array({ maxLength: 2000 }).map((bytes) => Buffer.from(bytes)),
);

function target(path: string) {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constant(path) },
    fc.constantFrom(
      `${path}?redirectTo=//evil.example&%zz=%00&a[]=1&a[b]=2`,
      `${path}.data`,
      `${path === "/" ? "/_root" : path}.data?_routes=routes/login,../x`,
      `${path}/../../etc/passwd`,
      `${path}%2e%2e%2f%00`,
      `//evil.example${path}`,
      `http://evil.example${path}`,
      `http://[${path}`,
      `${path}?${"q=1&".repeat(1000)}`,
      `/${"a".repeat(6000)}`,
      "*",
    ),
  );
}

interface HostileRequest {
  method: string;
  target: string;
  version: string;
  host: string | undefined;
  origin: string | undefined;
  contentType: string | undefined;
  headers: string[];
  body: Buffer;
  framing: "length" | "chunked" | "none";
}

function hostileRequests(method: string, path: string, origin: string): HostileRequest[] {
  const ownHost = new URL(origin).host;
  const arbitrary = fc.record({
    method: fc.oneof({ weight: 3, arbitrary: fc.constant(method) }, fc.constantFrom(...METHODS)),
    target: target(path),
    version: fc.constantFrom("HTTP/1.1", "HTTP/1.1", "HTTP/1.1", "HTTP/1.0"),
    host: fc.oneof(
      { weight: 3, arbitrary: fc.constant(ownHost) },
      fc.constantFrom(...HOSTILE_HOSTS),
      fc.constant(undefined),
    ),
    origin: fc.option(
      fc.constantFrom(
        "http://localhost:3000",
        "null",
        "https://evil.example",
        "not a url",
        "http://[",
      ),
      { nil: undefined },
    ),
    contentType: fc.option(fc.constantFrom(...CONTENT_TYPES), { nil: undefined }),
    headers: fc.uniqueArray(fc.constantFrom(...HOSTILE_HEADERS), { maxLength: 3 }),
    body,
    framing: fc.constantFrom("length", "length", "chunked", "none"),
  });
  return fc.sample(arbitrary, { seed: SEED + path.length, numRuns: RUNS_PER_ENDPOINT });
}

/** The request as bytes; every one asks the server to close once it has answered. */
function encode(request: HostileRequest): Buffer {
  const lines = [`${request.method} ${request.target} ${request.version}`];
  if (request.host !== undefined) lines.push(`Host: ${request.host}`);
  if (request.origin) lines.push(`Origin: ${request.origin}`);
  if (request.contentType) lines.push(`Content-Type: ${request.contentType}`);
  lines.push(...request.headers, "Connection: close");
  let payload: Buffer = Buffer.alloc(0);
  if (request.framing === "length") {
    lines.push(`Content-Length: ${request.body.length}`);
    payload = request.body;
  } else if (request.framing === "chunked" && request.version === "HTTP/1.1") {
    lines.push("Transfer-Encoding: chunked");
    const pieces: Buffer[] = [];
    for (let at = 0; at < request.body.length; at += 7_000) {
      const piece = request.body.subarray(at, at + 7_000);
      pieces.push(Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from("\r\n"));
    }
    payload = Buffer.concat([...pieces, Buffer.from("0\r\n\r\n")]);
  }
  return Buffer.concat([Buffer.from(`${lines.join("\r\n")}\r\n\r\n`, "latin1"), payload]);
}

function describeRequest(request: HostileRequest): string {
  const { body: bytes, ...rest } = request;
  return JSON.stringify({ ...rest, body: `${bytes.length} bytes` }).slice(0, 400);
}

let server: AppServer;
beforeAll(async () => {
  server = await startAppServer();
}, 60_000);
afterAll(() => server?.close());

it(`${RUNS_PER_ENDPOINT} hostile requests an endpoint: each answered, none with a server error`, async () => {
  const requests = ENDPOINTS.flatMap(([method, path]) =>
    hostileRequests(method, path, "http://localhost:3000"),
  );
  const failures: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const request = requests[next++] as HostileRequest;
      const answer: RawAnswer = await rawRequest(server.port, encode(request), {
        timeoutMs: 20_000,
      });
      if (answer.status === null || answer.status >= 500) {
        const outcome = answer.status ?? `no answer (${answer.failure ?? "closed"})`;
        failures.push(`${outcome}: ${describeRequest(request)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  expect(requests.length).toBeGreaterThanOrEqual(ENDPOINTS.length * 300);
  expect(failures.slice(0, 20), `${failures.length} of ${requests.length} failed`).toEqual([]);
}, 120_000);
