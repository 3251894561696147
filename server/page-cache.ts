import { createHash, randomBytes } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants as zlib, gzip } from "node:zlib";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { NextFunction, Request, Response } from "express";
import fresh from "fresh";
import type { Logger } from "pino";
import { RouterContextProvider, type ServerBuild, createRequestHandler } from "react-router";
import { AUTH_COOKIE_PREFIX } from "~/platform/auth/constants";
import { GUEST_COOKIE } from "~/domain/training/index.server";
import { getLocaleState } from "~/platform/i18n/index.server";
import { THEME_COOKIE } from "~/platform/shell/theme";
import { getTheme } from "~/platform/shell/theme.server";
import { brand } from "~/platform/lib/brand";
import { getEnv } from "~/platform/lib/env.server";
import { PUBLIC_PAGES } from "~/platform/lib/public-pages";
import { requestInfoContext } from "~/platform/lib/request-context";
import { securityHeaders } from "~/platform/lib/security-headers.server";
import { pickEncoding } from "./encodings";
import { deferHydration, inlineStylesheets } from "./first-paint";
import { requestIdOf } from "./request-id";

// ARCHITECTURE "Speed": public pages are the same for every anonymous visitor of a language (and
// theme and region), so each is rendered once and served from memory, precompressed.
// docs/decisions/008-public-page-cache.md says why the policy uses script hashes.

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const CACHED_PATHS = new Set(PUBLIC_PAGES);
/**
 * The landing's hero variants (SPEC §2), the only query strings a cached page carries. Any other
 * page with `?hero=` renders per request: the query is part of the page (the router hydrates at
 * that URL), and nobody links there, so caching it would only add entries.
 */
const HERO_QUERIES = new Set(["?hero=compliance", "?hero=fraud", "?hero=esg"]);
/** The cookies the page is rendered with: they choose its language, region and theme. */
const PREFERENCE_COOKIES = new Set([THEME_COOKIE, "kestrel-locale", "kestrel-region"]);
const MAX_ENTRIES = 500;
/**
 * A page's first responses carry brotli at quality 5 (about 3 ms for the landing page); once
 * served this many times it is compressed at quality 11 (about 100 ms, 10 % fewer bytes) once,
 * off the request, and later responses carry that. The first visitor of a page, in each language
 * and process, no longer waits for the slow compression, nor does a page few ask for cost it.
 */
const BEST_BROTLI_AFTER = 3;
/** Request headers already resolved to a cache key, so a repeat visitor skips the resolving. */
const MAX_PROBES = 2000;

interface CachedPage {
  etag: string;
  /** Every response header but the request id, the encoding and the length. */
  headers: Record<string, string>;
  identity: Buffer;
  gzip: Buffer;
  /** Quality 5 at first, quality 11 once the page has been served BEST_BROTLI_AFTER times. */
  br: Buffer;
  served: number;
}

/** Why a request of a public page is rendered per request instead. */
type Bypass = "method" | "query" | "signed in";

type Verdict = "cache" | "not public" | Bypass;

function cookiePairs(header: string | undefined): { name: string; pair: string }[] {
  if (!header) return [];
  return header
    .split(";")
    .map((part) => part.trim())
    .filter(Boolean)
    .map((pair) => ({ name: pair.split("=")[0]?.trim() ?? "", pair }));
}

/**
 * better-auth's cookies, the session's above all: the visitor is (or is becoming) signed in. A
 * guest learner's cookie counts the same: a course page shows the guest's own progress.
 */
function isAuthCookie(name: string): boolean {
  return name.replace(/^__Host-/, "").startsWith(`${AUTH_COOKIE_PREFIX}.`);
}

/**
 * The cookies a cached page may depend on. Others (an analytics cookie of the parent domain)
 * change nothing on a public page, so they neither skip the cache nor reach its render.
 */
function preferenceCookies(header: string | undefined): string {
  return cookiePairs(header)
    .filter(({ name }) => PREFERENCE_COOKIES.has(name))
    .map(({ pair }) => pair)
    .join("; ");
}

