import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { z } from "zod";
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

/**
 * Parses a form post with its schema, the one way every action does (Conform's `parseWithZod`:
 * blank fields read as missing, numbers and booleans coerced): the typed value, or the 400
 * refusal naming each field's first problem (the schema's message, a dictionary key).
 */
export function parseSubmission<Schema extends z.ZodType>(
  input: Record<string, string> | FormData | URLSearchParams,
  schema: Schema,
):
  | { value: z.output<Schema> }
  | { refusal: ReturnType<typeof refuse>; fields: Record<string, string> } {
  const payload =
    input instanceof FormData || input instanceof URLSearchParams
      ? input
      : new URLSearchParams(input);
  const submission = parseWithZod(payload, { schema });
  if (submission.status === "success") return { value: submission.value as z.output<Schema> };
  const fields: Record<string, string> = {};
  for (const [name, messages] of Object.entries(submission.error ?? {})) {
    const [first] = messages ?? [];
    if (first) fields[name || "form"] = first;
  }
  return { refusal: refuse(400, "validation", { fields }), fields };
}
