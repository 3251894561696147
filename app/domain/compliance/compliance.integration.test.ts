import { describe, expect, it } from "vitest";
import { getDb } from "~/platform/db/db.server";
import {
  loadComplianceDashboard,
  type ComplianceDashboard,
} from "~/domain/compliance/index.server";
import { RESET_REASON } from "~/workflows/factory-reset.server";
import { addDays, localDate } from "~/domain/compliance/rules";
import {
  answerOf,
  callAction,
  pageRequest as request,
} from "../../../tests/integration/call-action";
import { signInForTest } from "../../../tests/integration/auth";
import { action as certificatesAction } from "~/routes/training.certificates";
import { action as homeAction, loader as homeLoader } from "~/routes/training-home";
import { takeModule } from "../../../tests/integration/takes";
import { catalogueCounts } from "~/domain/training/index.server";

// The compliance dashboard on a real database: requirements per learner and cycle, what a
// manager sees of the organisation, analytics from stored takes, extensions, Factory Reset.

// The takes are recorded at the real time, so the dashboard is read a little after it.
const NOW = new Date(Date.now() + 10 * 60_000);
const DAY = 86_400_000;
let counter = 0;
const freshIp = () => `198.51.100.${(counter += 1) % 250}`;

function passModule(cookie: string, moduleId: string, right = true) {
  return takeModule(moduleId, cookie, right);
}

/** Moves a take (its first answer and completion) to another moment. */
async function moveTake(take: string, completedAt: Date) {
  await getDb()
    .updateTable("training_run")
    .set({
      started_at: new Date(completedAt.getTime() - 6 * 60_000).toISOString(),
      completed_at: completedAt.toISOString(),
    })
    .where("take_key", "=", take)
    .execute();
}

const dashboardOf = async (
  cookie: string,
  options: { scope?: "self"; fresh?: boolean; now?: Date } = {},
) =>
  (await loadComplianceDashboard(request("/training", { cookie }), {
    now: NOW,
    fresh: true,
    ...options,
  })) as ComplianceDashboard;

const byName = (dashboard: ComplianceDashboard, name: string) =>
  dashboard.requirements.find((requirement) => requirement.name === name);

async function userIdOf(email: string) {
  const row = await getDb()
    .selectFrom("user")
    .select("id")
    .where("email", "=", email)
    .executeTakeFirstOrThrow();
  return row.id;
}

