import { describe, expect, it } from "vitest";
import { getDb } from "~/platform/db/db.server";
import { action as adminAction, loader as adminLoader } from "~/routes/admin.requirements";
import { action as managerAction, loader as managerLoader } from "~/routes/training.requirements";
import { signInForTest } from "../../../tests/integration/auth";
import {
  type RouteAnswer,
  answerOf,
  callAction,
  pageRequest,
} from "../../../tests/integration/call-action";
import type { MemberRole } from "./constants";
import {
  type Organisation,
  complianceSnapshot,
  ensureOrganisation,
  findOrganisation,
  requirementsOf,
} from "./index.server";
import { type RequirementReply, fulfilmentOptions } from "./requirement-admin.server";

// Managing requirements as admins and managers do it, through the two pages' loaders and actions
// on a real database: what is stored, what is refused with which message, and who may touch what.

let counter = 0;
const freshIp = () => `198.51.100.${(counter += 1) % 250}`;

/** Someone signed in who belongs to `organisation` with `role` (as an admin would have set it). */
async function member(label: string, organisation: Organisation, role: MemberRole) {
  const { cookie, email } = await signInForTest(label);
  const user = await getDb()
    .selectFrom("user")
    .select("id")
    .where("email", "=", email)
    .executeTakeFirstOrThrow();
  await getDb()
    .insertInto("organisation_member")
    .values({
      user_id: user.id,
      organisation_id: organisation.id,
      role,
      joined_at: new Date().toISOString(),
      role_changed_by: null,
      role_changed_at: null,
    })
    // Signing in made them a learner of the organisation that let them in.
    .onConflict((conflict) =>
      conflict.column("user_id").doUpdateSet({ organisation_id: organisation.id, role }),
    )
    .execute();
  return { cookie, email, id: user.id };
}

type Fields = Record<string, string | string[]>;

function body(fields: Fields): URLSearchParams {
  return new URLSearchParams(
    Object.entries(fields).flatMap(([name, value]) =>
      (Array.isArray(value) ? value : [value]).map((item) => [name, item]),
    ),
  );
}

const asManager = (cookie: string, fields: Fields) =>
  callAction(
    managerAction,
    pageRequest("/training/requirements", { cookie, body: body(fields) }),
    freshIp(),
  );

const asAdmin = (cookie: string, organisation: Organisation, fields: Fields) =>
  callAction(
    adminAction,
    pageRequest(`/admin/requirements?organisation=${organisation.id}`, {
      cookie,
      body: body(fields),
    }),
    freshIp(),
  );

const replyOf = (answer: RouteAnswer) => answer.data as RequirementReply;

const valid = {
  intent: "create",
  name: "Sanctions Screening",
  description: "Screen customers against the sanctions lists before onboarding.",
  category: "aml",
  points: "150",
  dueDate: "2026-11-30",
  recurrence: "yearly",
  windowDays: "30",
  fulfilledBy: ["module:document-verification", "track:esg-track"],
};

async function setUp() {
  const a = await ensureOrganisation("Harbour Bank");
  const b = await ensureOrganisation("Lion City Remit");
  const manager = await member("manager", a, "manager");
  return { a, b, manager };
}

const names = async (organisation: Organisation) =>
  (await requirementsOf(organisation.id)).map((requirement) => requirement.name);

