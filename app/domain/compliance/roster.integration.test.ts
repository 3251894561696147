import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { getDb } from "~/platform/db/db.server";
import { action as requirementsAction } from "~/routes/training.requirements";
import { action as rosterAction, loader as rosterLoader } from "~/routes/training.roster";
import { loader as csvLoader } from "~/routes/training.roster-csv";
import { loader as pdfLoader } from "~/routes/training.roster-pdf";
import { comparableText, pdfText } from "../../../tests/pdf-text";
import { seedDemo } from "../../../scripts/demo-seed.server";
import { signInForTest } from "../../../tests/integration/auth";
import {
  type RouteAnswer,
  answerOf,
  callAction,
  contextFor,
  pageRequest,
} from "../../../tests/integration/call-action";
import { placeMember } from "../../../tests/integration/members";
import { listNotifications } from "~/platform/notifications/index.server";
import {
  complianceSnapshot,
  findOrganisation,
  loadComplianceDashboard,
  rosterRows,
  requirementsOf,
  runReminderPass,
} from "./index.server";
import { addDays, localDate } from "./rules";
import type { RosterPage } from "./types";

// A manager's roster and what follows from relative due dates, through the pages' loaders and
// actions on a real database (both engines): who is due when, who is overdue, the escalation on
// its day, the actions on chosen rows, and who may see and do what.

const TORONTO = "America/Toronto";
const DAY = 86_400_000;
let counter = 0;
const freshIp = () => `198.51.100.${(counter += 1) % 250}`;

/** A person signed in and placed in `organisation` with `role`; joined `daysAgo` days ago. */
async function person(
  label: string,
  organisation: string,
  role: "learner" | "manager",
  daysAgo = 0,
) {
  const { cookie, email } = await signInForTest(label);
  const { organisationId, userId } = await placeMember(email, organisation, role);
  if (daysAgo > 0) {
    await getDb()
      .updateTable("organisation_member")
      .set({ joined_at: new Date(Date.now() - daysAgo * DAY).toISOString() })
      .where("user_id", "=", userId)
      .execute();
  }
  return { cookie, email, id: userId, organisationId };
}

/** Dates an organisation's requirements a year back, as if they had been set long ago. */
async function ageRequirements(organisationId: number) {
  await getDb()
    .updateTable("requirement")
    .set({ created_at: new Date(Date.now() - 365 * DAY).toISOString() })
    .where("organisation_id", "=", organisationId)
    .execute();
}

async function roster(cookie: string, query = ""): Promise<RosterPage> {
  const answer = await answerOf(() =>
    rosterLoader({
      request: pageRequest(`/training/roster${query}`, { cookie }),
      context: contextFor(freshIp()),
      params: {},
    } as never),
  );
  expect(answer.status).toBe(200);
  return (answer.data as { page: RosterPage }).page;
}

function post(cookie: string, fields: Record<string, string | string[]>): Promise<RouteAnswer> {
  const body = new URLSearchParams(
    Object.entries(fields).flatMap(([name, value]) =>
      (Array.isArray(value) ? value : [value]).map((item) => [name, item]),
    ),
  );
  return callAction(rosterAction, pageRequest("/training/roster", { cookie, body }), freshIp());
}

const today = () => localDate(new Date(), TORONTO);

async function outboxTo(email: string) {
  return getDb()
    .selectFrom("outbox")
    .select(["subject", "body"])
    .where("to_address", "=", email)
    .orderBy("id")
    .execute();
}

