import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { z } from "zod";
import type { Submission } from "@conform-to/react";
import { type FormReply, type ReplyCode, type ReplyError, type Refused, replyError } from "./reply";

// How an action refuses (docs/decisions/036): one helper for every status, so the body, the
// status and the headers (Retry-After) cannot disagree between features.

/** Refuses with `status` and `code`; `extra` may name a more precise message, fields or more. */
export function refuse<Extra extends object = object>(
  status: number,
  code: ReplyCode,
  extra?: Partial<ReplyError> & Extra,
  headers?: HeadersInit,
) {
  const error = { ...replyError(code), ...extra } as ReplyError & Extra;
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
  /** The messages of issues the schema does not word itself (a feature's own dictionary). */
  error?: z.core.$ZodErrorMap,
):
  | { value: z.output<Schema> }
  | { refusal: ReturnType<typeof refuse>; fields: Record<string, string> } {
  const payload =
    input instanceof FormData || input instanceof URLSearchParams
      ? input
      : new URLSearchParams(input);
  const submission = parseWithZod(payload, { schema, error });
  if (submission.status === "success") return { value: submission.value as z.output<Schema> };
  const fields = firstErrors(submission.error);
  return { refusal: refuse(400, "validation", { fields }), fields };
}

/** Each field's first message, from a Conform submission's errors ("" names the form itself). */
function firstErrors(error: Record<string, string[] | null> | null | undefined) {
  const fields: Record<string, string> = {};
  for (const [name, messages] of Object.entries(error ?? {})) {
    const [first] = messages ?? [];
    if (first) fields[name || "form"] = first;
  }
  return fields;
}

/** A Conform form accepted: the reply that clears it (or keeps it, `resetForm: false`). */
export function formAccepted(
  submission: Submission<unknown>,
  { resetForm = true }: { resetForm?: boolean } = {},
): FormReply {
  return { ok: true, result: submission.reply({ resetForm }) };
}

/**
 * A Conform form refused with one of the reply codes: a submission that failed its schema says
 * what is wrong with each field; any other refusal shows its message (`errors:<code>` unless
 * named) above the form, or under a field (`field`), with every value kept but `hideFields`.
 */
export function formRefused(
  submission: Submission<unknown>,
  code: ReplyCode,
  options: { message?: string; field?: string; hideFields?: string[] } = {},
): FormReply {
  const message = options.message ?? `errors:${code}`;
  if (submission.status !== "success" && code === "validation" && !options.message) {
    const fields = firstErrors(submission.error);
    return {
      ok: false,
      error: { code, message, fields },
      result: submission.reply({ hideFields: options.hideFields }),
    };
  }
  const result = options.field
    ? submission.reply({
        fieldErrors: { [options.field]: [message] },
        hideFields: options.hideFields,
      })
    : submission.reply({ formErrors: [message], hideFields: options.hideFields });
  const fields = options.field ? { [options.field]: message } : undefined;
  return { ok: false, error: { code, message, ...(fields ? { fields } : {}) }, result };
}
