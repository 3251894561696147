import { randomUUID } from "node:crypto";

/** Ids a client or proxy may send: echoed in the response and the logs, so nothing to escape. */
const REQUEST_ID = /^[\w.-]{1,128}$/;

/** The request's own id when it is a safe one (a proxy's trace), else a new one. */
export function requestIdOf(incoming: string | string[] | undefined): string {
  return typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}
