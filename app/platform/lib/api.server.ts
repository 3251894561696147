import errors from "../../../locales/en/errors.json";
import validation from "../../../locales/en/validation.json";
import { parseFieldMessage } from "./field-message";
import { JSON_MAX_DEPTH, nestsDeeperThan } from "./json-depth";
import type { ReplyCode } from "./reply";

// JSON errors for API clients carry a stable code (the one list of reply.ts) and the SPEC §8
// message.
export type ApiErrorCode = ReplyCode;

export function apiErrorBody(code: ApiErrorCode, fields?: Record<string, string[]>) {
  return { error: { code, message: errors[code], ...(fields && { fields }) } };
}

export function apiError(
  status: number,
  code: ApiErrorCode,
  extra: { fields?: Record<string, string[]>; headers?: HeadersInit } = {},
): Response {
  const body = apiErrorBody(code, extra.fields);
  const headers = new Headers(extra.headers);
  headers.set("Content-Type", "application/json; charset=utf-8");
  return new Response(JSON.stringify(body), { status, headers });
}

/** A form post's limit: a form carries a few short fields. */
export const FORM_BODY_BYTES = 16 * 1024;

/** How a request body stream ends when it carries more than the server reads of one. */
export class BodyTooLargeError extends Error {
  constructor(maxBytes: number) {
    super(`The request body is larger than ${maxBytes} bytes.`);
    this.name = "BodyTooLargeError";
  }
}

/**
 * Reads a body of at most `maxBytes`, stopping as soon as it is over: 413 then, 400 when the body
 * cannot be read (the client went away mid-upload).
 */
async function readBody(request: Request, maxBytes: number): Promise<Blob> {
  if (Number(request.headers.get("Content-Length")) > maxBytes) {
    throw apiError(413, "payload_too_large");
  }
  const reader = request.body?.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let size = 0;
  try {
    while (reader) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) throw new BodyTooLargeError(maxBytes);
      chunks.push(value);
    }
  } catch (error) {
    void reader?.cancel().catch(() => undefined);
    if (error instanceof BodyTooLargeError) throw apiError(413, "payload_too_large");
    throw apiError(400, "validation", { fields: { body: ["The body could not be read."] } });
  }
  return new Blob(chunks);
}

/**
 * Reads a JSON body of at most `maxBytes`, throwing the matching API error response for a wrong
 * content type (415), an oversized body (413) or malformed JSON (400).
 */
export async function readJsonBody(request: Request, maxBytes: number): Promise<unknown> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!/^application\/json\s*(;|$)/i.test(type)) throw apiError(415, "unsupported_media_type");
  const text = await (await readBody(request, maxBytes)).text();
  if (nestsDeeperThan(text)) {
    throw apiError(422, "validation", {
      fields: { body: [`JSON nests deeper than ${JSON_MAX_DEPTH} levels.`] },
    });
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw apiError(400, "validation", { fields: { body: ["Body is not valid JSON."] } });
  }
}

/** A field message (`validation:maxLength?max=120`) in English, for API clients. */
export function englishFieldMessage(message: string): string {
  const { key, values } = parseFieldMessage(message);
  const name = key.startsWith("validation:") ? key.slice("validation:".length) : undefined;
  const text = name && name in validation ? validation[name as keyof typeof validation] : message;
  // `{{max, number}}`: API clients get the value as it was sent, whatever the text's format.
  return text.replace(/\{\{\s*(\w+)\s*(?:,[^}]*)?\}\}/g, (_, field: string) => values[field] ?? "");
}

/** Field errors keyed by dotted path, in English, as API clients show them. */
export function fieldErrors(issues: { path: PropertyKey[]; message: string }[]) {
  const fields: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join(".") || "body";
    (fields[key] ??= []).push(englishFieldMessage(issue.message));
  }
  return fields;
}

const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;

/**
 * Reads a small HTML form post as text fields (files are ignored), throwing the matching error
 * response for a wrong content type (415), an oversized body (413) or an unreadable body (400).
 * The body is read up to its limit first, so a multipart upload is never held whole.
 */
export async function readFormFields(
  request: Request,
  maxBytes = FORM_BODY_BYTES,
): Promise<Record<string, string>> {
  const fields: Record<string, string> = {};
  for (const [name, value] of await readForm(request, maxBytes)) {
    if (typeof value === "string") fields[name] = value;
  }
  return fields;
}

/** As `readFormFields`, for a form whose fields repeat (a group of checkboxes): the whole form. */
export async function readForm(request: Request, maxBytes = FORM_BODY_BYTES): Promise<FormData> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!FORM_TYPES.test(type)) throw apiError(415, "unsupported_media_type");
  const body = await readBody(request, maxBytes);
  try {
    return await new Response(body, { headers: { "Content-Type": type } }).formData();
  } catch {
    throw apiError(400, "validation", { fields: { body: ["The form could not be read."] } });
  }
}
