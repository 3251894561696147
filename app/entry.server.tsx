import { Transform } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { type EntryContext, type RouterContextProvider, ServerRouter } from "react-router";
import "~/wiring.server";
import { getEnv } from "~/lib/env.server";
import { getLogger } from "~/lib/logger.server";
import { NonceProvider } from "~/lib/nonce";
import { HtmlReuseProvider } from "~/lib/reused-html";
import { type RequestHtmlReuse, htmlReuseForRequest } from "~/lib/reused-html.server";
import { requestInfoContext } from "~/lib/request-context";

export const streamTimeout = 5_000;

/**
 * React writes a finished part of the page as many 2 KB chunks in one go, and the adapter flushes
 * every chunk through compression (a brotli flush each time). Passing on what arrived in one turn
 * of the event loop as one chunk keeps the streaming, with one compressed write per flush of React
 * instead of one per 2 KB (docs/decisions/012). Each chunk passes through the request's HTML reuse
 * (docs/decisions/030); when that fails, the response ends there and the error is logged.
 */
function coalesceWrites(reuse: RequestHtmlReuse | null, url: string): Transform {
  /** Passes one chunk on as sent; answers the error that ends the response, logged, if any. */
  const send = (stream: Transform, chunk: Buffer): Error | undefined => {
    try {
      stream.push(reuse ? reuse.cut(chunk) : chunk);
      return undefined;
    } catch (error) {
      getLogger().error({ err: error, url }, "render failed");
      return error as Error;
    }
  };
  let pending: Buffer[] = [];
  let scheduled = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      pending.push(chunk);
      if (!scheduled) {
        scheduled = true;
        setImmediate(() => {
          scheduled = false;
          if (pending.length === 0) return;
          const failed = send(this, Buffer.concat(pending));
          pending = [];
          if (failed) this.destroy(failed);
        });
      }
      callback();
    },
    flush(callback) {
      const failed = pending.length > 0 ? send(this, Buffer.concat(pending)) : undefined;
      pending = [];
      callback(failed);
    },
  });
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const nonce = loadContext.get(requestInfoContext).cspNonce;
  const reuse = htmlReuseForRequest(getEnv().HTML_REUSE ?? (import.meta.env.DEV ? "off" : "on"));
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole document at once; people get the shell as soon as it is ready.
    const waitForAll = (userAgent && isbot(userAgent)) || routerContext.isSpaMode;
    const respond = () => {
      shellRendered = true;
      const body = coalesceWrites(reuse, request.url);
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      resolve(
        new Response(createReadableStreamFromReadable(body), {
          headers: responseHeaders,
          status: responseStatusCode,
        }),
      );
      pipe(body);
    };
    // Rendering that outlives the stream's timeout is abandoned. Once complete, nothing waits for
    // it: a pending timer would keep the whole render in memory for seconds.
    const timer = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <HtmlReuseProvider value={reuse}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </HtmlReuseProvider>
      </NonceProvider>,
      {
        nonce,
        onShellReady() {
          if (!waitForAll) respond();
        },
        onAllReady() {
          clearTimeout(timer);
          if (waitForAll) respond();
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) getLogger().error({ err: error, url: request.url }, "render failed");
        },
      },
    );
  });
}

export function handleError(
  error: unknown,
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
) {
  if (request.signal.aborted) return; // the visitor left; nothing went wrong
  getLogger().error(
    { err: error, requestId: context.get(requestInfoContext).requestId, url: request.url },
    "request failed",
  );
}
