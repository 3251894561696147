import { href } from "react-router";

/** How a waitlist submission from the dialog ended. */
export type WaitlistJoinResult = { joined: true } | { joined: false; reason: string };

/**
 * The dialog's one network call (SPEC §7): POST /api/waitlist with the SPEC's JSON body; any OK
 * status is success and the body is not read. It is a plain request, not a router submission, so
 * a failure, even with the connection gone before the route was ever needed, stays in the dialog
 * and keeps the form (SPEC §8 "network"), and nothing on the page loads again afterwards.
 */
export async function joinWaitlist(body: Record<string, unknown>): Promise<WaitlistJoinResult> {
  let response: Response;
  try {
    // eslint-disable-next-line no-restricted-globals -- the failure must stay inside the dialog
    response = await fetch(href("/api/waitlist"), {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
    });
  } catch {
    return { joined: false, reason: "network" };
  }
  if (response.ok) return { joined: true };
  const answer: unknown = await response.json().catch(() => null);
  const code =
    isObject(answer) && isObject(answer.error) && typeof answer.error.code === "string"
      ? answer.error.code
      : `HTTP ${response.status}`;
  return { joined: false, reason: code };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}