describe("requirements a manager sets", () => {
  it("names every track and module it may be fulfilled by with its title, never its id", () => {
    const options = fulfilmentOptions("SG");
    for (const option of options)
      expect(option.title, option.key).not.toBe(option.key.split(":")[1]);
    expect(options.find((option) => option.key === "track:scam-awareness-track")?.title).toBe(
      "Singapore Scam Awareness Track",
    );
  });

  it("adds one to their organisation, stored as typed (markup as text) with who made it", async () => {
    const { a, b, manager } = await setUp();
    const hostile = `<script>alert("x")</script> & "Quoted"`;
    const answer = await asManager(manager.cookie, { ...valid, name: hostile });
    expect(answer.status).toBe(200);
    expect(replyOf(answer).ok).toBe(true);
    const added = (await requirementsOf(a.id)).find((requirement) => requirement.name === hostile);
    expect(added).toMatchObject({
      category: "aml",
      points: 150,
      dueDate: "2026-11-30",
      recurrence: "yearly",
      windowDays: 30,
      fulfilledBy: ["module:document-verification", "track:esg-track"],
      updatedBy: manager.email,
    });
    expect(added?.moduleIds).toContain("esg-climate-disclosure-workflow");
    expect(await names(b)).not.toContain(hostile);

    const page = await answerOf(() =>
      managerLoader({
        request: pageRequest("/training/requirements", { cookie: manager.cookie }),
      } as never),
    );
    expect(page.status).toBe(200);
    expect(JSON.stringify(page.data)).toContain("Harbour Bank");
  });

  it.each([
    ["a missing name", { name: "" }, "name", "validation:required"],
    ["a name over 120 characters", { name: "x".repeat(121) }, "name", "validation:maxLength"],
    [
      "a description over 1000 characters",
      { description: "y".repeat(1001) },
      "description",
      "validation:maxLength",
    ],
    ["an unknown category", { category: "marketing" }, "category", "requirements:errors.category"],
    [
      "neither a due date nor days after assignment",
      { dueDate: "" },
      "dueDate",
      "requirements:errors.dueDateOrDays",
    ],
    ["no days after assignment", { dueDays: "0" }, "dueDays", "requirements:errors.dueDays"],
    ["a fraction of a day", { dueDays: "1.5" }, "dueDays", "requirements:errors.dueDays"],
    ["eleven years", { dueDays: "4016" }, "dueDays", "requirements:errors.dueDays"],
    ["days as a script", { dueDays: "<script>" }, "dueDays", "requirements:errors.dueDays"],
    [
      "another organisation's group",
      { groupIds: ["999999"] },
      "groupIds[0]",
      "requirements:errors.unknownGroup",
    ],
    [
      "a group that is not a number",
      { groupIds: ["1 OR 1=1"] },
      "groupIds[0]",
      "requirements:errors.unknownGroup",
    ],
    [
      "a joining date that is not one",
      { joinedAfter: "yesterday" },
      "joinedAfter",
      "requirements:errors.date",
    ],
    ["a match that is neither", { match: "some" }, "match", "requirements:errors.match"],
    ["30 February", { dueDate: "2026-02-30" }, "dueDate", "requirements:errors.date"],
    ["a day-first date", { dueDate: "30/11/2026" }, "dueDate", "requirements:errors.date"],
    ["negative points", { points: "-5" }, "points", "requirements:errors.points"],
    ["zero points", { points: "0" }, "points", "requirements:errors.points"],
    ["fractional points", { points: "1.5" }, "points", "requirements:errors.points"],
    ["huge points", { points: "99999999999999999999" }, "points", "requirements:errors.points"],
    ["points that are not a number", { points: "many" }, "points", "requirements:errors.points"],
    ["a window over 90 days", { windowDays: "91" }, "windowDays", "requirements:errors.windowDays"],
    ["a negative window", { windowDays: "-1" }, "windowDays", "requirements:errors.windowDays"],
    ["no module or track", { fulfilledBy: [] }, "fulfilledBy", "requirements:errors.fulfilledBy"],
    [
      "an unknown module",
      { fulfilledBy: ["module:document-verification", "module:no-such-module"] },
      "fulfilledBy[1]",
      "requirements:errors.unknownItem",
    ],
    [
      "a course (not in the catalogue)",
      { fulfilledBy: ["course:aml-basics"] },
      "fulfilledBy[0]",
      "requirements:errors.unknownItem",
    ],
  ])(
    "refuses %s with a message on that field, keeping what was typed",
    async (_, change, field, key) => {
      const { a, manager } = await setUp();
      const before = await names(a);
      const typed = { ...valid, ...change };
      const answer = await asManager(manager.cookie, typed);
      expect(answer.status).toBe(400);
      const reply = replyOf(answer);
      expect(reply.ok).toBe(false);
      if (!reply.ok) expect(reply.error.code).toBe("validation");
      const { result } = reply;
      expect(result.error?.[field]?.[0]).toMatch(new RegExp(`^${key.replace(/[.[\]]/g, "\\$&")}`));
      const kept = field === "name" ? "description" : "name";
      expect(result.initialValue?.[kept]).toBe(typed[kept]);
      expect(await names(a)).toEqual(before);
    },
  );

  it("edits one, then removes it: gone from the list, kept in the database", async () => {
    const { a, manager } = await setUp();
    const [first] = await requirementsOf(a.id);
    if (!first) throw new Error("no default requirement");
    const id = String(first.id);

    const bad = await asManager(manager.cookie, { ...valid, intent: "update", id, points: "-1" });
    expect(bad.status).toBe(400);
    expect(replyOf(bad).form).toBe(`update-${id}`);
    expect((await requirementsOf(a.id)).find((r) => r.id === first.id)?.points).toBe(first.points);

    const saved = await asManager(manager.cookie, {
      ...valid,
      intent: "update",
      id,
      points: "175",
    });
    expect(saved.status).toBe(200);
    expect((await requirementsOf(a.id)).find((r) => r.id === first.id)).toMatchObject({
      name: valid.name,
      points: 175,
      updatedBy: manager.email,
    });

    expect((await asManager(manager.cookie, { intent: "remove", id })).status).toBe(200);
    expect((await requirementsOf(a.id)).map((r) => r.id)).not.toContain(first.id);
    const stored = await getDb()
      .selectFrom("requirement")
      .select(["removed_at", "updated_by"])
      .where("id", "=", first.id)
      .executeTakeFirstOrThrow();
    expect(stored.removed_at).not.toBeNull();
    expect(stored.updated_by).toBe(manager.email);
    expect((await asManager(manager.cookie, { intent: "remove", id })).status).toBe(404);
    expect(
      (await asManager(manager.cookie, { ...valid, intent: "update", id: "abc" })).status,
    ).toBe(404);
  });
});