describe("relative due dates", () => {
  it("make a member who joins today due in 30 days, and one who joined 40 days ago overdue", async () => {
    const organisation = `Harbour ${randomUUID()}`;
    const manager = await person("rostermanager", organisation, "manager");
    const newcomer = await person("newcomer", organisation, "learner");
    const late = await person("late", organisation, "learner", 40);
    await ageRequirements(late.organisationId);

    const page = await roster(manager.cookie);
    const newRows = page.rows.filter((row) => row.email === newcomer.email);
    expect(newRows).toHaveLength(4);
    for (const row of newRows) {
      expect(row).toMatchObject({ status: "pending", dueDate: addDays(today(), 30) });
    }
    const lateRows = page.rows.filter((row) => row.email === late.email);
    expect(lateRows.map((row) => row.status)).toEqual(Array(4).fill("overdue"));
    expect(lateRows[0]?.daysOverdue).toBeGreaterThanOrEqual(9);

    // The roster's filters: overdue lists the late member only; due soon, nobody yet.
    const overdue = await roster(manager.cookie, "?status=overdue");
    expect(new Set(overdue.rows.map((row) => row.email))).toEqual(new Set([late.email]));
    expect(overdue.total).toBe(12);
    expect((await roster(manager.cookie, "?status=due-soon")).rows).toEqual([]);
    // Unknown or hostile filters read as the defaults, never as an error.
    const odd = await roster(
      manager.cookie,
      "?status=%3Cscript%3E&group=1%20OR%201=1&sort=x&page=-3",
    );
    expect(odd.filters).toMatchObject({ status: "all", sort: "status", page: 1 });
    expect(odd.rows).toHaveLength(12);
    // Sorted by status first: the overdue rows lead.
    expect(odd.rows[0]?.status).toBe("overdue");
  });

  it("assign a requirement to a group from the day each member joins it", async () => {
    const organisation = `Branches ${randomUUID()}`;
    const manager = await person("groupmanager", organisation, "manager");
    const teller = await person("teller", organisation, "learner", 100);
    const other = await person("backoffice", organisation, "learner", 100);
    const asManager = (fields: Record<string, string | string[]>) =>
      callAction(
        requirementsAction,
        pageRequest("/training/requirements", {
          cookie: manager.cookie,
          body: new URLSearchParams(
            Object.entries(fields).flatMap(([name, value]) =>
              (Array.isArray(value) ? value : [value]).map((item) => [name, item]),
            ),
          ),
        }),
        freshIp(),
      );

    expect(
      (await asManager({ intent: "group-create", kind: "role", name: "Tellers" })).status,
    ).toBe(200);
    // The same kind and name twice is refused on the name, and nothing is added.
    const twice = await asManager({ intent: "group-create", kind: "role", name: "Tellers" });
    expect(twice.status).toBe(400);
    for (const [change, field] of [
      [{ kind: "tribe" }, "kind"],
      [{ name: "" }, "name"],
      [{ name: "n".repeat(81) }, "name"],
    ] as const) {
      const refused = await asManager({
        intent: "group-create",
        kind: "role",
        name: "X",
        ...change,
      });
      expect(refused.status, field).toBe(400);
    }
    const group = await getDb()
      .selectFrom("member_group")
      .select(["id", "name"])
      .where("organisation_id", "=", teller.organisationId)
      .orderBy("id")
      .execute();
    expect(group.map((row) => row.name)).toEqual(["Tellers"]);
    const groupId = String(group[0]?.id);

    expect((await asManager({ intent: "group-add", groupId, userId: teller.id })).status).toBe(200);
    // A stranger to the organisation cannot be put in its group.
    const outsider = await person("outsider", `Elsewhere ${randomUUID()}`, "learner");
    expect((await asManager({ intent: "group-add", groupId, userId: outsider.id })).status).toBe(
      400,
    );

    expect(
      (
        await asManager({
          intent: "create",
          name: "Cash Handling",
          description: "Counting, thresholds and large cash reports.",
          category: "aml",
          points: "50",
          dueDays: "14",
          groupIds: [groupId],
          match: "any",
          recurrence: "yearly",
          windowDays: "30",
          fulfilledBy: ["module:structuring-and-cash-thresholds"],
        })
      ).status,
    ).toBe(200);
    const page = await roster(manager.cookie);
    const cash = page.rows.filter((row) => row.requirement === "Cash Handling");
    // The teller joined the organisation long ago but the group today: due in 14 days.
    expect(cash.map((row) => [row.email, row.status, row.dueDate])).toEqual([
      [teller.email, "pending", addDays(today(), 14)],
    ]);
    // Filtering by the group keeps its members' rows only.
    const byGroup = await roster(manager.cookie, `?group=${groupId}`);
    expect(new Set(byGroup.rows.map((row) => row.email))).toEqual(new Set([teller.email]));
    expect(page.rows.some((row) => row.email === other.email)).toBe(true);
  });
});

