import { RouterContextProvider } from "react-router";
import { requestInfoContext } from "~/lib/request-context";

/**
 * Calls a route's action as the HTTP server would, from the given client address, and returns its
 * response whether the action returned it or threw it (as the body readers do).
 */
export async function callAction<Args>(
  action: (args: Args) => unknown,
  request: Request,
  clientIp: string,
): Promise<Response> {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { clientIp, requestId: "test", cspNonce: "test" });
  try {
    // Route.ActionArgs holds more than an action reads; these three are what ours use.
    return (await action({ request, context, params: {} } as Args)) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}
