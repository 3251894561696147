import { mkdirSync, rmSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { getDb, openDatabase, withDatabase } from "~/platform/db/db.server";
import { submitLeadForm } from "./submit.server";

const contact = {
  name: "Siti Rahman",
  email: "Siti@Example.MY",
  company: "",
  inquiryType: "enterprise",
  message: "Pricing for 200 learners, please.",
};

describe("submitLeadForm", () => {
  it("stores a contact message and queues its mail", async () => {
    const reply = await submitLeadForm("contact", contact, {
      clientIp: "192.0.2.1",
      locale: "ms-MY",
    });
    expect(reply).toMatchObject({ status: 200, ok: true });
    const rows = await getDb().selectFrom("contact_message").selectAll().execute();
    expect(rows).toMatchObject([
      { email: "siti@example.my", company: null, inquiry_type: "enterprise", locale: "ms-MY" },
    ]);
    expect(await getDb().selectFrom("outbox").select("status").execute()).toEqual([
      { status: "queued" },
    ]);
  });

  it("answers missing and malformed fields with the SPEC's contact wording, keeping the values", async () => {
    const reply = await submitLeadForm(
      "contact",
      { name: "", email: "siti@", message: "Keep me", inquiryType: "nonsense" },
      { clientIp: "192.0.2.2" },
    );
    expect(reply.status).toBe(400);
    // The one refusal every action answers, and the form's own result to show it.
    expect(reply).toMatchObject({
      ok: false,
      error: { code: "validation", fields: { name: "contact:required" } },
    });
    expect(reply.result.error).toMatchObject({
      name: ["contact:required"],
      email: ["contact:invalidEmail"],
      inquiryType: ["contact:required"],
    });
    expect(reply.result.initialValue).toMatchObject({ message: "Keep me", email: "siti@" });
    expect(await getDb().selectFrom("contact_message").selectAll().execute()).toEqual([]);
  });

  it("accepts only known choices on a demo request and bounds every text", async () => {
    const reply = await submitLeadForm(
      "demo",
      {
        name: "An",
        email: "an@bank.vn",
        company: "x".repeat(161),
        companySize: "huge",
        details: "ok",
      },
      { clientIp: "192.0.2.3" },
    );
    expect(reply.status).toBe(400);
    expect(reply.result.error?.company).toEqual(["validation:maxLength?max=160"]);
    const stored = await submitLeadForm(
      "demo",
      { name: "An", email: "an@bank.vn", company: "Saigon Credit", companySize: "huge" },
      { clientIp: "192.0.2.3" },
    );
    expect(stored.ok).toBe(true);
    const [row] = await getDb().selectFrom("demo_request").selectAll().execute();
    expect(row).toMatchObject({ company: "Saigon Credit", company_size: null });
  });

  it("limits each address (429 with Retry-After), keeping the values", async () => {
    let reply;
    for (let i = 0; i < 11; i++) {
      reply = await submitLeadForm("contact", contact, { clientIp: "192.0.2.9" });
    }
    expect(reply?.status).toBe(429);
    expect(reply).toMatchObject({ ok: false, error: { code: "rate_limited" } });
    expect(Number(reply?.headers["Retry-After"])).toBeGreaterThan(0);
    expect(reply?.result.error?.[""]).toEqual(["errors:rate_limited"]);
    expect(reply?.result.initialValue).toMatchObject({ message: contact.message });
  });

  it("says the server failed, and keeps the values, when the database refuses the write", async () => {
    mkdirSync("data/test", { recursive: true });
    const file = `data/test/unmigrated-${process.pid}.db`;
    const broken = openDatabase(file); // no tables: every insert fails
    try {
      const reply = await withDatabase(broken, () =>
        submitLeadForm(
          "demo",
          { name: "An", email: "an@bank.vn", company: "Co" },
          { clientIp: "192.0.2.10" },
        ),
      );
      expect(reply.status).toBe(500);
      expect(reply).toMatchObject({
        ok: false,
        error: { code: "server_error", message: "demo:serverError" },
      });
      expect(reply.result.error?.[""]).toEqual(["demo:serverError"]);
      expect(reply.result.initialValue).toMatchObject({ company: "Co" });
    } finally {
      await broken.destroy();
      rmSync(file, { force: true });
    }
  });
});