describe("escalation", () => {
  it("copies the line manager after the organisation's days overdue, then the compliance owner", async () => {
    const organisation = `Escalating ${randomUUID()}`;
    const lead = await person("linemanager", organisation, "manager");
    const owner = await person("owner", organisation, "learner");
    const learner = await person("slow", organisation, "learner");
    await getDb()
      .updateTable("organisation_member")
      .set({ manager_id: lead.id })
      .where("user_id", "=", learner.id)
      .execute();
    await getDb()
      .updateTable("organisation")
      .set({ escalation_days: 5, compliance_owner_id: owner.id })
      .where("id", "=", learner.organisationId)
      .execute();
    const org = await findOrganisation(learner.organisationId);
    if (!org) throw new Error("no organisation");
    const [state] = (await complianceSnapshot(org, { userIds: [learner.id] })).states;
    const due = state?.effectiveDueDate ?? "";
    expect(due).toBe(addDays(today(), 30));
    // Noon in Toronto on a day so many days after the due date.
    const daysAfter = (days: number) => new Date(`${addDays(due, days)}T12:00:00-05:00`);
    const escalations = (email: string) =>
      outboxTo(email).then((mails) =>
        mails.filter((mail) => mail.subject.startsWith(`Escalation: ${learner.email} is `)),
      );

    await runReminderPass({ now: daysAfter(4), organisationId: org.id });
    expect(await escalations(lead.email)).toEqual([]);
    const onTheDay = await runReminderPass({ now: daysAfter(5), organisationId: org.id });
    expect(onTheDay.escalations).toBeGreaterThanOrEqual(4);
    const toLead = await escalations(lead.email);
    // One per overdue requirement of the learner; the owner not yet.
    expect(toLead).toHaveLength(4);
    expect(toLead[0]?.subject).toMatch(/is 5 days overdue on /);
    expect(toLead[0]?.body).toContain(learner.email);
    expect(toLead[0]?.body).toContain("/training/roster");
    expect(await escalations(owner.email)).toEqual([]);

    // Again the same day: nothing twice.
    await runReminderPass({ now: daysAfter(5), organisationId: org.id });
    expect(await escalations(lead.email)).toHaveLength(4);

    await runReminderPass({ now: daysAfter(10), organisationId: org.id });
    const toOwner = await escalations(owner.email);
    expect(toOwner).toHaveLength(4);
    expect(toOwner[0]?.body).toContain("As compliance owner");

    // Every escalation is recorded, with whom it went to; the roster's log shows them.
    const claims = await getDb()
      .selectFrom("reminder_claim")
      .select(["kind", "sent_to"])
      .where("user_id", "=", learner.id)
      .where("kind", "like", "escalate-%")
      .orderBy("id")
      .execute();
    expect(claims.map((claim) => claim.sent_to)).toEqual([
      ...Array(4).fill(lead.email),
      ...Array(4).fill(owner.email),
    ]);
    const logged = await answerOf(() =>
      rosterLoader({
        request: pageRequest("/training/roster", { cookie: lead.cookie }),
        context: contextFor(freshIp()),
        params: {},
      } as never),
    );
    const logs = (logged.data as { logs: { reminders: { kind: string; sentTo: string | null }[] } })
      .logs;
    // The learner's four, and the lead's own four (overdue themselves, escalated to the owner).
    expect(logs.reminders.filter((entry) => entry.kind === "escalate-owner")).toHaveLength(8);
  });
});

