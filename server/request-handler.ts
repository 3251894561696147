import type { IncomingMessage } from "node:http";
import { writeReadableStreamToWritable } from "@react-router/node";
import type { Request, Response } from "express";
import {
  type RouterContextProvider,
  type ServerBuild,
  createRequestHandler as createRouterHandler,
} from "react-router";
import { ANALYTICS_LIMITS } from "~/platform/analytics/index.server";
import { EVIDENCE_UPLOAD_BYTES } from "~/domain/evidence/index.server";
import { BodyTooLargeError, FORM_BODY_BYTES, apiErrorBody } from "~/platform/lib/api.server";
import { COMPRESSION_THRESHOLD, compressWhole, pickEncoding } from "./encodings";
import { createLoopTurns } from "./loop-turns";

/**
 * The most a request may send, uploads aside: the largest body a route reads (an analytics
 * batch). The server stops reading a body there, whatever Content-Length said.
 */
export const MAX_BODY_BYTES = Math.max(FORM_BODY_BYTES, ANALYTICS_LIMITS.bodyBytes);

/** The routes that take a file (an evidence kit), and the most their bodies may send. */
const UPLOAD_PATHS = new Set(["/evidence/verify", "/api/evidence/verify"]);
export const MAX_UPLOAD_BODY_BYTES = EVIDENCE_UPLOAD_BYTES + FORM_BODY_BYTES;

/** A request's body limit, by path (a page's data request, `/x.data`, as the page). */
export function bodyLimitOf(url: URL): number {
  return UPLOAD_PATHS.has(url.pathname.replace(/\.data$/, ""))
    ? MAX_UPLOAD_BODY_BYTES
    : MAX_BODY_BYTES;
}

// Our bridge from Express to React Router, in place of @react-router/express: the Request a route
// sees is built here, so its URL never comes from a header the client chose, and its body stops
// at MAX_BODY_BYTES however it is sent. docs/decisions/013-requests-behind-a-proxy.md.

/**
 * The URL the router sees: APP_URL's origin and the request's path. Null when the request target
 * is not a URL at all, or its path does not decode. The origin matches what browsers name in `Origin` on this site, behind a
 * TLS-terminating proxy as well as without one.
 */
export function routerUrl(target: string, appOrigin: string): URL | null {
  try {
    const absolute = target.startsWith("/") ? null : new URL(target);
    const url = new URL(appOrigin + (absolute ? absolute.pathname + absolute.search : target));
    // A path whose percent-escapes are not UTF-8 names no page: the client's mistake, said once.
    decodeURIComponent(url.pathname);
    return url;
  } catch {
    return null;
  }
}

/**
 * The request body as a stream that ends in a BodyTooLargeError past `maxBytes`, whether the
 * client declared its length or streams chunks. Nothing is read until a route reads; past the limit
 * the rest is read into nothing, so the answer comes at once and the connection stays usable.
 */
export function requestBody(
  req: IncomingMessage,
  maxBytes = MAX_BODY_BYTES,
): ReadableStream<Uint8Array> {
  let received = 0;
  let listening = false;
  let finish = () => {};
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        if (Number(req.headers["content-length"]) > maxBytes) {
          controller.error(new BodyTooLargeError(maxBytes));
          return;
        }
        const onData = (chunk: Buffer) => {
          received += chunk.byteLength;
          if (received > maxBytes) {
            finish();
            controller.error(new BodyTooLargeError(maxBytes));
            return;
          }
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 0) <= 0) req.pause();
        };
        const onEnd = () => {
          finish();
          controller.close();
        };
        const onClose = () => {
          finish();
          controller.error(new Error("The client closed the connection mid-body."));
        };
        finish = () => {
          req.off("data", onData).off("end", onEnd).off("close", onClose).off("error", onClose);
          if (!req.complete) req.resume();
        };
        req.on("data", onData).once("end", onEnd).once("close", onClose).once("error", onClose);
        req.pause();
        listening = true;
      },
      pull() {
        if (listening) req.resume();
      },
      cancel() {
        finish();
      },
    },
    { highWaterMark: 0 },
  );
}

function requestHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  return headers;
}

/**
 * A page rendered whole at once (entry.server.tsx gives it a length) is compressed in one step
 * on this thread: the compression middleware would pass the same bytes through a stream and the
 * thread pool, at twice the processor time (docs/decisions/033). It answers as the middleware
 * would: `Vary: Accept-Encoding`, nothing under the threshold, nothing for `no-transform`.
 */
function sendWhole(req: Request, res: Response, body: Buffer) {
  res.vary("Accept-Encoding");
  const transform = !/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(
    String(res.getHeader("Cache-Control") ?? ""),
  );
  const encoding =
    transform && req.method !== "HEAD" && body.byteLength >= COMPRESSION_THRESHOLD
      ? pickEncoding(req)
      : "identity";
  const sent = compressWhole(body, encoding);
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", sent.byteLength);
  res.end(req.method === "HEAD" ? undefined : sent);
}

async function send(req: Request, res: Response, response: globalThis.Response) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers) res.append(name, value);
  const type = response.headers.get("Content-Type") ?? "";
  if (/text\/event-stream/i.test(type)) res.flushHeaders();
  if (!response.body) {
    res.end();
    return;
  }
  if (/^text\/html/i.test(type) && response.headers.has("Content-Length")) {
    sendWhole(req, res, Buffer.from(await response.arrayBuffer()));
    return;
  }
  if (/^application\/json/i.test(type)) {
    // A JSON answer is complete when the route returns it. Sent with its length, a short one
    // passes under the compression threshold instead of paying for a compressor of its own.
    const bytes = Buffer.from(await response.arrayBuffer());
    res.setHeader("Content-Length", bytes.byteLength);
    res.end(bytes);
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (!res.destroyed && !res.writableEnded) throw error;
  }
}

export interface RequestHandlerOptions {
  /** The build, or (development, which reloads it) a function that loads it. */
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: "development" | "production";
  appOrigin: string;
  getLoadContext: (req: Request, res: Response) => RouterContextProvider;
  onError: (error: unknown, req: Request, res: Response) => void;
}

/** Express middleware that answers every request React Router routes. */
export function createRequestHandler(options: RequestHandlerOptions) {
  const handleRequest = createRouterHandler(options.build, options.mode);
  const nextTurn = createLoopTurns();
  return async (req: Request, res: Response) => {
    const url = routerUrl(req.originalUrl, options.appOrigin);
    if (!url) {
      res.status(400).json(apiErrorBody("validation"));
      return;
    }
    await nextTurn();
    // A visitor who left while waiting for their turn is rendered nothing.
    if (res.destroyed) return;
    const controller = new AbortController();
    // A visitor who leaves aborts the work done for them; that is not an error of ours.
    res.once("close", () => {
      if (!res.writableFinished) controller.abort();
    });
    try {
      const body =
        req.method === "GET" || req.method === "HEAD"
          ? undefined
          : requestBody(req, bodyLimitOf(url));
      const request = new globalThis.Request(url, {
        method: req.method,
        headers: requestHeaders(req),
        signal: controller.signal,
        ...(body && { body, duplex: "half" }),
      });
      await send(req, res, await handleRequest(request, options.getLoadContext(req, res)));
    } catch (error) {
      if (controller.signal.aborted) return;
      options.onError(error, req, res);
    } finally {
      // What a route left unread is read into nothing, so the connection serves the next request.
      if (!req.complete) req.removeAllListeners("data").resume();
    }
  };
}
