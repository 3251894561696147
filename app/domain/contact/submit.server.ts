import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { getLogger } from "~/platform/lib/logger.server";
import { hitRateLimit, rateLimitKey } from "~/platform/lib/rate-limit.server";
import type { FormReply } from "~/platform/lib/reply";
import { formAccepted, formRefused } from "~/platform/lib/reply.server";
import { recordContactMessage, recordDemoRequest } from "./contact.server";
import { ContactMessageSchema, DemoRequestSchema } from "./schema";

// The contact and demo forms: validated, limited per address, stored (and mailed); the reply keeps
// every value on an error (SPEC §8: nothing the user typed is lost).
const FORM_RATE_LIMIT = { limit: 10, windowMs: 10 * 60_000 };

const FORMS = {
  contact: {
    schema: ContactMessageSchema,
    save: recordContactMessage,
    serverError: "contact:serverError",
  },
  demo: { schema: DemoRequestSchema, save: recordDemoRequest, serverError: "demo:serverError" },
} as const;

type Headers = Record<string, string>;

export async function submitLeadForm(
  kind: keyof typeof FORMS,
  fields: Record<string, string>,
  context: { clientIp: string; locale?: string | null },
): Promise<FormReply & { status: number; headers: Headers }> {
  const form = FORMS[kind];
  const submission = parseWithZod(new URLSearchParams(fields), {
    schema: form.schema as z.ZodType,
  });
  if (submission.status !== "success") {
    return { status: 400, headers: {}, ...formRefused(submission, "validation") };
  }
  try {
    const verdict = await hitRateLimit(
      rateLimitKey(kind, { ip: context.clientIp }),
      FORM_RATE_LIMIT,
    );
    if (!verdict.allowed) {
      return {
        status: 429,
        headers: { "Retry-After": String(verdict.retryAfterSeconds) },
        ...formRefused(submission, "rate_limited"),
      };
    }
    await (form.save as (value: unknown, c: object) => Promise<number>)(submission.value, {
      locale: context.locale,
    });
  } catch (error) {
    // The database is down or refused the write: say so, and give the form back as it was.
    getLogger().error({ err: error, form: kind }, "form submission could not be stored");
    return {
      status: 500,
      headers: {},
      ...formRefused(submission, "server_error", { message: form.serverError }),
    };
  }
  return { status: 200, headers: {}, ...formAccepted(submission) };
}
