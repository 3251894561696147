import { isRouteErrorResponse } from "react-router";

/** How a waitlist submission from the dialog ended. */
export type WaitlistJoinResult = { joined: true } | { joined: false; reason: string };

/**
 * The browser half of POST /api/waitlist, for the dialog's fetcher. React Router hands a failed
 * submission (a 5xx, a network error, a thrown response) to the page's error boundary, which would
 * replace the whole page; SPEC §7 wants the dialog to show the error and keep the form, so every
 * failure becomes a result here. The API answers `{ ok: true }` on success and `{ error: { code } }`
 * otherwise (SPEC §7: any OK status is success).
 */
export async function joinWaitlistClientAction({
  serverAction,
}: {
  serverAction: () => Promise<unknown>;
}): Promise<WaitlistJoinResult> {
  try {
    const body = await serverAction();
    if (isObject(body) && body.ok === true) return { joined: true };
    const code = isObject(body) && isObject(body.error) ? body.error.code : undefined;
    return { joined: false, reason: typeof code === "string" ? code : "unknown" };
  } catch (error) {
    if (isRouteErrorResponse(error)) return { joined: false, reason: `HTTP ${error.status}` };
    return { joined: false, reason: error instanceof Error ? error.message : "network" };
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}
