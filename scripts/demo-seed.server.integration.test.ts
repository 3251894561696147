import { describe, expect, it } from "vitest";
import { getDb } from "~/platform/db/db.server";
import { checkPilotAccess } from "~/platform/auth/index.server";
import { complianceSnapshot, membershipOf } from "~/domain/compliance/index.server";
import { getCatalogue } from "~/domain/training/index.server";
import { seedDemo } from "./demo-seed.server";

// The demo organisation at a small size: what the seed makes is what the dashboard, the sign-in
// and the reminders read, on both engines.

const now = new Date("2026-11-20T15:00:00.000Z");
const demo = { learners: 50, attempts: 2_000, now, domain: "northwind-demo.test" };

async function countOf(table: "user" | "learner" | "training_run" | "training_answer") {
  const row = await getDb()
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

describe("the demo organisation", () => {
  it("has its users, managers, learners and takes, once however often it is seeded", async () => {
    const db = getDb();
    const made = await seedDemo({ db, ...demo });
    expect(made).toMatchObject({
      created: true,
      users: 50,
      completedTakes: 2_000,
      managers: [
        "manager1@northwind-demo.test",
        "manager2@northwind-demo.test",
        "manager3@northwind-demo.test",
      ],
    });
    expect(made.openTakes).toBeGreaterThan(0);

    const members = await db
      .selectFrom("organisation_member")
      .select(["role"])
      .where("organisation_id", "=", made.organisationId)
      .execute();
    expect(members).toHaveLength(50);
    expect(members.filter((member) => member.role === "manager")).toHaveLength(3);
    const completed = await db
      .selectFrom("training_run")
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .where("completed_at", "is not", null)
      .executeTakeFirstOrThrow();
    expect(Number(completed.count)).toBe(2_000);
    const before = {
      users: await countOf("user"),
      learners: await countOf("learner"),
      runs: await countOf("training_run"),
      answers: await countOf("training_answer"),
    };
    expect(before).toEqual({
      users: 50,
      learners: 50,
      runs: 2_000 + made.openTakes,
      answers: made.answers,
    });

    const again = await seedDemo({ db, ...demo });
    expect(again).toMatchObject({ created: false, organisationId: made.organisationId });
    expect({
      users: await countOf("user"),
      learners: await countOf("learner"),
      runs: await countOf("training_run"),
      answers: await countOf("training_answer"),
    }).toEqual(before);
  });

  it("scores every completed take by its answers, between joining and now", async () => {
    const db = getDb();
    await seedDemo({ db, ...demo });
    const { modules } = getCatalogue();
    const runs = await db
      .selectFrom("training_run")
      .innerJoin("learner", "learner.id", "training_run.learner_id")
      .select([
        "training_run.id",
        "training_run.item_id",
        "training_run.started_at",
        "training_run.completed_at",
        "training_run.score",
        "learner.created_at as joined_at",
      ])
      .execute();
    const answers = await db
      .selectFrom("training_answer")
      .select(["run_id", "step_id", "option_id", "item_id", "correct", "answered_at"])
      .execute();
    const answersOf = new Map<number, typeof answers>();
    for (const answer of answers) {
      answersOf.set(Number(answer.run_id), [
        ...(answersOf.get(Number(answer.run_id)) ?? []),
        answer,
      ]);
    }
    for (const run of runs) {
      const module = modules.get(run.item_id);
      if (!module) throw new Error(`unknown module ${run.item_id}`);
      const given = answersOf.get(Number(run.id)) ?? [];
      for (const answer of given) {
        const step = module.steps.find((candidate) => candidate.id === answer.step_id);
        const item = step?.items.find((candidate) => candidate.id === answer.item_id);
        expect(Number(answer.correct)).toBe(answer.option_id === item?.answer ? 1 : 0);
      }
      const times = given.map((answer) => answer.answered_at).sort();
      expect(run.started_at).toBe(times[0]);
      expect(run.started_at > run.joined_at).toBe(true);
      if (run.completed_at === null) {
        expect(given.length).toBeLessThan(module.steps.length);
        expect(run.score).toBeNull();
        continue;
      }
      expect(given).toHaveLength(module.steps.length);
      expect(run.completed_at).toBe(times.at(-1));
      expect(run.completed_at < now.toISOString()).toBe(true);
      const right = given.filter((answer) => Number(answer.correct) === 1).length;
      expect(Number(run.score)).toBe(Math.round((100 * right) / module.steps.length));
    }
  });

  it("admits its people to the organisation, where the dashboard sees every status", async () => {
    const db = getDb();
    const made = await seedDemo({ db, ...demo });
    const account = (email: string) =>
      db.selectFrom("user").select(["id", "email"]).where("email", "=", email).executeTakeFirst();
    const manager = await account("manager1@northwind-demo.test");
    const learner = await db
      .selectFrom("user")
      .select(["id", "email"])
      .where("email", "not like", "manager%")
      .executeTakeFirst();
    if (!manager || !learner) throw new Error("the seeded users are missing");
    await expect(membershipOf(manager)).resolves.toMatchObject({
      role: "manager",
      organisation: { name: "Northwind Credit Union (demo)", region: "CA" },
    });
    await expect(membershipOf(learner)).resolves.toMatchObject({
      role: "learner",
      organisation: { id: made.organisationId },
    });

    // Someone of the domain who signs in later joins the organisation too, with no PILOT_DOMAINS.
    await expect(checkPilotAccess("new.hire@northwind-demo.test")).resolves.toEqual({
      allowed: true,
      organisation: "Northwind Credit Union (demo)",
      via: "allowlist",
    });
    const newHire = { id: "new-hire", email: "new.hire@northwind-demo.test" };
    await db
      .insertInto("user")
      .values({
        ...newHire,
        name: "Ana Lima",
        email_verified: 1,
        image: null,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
        two_factor_enabled: null,
        role: "learner",
      })
      .execute();
    await expect(membershipOf(newHire)).resolves.toMatchObject({
      role: "learner",
      organisation: { id: made.organisationId },
    });

    // Its groups, line managers and compliance owner, for the roster and the escalations.
    const groups = await db
      .selectFrom("member_group")
      .select(["id", "kind", "name"])
      .where("organisation_id", "=", made.organisationId)
      .orderBy("id")
      .execute();
    expect(groups.map((group) => `${group.kind}:${group.name}`)).toEqual([
      "department:Branch operations",
      "department:Lending",
      "department:Payments",
      "location:Vancouver",
      "location:Toronto",
      "location:Calgary",
    ]);
    const placements = await db
      .selectFrom("member_group_member")
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .executeTakeFirstOrThrow();
    expect(Number(placements.count)).toBe(2 * 50);
    const withoutLineManager = await db
      .selectFrom("organisation_member")
      .select("user_id")
      .where("organisation_id", "=", made.organisationId)
      .where("role", "=", "learner")
      .where("manager_id", "is", null)
      .execute();
    // Only the newcomer who signed in above, until a manager gives them one.
    expect(withoutLineManager).toEqual([{ user_id: newHire.id }]);
    const organisation = (await membershipOf(learner)).organisation;
    expect(organisation.complianceOwnerId).toBe(manager.id);

    const snapshot = await complianceSnapshot(organisation, { now });
    expect(snapshot.requirements).toHaveLength(4);
    expect(snapshot.learners).toHaveLength(51);
    const statuses = snapshot.states.map((state) => state.status);
    for (const status of ["completed", "pending", "overdue"] as const) {
      expect(statuses.filter((found) => found === status).length, status).toBeGreaterThan(0);
    }
  });
});
