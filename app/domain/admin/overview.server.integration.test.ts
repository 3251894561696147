import { describe, expect, it } from "vitest";
import { getDb } from "~/platform/db/db.server";
import { recordWaitlistEntry } from "~/domain/waitlist/index.server";
import { countAdminTotals, countEventsByName } from "./overview.server";

const NOW = new Date("2026-11-22T12:00:00.000Z");
const hoursFromNow = (hours: number) => new Date(NOW.getTime() + hours * 3_600_000).toISOString();

async function addUser(id: string) {
  await getDb()
    .insertInto("user")
    .values({
      id,
      name: id,
      email: `${id}@bank.example`,
      email_verified: 1,
      image: null,
      created_at: hoursFromNow(-48),
      updated_at: hoursFromNow(-48),
      two_factor_enabled: null,
      role: "learner",
    })
    .execute();
}

async function addSession(id: string, userId: string, expiresAt: string) {
  await getDb()
    .insertInto("session")
    .values({
      id,
      expires_at: expiresAt,
      token: `token-${id}`,
      created_at: hoursFromNow(-24),
      updated_at: hoursFromNow(-24),
      ip_address: null,
      user_agent: null,
      user_id: userId,
      second_factor_at: null,
    })
    .execute();
}

async function addEvent(name: string, createdAt: string) {
  await getDb()
    .insertInto("analytics_event")
    .values({
      name,
      properties: "{}",
      path: "/kestrel",
      locale: null,
      session_id: null,
      anonymous_id: null,
      created_at: createdAt,
    })
    .execute();
}

describe("countAdminTotals", () => {
  it("counts nothing on an empty database", async () => {
    expect(await countAdminTotals({ now: NOW })).toEqual({
      waitlist: 0,
      contact: 0,
      demo: 0,
      users: 0,
      activeSessions: 0,
    });
  });

  it("counts submissions, users, and only the sessions that have not expired", async () => {
    const db = getDb();
    const at = NOW.toISOString();
    for (const who of ["a", "b"]) {
      await recordWaitlistEntry(
        {
          email: `${who}@bank.example`,
          name: who,
          company: "Bank",
          role: "Analyst",
          consent: true,
          product: "kestrel",
          timestamp: undefined,
        },
        { now: NOW },
      );
    }
    await db
      .insertInto("contact_message")
      .values({
        name: "Siti",
        email: "siti@bank.example",
        company: null,
        inquiry_type: "enterprise",
        message: "Hello",
        locale: null,
        created_at: at,
      })
      .execute();
    await db
      .insertInto("demo_request")
      .values(
        ["x", "y", "z"].map((who) => ({
          name: who,
          email: `${who}@bank.example`,
          company: "Bank",
          job_title: null,
          company_size: null,
          use_case: null,
          preferred_time: null,
          details: null,
          locale: null,
          created_at: at,
        })),
      )
      .execute();
    await addUser("mei");
    await addUser("an");
    await addSession("live-1", "mei", hoursFromNow(1));
    await addSession("live-2", "an", hoursFromNow(24 * 30));
    await addSession("expired-1", "mei", hoursFromNow(-1));
    await addSession("expired-2", "an", hoursFromNow(-24 * 30));

    expect(await countAdminTotals({ now: NOW })).toEqual({
      waitlist: 2,
      contact: 1,
      demo: 3,
      users: 2,
      activeSessions: 2,
    });
    // Two hours on, the session that had an hour left has ended.
    const later = new Date(NOW.getTime() + 2 * 3_600_000);
    expect((await countAdminTotals({ now: later })).activeSessions).toBe(1);
  });
});

describe("countEventsByName", () => {
  it("counts the last seven days by name, most frequent first", async () => {
    await addEvent("cta_click", hoursFromNow(-1));
    await addEvent("cta_click", hoursFromNow(-24 * 6));
    await addEvent("cta_click", hoursFromNow(-24 * 8)); // outside the window
    await addEvent("waitlist_open", hoursFromNow(-2));
    await addEvent("waitlist_open", hoursFromNow(-3));
    await addEvent("waitlist_open", hoursFromNow(-4));
    await addEvent("module_viewed", hoursFromNow(-24 * 7)); // on the boundary: counted
    await addEvent("page_view", hoursFromNow(-24 * 7 - 1)); // just before it: not counted

    expect(await countEventsByName({ now: NOW })).toEqual([
      { name: "waitlist_open", count: 3 },
      { name: "cta_click", count: 2 },
      { name: "module_viewed", count: 1 },
    ]);
  });

  it("answers an empty list when nothing happened in the window", async () => {
    await addEvent("cta_click", hoursFromNow(-24 * 10));
    expect(await countEventsByName({ now: NOW })).toEqual([]);
  });
});
