import errors from "../../locales/en/errors.json";
import validation from "../../locales/en/validation.json";
import { parseFieldMessage } from "./field-message";

// JSON errors for API clients carry a stable code and the SPEC §8 message.
export type ApiErrorCode =
  | "validation"
  | "payload_too_large"
  | "unsupported_media_type"
  | "rate_limited"
  | "method_not_allowed"
  | "server_error";

export function apiError(
  status: number,
  code: ApiErrorCode,
  extra: { fields?: Record<string, string[]>; headers?: HeadersInit } = {},
): Response {
  const body = {
    error: { code, message: errors[code], ...(extra.fields && { fields: extra.fields }) },
  };
  const headers = new Headers(extra.headers);
  headers.set("Content-Type", "application/json; charset=utf-8");
  return new Response(JSON.stringify(body), { status, headers });
}

/**
 * Reads a JSON body of at most `maxBytes`, throwing the matching API error response for a wrong
 * content type (415), an oversized body (413) or malformed JSON (400).
 */
export async function readJsonBody(request: Request, maxBytes: number): Promise<unknown> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!/^application\/json\s*(;|$)/i.test(type)) throw apiError(415, "unsupported_media_type");
  const declared = Number(request.headers.get("Content-Length"));
  if (declared > maxBytes) throw apiError(413, "payload_too_large");

  const reader = request.body?.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw apiError(413, "payload_too_large");
    }
    chunks.push(value);
  }
  const text = Buffer.concat(chunks).toString("utf8");
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
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, field: string) => values[field] ?? "");
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
 */
export async function readFormFields(
  request: Request,
  maxBytes = 16 * 1024,
): Promise<Record<string, string>> {
  if (!FORM_TYPES.test(request.headers.get("Content-Type") ?? "")) {
    throw apiError(415, "unsupported_media_type");
  }
  if (Number(request.headers.get("Content-Length")) > maxBytes) {
    throw apiError(413, "payload_too_large");
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw apiError(400, "validation", { fields: { body: ["The form could not be read."] } });
  }
  const fields: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === "string") fields[name] = value;
  return fields;
}
