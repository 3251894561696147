import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { getDb } from "~/platform/db/db.server";
import { listNotifications } from "~/platform/notifications/index.server";
import type { MemberRole, OrganisationRegion } from "./constants";
import { TIME_ZONE_BY_REGION } from "./constants";
import { runReminderPass } from "./reminders.server";

// Reminders on a real database (issue "Reminders"): at most once per learner, requirement, cycle
// and kind whatever the passes, on the organisation's local dates, in its language, with one
// summary per pass to its managers.

const DUE = "2026-03-01";
/** Nothing listens here: the mail server refuses every connection. */
const CLOSED_SMTP = "smtp://127.0.0.1:1";

async function organisation(region: OrganisationRegion = "CA") {
  const row = await getDb()
    .insertInto("organisation")
    .values({
      name: `Org ${randomUUID()}`,
      region,
      time_zone: TIME_ZONE_BY_REGION[region],
      next_audit: "2026-10-18",
      created_at: "2025-01-01T00:00:00.000Z",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

async function requirement(
  organisationId: number,
  { name = "Customer Due Diligence", dueDate = DUE, module = "document-verification" } = {},
) {
  const row = await getDb()
    .insertInto("requirement")
    .values({
      organisation_id: organisationId,
      name,
      description: "Know your customer.",
      category: "aml",
      points: 100,
      due_date: dueDate,
      fulfilled_by: JSON.stringify([`module:${module}`]),
      recurrence: "yearly",
      window_days: 30,
      created_at: "2025-01-01T00:00:00.000Z",
      updated_at: "2025-01-01T00:00:00.000Z",
      updated_by: "system",
      removed_at: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

interface Member {
  id: string;
  email: string;
  name: string;
}

/** Users who belong to the organisation, many per statement. */
async function members(
  organisationId: number,
  count: number,
  { role = "learner" as MemberRole, label = "learner" } = {},
): Promise<Member[]> {
  const at = "2025-01-01T00:00:00.000Z";
  const made = Array.from({ length: count }, (_, index) => {
    const id = randomUUID();
    return {
      id,
      email: `${label}-${index}-${id.slice(0, 8)}@bank.example`,
      name: `${label} ${index}`,
    };
  });
  for (let start = 0; start < made.length; start += 500) {
    const slice = made.slice(start, start + 500);
    await getDb()
      .insertInto("user")
      .values(
        slice.map((user) => ({
          ...user,
          email_verified: 1,
          image: null,
          created_at: at,
          updated_at: at,
          two_factor_enabled: 0,
          role: null,
        })),
      )
      .execute();
    await getDb()
      .insertInto("organisation_member")
      .values(
        slice.map((user) => ({
          user_id: user.id,
          organisation_id: organisationId,
          role,
          joined_at: at,
          role_changed_by: null,
          role_changed_at: null,
        })),
      )
      .execute();
  }
  return made;
}

/** A passed take of a module, stored as the training feature stores one. */
async function pass(userId: string, moduleId: string, completedAt: string) {
  const learnerId = randomUUID();
  await getDb()
    .insertInto("learner")
    .values({
      id: learnerId,
      user_id: userId,
      created_at: completedAt,
      last_seen_at: completedAt,
      progress_reset_at: null,
    })
    .execute();
  await getDb()
    .insertInto("training_run")
    .values({
      learner_id: learnerId,
      item_id: moduleId,
      take_key: randomUUID(),
      started_at: completedAt,
      completed_at: completedAt,
      score: 100,
    })
    .execute();
}

async function outbox(to?: string) {
  return getDb()
    .selectFrom("outbox")
    .select(["to_address", "subject", "body", "status", "error"])
    .$if(to !== undefined, (query) => query.where("to_address", "=", to ?? ""))
    .orderBy("id")
    .execute();
}

async function claims() {
  return getDb()
    .selectFrom("reminder_claim")
    .select(["user_id", "cycle", "kind", "status", "error"])
    .orderBy("id")
    .execute();
}

describe("runReminderPass", () => {
  it("mails each reminder once when two passes run at once, and nothing more later that day", async () => {
    const org = await organisation("CA");
    await requirement(org);
    const learners = await members(org, 3);
    // Toronto, 10:00 on 22 February: 7 days before the due date.
    const now = new Date("2026-02-22T15:00:00Z");

    const [first, second] = await Promise.all([runReminderPass({ now }), runReminderPass({ now })]);
    expect(first.claimed + second.claimed).toBe(3);
    const mails = await outbox();
    expect(mails.map((mail) => mail.to_address).sort()).toEqual(
      learners.map((learner) => learner.email).sort(),
    );
    for (const mail of mails) {
      expect(mail.subject).toBe("Reminder: Customer Due Diligence is due in 7 days");
      expect(mail.body).toContain("is due in 7 days, on March 1, 2026");
      expect(mail.body).toContain("http://localhost:3000/training/compliance");
      expect(mail.status).toBe("queued");
    }
    expect((await claims()).map((claim) => [claim.kind, claim.status])).toEqual(
      learners.map(() => ["before-7", "queued"]),
    );

    const later = await runReminderPass({ now: new Date("2026-02-22T22:00:00Z") });
    expect(later.claimed).toBe(0);
    expect(await outbox()).toHaveLength(3);

    const [notification] = await listNotifications(learners[0]?.id ?? "");
    expect(notification).toMatchObject({
      kind: "requirementDueSoon",
      params: { requirement: "Customer Due Diligence", dueDate: DUE },
      type: "compliance",
      priority: "medium",
      actionRequired: false,
    });
  });

  it("reminds 14, 7 and 1 days before, on the day after, then weekly, by the organisation's local dates and in its language", async () => {
    const org = await organisation("TH");
    await requirement(org);
    const [learner] = await members(org, 1);
    const kindAt = async (instant: string) => {
      await runReminderPass({ now: new Date(instant) });
      return (await claims()).map((claim) => claim.kind);
    };
    // Bangkok is UTC+7: 16:59 UTC on 14 February is still the 14th there, 15 days before.
    expect(await kindAt("2026-02-14T16:59:00Z")).toEqual([]);
    expect(await kindAt("2026-02-14T17:00:00Z")).toEqual(["before-14"]);
    expect(await kindAt("2026-02-20T12:00:00Z")).toEqual(["before-14"]);
    expect(await kindAt("2026-02-22T01:00:00Z")).toEqual(["before-14", "before-7"]);
    expect(await kindAt("2026-02-28T03:00:00Z")).toEqual(["before-14", "before-7", "before-1"]);
    expect(await kindAt("2026-03-01T16:00:00Z")).toEqual(["before-14", "before-7", "before-1"]);
    expect(await kindAt("2026-03-01T17:00:00Z")).toEqual([
      "before-14",
      "before-7",
      "before-1",
      "overdue",
    ]);
    expect(await kindAt("2026-03-08T16:59:00Z")).toHaveLength(4);
    expect(await kindAt("2026-03-08T17:00:00Z")).toEqual([
      "before-14",
      "before-7",
      "before-1",
      "overdue",
      "overdue-week-1",
    ]);

    const subjects = (await outbox(learner?.email)).map((mail) => mail.subject);
    expect(subjects).toEqual([
      "แจ้งเตือน: Customer Due Diligence จะครบกำหนดในอีก 14 วัน",
      "แจ้งเตือน: Customer Due Diligence จะครบกำหนดในอีก 7 วัน",
      "แจ้งเตือน: Customer Due Diligence จะครบกำหนดในอีก 1 วัน",
      "เลยกำหนด: Customer Due Diligence ครบกำหนดวันที่ 1 มีนาคม 2569",
      "ยังเลยกำหนดอยู่: Customer Due Diligence",
    ]);
  });

  it("sends the managers one summary per pass of who became overdue, and of who still is a week later", async () => {
    const org = await organisation("CA");
    await requirement(org, { dueDate: "2026-03-01" });
    const learners = await members(org, 3);
    const managers = await members(org, 2, { role: "manager", label: "manager" });
    const overdueDay = new Date("2026-03-02T15:00:00Z");

    const result = await runReminderPass({ now: overdueDay });
    expect(result).toMatchObject({ claimed: 5, queued: 5, digests: 2 });
    for (const learner of learners) {
      const mails = await outbox(learner.email);
      expect(mails.map((mail) => mail.subject)).toEqual([
        "Overdue: Customer Due Diligence was due on March 1, 2026",
      ]);
      expect(mails[0]?.body).toContain("your managers have been informed");
      const [notification] = await listNotifications(learner.id);
      expect(notification).toMatchObject({
        kind: "requirementOverdue",
        priority: "high",
        actionRequired: true,
        actionUrl: "/training/compliance",
      });
    }
    for (const manager of managers) {
      const mails = await outbox(manager.email);
      // Their own reminder (managers have requirements too), and the one summary.
      expect(mails).toHaveLength(2);
      const summary = mails.find((mail) => mail.subject.includes("overdue training"));
      expect(summary?.subject).toMatch(/^Org .+: 5 overdue training requirements$/);
      for (const member of [...learners, ...managers]) {
        expect(summary?.body).toContain(
          `${member.name} (${member.email}): Customer Due Diligence, due March 1, 2026, now overdue`,
        );
      }
    }

    // Someone completes the training: the weekly reminder and the summary leave them out.
    const [done, ...rest] = learners;
    await pass(done?.id ?? "", "document-verification", "2026-03-05T12:00:00Z");
    const before = (await outbox()).length;
    const weekLater = await runReminderPass({ now: new Date("2026-03-09T15:00:00Z") });
    expect(weekLater).toMatchObject({ claimed: 4, digests: 2 });
    const summaries = (await outbox())
      .slice(before)
      .filter((mail) => mail.subject.startsWith("Org "));
    expect(summaries).toHaveLength(2);
    expect(summaries[0]?.subject).toMatch(/: 4 overdue training requirements$/);
    expect(summaries[0]?.body).not.toContain(done?.email);
    for (const learner of rest) {
      expect(summaries[0]?.body).toContain(
        `${learner.email}): Customer Due Diligence, due March 1, 2026, still overdue`,
      );
    }
    expect((await runReminderPass({ now: new Date("2026-03-10T15:00:00Z") })).claimed).toBe(0);
  });

  it("opens a new cycle when a certificate enters its recertification window and tells the learner", async () => {
    const org = await organisation("VN");
    await requirement(org, { dueDate: "2025-12-31" });
    const [learner] = await members(org, 1);
    // Passed on 1 June 2025: valid until 1 June 2026, renewable from 2 May 2026 (30 days before).
    await pass(learner?.id ?? "", "document-verification", "2025-06-01T03:00:00Z");

    expect((await runReminderPass({ now: new Date("2026-05-01T12:00:00Z") })).claimed).toBe(0);
    await runReminderPass({ now: new Date("2026-05-02T12:00:00Z") });
    expect(await claims()).toMatchObject([{ cycle: 2, kind: "window-open", status: "queued" }]);
    const [mail] = await outbox(learner?.email);
    expect(mail?.subject).toBe("Đến lúc gia hạn Customer Due Diligence");
    expect(mail?.body).toContain("sẽ hết hạn vào 1 tháng 6, 2026");
    const [notification] = await listNotifications(learner?.id ?? "");
    expect(notification).toMatchObject({
      kind: "recertificationOpen",
      params: { requirement: "Customer Due Diligence", dueDate: "2026-06-01" },
    });

    // The renewal cycle is reminded like the first one; the notice is not sent again.
    await runReminderPass({ now: new Date("2026-05-18T12:00:00Z") });
    expect((await claims()).map((claim) => [claim.cycle, claim.kind])).toEqual([
      [2, "window-open"],
      [2, "before-14"],
    ]);
  });

  it("reminds again before a due date an extension moved, and when it passes", async () => {
    const org = await organisation("CA");
    const requirementId = await requirement(org);
    const [learner] = await members(org, 1);
    await runReminderPass({ now: new Date("2026-03-02T15:00:00Z") });
    await getDb()
      .insertInto("requirement_extension")
      .values({
        requirement_id: requirementId,
        user_id: learner?.id ?? "",
        cycle: 1,
        due_date: "2026-03-31",
        reason: "Parental leave",
        actor_email: "manager@bank.example",
        created_at: "2026-03-03T15:00:00.000Z",
      })
      .execute();
    await runReminderPass({ now: new Date("2026-03-17T15:00:00Z") });
    await runReminderPass({ now: new Date("2026-04-01T15:00:00Z") });
    expect((await claims()).map((claim) => claim.kind)).toEqual([
      "overdue",
      "before-14@2026-03-31",
      "overdue@2026-03-31",
    ]);
    expect((await outbox(learner?.email)).map((mail) => mail.subject)).toEqual([
      "Overdue: Customer Due Diligence was due on March 1, 2026",
      "Reminder: Customer Due Diligence is due in 14 days",
      "Overdue: Customer Due Diligence was due on March 31, 2026",
    ]);
  });

  it("marks a reminder the mail server refuses as failed and never sends it again", async () => {
    const org = await organisation("SG");
    await requirement(org);
    const [learner] = await members(org, 1);
    const now = new Date("2026-02-15T02:00:00Z");

    expect(await runReminderPass({ now, smtpUrl: CLOSED_SMTP })).toMatchObject({
      claimed: 1,
      failed: 1,
    });
    expect(await claims()).toMatchObject([{ kind: "before-14", status: "failed" }]);
    expect((await claims())[0]?.error).toMatch(/refused/);
    expect(await outbox(learner?.email)).toMatchObject([{ status: "failed" }]);
    expect((await outbox(learner?.email))[0]?.error).toBeTruthy();

    for (const later of ["2026-02-15T09:00:00Z", "2026-02-16T02:00:00Z"]) {
      await runReminderPass({ now: new Date(later), smtpUrl: CLOSED_SMTP });
    }
    expect(await outbox(learner?.email)).toHaveLength(1);
  });

  it("does not send again what a pass that stopped halfway had claimed", async () => {
    const org = await organisation("MY");
    const requirementId = await requirement(org);
    const learners = await members(org, 4);
    const [crashed, ...others] = learners;
    // What a pass leaves when it stops after its claims and before its mail.
    await getDb()
      .insertInto("reminder_claim")
      .values({
        requirement_id: requirementId,
        user_id: crashed?.id ?? "",
        cycle: 1,
        kind: "before-7",
        status: "claimed",
        claimed_at: "2026-02-22T01:00:00.000Z",
        finished_at: null,
        error: null,
      })
      .execute();

    await runReminderPass({ now: new Date("2026-02-22T02:00:00Z") });
    expect(await outbox(crashed?.email)).toEqual([]);
    const mails = await outbox();
    expect(mails.map((mail) => mail.to_address).sort()).toEqual(
      others.map((learner) => learner.email).sort(),
    );
    expect(mails[0]?.subject).toBe(
      "Peringatan: Customer Due Diligence perlu diselesaikan dalam 7 hari",
    );
  });

  // A bound that a query per learner would break (minutes), far above the usual 2–5 s on a busy
  // machine: timings to compare belong in `npm run bench`, not in a test that must never flake.
  it("passes over an organisation of 2,000 learners in well under a minute", async () => {
    const org = await organisation("CA");
    await requirement(org, { name: "Customer Due Diligence" });
    await requirement(org, {
      name: "AML Training",
      dueDate: "2026-12-31",
      module: "trade-based-laundering",
    });
    await requirement(org, {
      name: "Record Keeping",
      dueDate: "2026-09-30",
      module: "lease-fraud-detection",
    });
    await requirement(org, {
      name: "Reporting",
      dueDate: "2025-06-30",
      module: "suspicious-transaction-reporting",
    });
    const learners = await members(org, 2_000);
    // Half of them passed the overdue requirement; the other half is reminded of it too.
    for (const learner of learners.slice(0, 1_000)) {
      await pass(learner.id, "suspicious-transaction-reporting", "2025-06-01T12:00:00Z");
    }

    const started = performance.now();
    const result = await runReminderPass({ now: new Date("2026-02-22T15:00:00Z") });
    const seconds = (performance.now() - started) / 1000;
    console.info(`reminder pass over 2,000 learners: ${seconds.toFixed(2)} s`, result);
    expect(result.claimed).toBe(2_000 + 1_000);
    expect(seconds).toBeLessThanOrEqual(30);
  }, 90_000);
});
