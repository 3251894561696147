import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { sendMail } from "~/features/mail/index.server";
import { brand } from "~/lib/brand";
import type { ContactMessage, DemoRequest } from "./schema";

/** Stores a contact message, then mails it to the team (outbox, SMTP when configured). */
export async function recordContactMessage(
  db: Kysely<Database>,
  message: ContactMessage,
  context: { locale?: string | null; now?: Date } = {},
): Promise<number> {
  const { id } = await db
    .insertInto("contact_message")
    .values({
      name: message.name,
      email: message.email,
      company: message.company ?? null,
      inquiry_type: message.inquiryType,
      message: message.message,
      locale: context.locale ?? null,
      created_at: (context.now ?? new Date()).toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await sendMail(db, {
    to: brand.emails.team,
    subject: `Contact (${message.inquiryType}): ${message.name}`,
    text: [
      `From: ${message.name} <${message.email}>`,
      `Company: ${message.company ?? "—"}`,
      `Inquiry type: ${message.inquiryType}`,
      "",
      message.message,
    ].join("\n"),
  });
  return id;
}

/** Stores a demo request, then mails it to the team. */
export async function recordDemoRequest(
  db: Kysely<Database>,
  request: DemoRequest,
  context: { locale?: string | null; now?: Date } = {},
): Promise<number> {
  const { id } = await db
    .insertInto("demo_request")
    .values({
      name: request.name,
      email: request.email,
      company: request.company,
      job_title: request.jobTitle ?? null,
      company_size: request.companySize ?? null,
      use_case: request.useCase ?? null,
      preferred_time: request.preferredTime ?? null,
      details: request.details ?? null,
      locale: context.locale ?? null,
      created_at: (context.now ?? new Date()).toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await sendMail(db, {
    to: brand.emails.team,
    subject: `Demo request: ${request.company} (${request.name})`,
    text: [
      `From: ${request.name} <${request.email}>`,
      `Company: ${request.company}`,
      `Job title: ${request.jobTitle ?? "—"}`,
      `Company size: ${request.companySize ?? "—"}`,
      `Use case: ${request.useCase ?? "—"}`,
      `Preferred time: ${request.preferredTime ?? "—"}`,
      "",
      request.details ?? "",
    ].join("\n"),
  });
  return id;
}
