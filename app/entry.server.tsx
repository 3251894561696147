import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import {
  type EntryContext,
  type RouterContextProvider,
  ServerRouter,
  isRouteErrorResponse,
} from "react-router";
import { getEnv } from "~/platform/lib/env.server";
import { getLogger } from "~/platform/lib/logger.server";
import { NonceProvider } from "~/platform/lib/nonce";
import { HtmlReuseProvider } from "~/platform/lib/reused-html";
import { coalesceWrites } from "~/platform/lib/document-stream.server";
import { htmlReuseForRequest } from "~/platform/lib/reused-html.server";
import { requestInfoContext } from "~/platform/lib/request-context";

export const streamTimeout = 5_000;

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
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      const status = responseStatusCode;
      const body = coalesceWrites(reuse, request.url, {
        whole(document) {
          responseHeaders.set("Content-Length", String(document.byteLength));
          resolve(new Response(new Uint8Array(document), { headers: responseHeaders, status }));
        },
        streaming() {
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status,
            }),
          );
        },
      });
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
  const requestId = context.get(requestInfoContext).requestId;
  // A client's mistake (a post to a page with no action, a foreign Origin) is not our fault: a
  // warning with the request id, so errors stay the server's own.
  if (isRouteErrorResponse(error) && error.status < 500) {
    getLogger().warn(
      { status: error.status, requestId, url: request.url, method: request.method },
      "request refused",
    );
    return;
  }
  getLogger().error({ err: error, requestId, url: request.url }, "request failed");
}
