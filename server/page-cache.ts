import { createHash, randomBytes } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants as zlib, gzip } from "node:zlib";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { NextFunction, Request, Response } from "express";
import { RouterContextProvider, type ServerBuild, createRequestHandler } from "react-router";
import { getLocaleState } from "~/features/i18n/index.server";
import { getTheme } from "~/features/shell/theme.server";
import { PUBLIC_PAGES } from "~/lib/public-pages";
import { requestInfoContext } from "~/lib/request-context";
import { contentSecurityPolicy, securityHeaders } from "~/lib/security-headers.server";
import { deferHydration, inlineStylesheets } from "./first-paint";

// ARCHITECTURE "Speed": public pages are the same for every anonymous visitor of a language (and
// theme and region), so each is rendered once and served from memory, precompressed.
// docs/decisions/008-public-page-cache.md says why the policy uses script hashes.

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const CACHED_PATHS = new Set(PUBLIC_PAGES);
/** Query strings that still give a cacheable page (the landing hero variants). */
const CACHED_QUERIES = new Set(["", "?hero=compliance", "?hero=fraud", "?hero=esg"]);
/** Cookies that only choose how the page looks; any other cookie (a session) renders per request. */
const PREFERENCE_COOKIES = new Set(["kestrel-theme", "kestrel-locale", "kestrel-region"]);
const MAX_ENTRIES = 500;

interface CachedPage {
  etag: string;
  /** Every response header but the request id, the encoding and the length. */
  headers: Record<string, string>;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
}

/** What a request's own headers resolve to, so a repeat visitor skips the resolving. */
const MAX_PROBES = 2000;

function cookieNames(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(";")
    .map((part) => part.split("=")[0]?.trim() ?? "")
    .filter(Boolean);
}

/** True when the request may be answered from the cache: an anonymous GET of a public page. */
export function isCacheable(
  method: string,
  path: string,
  search: string,
  cookie?: string,
): boolean {
  if (method !== "GET" && method !== "HEAD") return false;
  if (!CACHED_PATHS.has(path) || !CACHED_QUERIES.has(search)) return false;
  return cookieNames(cookie).every((name) => PREFERENCE_COOKIES.has(name));
}