describe("who may touch what", () => {
  it("a manager of one organisation gets 403 on another's requirements and learners", async () => {
    const { b, manager } = await setUp();
    const [theirs] = await requirementsOf(b.id);
    if (!theirs) throw new Error("no default requirement");
    const learnerOfB = await member("learner", b, "learner");
    const id = String(theirs.id);

    expect((await asManager(manager.cookie, { ...valid, intent: "update", id })).status).toBe(403);
    expect((await asManager(manager.cookie, { intent: "remove", id })).status).toBe(403);
    const extension = {
      intent: "extend",
      userId: learnerOfB.id,
      requirementId: id,
      dueDate: "2027-01-31",
      reason: "Parental leave",
    };
    expect((await asManager(manager.cookie, extension)).status).toBe(403);
    expect((await requirementsOf(b.id)).find((r) => r.id === theirs.id)).toEqual(theirs);
    const extensions = await getDb().selectFrom("requirement_extension").select("id").execute();
    expect(extensions).toEqual([]);
  });

  it("learners get 403 and signed-out visitors are sent to sign in", async () => {
    const { a } = await setUp();
    const learner = await member("learner", a, "learner");
    const page = (cookie: string) =>
      answerOf(() =>
        managerLoader({ request: pageRequest("/training/requirements", { cookie }) } as never),
      );
    expect((await page(learner.cookie)).status).toBe(403);
    expect((await asManager(learner.cookie, valid)).status).toBe(403);
    const signedOut = await page("");
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("Location")).toBe("/login?redirectTo=%2Ftraining%2Frequirements");
    expect(await names(a)).not.toContain(valid.name);
  });

  it("only admins change roles: a learner made manager can then manage", async () => {
    const { a, b, manager } = await setUp();
    const learner = await member("learner", a, "learner");
    const { cookie: admin, email: adminEmail } = await signInForTest("admin", {
      admin: true,
      secondFactor: true,
    });
    const promote = { intent: "role", userId: learner.id, role: "manager" };

    expect((await asManager(manager.cookie, promote)).status).toBe(403);
    expect((await asManager(learner.cookie, valid)).status).toBe(403);
    expect((await asAdmin(admin, b, promote)).status).toBe(404);
    expect((await asAdmin(admin, a, { ...promote, role: "admin" })).status).toBe(400);

    expect((await asAdmin(admin, a, promote)).status).toBe(200);
    const row = await getDb()
      .selectFrom("organisation_member")
      .select(["role", "role_changed_by"])
      .where("user_id", "=", learner.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ role: "manager", role_changed_by: adminEmail });
    expect((await asManager(learner.cookie, valid)).status).toBe(200);

    const { cookie: unproven } = await signInForTest("unproven", { admin: true });
    expect((await asAdmin(unproven, a, { ...promote, role: "learner" })).status).toBe(302);
  });

  it("an admin manages any organisation: its settings, with the region's regulator", async () => {
    const { b } = await setUp();
    const { cookie: admin } = await signInForTest("admin", { admin: true, secondFactor: true });
    const settings = {
      intent: "settings",
      region: "SG",
      timeZone: "Asia/Singapore",
      nextAudit: "2027-03-15",
      finalPassPercent: "85",
      finalItemCount: "25",
      finalCoolingOffHours: "48",
      timeFloorPercent: "30",
      escalationDays: "10",
    };
    for (const [field, change] of [
      ["timeZone", { timeZone: "Mars/Olympus_Mons" }],
      ["timeZone", { timeZone: "" }],
      ["nextAudit", { nextAudit: "2027-13-01" }],
      ["region", { region: "ZZ" }],
      ["finalPassPercent", { finalPassPercent: "49" }],
      ["finalPassPercent", { finalPassPercent: "101" }],
      ["finalPassPercent", { finalPassPercent: "" }],
      ["finalItemCount", { finalItemCount: "9" }],
      ["finalItemCount", { finalItemCount: "41" }],
      ["finalItemCount", { finalItemCount: "20.5" }],
      ["finalCoolingOffHours", { finalCoolingOffHours: "-1" }],
      ["finalCoolingOffHours", { finalCoolingOffHours: "721" }],
      ["timeFloorPercent", { timeFloorPercent: "1e9" }],
      ["timeFloorPercent", { timeFloorPercent: "<script>" }],
      ["escalationDays", { escalationDays: "" }],
      ["escalationDays", { escalationDays: "0" }],
      ["escalationDays", { escalationDays: "366" }],
      // Someone who is not a member of the organisation cannot own its compliance.
      ["complianceOwnerId", { complianceOwnerId: "not-a-member" }],
      ["complianceOwnerId", { complianceOwnerId: "x".repeat(65) }],
    ] as const) {
      const refused = await asAdmin(admin, b, { ...settings, ...change });
      expect(refused.status, field).toBe(400);
      expect(replyOf(refused).result.error?.[field], field).toBeDefined();
    }
    expect((await findOrganisation(b.id))?.region).toBe("CA");

    expect((await asAdmin(admin, b, settings)).status).toBe(200);
    expect(await findOrganisation(b.id)).toMatchObject({
      region: "SG",
      timeZone: "Asia/Singapore",
      nextAudit: "2027-03-15",
      regulator: "MAS",
      assessment: {
        finalPassPercent: 85,
        finalItemCount: 25,
        finalCoolingOffHours: 48,
        timeFloorPercent: 30,
      },
    });

    expect((await asAdmin(admin, b, { ...valid, name: "Board reporting" })).status).toBe(200);
    expect(await names(b)).toContain("Board reporting");
    const page = await answerOf(() =>
      adminLoader({
        request: pageRequest(`/admin/requirements?organisation=${b.id}`, { cookie: admin }),
      } as never),
    );
    expect(page.status).toBe(200);
    expect(JSON.stringify(page.data)).toContain("Board reporting");
    const missing = await answerOf(() =>
      adminLoader({
        request: pageRequest("/admin/requirements?organisation=999999", { cookie: admin }),
      } as never),
    );
    expect(missing.status).toBe(404);
  });
});

