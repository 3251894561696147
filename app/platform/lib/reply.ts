import type { SubmissionResult } from "@conform-to/react";
import type { ShouldRevalidateFunctionArgs } from "react-router";

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
  "network",
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

/** The answer `keepPageOnNetworkFailure` gives when the server could not be reached. */
export function isNetworkRefusal(answer: unknown): boolean {
  return (
    typeof answer === "object" &&
    answer !== null &&
    "error" in answer &&
    typeof answer.error === "object" &&
    answer.error !== null &&
    "code" in answer.error &&
    answer.error.code === "network"
  );
}

const NETWORK_MESSAGE = "errors:network";

/** What a Conform form shows after a network failure: the message, and the values left as typed. */
export const NETWORK_FORM_RESULT: SubmissionResult<string[]> = {
  status: "error",
  error: { "": [NETWORK_MESSAGE] },
};

/**
 * A route's `clientAction` for its forms (SPEC §8 "network"): the server's answer as it is, or,
 * when the server could not be reached, a refusal that says so, with what the page needs to show
 * it (`reply` beside `ok`, such as a Conform form's `NETWORK_FORM_RESULT`; `error` inside the
 * error). The page stays, and what was typed stays.
 */
export async function keepPageOnNetworkFailure<
  Answer,
  Reply extends object = object,
  ErrorExtra extends object = object,
>(
  serverAction: () => Promise<Answer>,
  { reply, error: more }: { reply?: Reply; error?: ErrorExtra } = {},
): Promise<Answer | (Refused<ErrorExtra> & Reply)> {
  try {
    return await serverAction();
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    return Object.assign({}, reply, {
      ok: false as const,
      error: Object.assign(replyError("network", NETWORK_MESSAGE), more),
    });
  }
}

/**
 * A route's `shouldRevalidate` (or part of one): after a post the network never delivered nothing
 * changed, and reloading would fail the same way and replace the page with the error screen.
 */
export function keepDataAfterNetworkFailure({
  actionResult,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs): boolean {
  return isNetworkRefusal(actionResult) ? false : defaultShouldRevalidate;
}
