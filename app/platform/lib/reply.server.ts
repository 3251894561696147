import { data } from "react-router";
import type { ReplyCode, ReplyError, Refused } from "./reply";

// How an action refuses (docs/decisions/036): one helper for every status, so the body, the
// status and the headers (Retry-After) cannot disagree between features.

/** Refuses with `status` and `code`; `extra` may name a more precise message, fields or more. */
export function refuse<Extra extends object = object>(
  status: number,
  code: ReplyCode,
  extra?: Partial<ReplyError> & Extra,
  headers?: HeadersInit,
) {
  const error = { code, message: `errors:${code}`, ...extra } as ReplyError & Extra;
  return data<Refused<Extra>>({ ok: false, error }, { status, headers });
}

/** Too many requests: 429 with the seconds to wait in `Retry-After`. */
export function tooMany(retryAfterSeconds: number) {
  return refuse(429, "rate_limited", {}, { "Retry-After": String(retryAfterSeconds) });
}