describe("extending a due date", () => {
  it("records who and why, and moves the learner's effective due date", async () => {
    const { a, manager } = await setUp();
    const learner = await member("learner", a, "learner");
    const [requirement] = await requirementsOf(a.id);
    if (!requirement) throw new Error("no default requirement");
    const extension = {
      intent: "extend",
      userId: learner.id,
      requirementId: String(requirement.id),
      dueDate: "2027-01-31",
      reason: "Parental leave <b>until January</b>",
    };
    // The learner joined today: due 30 days from now, the date an extension must pass.
    const current =
      (await complianceSnapshot(a, { userIds: [learner.id] })).states.find(
        (state) => state.requirementId === requirement.id,
      )?.effectiveDueDate ?? "";
    expect(current).not.toBe("");

    for (const [field, change] of [
      ["reason", { reason: "  " }],
      ["reason", { reason: "r".repeat(501) }],
      ["dueDate", { dueDate: "2027-02-29" }],
      ["dueDate", { dueDate: current }],
    ] as const) {
      const refused = await asManager(manager.cookie, { ...extension, ...change });
      expect(refused.status, field).toBe(400);
      expect(replyOf(refused).result.error?.[field], field).toBeDefined();
    }
    const notLater = await asManager(manager.cookie, { ...extension, dueDate: "2020-01-01" });
    expect(replyOf(notLater).result.error?.dueDate).toEqual([
      `requirements:errors.notLater?date=${current}`,
    ]);

    expect((await asManager(manager.cookie, extension)).status).toBe(200);
    const stored = await getDb()
      .selectFrom("requirement_extension")
      .select(["cycle", "due_date", "reason", "actor_email"])
      .execute();
    expect(stored).toEqual([
      {
        cycle: 1,
        due_date: "2027-01-31",
        reason: extension.reason,
        actor_email: manager.email,
      },
    ]);
    const organisation = await findOrganisation(a.id);
    if (!organisation) throw new Error("organisation gone");
    const snapshot = await complianceSnapshot(organisation, { userIds: [learner.id] });
    expect(
      snapshot.states.find((state) => state.requirementId === requirement.id)?.effectiveDueDate,
    ).toBe("2027-01-31");

    const page = await answerOf(() =>
      managerLoader({
        request: pageRequest("/training/requirements", { cookie: manager.cookie }),
      } as never),
    );
    const history = (page.data as { history: unknown[] }).history;
    expect(history).toEqual([
      expect.objectContaining({
        requirementName: requirement.name,
        learnerEmail: learner.email,
        dueDate: "2027-01-31",
        reason: extension.reason,
        actorEmail: manager.email,
        cycle: 1,
      }),
    ]);
  });
});