describe("acting on the roster", () => {
  it("reminds now, excuses and reassigns the chosen rows, each recorded, refusing what is wrong with nothing lost", async () => {
    const organisation = `Acting ${randomUUID()}`;
    const manager = await person("actor", organisation, "manager");
    const learner = await person("chosen", organisation, "learner", 45);
    await ageRequirements(learner.organisationId);
    const org = await findOrganisation(learner.organisationId);
    if (!org) throw new Error("no organisation");
    const [cdd, aml] = await requirementsOf(org.id);
    if (!cdd || !aml) throw new Error("no requirements");
    const row = (requirementId: number) => `${requirementId}:${learner.id}`;

    // Refused: nothing chosen, a malformed row, too many rows, no reason, an oversized reason.
    for (const [fields, field] of [
      [{ intent: "remind" }, "rows"],
      [{ intent: "remind", rows: "../../etc/passwd" }, "rows[0]"],
      [{ intent: "remind", rows: Array.from({ length: 501 }, (_, i) => `${i + 1}:u${i}`) }, "rows"],
      [{ intent: "excuse", rows: row(cdd.id), reason: "   " }, "reason"],
      [{ intent: "reassign", rows: row(cdd.id) }, "reason"],
      [{ intent: "excuse", rows: row(cdd.id), reason: "r".repeat(501) }, "reason"],
      [{ intent: "delete-everything", rows: row(cdd.id) }, "intent"],
    ] as const) {
      const refused = await post(manager.cookie, fields as Record<string, string | string[]>);
      expect(refused.status, field).toBe(400);
      const reply = refused.data as {
        ok: boolean;
        error: {
          code: string;
          fields: Record<string, string>;
          kept: { rows: string[]; reason: string };
        };
      };
      expect(reply.ok).toBe(false);
      expect(reply.error.code).toBe("validation");
      expect(Object.keys(reply.error.fields), field).toContain(field);
      // What was chosen and typed comes back.
      if ("rows" in fields && typeof fields.rows === "string") {
        expect(reply.error.kept.rows).toEqual([fields.rows]);
      }
    }
    expect(
      await getDb()
        .selectFrom("requirement_excusal")
        .select("id")
        .where("user_id", "=", learner.id)
        .execute(),
    ).toEqual([]);

    // Remind now: mailed at once, recorded with who asked.
    const reminded = await post(manager.cookie, { intent: "remind", rows: row(cdd.id) });
    expect(reminded.status).toBe(200);
    expect(reminded.data).toMatchObject({ ok: true, intent: "remind", done: 1, skipped: 0 });
    const mails = await outboxTo(learner.email);
    expect(mails.at(-1)?.subject).toBe("Still overdue: Customer Due Diligence");
    const claim = await getDb()
      .selectFrom("reminder_claim")
      .select(["kind", "actor_email"])
      .where("user_id", "=", learner.id)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(claim.kind).toMatch(/^manual@/);
    expect(claim.actor_email).toBe(manager.email);

    // Excuse, with a reason stored as typed (markup is text).
    const reason = `On secondment <img src=x onerror=alert(1)> until March`;
    const excused = await post(manager.cookie, { intent: "excuse", rows: row(cdd.id), reason });
    expect(excused.data).toMatchObject({ ok: true, done: 1, skipped: 0 });
    let page = await roster(manager.cookie);
    expect(page.rows.find((entry) => entry.key === row(cdd.id))).toMatchObject({
      status: "excused",
      note: reason,
    });
    // Excused twice: the second is left alone.
    expect(
      (await post(manager.cookie, { intent: "excuse", rows: row(cdd.id), reason })).data,
    ).toMatchObject({
      done: 0,
      skipped: 1,
    });

    // Reassign: a new assignment from today, due in 30 days; the excusal is history.
    const reassigned = await post(manager.cookie, {
      intent: "reassign",
      rows: [row(cdd.id), row(aml.id)],
      reason: "Moved to the branch team",
    });
    expect(reassigned.data).toMatchObject({ done: 2, skipped: 0 });
    page = await roster(manager.cookie);
    for (const id of [cdd.id, aml.id]) {
      expect(page.rows.find((entry) => entry.key === row(id))).toMatchObject({
        status: "pending",
        dueDate: addDays(today(), 30),
      });
    }
    const history = await answerOf(() =>
      rosterLoader({
        request: pageRequest("/training/roster", { cookie: manager.cookie }),
        context: contextFor(freshIp()),
        params: {},
      } as never),
    );
    const actions = (history.data as { logs: { actions: { kind: string; reason: string }[] } }).logs
      .actions;
    expect(actions.map((entry) => entry.kind).sort()).toEqual([
      "excused",
      "reassigned",
      "reassigned",
    ]);
    expect(actions.find((entry) => entry.kind === "excused")?.reason).toBe(reason);
  });

  it("exports the filtered roster as CSV, cells safe from formulas", async () => {
    const organisation = `Export ${randomUUID()}`;
    const manager = await person("exporter", organisation, "manager");
    const learner = await person("formula", organisation, "learner", 40);
    await ageRequirements(learner.organisationId);
    await getDb()
      .updateTable("user")
      .set({ name: '=HYPERLINK("http://evil.example")' })
      .where("id", "=", learner.id)
      .execute();
    const answer = await answerOf(() =>
      csvLoader({
        request: pageRequest("/training/roster.csv?status=overdue", { cookie: manager.cookie }),
        context: contextFor(freshIp()),
        params: {},
      } as never),
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(answer.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="kestrel-roster-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = Buffer.from(await answer.arrayBuffer());
    // A byte order mark, so spreadsheet programs read the names as UTF-8.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString("utf8");
    expect(text.startsWith("name,email,groups,requirement,status,due_date")).toBe(true);
    const lines = text.trim().split(/\r?\n/).slice(1);
    expect(lines).toHaveLength(4);
    for (const line of lines) {
      expect(line).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
      expect(line).toContain(",overdue,");
    }
  });
});

describe("the roster as a PDF", () => {
  it("prints the rows the filters keep, names in Thai, Tamil and Chinese included", async () => {
    const organisation = `Printed ${randomUUID()}`;
    const manager = await person("printer", organisation, "manager");
    const names = ["สมชาย ใจดี", "முத்து கிருஷ்ணன்", "陈美玲"];
    const learners: Awaited<ReturnType<typeof person>>[] = [];
    for (const [index, name] of names.entries()) {
      const learner = await person(`script-${index}`, organisation, "learner", 40);
      await getDb().updateTable("user").set({ name }).where("id", "=", learner.id).execute();
      learners.push(learner);
    }
    // Joined today: due in 30 days, not overdue, so the overdue filter leaves them out.
    const newcomer = await person("newcomer", organisation, "learner");
    await getDb()
      .updateTable("user")
      .set({ name: "Newcomer Nadia" })
      .where("id", "=", newcomer.id)
      .execute();
    await ageRequirements(manager.organisationId);
    // In UTC, joining 40 × 24 hours ago is 40 calendar days ago whatever the hour; in a zone
    // with summer time (a change falls between October and November) it may be 39.
    await getDb()
      .updateTable("organisation")
      .set({ time_zone: "UTC" })
      .where("id", "=", manager.organisationId)
      .execute();

    const answer = await answerOf(() =>
      pdfLoader({
        request: pageRequest("/training/roster.pdf?status=overdue&sort=name", {
          cookie: manager.cookie,
        }),
        context: contextFor(freshIp()),
        params: {},
      } as never),
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Type")).toBe("application/pdf");
    expect(answer.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="kestrel-roster-\d{4}-\d{2}-\d{2}\.pdf"$/,
    );
    const text = await pdfText(new Uint8Array(await answer.arrayBuffer()));
    expect(text).toContain(comparableText(`Roster of ${organisation}`));
    for (const name of names) expect(text).toContain(comparableText(name));
    for (const learner of learners) expect(text).toContain(comparableText(learner.email));
    expect(text).toContain(comparableText("Overdue (10 days overdue)"));
    expect(text).not.toContain(comparableText("Newcomer Nadia"));

    // A learner meets the manager's refusal.
    const refused = await answerOf(() =>
      pdfLoader({
        request: pageRequest("/training/roster.pdf", { cookie: learners[0]?.cookie ?? "" }),
        context: contextFor(freshIp()),
        params: {},
      } as never),
    );
    expect(refused.status).toBe(403);
    // Embedding three scripts' fonts is the slow part; a shared machine may take a while.
  }, 90_000);
});

describe("who may use the roster", () => {
  it("refuses learners, signed-out visitors and another organisation's manager", async () => {
    const organisation = `Guarded ${randomUUID()}`;
    const manager = await person("guard", organisation, "manager");
    const learner = await person("curious", organisation, "learner", 40);
    await ageRequirements(learner.organisationId);
    const stranger = await person("stranger", `Rival ${randomUUID()}`, "manager");
    const org = await findOrganisation(learner.organisationId);
    const [cdd] = await requirementsOf(org?.id ?? 0);
    const theirRow = `${cdd?.id}:${learner.id}`;

    for (const cookie of [learner.cookie]) {
      const page = await answerOf(() =>
        rosterLoader({
          request: pageRequest("/training/roster", { cookie }),
          context: contextFor(freshIp()),
          params: {},
        } as never),
      );
      expect(page.status).toBe(403);
      expect((await post(cookie, { intent: "remind", rows: theirRow })).status).toBe(403);
      const csv = await answerOf(() =>
        csvLoader({
          request: pageRequest("/training/roster.csv", { cookie }),
          context: contextFor(freshIp()),
          params: {},
        } as never),
      );
      expect(csv.status).toBe(403);
    }
    // Signed out (a guest included): sent to sign in.
    const signedOut = await answerOf(() =>
      rosterLoader({
        request: pageRequest("/training/roster"),
        context: contextFor(freshIp()),
        params: {},
      } as never),
    );
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("Location")).toMatch(/^\/login/);
    expect((await post("", { intent: "remind", rows: theirRow })).status).toBe(302);

    // Another organisation's manager sees only their own people, and cannot act on these rows.
    const theirs = await roster(stranger.cookie);
    expect(theirs.rows.every((row) => row.email === stranger.email)).toBe(true);
    const before = (await outboxTo(learner.email)).length;
    for (const intent of ["remind", "excuse", "reassign"]) {
      const answer = await post(stranger.cookie, { intent, rows: theirRow, reason: "Not mine" });
      expect(answer.status).toBe(200);
      expect(answer.data).toMatchObject({ ok: true, done: 0, skipped: 1 });
    }
    expect(await outboxTo(learner.email)).toHaveLength(before);
    const own = await roster(manager.cookie);
    expect(own.rows.filter((row) => row.email === learner.email).map((row) => row.status)).toEqual(
      Array(4).fill("overdue"),
    );
  });
});

describe("the next audit date", () => {
  it("once passed, warns the compliance owner under the bell once, and managers on the dashboard", async () => {
    const organisation = `Audited ${randomUUID()}`;
    const manager = await person("auditmanager", organisation, "manager");
    const owner = await person("auditowner", organisation, "learner");
    await getDb()
      .updateTable("organisation")
      .set({ next_audit: "2026-10-18", compliance_owner_id: owner.id })
      .where("id", "=", owner.organisationId)
      .execute();
    const warnings = async (userId: string) =>
      (await listNotifications(userId)).filter((entry) => entry.kind === "auditDatePassed");

    // The day of the audit: not past yet.
    await runReminderPass({
      now: new Date("2026-10-18T20:00:00Z"),
      organisationId: owner.organisationId,
    });
    expect(await warnings(owner.id)).toEqual([]);
    for (const now of ["2026-10-19T12:00:00Z", "2026-10-20T12:00:00Z"]) {
      await runReminderPass({ now: new Date(now), organisationId: owner.organisationId });
    }
    const [warning, ...more] = await warnings(owner.id);
    expect(more).toEqual([]);
    expect(warning).toMatchObject({
      params: { date: "2026-10-18" },
      priority: "high",
      actionRequired: true,
      actionUrl: "/training/requirements",
    });
    // The owner is the one told; the manager sees it on the dashboard instead.
    expect(await warnings(manager.id)).toEqual([]);
    const dashboard = await loadComplianceDashboard(
      pageRequest("/training", { cookie: manager.cookie }),
      { now: new Date("2026-10-20T12:00:00Z") },
    );
    expect(dashboard?.organisation).toMatchObject({ nextAuditPast: true, canSetAudit: true });
  });
});

describe("line managers and groups", () => {
  it("are set only among the organisation's members, by its managers", async () => {
    const organisation = `Lines ${randomUUID()}`;
    const manager = await person("linesetter", organisation, "manager");
    const learner = await person("report", organisation, "learner");
    const outsider = await person("rival", `Rival ${randomUUID()}`, "manager");
    const set = (cookie: string, fields: Record<string, string>) =>
      callAction(
        requirementsAction,
        pageRequest("/training/requirements", { cookie, body: new URLSearchParams(fields) }),
        freshIp(),
      );
    const managerOf = async () =>
      (
        await getDb()
          .selectFrom("organisation_member")
          .select("manager_id")
          .where("user_id", "=", learner.id)
          .executeTakeFirstOrThrow()
      ).manager_id;

    for (const fields of [
      { intent: "line-manager", userId: learner.id, managerId: outsider.id },
      { intent: "line-manager", userId: learner.id, managerId: learner.id },
      { intent: "line-manager", userId: outsider.id, managerId: manager.id },
      { intent: "line-manager", userId: "", managerId: manager.id },
      { intent: "line-manager", userId: "u".repeat(65), managerId: manager.id },
    ]) {
      expect((await set(manager.cookie, fields)).status).toBe(400);
    }
    expect(await managerOf()).toBeNull();
    expect(
      (
        await set(manager.cookie, {
          intent: "line-manager",
          userId: learner.id,
          managerId: manager.id,
        })
      ).status,
    ).toBe(200);
    expect(await managerOf()).toBe(manager.id);
    // Another organisation's manager cannot touch this member; a learner cannot post at all.
    expect(
      (await set(outsider.cookie, { intent: "line-manager", userId: learner.id, managerId: "" }))
        .status,
    ).toBe(400);
    expect(
      (await set(learner.cookie, { intent: "line-manager", userId: learner.id, managerId: "" }))
        .status,
    ).toBe(403);
    expect(await managerOf()).toBe(manager.id);

    // A group of another organisation cannot be filled or emptied from here.
    await set(outsider.cookie, { intent: "group-create", kind: "team", name: "Rivals" });
    const rivalGroup = await getDb()
      .selectFrom("member_group")
      .select("id")
      .where("organisation_id", "=", outsider.organisationId)
      .executeTakeFirstOrThrow();
    for (const intent of ["group-add", "group-remove"]) {
      const answer = await set(manager.cookie, {
        intent,
        groupId: String(rivalGroup.id),
        userId: learner.id,
      });
      expect(answer.status, intent).toBe(400);
    }
    const members = await getDb()
      .selectFrom("member_group_member")
      .select("user_id")
      .where("group_id", "=", Number(rivalGroup.id))
      .execute();
    expect(members).toEqual([]);
  });
});

describe("the roster of a large organisation", () => {
  // A bound that a query per row would break, far above the usual second: timings to compare
  // belong in `npm run bench`, not in a test that must never flake.
  it("lists 2,000 learners × 4 requirements with their last attempts in well under a minute", async () => {
    const now = new Date();
    const made = await seedDemo({
      db: getDb(),
      learners: 2_000,
      attempts: 20_000,
      now,
      organisation: `Large ${randomUUID()}`,
      domain: `large-${randomUUID().slice(0, 8)}.test`,
    });
    const organisation = await findOrganisation(made.organisationId);
    if (!organisation) throw new Error("no organisation");
    const started = performance.now();
    const rows = await rosterRows(organisation, now);
    const seconds = (performance.now() - started) / 1000;
    console.info(`roster of 2,000 learners: ${seconds.toFixed(2)} s, ${rows.length} rows`);
    expect(rows).toHaveLength(8_000);
    expect(rows.filter((row) => row.lastAttemptAt !== null).length).toBeGreaterThan(1_000);
    expect(seconds).toBeLessThanOrEqual(30);
  }, 120_000);
});