describe("a learner's requirements", () => {
  it("start as the four default requirements, due 30 days after joining: nobody is overdue on day one", async () => {
    const { cookie, email } = await signInForTest("starter");
    const dashboard = await dashboardOf(cookie);
    expect(dashboard.scope).toBe("self");
    expect(dashboard.role).toBe("learner");
    // The SPEC's audit date has passed: a learner is not shown it as the next audit.
    expect(dashboard.organisation).toEqual({
      id: expect.any(Number),
      name: "bank.example",
      regulator: "FINTRAC",
      nextAudit: "2026-10-18",
      nextAuditPast: true,
      canSetAudit: false,
    });
    const member = await getDb()
      .selectFrom("organisation_member")
      .select("joined_at")
      .where("user_id", "=", await userIdOf(email))
      .executeTakeFirstOrThrow();
    // Due at the end of the 30th day after the day they joined, in Toronto.
    const due = addDays(localDate(member.joined_at, "America/Toronto"), 30);
    expect(
      dashboard.requirements.map(({ name, dueDate, points, status }) => [
        name,
        dueDate,
        points,
        status,
      ]),
    ).toEqual([
      ["Customer Due Diligence", due, 200, "pending"],
      ["AML Training", due, 100, "pending"],
      ["Suspicious Transaction Reporting", due, 150, "pending"],
      ["Record Keeping", due, 125, "pending"],
    ]);
    expect(dashboard.analytics.complianceScore).toBe(0);
    // Still pending through the 30th day; overdue from the 31st.
    const on = (date: string) => new Date(`${date}T12:00:00-05:00`);
    const lastDay = await dashboardOf(cookie, { now: on(due) });
    expect(lastDay.requirements.every((requirement) => requirement.status === "pending")).toBe(
      true,
    );
    const dayAfter = await dashboardOf(cookie, { now: on(addDays(due, 1)) });
    expect(dayAfter.requirements.every((requirement) => requirement.status === "overdue")).toBe(
      true,
    );
  });

  it("is completed by passing its modules, on the learner's local date, and a failed take does not count", async () => {
    const { cookie } = await signInForTest("passer");
    await passModule(cookie, "document-verification", false);
    expect(byName(await dashboardOf(cookie), "Customer Due Diligence")?.status).toBe("pending");

    const take = await passModule(cookie, "document-verification");
    // 02:30 UTC on 20 November is still 19 November in Toronto, the organisation's time zone.
    await moveTake(take, new Date("2026-11-20T02:30:00Z"));
    const dashboard = await dashboardOf(cookie);
    expect(byName(dashboard, "Customer Due Diligence")).toMatchObject({
      status: "completed",
      completedDate: "2026-11-19",
    });
    expect(dashboard.analytics.complianceScore).toBe(25);
    expect(dashboard.analytics.completionRate).toBe(Math.round(100 / catalogueCounts().modules));
    expect(dashboard.analytics.avgTimeToComplete).not.toBeNull();
    expect(dashboard.analytics.topModules[0]).toMatchObject({
      moduleId: "document-verification",
      completions: 1,
    });

    // AML Training needs both of its modules.
    await passModule(cookie, "structuring-and-cash-thresholds");
    expect(byName(await dashboardOf(cookie), "AML Training")?.status).toBe("pending");
  });

  it("opens a new cycle in the recertification window, due when the year of the last pass ends", async () => {
    const { cookie } = await signInForTest("renewer");
    const take = await passModule(cookie, "document-verification");
    // Passed 340 days ago: the year ends in 25 days, inside the 30-day window.
    const passedAt = new Date(NOW.getTime() - 340 * DAY);
    await moveTake(take, passedAt);
    const renewal = byName(await dashboardOf(cookie), "Customer Due Diligence");
    expect(renewal).toMatchObject({ status: "pending", cycle: 2, renewal: true });
    const yearEnds = new Date(passedAt);
    yearEnds.setUTCFullYear(yearEnds.getUTCFullYear() + 1);
    expect(renewal?.dueDate).toBe(localDate(yearEnds, "America/Toronto"));

    // 100 days ago the first cycle was fulfilled and not yet open for renewal.
    const before = await loadComplianceDashboard(request("/training", { cookie }), {
      now: new Date(NOW.getTime() - 100 * DAY),
    });
    expect(before && byName(before, "Customer Due Diligence")).toMatchObject({
      status: "completed",
      cycle: 1,
    });

    // Passing it again fulfils the second cycle.
    await passModule(cookie, "document-verification");
    expect(byName(await dashboardOf(cookie), "Customer Due Diligence")).toMatchObject({
      status: "completed",
      cycle: 2,
      renewal: false,
    });
  });

  it("follows an extension of the learner's due date", async () => {
    const { cookie, email } = await signInForTest("extended");
    const dashboard = await dashboardOf(cookie);
    const requirement = byName(dashboard, "Record Keeping");
    await getDb()
      .insertInto("requirement_extension")
      .values({
        requirement_id: requirement?.id ?? 0,
        user_id: await userIdOf(email),
        cycle: 1,
        due_date: "2026-12-31",
        reason: "Parental leave",
        actor_email: "manager@bank.example",
        created_at: NOW.toISOString(),
      })
      .execute();
    expect(byName(await dashboardOf(cookie), "Record Keeping")).toMatchObject({
      status: "pending",
      dueDate: "2026-12-31",
    });
  });
});

describe("a manager", () => {
  it("sees the organisation's learners in each state and its analytics", async () => {
    const first = await signInForTest("team");
    const second = await signInForTest("team");
    const manager = await signInForTest("lead");
    await passModule(first.cookie, "document-verification");
    // The manager is a learner until an admin says otherwise.
    expect((await dashboardOf(manager.cookie)).scope).toBe("self");
    await getDb()
      .updateTable("organisation_member")
      .set({ role: "manager" })
      .where("user_id", "=", await userIdOf(manager.email))
      .execute();

    const dashboard = await dashboardOf(manager.cookie);
    expect(dashboard.scope).toBe("organisation");
    expect(dashboard.role).toBe("manager");
    // Everyone joined today: two are due in 30 days, and overdue once those have passed.
    expect(byName(dashboard, "Customer Due Diligence")).toMatchObject({
      status: "pending",
      counts: { completed: 1, pending: 2, overdue: 0 },
    });
    const later = await dashboardOf(manager.cookie, { now: new Date(NOW.getTime() + 32 * DAY) });
    expect(byName(later, "Customer Due Diligence")).toMatchObject({
      status: "overdue",
      dueDays: 30,
      counts: { completed: 1, pending: 0, overdue: 2 },
    });
    expect(dashboard.analytics.totalUsers).toBe(3);
    expect(dashboard.analytics.complianceScore).toBe(Math.round(100 / 12));
    // One module passed of three learners' whole catalogue.
    expect(dashboard.analytics.completionRate).toBe(
      Math.round(100 / (3 * catalogueCounts().modules)),
    );
    const month = dashboard.analytics.monthlyStats.at(-1);
    expect(dashboard.analytics.monthlyStats).toHaveLength(6);
    expect(month).toMatchObject({ completions: 1, newUsers: 3 });

    // Their own page still shows their own requirements.
    const own = await dashboardOf(manager.cookie, { scope: "self" });
    expect(byName(own, "Customer Due Diligence")?.counts).toBeNull();
    expect(second.email).not.toBe(first.email);
  });

  it("sees figures at most a minute old, or fresh ones after Refresh Data", async () => {
    const manager = await signInForTest("cached");
    await getDb()
      .updateTable("organisation_member")
      .set({ role: "manager" })
      .where("user_id", "=", await userIdOf(manager.email))
      .execute();
    const before = await dashboardOf(manager.cookie);
    await passModule(manager.cookie, "document-verification");
    const cached = await dashboardOf(manager.cookie, { fresh: false });
    expect(cached.takenAt).toBe(before.takenAt);
    const refreshed = await callAction(
      homeAction,
      request("/training", {
        cookie: manager.cookie,
        body: new URLSearchParams({ intent: "refresh" }),
      }),
      freshIp(),
    );
    expect(refreshed.headers.get("Location")).toBe("/training?refreshed");
    const page = await answerOf(() =>
      homeLoader({ request: request("/training?refreshed", { cookie: manager.cookie }) } as never),
    );
    const { dashboard } = (page as unknown as { data: { dashboard: ComplianceDashboard } }).data;
    expect(byName(dashboard, "Customer Due Diligence")?.counts?.completed).toBe(1);
  });
});

