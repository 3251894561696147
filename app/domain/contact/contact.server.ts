import type { Selectable } from "kysely";
import { getDb } from "~/platform/db/db.server";
import type { ContactMessageTable, DemoRequestTable } from "~/platform/db/schema";
import { sendMail } from "~/platform/mail/index.server";
import { brand } from "~/platform/lib/brand";
import {
  type ListPage,
  type PageRequest,
  containsText,
  pageOf,
} from "~/platform/lib/listing.server";
import type { ContactMessage, DemoRequest } from "./schema";

/** Stores a contact message, then mails it to the team (outbox, SMTP when configured). */
export async function recordContactMessage(
  message: ContactMessage,
  context: { locale?: string | null; now?: Date } = {},
): Promise<number> {
  const { id } = await getDb()
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
  await sendMail({
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
  request: DemoRequest,
  context: { locale?: string | null; now?: Date } = {},
): Promise<number> {
  const { id } = await getDb()
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
  await sendMail({
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

/** What staff see of a contact message, in this order: the admin list and its CSV. */
export const CONTACT_MESSAGE_COLUMNS = [
  "id",
  "created_at",
  "name",
  "email",
  "company",
  "inquiry_type",
  "message",
  "locale",
] as const;

/** What staff see of a demo request, in this order. */
export const DEMO_REQUEST_COLUMNS = [
  "id",
  "created_at",
  "name",
  "email",
  "company",
  "job_title",
  "company_size",
  "use_case",
  "preferred_time",
  "details",
  "locale",
] as const;

export type ContactMessageRow = Pick<
  Selectable<ContactMessageTable>,
  (typeof CONTACT_MESSAGE_COLUMNS)[number]
>;
export type DemoRequestRow = Pick<
  Selectable<DemoRequestTable>,
  (typeof DEMO_REQUEST_COLUMNS)[number]
>;

function messagesMatching(q: string) {
  return getDb()
    .selectFrom("contact_message")
    .select(CONTACT_MESSAGE_COLUMNS)
    .$if(q !== "", (qb) => qb.where(containsText(["name", "email", "company", "message"], q)))
    .orderBy("created_at", "desc")
    .orderBy("id", "desc");
}

function requestsMatching(q: string) {
  return getDb()
    .selectFrom("demo_request")
    .select(DEMO_REQUEST_COLUMNS)
    .$if(q !== "", (qb) => qb.where(containsText(["name", "email", "company"], q)))
    .orderBy("created_at", "desc")
    .orderBy("id", "desc");
}

/** A page of the messages whose name, email, company or text contains `q`, newest first. */
export function listContactMessages({
  q,
  ...page
}: PageRequest): Promise<ListPage<ContactMessageRow>> {
  return pageOf(messagesMatching(q), page);
}

/** Every message whose name, email, company or text contains `q`, newest first. */
export function listAllContactMessages({
  q,
}: Pick<PageRequest, "q">): Promise<ContactMessageRow[]> {
  return messagesMatching(q).execute();
}

/** A page of the demo requests whose name, email or company contains `q`, newest first. */
export function listDemoRequests({ q, ...page }: PageRequest): Promise<ListPage<DemoRequestRow>> {
  return pageOf(requestsMatching(q), page);
}

/** Every demo request whose name, email or company contains `q`, newest first. */
export function listAllDemoRequests({ q }: Pick<PageRequest, "q">): Promise<DemoRequestRow[]> {
  return requestsMatching(q).execute();
}

export async function countContactMessages(): Promise<number> {
  const row = await getDb()
    .selectFrom("contact_message")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function countDemoRequests(): Promise<number> {
  const row = await getDb()
    .selectFrom("demo_request")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