const sha256 = (text: string) =>
  `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

/** The inline scripts' hashes, so the fixed bytes need no per-response nonce. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    hashes.add(sha256(match[1] ?? ""));
  }
  return [...hashes];
}

function pickEncoding(acceptEncoding: string | undefined): "br" | "gzip" | "identity" {
  const accepted = (acceptEncoding ?? "").toLowerCase();
  if (/\bbr\b/.test(accepted)) return "br";
  if (/\bgzip\b/.test(accepted)) return "gzip";
  return "identity";
}

export function createPageCache(options: {
  build: () => Promise<ServerBuild>;
  https: boolean;
  logger: { warn: (object: object, message: string) => void };
  /** The text of a built asset, by its URL path (`/assets/app-….css`). */
  readAsset: (href: string) => string;
}) {
  const entries = new Map<string, Promise<CachedPage | null>>();

  async function render(req: Request, url: URL): Promise<CachedPage | null> {
    const handler = createRequestHandler(await options.build(), "production");
    // One nonce per cached page, for the style elements a dialog adds later (get-nonce reads it
    // from the scripts); the scripts themselves are allowed by hash.
    const styleNonce = randomBytes(16).toString("base64");
    const context = new RouterContextProvider();
    context.set(requestInfoContext, {
      cspNonce: styleNonce,
      requestId: "page-cache",
      clientIp: "cache",
    });
    const headers = new Headers();
    for (const name of ["cookie", "accept-language", "user-agent"]) {
      const value = req.get(name);
      if (value) headers.set(name, value);
    }
    const response = await handler(new Request(url, { headers }), context);
    const type = response.headers.get("Content-Type") ?? "";
    if (response.status !== 200 || !type.startsWith("text/html")) return null;
    const html = deferHydration(
      inlineStylesheets(await response.text(), options.readAsset, styleNonce),
    );
    const csp = contentSecurityPolicy({ nonce: styleNonce, https: options.https }).replace(
      `script-src 'self' 'nonce-${styleNonce}'`,
      `script-src 'self' ${inlineScriptHashes(html).join(" ")}`,
    );
    const identity = Buffer.from(html, "utf8");
    const [br, gz] = await Promise.all([
      brotli(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
      gzipAsync(identity, { level: 9 }),
    ]);
    const etag = `"${createHash("sha256").update(identity).digest("base64url").slice(0, 27)}"`;
    return {
      etag,
      headers: {
        ...securityHeaders({ nonce: styleNonce, https: options.https }),
        "Content-Security-Policy": csp,
        "Content-Type": response.headers.get("Content-Type") ?? "text/html; charset=utf-8",
        Vary: "Accept-Language, Cookie, Accept-Encoding",
        "Cache-Control": "no-cache",
        ETag: etag,
      },
      identity,
      gzip: gz,
      br,
    };
  }

  /** probe (path, query, cookies, languages) → cache key; filled by the middleware. */
  const probes = new Map<string, string>();
  const ready = new Map<string, CachedPage>();

  function write(
    req: IncomingMessage,
    res: ServerResponse,
    page: CachedPage,
    requestId: string,
    state: "hit" | "miss" = "hit",
  ) {
    const headers: Record<string, string> = {
      ...page.headers,
      "X-Request-Id": requestId,
      "X-Page-Cache": state,
    };
    if (req.headers["if-none-match"] === page.etag) {
      res.writeHead(304, headers).end();
      return;
    }
    const encoding = pickEncoding(req.headers["accept-encoding"]);
    const body = encoding === "br" ? page.br : encoding === "gzip" ? page.gzip : page.identity;
    if (encoding !== "identity") headers["Content-Encoding"] = encoding;
    headers["Content-Length"] = String(body.length);
    res.writeHead(200, headers);
    res.end(req.method === "HEAD" ? undefined : body);
  }

  const probeOf = (path: string, search: string, cookie = "", languages = "") =>
    `${path}${search}\n${cookie}\n${languages}`;

  /**
   * The fast path, before Express: a page already rendered for a request like this one is written
   * straight from memory. Returns false when the request needs the full server.
   */
  function serveFromMemory(req: IncomingMessage, res: ServerResponse, requestId: string): boolean {
    const url = req.url ?? "/";
    const cut = url.indexOf("?");
    const path = cut === -1 ? url : url.slice(0, cut);
    const search = cut === -1 ? "" : url.slice(cut);
    if (!isCacheable(req.method ?? "GET", path, search, req.headers.cookie)) return false;
    const key = probes.get(
      probeOf(path, search, req.headers.cookie, req.headers["accept-language"]),
    );
    const page = key === undefined ? undefined : ready.get(key);
    if (!page) return false;
    write(req, res, page, requestId);
    return true;
  }

  async function middleware(req: Request, res: Response, next: NextFunction) {
    const url = new URL(req.originalUrl, `http://${req.get("host") ?? "localhost"}`);
    if (!isCacheable(req.method, url.pathname, url.search, req.get("cookie"))) return next();
    try {
      // The key holds everything the page varies by: the resolved language, region and theme.
      const probe = new Request(url, {
        headers: {
          cookie: req.get("cookie") ?? "",
          "accept-language": req.get("accept-language") ?? "",
        },
      });
      const [{ locale, region }, theme] = await Promise.all([
        getLocaleState(probe),
        getTheme(probe),
      ]);
      const key = `${url.pathname}${url.search}|${locale}|${region}|${theme}`;
      let entry = entries.get(key);
      if (!entry) {
        if (entries.size >= MAX_ENTRIES) {
          const oldest = entries.keys().next().value as string;
          entries.delete(oldest);
          ready.delete(oldest);
        }
        entry = render(req, url);
        entries.set(key, entry);
      }
      const page = await entry;
      if (!page) {
        entries.delete(key);
        return next();
      }
      ready.set(key, page);
      if (probes.size >= MAX_PROBES) probes.clear();
      probes.set(
        probeOf(url.pathname, url.search, req.get("cookie"), req.get("accept-language")),
        key,
      );
      write(req, res, page, String(res.locals.requestId), "miss");
    } catch (error) {
      options.logger.warn({ err: error, path: url.pathname }, "page cache bypassed");
      next();
    }
  }

  return { middleware, serveFromMemory };
}