describe("Factory Reset", () => {
  it("clears progress and notifications and revokes certificates, keeping every take", async () => {
    const { cookie, email } = await signInForTest("resetter");
    await callAction(
      certificatesAction,
      request("/training/certificates", {
        cookie,
        body: new URLSearchParams({ name: "Nguyễn Thị Mai" }),
      }),
      freshIp(),
    );
    await passModule(cookie, "document-verification");
    const userId = await userIdOf(email);
    const certificates = () =>
      getDb()
        .selectFrom("certificate")
        .select(["revoked_reason"])
        .where("user_id", "=", userId)
        .orderBy("id")
        .execute();
    expect(await certificates()).toEqual([{ revoked_reason: null }]);
    expect(byName(await dashboardOf(cookie), "Customer Due Diligence")?.status).toBe("completed");

    const reset = await callAction(
      homeAction,
      request("/training", { cookie, body: new URLSearchParams({ intent: "factory-reset" }) }),
      freshIp(),
    );
    expect(reset.headers.get("Location")).toBe("/training?reset=done");
    expect(await certificates()).toEqual([{ revoked_reason: RESET_REASON }]);
    expect(byName(await dashboardOf(cookie), "Customer Due Diligence")?.status).toBe("pending");
    const notifications = await getDb()
      .selectFrom("notification")
      .select("removed_at")
      .where("user_id", "=", userId)
      .execute();
    expect(notifications.length).toBeGreaterThan(0);
    expect(notifications.every((row) => row.removed_at !== null)).toBe(true);
    const takes = await getDb().selectFrom("training_run").select("id").execute();
    expect(takes).toHaveLength(1);
    const page = await answerOf(() =>
      homeLoader({ request: request("/training?reset=done", { cookie }) } as never),
    );
    expect(
      (page as unknown as { data: { summary: { completedModules: number } } }).data.summary
        .completedModules,
    ).toBe(0);

    // Passing again earns a new certificate.
    await passModule(cookie, "document-verification");
    expect((await certificates()).map((row) => row.revoked_reason)).toEqual([RESET_REASON, null]);
  });

  it("refuses an unknown intent", async () => {
    const { cookie } = await signInForTest("hostile");
    for (const intent of ["", "drop table", "<script>", "x".repeat(5000)]) {
      const answer = await callAction(
        homeAction,
        request("/training", { cookie, body: new URLSearchParams({ intent }) }),
        freshIp(),
      );
      expect(answer.status).toBe(400);
    }
  });

  it("answers a body that is not a form, empty, oversized or cut short with a clear 4xx", async () => {
    const { cookie } = await signInForTest("bodies");
    const post = (body: BodyInit, type: string) =>
      callAction(
        homeAction,
        new Request("http://localhost/training?index", {
          method: "POST",
          body,
          headers: { Cookie: cookie, "Content-Type": type },
        }),
        freshIp(),
      );
    expect((await post("intent=refresh", "text/plain")).status).toBe(415);
    expect((await post("", "application/x-www-form-urlencoded")).status).toBe(400);
    expect(
      (await post(`intent=${"x".repeat(70 * 1024)}`, "application/x-www-form-urlencoded")).status,
    ).toBe(413);
    const cut = '--b\r\nContent-Disposition: form-data; name="intent"\r\n\r\nrefre';
    expect((await post(cut, "multipart/form-data; boundary=b")).status).toBe(400);
  });
});
