import { describe, expect, it } from "vitest";
import { getDb } from "~/platform/db/db.server";
import { recordWaitlistEntry } from "~/domain/waitlist/index.server";
import { ADMIN_PAGE_SIZE } from "./constants";
import { listOutbox, listSubmissions, rowsForExport } from "./datasets.server";
import { parseAdminListQuery } from "./list-query";

const minutes = (n: number) => new Date(Date.UTC(2026, 10, 1) + n * 60_000).toISOString();

async function addWaitlist(count: number, name = (i: number) => `Person ${i}`) {
  for (let i = 0; i < count; i++) {
    await recordWaitlistEntry(
      {
        email: `person${i}@bank.example`,
        name: name(i),
        company: "Bank",
        role: "Analyst",
        consent: true,
        product: "kestrel",
        timestamp: undefined,
      },
      { now: new Date(minutes(i)) },
    );
  }
}

async function addContact(fields: { name: string; company?: string | null; message?: string }) {
  await getDb()
    .insertInto("contact_message")
    .values({
      name: fields.name,
      email: `${fields.name.toLowerCase().replace(/\W+/g, ".")}@mail.example`,
      company: fields.company ?? null,
      inquiry_type: "general",
      message: fields.message ?? "Hello",
      locale: null,
      created_at: minutes(0),
    })
    .execute();
}

const names = <T extends { name: string }>(rows: T[]) => rows.map((row) => row.name).sort();

describe("listSubmissions", () => {
  it("lists newest first, a page at a time, with the total and the page count", async () => {
    await addWaitlist(ADMIN_PAGE_SIZE * 2 + 3);
    const first = await listSubmissions("waitlist", { q: "", page: 1 });
    expect(first).toMatchObject({ page: 1, pageCount: 3, total: 53, q: "" });
    expect(first.rows).toHaveLength(ADMIN_PAGE_SIZE);
    expect(first.rows[0]).toMatchObject({ name: "Person 52", email: "person52@bank.example" });
    expect(Object.keys(first.rows[0] ?? {}).sort()).toEqual(
      [
        "company",
        "created_at",
        "email",
        "id",
        "locale",
        "name",
        "product",
        "region",
        "role",
        "submissions",
        "updated_at",
      ].sort(),
    );

    const last = await listSubmissions("waitlist", { q: "", page: 3 });
    expect(last.rows.map((row) => row.name)).toEqual(["Person 2", "Person 1", "Person 0"]);
  });

  it("shows the last page for a page beyond it, and the first for page 0 or a non-number", async () => {
    await addWaitlist(ADMIN_PAGE_SIZE + 1);
    const beyond = await listSubmissions("waitlist", { q: "", page: 99 });
    expect(beyond).toMatchObject({ page: 2, pageCount: 2, total: 26 });
    expect(beyond.rows.map((row) => row.name)).toEqual(["Person 0"]);

    const zero = await listSubmissions("waitlist", { q: "", page: 0 });
    expect(zero).toMatchObject({ page: 1 });
    expect(zero.rows).toHaveLength(ADMIN_PAGE_SIZE);

    for (const page of ["abc", "-3", "1.5", "1e400"]) {
      const query = parseAdminListQuery(new URLSearchParams({ page }));
      expect((await listSubmissions("waitlist", query)).page).toBe(1);
    }
  });

  it("answers one empty page when there is nothing", async () => {
    expect(await listSubmissions("demo", { q: "", page: 4 })).toEqual({
      rows: [],
      q: "",
      page: 1,
      pageCount: 1,
      total: 0,
    });
  });

  it("matches name, email, company and message, ignoring case", async () => {
    await addContact({ name: "Siti Rahman", company: "Maybank" });
    await addContact({ name: "An Nguyen", company: null, message: "Pricing for MAYBANK staff" });
    await addContact({ name: "Somchai", company: "Krungthai" });

    const byCompany = await listSubmissions("contact", { q: "maybank", page: 1 });
    expect(names(byCompany.rows)).toEqual(["An Nguyen", "Siti Rahman"]);
    expect(byCompany.total).toBe(2);
    expect(byCompany.rows[0]).toHaveProperty("message");

    expect(names((await listSubmissions("contact", { q: "SITI", page: 1 })).rows)).toEqual([
      "Siti Rahman",
    ]);
    const byEmail = await listSubmissions("contact", { q: "somchai@mail", page: 1 });
    expect(names(byEmail.rows)).toEqual(["Somchai"]);
    expect((await listSubmissions("contact", { q: "nobody", page: 1 })).total).toBe(0);
  });

  it("reads % and _ in a search as themselves, not as wildcards", async () => {
    await addContact({ name: "Growth 100% Ltd" });
    await addContact({ name: "Growth 1000 Ltd" });
    await addContact({ name: "snake_case Co" });
    await addContact({ name: "snakeXcase Co" });
    await addContact({ name: "Back\\slash" });

    const percent = await listSubmissions("contact", { q: "100%", page: 1 });
    expect(names(percent.rows)).toEqual(["Growth 100% Ltd"]);
    const underscore = await listSubmissions("contact", { q: "e_c", page: 1 });
    expect(names(underscore.rows)).toEqual(["snake_case Co"]);
    expect((await listSubmissions("contact", { q: "%", page: 1 })).total).toBe(1);
    const backslash = await listSubmissions("contact", { q: "k\\s", page: 1 });
    expect(names(backslash.rows)).toEqual(["Back\\slash"]);
  });

  it("pages through the rows a search matches", async () => {
    await addWaitlist(ADMIN_PAGE_SIZE + 5, (i) => (i % 2 === 0 ? `Even ${i}` : `Odd ${i}`));
    const even = await listSubmissions("waitlist", { q: "even", page: 2 });
    expect(even).toMatchObject({ total: 15, pageCount: 1, page: 1, q: "even" });
    expect(even.rows.every((row) => row.name.startsWith("Even"))).toBe(true);
  });
});

describe("listOutbox", () => {
  it("lists the outbox newest first and searches recipient and subject", async () => {
    const db = getDb();
    await db
      .insertInto("outbox")
      .values([
        {
          to_address: "team@kestrel.example",
          subject: "Contact (sales): Siti",
          body: "From: Siti",
          status: "queued",
          error: null,
          created_at: minutes(1),
          sent_at: null,
        },
        {
          to_address: "mei@bank.example",
          subject: "Your sign-in code",
          body: "Code",
          status: "failed",
          error: "connect ECONNREFUSED",
          created_at: minutes(2),
          sent_at: null,
        },
      ])
      .execute();
    const all = await listOutbox({ q: "", page: 1 });
    expect(all.rows.map((row) => row.subject)).toEqual([
      "Your sign-in code",
      "Contact (sales): Siti",
    ]);
    expect(all.rows[0]).toMatchObject({ status: "failed", error: "connect ECONNREFUSED" });
    expect((await listOutbox({ q: "MEI@", page: 1 })).total).toBe(1);
    expect((await listOutbox({ q: "contact (sales)", page: 1 })).total).toBe(1);
    expect((await listOutbox({ q: "From: Siti", page: 1 })).total).toBe(0); // not the body
  });
});

describe("rowsForExport", () => {
  it("answers every row the search matches, not one page", async () => {
    await addWaitlist(ADMIN_PAGE_SIZE * 2, (i) => (i < 30 ? `Match ${i}` : `Other ${i}`));
    const rows = await rowsForExport("waitlist", { q: "match" });
    expect(rows).toHaveLength(30);
    expect(rows[0]?.name).toBe("Match 29");
  });
});
