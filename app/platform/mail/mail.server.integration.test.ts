import { type AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/platform/db/db.server";
import { sendMail } from "./mail.server";

// A local SMTP server speaking the real protocol stands in for the mail provider.
const received: { to: string[]; data: string }[] = [];
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  onRcptTo(address, _session, callback) {
    if (address.address.endsWith("@refused.example"))
      return callback(new Error("Mailbox unavailable"));
    callback();
  },
  onData(stream, session, callback) {
    let data = "";
    stream.on("data", (chunk: Buffer) => (data += chunk.toString("utf8")));
    stream.on("end", () => {
      received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
      callback();
    });
  },
});
let smtpUrl = "";

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  smtpUrl = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const outbox = () => getDb().selectFrom("outbox").selectAll().orderBy("id").execute();

describe("sendMail", () => {
  it("without SMTP, keeps the mail queued in the outbox", async () => {
    const status = await sendMail(
      { to: "team@example.com", subject: "Hi", text: "Body" },
      { smtpUrl: "" },
    );
    expect(status).toBe("queued");
    expect(await outbox()).toMatchObject([
      { to_address: "team@example.com", status: "queued", sent_at: null },
    ]);
  });

  it("delivers over SMTP and marks the outbox row sent", async () => {
    const status = await sendMail(
      {
        to: "team@example.com",
        subject: "Demo request: Acme",
        text: "From: Ana <ana@acme.example>",
      },
      { smtpUrl },
    );
    expect(status).toBe("sent");
    const mail = received.at(-1);
    expect(mail?.to).toEqual(["team@example.com"]);
    expect(mail?.data).toContain("Subject: Demo request: Acme");
    expect(mail?.data).toContain("From: Ana <ana@acme.example>");
    const [row] = await outbox();
    expect(row?.status).toBe("sent");
    expect(row?.sent_at).not.toBeNull();
  });

  it("records a refused delivery as failed, with the reason, without throwing", async () => {
    const status = await sendMail(
      { to: "x@refused.example", subject: "S", text: "T" },
      { smtpUrl },
    );
    expect(status).toBe("failed");
    const [row] = await outbox();
    expect(row?.status).toBe("failed");
    expect(row?.error).toMatch(/Mailbox unavailable/);
  });

  it("records an unreachable server as failed", async () => {
    const status = await sendMail(
      { to: "a@b.example", subject: "S", text: "T" },
      { smtpUrl: "smtp://127.0.0.1:9" },
    );
    expect(status).toBe("failed");
  });
});
