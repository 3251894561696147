import type { Selectable } from "kysely";
import nodemailer, { type Transporter } from "nodemailer";
import { getDb } from "~/platform/db/db.server";
import type { OutboxTable } from "~/platform/db/schema";
import { brand } from "~/platform/lib/brand";
import { getEnv } from "~/platform/lib/env.server";
import {
  type ListPage,
  type PageRequest,
  containsText,
  pageOf,
} from "~/platform/lib/listing.server";
import { getLogger } from "~/platform/lib/logger.server";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /**
   * What the outbox keeps of a mail that SMTP delivers, when the text holds a secret (a sign-in
   * code). Without SMTP the outbox is the only way to the mail, so it keeps the text itself.
   */
  outboxText?: string;
}

let transport: { url: string; transporter: Transporter } | undefined;

function transporterFor(url: string): Transporter {
  if (transport?.url !== url) {
    transport = {
      url,
      transporter: nodemailer.createTransport({
        url,
        connectionTimeout: 5_000,
        greetingTimeout: 5_000,
        socketTimeout: 10_000,
      }),
    };
  }
  return transport.transporter;
}

/**
 * Every mail is written to the outbox first; with `SMTP_URL` it is then delivered and marked sent
 * (or failed, with the reason). Without SMTP it stays queued, to be read from the outbox.
 * Delivery problems are logged, never thrown: the submission that caused the mail is already safe.
 */
export async function sendMail(
  mail: Mail,
  { smtpUrl = getEnv().SMTP_URL }: { smtpUrl?: string } = {},
): Promise<"sent" | "queued" | "failed"> {
  const logger = getLogger();
  const db = getDb();
  const { id } = await db
    .insertInto("outbox")
    .values({
      to_address: mail.to,
      subject: mail.subject,
      body: smtpUrl ? (mail.outboxText ?? mail.text) : mail.text,
      status: "queued",
      error: null,
      created_at: new Date().toISOString(),
      sent_at: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();

  if (!smtpUrl) {
    logger.info({ outboxId: id, to: mail.to, subject: mail.subject }, "mail queued in the outbox");
    return "queued";
  }
  try {
    await transporterFor(smtpUrl).sendMail({
      from: `${brand.fullName} <${brand.emails.noreply}>`,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
    });
    await db
      .updateTable("outbox")
      .set({ status: "sent", sent_at: new Date().toISOString() })
      .where("id", "=", id)
      .execute();
    logger.info({ outboxId: id, subject: mail.subject }, "mail sent");
    return "sent";
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await db
      .updateTable("outbox")
      .set({ status: "failed", error: reason })
      .where("id", "=", id)
      .execute();
    logger.error({ outboxId: id, err: error }, "mail delivery failed");
    return "failed";
  }
}

/** Rows per outbox insert: 7 parameters each stays well under SQLite's and PostgreSQL's limits. */
const MAILS_PER_INSERT = 500;

/**
 * Many mails at once (a job's pass), answered in their order. Without SMTP they are written to the
 * outbox in a few statements, not a commit each; with SMTP each is delivered in turn, as `sendMail`.
 */
export async function sendMails(
  mails: readonly Mail[],
  { smtpUrl = getEnv().SMTP_URL }: { smtpUrl?: string } = {},
): Promise<("sent" | "queued" | "failed")[]> {
  if (smtpUrl) {
    const deliveries: ("sent" | "queued" | "failed")[] = [];
    for (const mail of mails) deliveries.push(await sendMail(mail, { smtpUrl }));
    return deliveries;
  }
  const createdAt = new Date().toISOString();
  for (let start = 0; start < mails.length; start += MAILS_PER_INSERT) {
    await getDb()
      .insertInto("outbox")
      .values(
        mails.slice(start, start + MAILS_PER_INSERT).map((mail) => ({
          to_address: mail.to,
          subject: mail.subject,
          body: mail.text,
          status: "queued" as const,
          error: null,
          created_at: createdAt,
          sent_at: null,
        })),
      )
      .execute();
  }
  if (mails.length > 0) getLogger().info({ count: mails.length }, "mails queued in the outbox");
  return mails.map(() => "queued");
}

/** What staff see of an outbox mail, in this order: the admin list and its CSV. */
export const OUTBOX_COLUMNS = [
  "id",
  "created_at",
  "sent_at",
  "to_address",
  "subject",
  "status",
  "error",
  "body",
] as const;

export type OutboxRow = Pick<Selectable<OutboxTable>, (typeof OUTBOX_COLUMNS)[number]>;

function outboxMatching(q: string) {
  return getDb()
    .selectFrom("outbox")
    .select(OUTBOX_COLUMNS)
    .$if(q !== "", (qb) => qb.where(containsText(["to_address", "subject"], q)))
    .orderBy("created_at", "desc")
    .orderBy("id", "desc");
}

/** A page of the outbox whose recipient or subject contains `q`, newest first. */
export function listOutbox({ q, ...page }: PageRequest): Promise<ListPage<OutboxRow>> {
  return pageOf(outboxMatching(q), page);
}

/** Every outbox mail whose recipient or subject contains `q`, newest first. */
export function listAllOutbox({ q }: Pick<PageRequest, "q">): Promise<OutboxRow[]> {
  return outboxMatching(q).execute();
}
