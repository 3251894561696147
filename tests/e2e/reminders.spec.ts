import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { promisify } from "node:util";
import SQLite from "better-sqlite3";
import { E2E_DATABASE, E2E_PORT, E2E_SMTP_PORT } from "../../playwright.config";
import { PILOT_DOMAIN, login } from "./auth";
import { deliveredMail } from "./db";
import { expect, test, uniqueEmail } from "./fixtures";

// A reminder as a learner meets it (issue "Reminders"): a cron-style pass (`npm run jobs:once`)
// mails the overdue requirement in the organisation's language and puts it under the bell.

const run = promisify(execFile);

/** The learner's organisation, in Thailand, with one requirement that fell due three days ago. */
function enrolInThaiOrganisation(email: string): number {
  const db = new SQLite(E2E_DATABASE, { fileMustExist: true });
  db.pragma("busy_timeout = 5000");
  try {
    const at = new Date().toISOString();
    const bangkokToday = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Bangkok" }).format(
      new Date(),
    );
    const due = new Date(`${bangkokToday}T00:00:00Z`);
    due.setUTCDate(due.getUTCDate() - 3);
    const { id: userId } = db.prepare('select id from "user" where email = ?').get(email) as {
      id: string;
    };
    const organisationId = Number(
      db
        .prepare(
          "insert into organisation (name, region, time_zone, next_audit, created_at) values (?, 'TH', 'Asia/Bangkok', '2026-10-18', ?) returning id",
        )
        .pluck()
        .get(`Siam Remittance ${randomUUID().slice(0, 8)}`, at),
    );
    db.prepare(
      "insert into requirement (organisation_id, name, description, category, points, due_date, fulfilled_by, recurrence, window_days, created_at, updated_at, updated_by) values (?, 'Customer Due Diligence', 'Know your customer.', 'aml', 200, ?, ?, 'yearly', 30, ?, ?, 'system')",
    ).run(
      organisationId,
      due.toISOString().slice(0, 10),
      JSON.stringify(["module:document-verification"]),
      at,
      at,
    );
    // Signing in made them a member of the organisation that let them in: move them to this one.
    db.prepare(
      "insert into organisation_member (user_id, organisation_id, role, joined_at) values (?, ?, 'learner', ?) on conflict (user_id) do update set organisation_id = excluded.organisation_id",
    ).run(userId, organisationId, at);
    return organisationId;
  } finally {
    db.close();
  }
}

/** The bytes of RFC 2047 encoded words and RFC 2045 quoted-printable or base64 text, as UTF-8. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, encoding: string, data: string) =>
      encoding.toLowerCase() === "b"
        ? Buffer.from(data, "base64").toString("binary")
        : decodeQuotedPrintable(data.replace(/_/g, " ")).toString("binary"),
    )
    .replace(/[\s\S]+/, (binary) => Buffer.from(binary, "binary").toString("utf8"));
}

function decodeQuotedPrintable(text: string): Buffer {
  const joined = text.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let index = 0; index < joined.length; index += 1) {
    const hex = joined.slice(index + 1, index + 3);
    if (joined[index] === "=" && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(joined.charCodeAt(index));
    }
  }
  return Buffer.from(bytes);
}

/** A delivered mail's subject and text, decoded. */
function readMail(raw: string): { subject: string; text: string } {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = raw.slice(0, split).replace(/\r?\n[ \t]+/g, " ");
  const body = raw.slice(split).trim();
  const encoding = /^content-transfer-encoding:\s*(\S+)/im.exec(headers)?.[1]?.toLowerCase();
  const text =
    encoding === "base64"
      ? Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8")
      : encoding === "quoted-printable"
        ? decodeQuotedPrintable(body).toString("utf8")
        : body;
  return { subject: decodeHeader(/^subject:\s*(.*)$/im.exec(headers)?.[1] ?? ""), text };
}

test("a learner with an overdue requirement is mailed in their organisation's language, once, and sees it under the bell", async ({
  page,
}) => {
  test.slow();
  const email = uniqueEmail("overdue", PILOT_DOMAIN);
  await login(page, email);
  const organisationId = enrolInThaiOrganisation(email);
  const mailsTo = () => deliveredMail().filter((mail) => mail.to.includes(email));
  const before = mailsTo().length;

  // What cron runs, scoped to this organisation so no other test's learner is reminded.
  const pass = () =>
    run(process.execPath, ["scripts/jobs-once.js", `--organisation=${organisationId}`], {
      env: {
        ...process.env,
        NODE_ENV: "production",
        LOG_LEVEL: "warn",
        DATABASE_URL: E2E_DATABASE,
        SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
        APP_URL: `http://127.0.0.1:${E2E_PORT}`,
      },
    });
  await pass();

  await expect.poll(() => mailsTo().length).toBe(before + 1);
  const mail = readMail(mailsTo().at(-1)?.data ?? "");
  expect(mail.subject).toMatch(/^เลยกำหนด: Customer Due Diligence ครบกำหนดวันที่ \d+ \S+ 25\d\d$/);
  expect(mail.text).toContain("โปรดทำการฝึกอบรมให้เสร็จโดยเร็วที่สุด");
  expect(mail.text).toContain(`http://127.0.0.1:${E2E_PORT}/training/compliance`);

  // A second pass the same day mails nothing more.
  await pass();
  expect(mailsTo()).toHaveLength(before + 1);

  await page.goto("/training/notifications");
  await expect(
    page.getByRole("link", { name: "Notifications: 1 needs your action" }),
  ).toBeVisible();
  await expect(page.getByTestId("notification").first()).toContainText(
    "Customer Due Diligence is overdue",
  );
});
