import { createHash } from "node:crypto";
import { type IncomingHttpHeaders, type Server, createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { brotliDecompressSync } from "node:zlib";
import express from "express";
import { pino } from "pino";
import type { ServerBuild } from "react-router";
import { type ViteDevServer, createServer as createViteServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "~/platform/lib/security-headers.server";
import type * as PageCache from "./page-cache";

// The cache in front of the app's real React Router build, loaded the way `npm run dev` loads the
// server: the cache and the build share one module graph (one request context, one i18n).
let vite: ViteDevServer;
let realBuild: ServerBuild;
let pageCacheModule: typeof PageCache;
const servers: Server[] = [];

beforeAll(async () => {
  vite = await createViteServer({
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: "custom",
    logLevel: "error",
  });
  realBuild = (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
  pageCacheModule = (await vite.ssrLoadModule("/server/page-cache.ts")) as typeof pageCacheModule;
}, 120_000);

afterAll(async () => {
  for (const server of servers) server.closeAllConnections();
  await Promise.all(servers.map((server) => new Promise((done) => server.close(done))));
  await vite?.close();
});

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

interface Site {
  get: (path: string, headers?: Record<string, string>) => Promise<Answer>;
  /** The JSON lines the cache logged. */
  logs: Record<string, unknown>[];
}

/** An HTTP server as server/app.ts builds it: the fast path, then Express with the cache. */
async function startSite(build: () => Promise<ServerBuild> = async () => realBuild) {
  const logs: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const cache = pageCacheModule.createPageCache({
    build,
    https: false,
    logger: pino({ level: "debug" }, sink),
    readAsset: () => "",
  });
  const app = express();
  app.use((_req, res, next) => {
    res.locals.requestId = "from-express";
    next();
  });
  app.use(cache.middleware);
  // What the rest of the server would render per request.
  app.use((_req, res) => {
    res.status(203).send("rendered per request");
  });
  const server = createServer((req, res) => {
    if (!cache.serveFromMemory(req, res)) app(req, res);
  });
  servers.push(server);
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  const { port } = server.address() as AddressInfo;
  const get = (path: string, headers: Record<string, string> = {}) =>
    new Promise<Answer>((resolve, reject) => {
      const req = request({ host: "127.0.0.1", port, path, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
      });
      req.on("error", reject);
      req.end();
    });
  return { get, logs } satisfies Site;
}

/** The real build, with its document renderer telling which requests it was given. */
function watchedBuild(seen: Request[]): ServerBuild {
  const render = realBuild.entry.module.default;
  return {
    ...realBuild,
    entry: {
      ...realBuild.entry,
      module: {
        ...realBuild.entry.module,
        default: (request, ...rest) => {
          seen.push(request);
          return render(request, ...rest);
        },
      },
    },
  };
}

describe("page cache", () => {
  it("renders again after a failed render, and requests arriving together share one render", async () => {
    let builds = 0;
    const site = await startSite(async () => {
      builds += 1;
      if (builds === 1) throw new Error("the build is not there yet");
      return realBuild;
    });
    const failed = await site.get("/terms");
    expect(failed.status).toBe(203);
    const retried = await site.get("/terms");
    expect(retried.status).toBe(200);
    expect(retried.headers["x-page-cache"]).toBe("miss");
    expect(retried.body.toString()).toContain("<html");

    const together = await Promise.all([1, 2, 3].map(() => site.get("/privacy")));
    expect(together.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(builds).toBe(3);
  });

  it("renders the same page whoever comes first: no user agent, no foreign cookies", async () => {
    const seen: Request[] = [];
    const site = await startSite(async () => watchedBuild(seen));
    const crawler = {
      "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
      // An analytics cookie set for the parent domain, and a preference of ours.
      Cookie: "_ga=GA1.2.123.456; kestrel-theme=light",
    };
    expect((await site.get("/partners", crawler)).headers["x-page-cache"]).toBe("miss");
    expect((await site.get("/partners", crawler)).headers["x-page-cache"]).toBe("hit");
    expect(seen).toHaveLength(1);
    // A crawler's user agent would have the whole page rendered at once for everyone.
    expect(seen[0]?.headers.get("user-agent")).toBeNull();
    expect(seen[0]?.headers.get("cookie")).toBe("kestrel-theme=light");
    expect((await site.get("/partners", { Cookie: "kestrel-theme=light" })).body).toEqual(
      (await site.get("/partners", crawler)).body,
    );
  });

  it("renders per request for a session cookie, and logs why once, without the cookie", async () => {
    const site = await startSite();
    for (const cookie of [
      "_ga=1; kestrel.session=secret-one",
      "__Host-kestrel.session=secret-two",
      "kestrel.session_data=secret-three",
    ]) {
      const answer = await site.get("/contact", { Cookie: cookie });
      expect(answer.status).toBe(203);
      expect(answer.headers["x-page-cache"]).toBeUndefined();
    }
    const bypassed = site.logs.filter((line) => line.msg === "page cache bypassed");
    expect(bypassed).toEqual([expect.objectContaining({ level: 20, reason: "signed in" })]);
    expect(JSON.stringify(site.logs)).not.toContain("secret");
  });

  it("keeps a regular visitor on the fast path while random languages come and go", async () => {
    const site = await startSite();
    const regular = { "Accept-Language": "en-CA,en;q=0.9" };
    await site.get("/demo", regular);
    for (let round = 0; round < 44; round++) {
      await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          site.get("/demo", { "Accept-Language": `x-${round}-${i}` }),
        ),
      );
      expect((await site.get("/demo", regular)).headers["x-page-cache"]).toBe("hit");
    }
  }, 60_000);

  it("negotiates the encoding with q-values and revalidates any matching tag", async () => {
    const site = await startSite();
    const first = await site.get("/kestrel");
    const etag = first.headers.etag ?? "";
    const encoding = async (accept: string) =>
      (await site.get("/kestrel", { "Accept-Encoding": accept })).headers["content-encoding"];
    expect(await encoding("gzip, deflate, br, zstd")).toBe("br");
    expect(await encoding("br;q=0, gzip")).toBe("gzip");
    expect(await encoding("br;q=0")).toBeUndefined();
    expect(await encoding("gzip;q=1, br;q=0.5")).toBe("gzip");
    expect(await encoding("*")).toBe("br");
    const plain = await site.get("/kestrel", { "Accept-Encoding": "br;q=0, gzip;q=0" });
    expect(plain.body.toString()).toContain("<html");

    for (const tag of [etag, `W/${etag}`, `"other", ${etag}`, "*"]) {
      expect((await site.get("/kestrel", { "If-None-Match": tag })).status).toBe(304);
    }
    expect((await site.get("/kestrel", { "If-None-Match": '"other"' })).status).toBe(200);
  });

  it("answers a page's first visitors with quick brotli and later ones with its best, the same page", async () => {
    const site = await startSite();
    const br = { "Accept-Encoding": "br" };
    const html = (await site.get("/privacy")).body.toString();
    expect(html).toContain("<html");
    const quick = await site.get("/privacy", br);
    expect(brotliDecompressSync(quick.body).toString()).toBe(html);
    // The third response starts the best compression, off the request; later ones carry it.
    expect((await site.get("/privacy", br)).body.equals(quick.body)).toBe(true);
    await expect
      .poll(async () => (await site.get("/privacy", br)).body.length, { timeout: 10_000 })
      .toBeLessThan(quick.body.length * 0.95);
    const best = await site.get("/privacy", br);
    expect(brotliDecompressSync(best.body).toString()).toBe(html);
    expect(best.headers.etag).toBe(quick.headers.etag);
    expect(best.headers["content-length"]).toBe(String(best.body.length));
  });

  it("allows the cached page's inline scripts by hash, from the policy's own options", async () => {
    const site = await startSite();
    const page = await site.get("/partners");
    const csp = String(page.headers["content-security-policy"]);
    const scripts = [
      ...page.body.toString().matchAll(/<script(?![^>]*src=)[^>]*>([\s\S]*?)<\/script>/g),
    ];
    expect(scripts.length).toBeGreaterThan(0);
    const hashes = scripts.map(
      ([, body]) =>
        `'sha256-${createHash("sha256")
          .update(body ?? "")
          .digest("base64")}'`,
    );
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1]?.split(" ");
    expect(scriptSrc).toEqual(["'self'", ...new Set(hashes)]);
    expect(csp).toMatch(/style-src 'self' 'nonce-[^']+'/);

    expect(
      contentSecurityPolicy({ nonce: "n", https: false, scriptSources: ["'sha256-a'"] }),
    ).toMatch(/(^|; )script-src 'self' 'sha256-a'; style-src 'self' 'nonce-n' /);
  });

  it("answers from memory with the request's own id, and logs the path without the query", async () => {
    const site = await startSite();
    await site.get("/kestrel?hero=fraud");
    const traced = await site.get("/kestrel?hero=fraud", { "X-Request-Id": "trace-42" });
    expect(traced.headers["x-page-cache"]).toBe("hit");
    expect(traced.headers["x-request-id"]).toBe("trace-42");
    expect(site.logs).toContainEqual(
      expect.objectContaining({ msg: "request", requestId: "trace-42", path: "/kestrel" }),
    );
    const hostile = await site.get("/kestrel?hero=fraud", { "X-Request-Id": "<script>" });
    expect(hostile.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("keeps hero variants to the landing page", async () => {
    const site = await startSite();
    for (let i = 0; i < 2; i++) {
      const answer = await site.get("/partners?hero=fraud");
      expect(answer.status).toBe(203);
      expect(answer.headers["x-page-cache"]).toBeUndefined();
    }
  });

  it("serves a public page whatever the Host header says", async () => {
    const site = await startSite();
    const answer = await site.get("/terms", { Host: "not a host" });
    expect(answer.status).toBe(200);
    expect(answer.headers["x-page-cache"]).toBe("miss");
  });
});
