import type { SubmissionResult } from "@conform-to/react";

// The one shape of a refused action (docs/decisions/036): every form post and fetcher of the app
// answers a refusal as `{ ok: false, error: { code, message, fields? } }`, with a code from one list and the
// dictionary keys of what to show, so a page shows it in the reader's language. JSON APIs for
// other clients answer the same codes with English messages (api.server.ts, SPEC §8).

export const REPLY_CODES = [
  "validation",
  "forbidden",
  "not_found",
  "rate_limited",
  "payload_too_large",
  "unsupported_media_type",
  "method_not_allowed",
  "server_error",
] as const;
export type ReplyCode = (typeof REPLY_CODES)[number];

export interface ReplyError {
  code: ReplyCode;
  /** The dictionary key of the message to show: `errors:<code>` unless the refusal says more. */
  message: string;
  /** Per field, the dictionary key (with `?name=value` values) of what is wrong with it. */
  fields?: Record<string, string>;
}

/** The error of a refusal with `code`, its message `errors:<code>` unless one is named. */
export function replyError(code: ReplyCode, message = `errors:${code}`): ReplyError {
  return { code, message };
}

/** A refused action's answer, with what a feature adds (the prerequisites still missing…). */
export interface Refused<Extra extends object = object> {
  ok: false;
  error: ReplyError & Extra;
}

/**
 * A Conform form's answer: `result` is what the form shows (its values kept on an error, cleared
 * once accepted); a refusal carries the same `error` as every other action's.
 */
export type FormReply =
  | { ok: true; result: SubmissionResult<string[]> }
  | (Refused & { result: SubmissionResult<string[]> });
