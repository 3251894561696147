import { RouterContextProvider, data } from "react-router";
import { requestInfoContext } from "~/platform/lib/request-context";

/** A route's answer as the client gets it; a `data()` answer keeps its value as `data`. */
export type RouteAnswer = Response & { data?: unknown };

// What `data(value, init)` returns, known by its class rather than by an internal name.
const DataWithInit = data(null).constructor;

function isDataWithInit(value: unknown): value is { data: unknown; init: ResponseInit | null } {
  return value instanceof DataWithInit;
}

function toResponse(answer: unknown): RouteAnswer {
  if (answer instanceof Response) return answer;
  if (isDataWithInit(answer)) {
    return Object.assign(new Response(null, answer.init ?? {}), { data: answer.data });
  }
  return Object.assign(new Response(null), { data: answer });
}

/**
 * Runs a loader, an action or a guard and answers what it returned or threw (a redirect, a 403
 * from `data()`), as React Router would send it.
 */
export async function answerOf(run: () => unknown): Promise<RouteAnswer> {
  try {
    return toResponse(await run());
  } catch (thrown) {
    if (thrown instanceof Response || isDataWithInit(thrown)) return toResponse(thrown);
    throw thrown;
  }
}

/** The context the HTTP server gives a loader or action for a request from `clientIp`. */
export function contextFor(clientIp: string): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { clientIp, requestId: "test", cspNonce: "test" });
  return context;
}

/** Calls a route's action as the HTTP server would, from the given client address. */
export function callAction<Args>(
  action: (args: Args) => unknown,
  request: Request,
  clientIp: string,
  params: Record<string, string> = {},
): Promise<RouteAnswer> {
  const context = contextFor(clientIp);
  // Route.ActionArgs holds more than an action reads; these three are what ours use.
  return answerOf(() => action({ request, context, params } as Args));
}

/** A browser's request: a GET, or a form POST when there is a body; with its cookies if any. */
export function pageRequest(
  path: string,
  { cookie = "", body }: { cookie?: string; body?: BodyInit } = {},
): Request {
  return new Request(`http://localhost${path}`, {
    method: body === undefined ? "GET" : "POST",
    body,
    headers: {
      // A FormData body names its own multipart type and boundary.
      ...(body !== undefined &&
        !(body instanceof FormData) && { "Content-Type": "application/x-www-form-urlencoded" }),
      ...(cookie && { Cookie: cookie }),
    },
  });
}