/** Whether a request may be answered from the cache: an anonymous GET of a public page. */
function verdictOf(method: string, path: string, search: string, cookie?: string): Verdict {
  if (!CACHED_PATHS.has(path)) return "not public";
  if (method !== "GET" && method !== "HEAD") return "method";
  if (search !== "" && !(path === brand.homePath && HERO_QUERIES.has(search))) return "query";
  if (cookiePairs(cookie).some(({ name }) => isAuthCookie(name) || name === GUEST_COOKIE)) {
    return "signed in";
  }
  return "cache";
}

/** The path and query of a request target, read without the Host header. */
function splitTarget(target = "/"): { path: string; search: string } {
  const cut = target.indexOf("?");
  return cut === -1
    ? { path: target, search: "" }
    : { path: target.slice(0, cut), search: target.slice(cut) };
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

export function createPageCache(options: {
  build: () => Promise<ServerBuild>;
  https: boolean;
  logger: Pick<Logger, "debug" | "info" | "warn">;
  /** The text of a built asset, by its URL path (`/assets/app-….css`). */
  readAsset: (href: string) => string;
}) {
  const { logger } = options;

  /**
   * Renders with the visitor's language and preference cookies only: no user agent (a crawler's
   * would choose the all-at-once render for everyone), no other cookie.
   */
  async function render(url: URL, headers: Headers): Promise<CachedPage | null> {
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
    const response = await handler(new Request(url, { headers }), context);
    const type = response.headers.get("Content-Type") ?? "";
    if (response.status !== 200 || !type.startsWith("text/html")) return null;
    const html = deferHydration(
      inlineStylesheets(await response.text(), options.readAsset, styleNonce),
    );
    const identity = Buffer.from(html, "utf8");
    const [br, gz] = await Promise.all([
      brotli(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }),
      gzipAsync(identity, { level: 9 }),
    ]);
    const etag = `"${createHash("sha256").update(identity).digest("base64url").slice(0, 27)}"`;
    return {
      etag,
      headers: {
        ...securityHeaders({
          nonce: styleNonce,
          https: options.https,
          scriptSources: inlineScriptHashes(html),
        }),
        "Content-Type": type,
        Vary: "Accept-Language, Cookie, Accept-Encoding",
        "Cache-Control": "no-cache",
        ETag: etag,
      },
      identity,
      gzip: gz,
      br,
      served: 0,
    };
  }

  /** Counts a response of the page; the BEST_BROTLI_AFTER-th starts its best compression. */
  function countServed(page: CachedPage) {
    page.served += 1;
    if (page.served !== BEST_BROTLI_AFTER) return;
    brotli(page.identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }).then(
      (best) => {
        page.br = best;
      },
      (error: unknown) => logger.warn({ err: error }, "page cache kept the quicker brotli"),
    );
  }

  /** Renders in flight or done, by key; a failed or unusable render leaves no trace. */
  const entries = new Map<string, Promise<CachedPage | null>>();
  const ready = new Map<string, CachedPage>();

  function pageFor(key: string, url: URL, headers: Headers): Promise<CachedPage | null> {
    const known = entries.get(key);
    if (known) return known;
    if (entries.size >= MAX_ENTRIES) {
      const oldest = entries.keys().next().value as string;
      entries.delete(oldest);
      ready.delete(oldest);
    }
    const rendering = render(url, headers);
    entries.set(key, rendering);
    // Requests arriving meanwhile share this render; once it fails (or is no page), the next
    // request renders again instead of meeting the same failure until the entry is evicted.
    const settle = (page: CachedPage | null) => {
      if (entries.get(key) !== rendering) return;
      if (page) ready.set(key, page);
      else entries.delete(key);
    };
    rendering.then(settle, () => settle(null));
    return rendering;
  }

  /**
   * probe (path, query, preference cookies, languages) → cache key, least recently used first:
   * a stream of one-off `Accept-Language` values pushes out only the probes nobody repeats.
   */
  const probes = new Map<string, string>();
  const probeOf = (path: string, search: string, cookie: string | undefined, languages = "") =>
    `${path}${search}\n${preferenceCookies(cookie)}\n${languages}`;

  function remember(probe: string, key: string) {
    probes.delete(probe);
    probes.set(probe, key);
    if (probes.size > MAX_PROBES) probes.delete(probes.keys().next().value as string);
  }

  const noted = new Set<Bypass>();
  /** Says once per reason why public pages are being rendered per request (no header values). */
  function noteBypass(verdict: Verdict) {
    if (verdict === "cache" || verdict === "not public" || noted.has(verdict)) return;
    noted.add(verdict);
    logger.debug({ reason: verdict }, "page cache bypassed");
  }

  function write(
    req: IncomingMessage,
    res: ServerResponse,
    page: CachedPage,
    requestId: string,
    state: "hit" | "miss",
  ) {
    const headers: Record<string, string> = {
      ...page.headers,
      "X-Request-Id": requestId,
      "X-Page-Cache": state,
    };
    if (fresh(req.headers, { etag: page.etag })) {
      res.writeHead(304, headers).end();
      return;
    }
    countServed(page);
    const encoding = pickEncoding(req);
    const body = encoding === "br" ? page.br : encoding === "gzip" ? page.gzip : page.identity;
    if (encoding !== "identity") headers["Content-Encoding"] = encoding;
    headers["Content-Length"] = String(body.length);
    res.writeHead(200, headers);
    res.end(req.method === "HEAD" ? undefined : body);
  }

  /**
   * The fast path, before Express: a page already rendered for a request like this one is written
   * straight from memory, with the request's log line. Returns false when the request needs the
   * full server.
   */
  function serveFromMemory(req: IncomingMessage, res: ServerResponse): boolean {
    const started = process.hrtime.bigint();
    const method = req.method ?? "GET";
    const { path, search } = splitTarget(req.url);
    if (verdictOf(method, path, search, req.headers.cookie) !== "cache") return false;
    const probe = probeOf(path, search, req.headers.cookie, req.headers["accept-language"]);
    const key = probes.get(probe);
    const page = key === undefined ? undefined : ready.get(key);
    if (key === undefined || !page) return false;
    remember(probe, key);
    const requestId = requestIdOf(req.headers["x-request-id"]);
    write(req, res, page, requestId, "hit");
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    // The path alone, as the full server logs it: a query string may carry what no log should.
    logger.info({ requestId, method, path, status: res.statusCode, ms: Math.round(ms) }, "request");
    return true;
  }

  async function middleware(req: Request, res: Response, next: NextFunction) {
    const { path, search } = splitTarget(req.originalUrl);
    const cookie = req.get("cookie");
    const verdict = verdictOf(req.method, path, search, cookie);
    if (verdict !== "cache") {
      noteBypass(verdict);
      return next();
    }
    try {
      const headers = new Headers();
      const preferences = preferenceCookies(cookie);
      const languages = req.get("accept-language");
      if (preferences) headers.set("cookie", preferences);
      if (languages) headers.set("accept-language", languages);
      // The page is the same whichever host asked for it: it is rendered at the site's own URL.
      const url = new URL(`${path}${search}`, getEnv().APP_URL);
      const probe = new Request(url, { headers });
      // The key holds everything the page varies by: the resolved language, region and theme.
      const [{ locale, region }, theme] = await Promise.all([
        getLocaleState(probe),
        getTheme(probe),
      ]);
      const key = `${path}${search}|${locale}|${region}|${theme}`;
      const page = await pageFor(key, url, headers);
      if (!page) return next();
      remember(probeOf(path, search, cookie, languages), key);
      write(req, res, page, String(res.locals.requestId), "miss");
    } catch (error) {
      logger.warn({ err: error, path }, "page cache bypassed");
      next();
    }
  }

  return { middleware, serveFromMemory };
}
