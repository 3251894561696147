import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { LEARNING_TABS } from "~/domain/courses/constants";
import { getEsgCourse } from "~/domain/courses/index.server";
import { getCatalogue } from "~/domain/training/index.server";
import { getDb, isPostgres } from "~/platform/db/db.server";
import { getPack } from "~/domain/aml/packs.server";
import { action as amlAction } from "~/routes/courses.aml-fraud";
import { action as courseAction } from "~/routes/courses.esg-ai-ethics";
import { action as certificatesAction } from "~/routes/training.certificates";
import { signInForTest } from "../../tests/integration/auth";
import { callAction, pageRequest } from "../../tests/integration/call-action";
import { answerStep, openTake, takeModule } from "../../tests/integration/takes";
import { issueCertificate } from "~/domain/certificates/index.server";
import { UNEARNED_REASON, revokeUnearnedCertificates } from "./certificate-status.server";

// docs/decisions/036: a workflow commits everything or nothing. The evidence write is made to
// fail inside the database (a trigger that refuses the insert, as a full disk or a lost lock
// would), and the test finds none of the work the evidence was to record: no completed take, no
// certificate, no notification. Once the database accepts evidence again, the same post completes
// with its record.

const FAILURE = "evidence write refused by the test";

async function refuseEvidence(): Promise<void> {
  const db = getDb();
  if (isPostgres()) {
    await sql
      .raw(
        `create or replace function refuse_evidence() returns trigger language plpgsql as $$
         begin raise exception '${FAILURE}'; end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger refuse_evidence before insert on evidence_record
         for each row execute function refuse_evidence()`,
      )
      .execute(db);
  } else {
    await sql
      .raw(
        `create trigger refuse_evidence before insert on evidence_record
         begin select raise(abort, '${FAILURE}'); end`,
      )
      .execute(db);
  }
}

async function acceptEvidence(): Promise<void> {
  const db = getDb();
  if (isPostgres()) {
    await sql.raw("drop trigger if exists refuse_evidence on evidence_record").execute(db);
    await sql.raw("drop function if exists refuse_evidence()").execute(db);
  } else {
    await sql.raw("drop trigger if exists refuse_evidence").execute(db);
  }
}

afterEach(acceptEvidence);

let ipCounter = 0;
const freshIp = () => `203.0.113.${(ipCounter += 1) % 250}`;

const module = getCatalogue().modules.get("esg-fundamentals-singapore");
if (!module) throw new Error("the ESG fundamentals module is missing");

function answerRight(cookie: string, take: string, index: number) {
  return answerStep({ moduleId: module?.id ?? "", take, index, right: true, cookie });
}

async function counts(userId: string) {
  const db = getDb();
  const count = async (table: "evidence_record" | "certificate" | "notification") =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as("n"))
          .where("user_id", "=", userId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const completed = await db
    .selectFrom("training_run")
    .innerJoin("learner", "learner.id", "training_run.learner_id")
    .select("training_run.id")
    .where("learner.user_id", "=", userId)
    .where("training_run.completed_at", "is not", null)
    .execute();
  return {
    completedTakes: completed.length,
    evidence: await count("evidence_record"),
    certificates: await count("certificate"),
    notifications: await count("notification"),
  };
}

async function signIn(label: string) {
  const { cookie, email } = await signInForTest(label);
  const { id } = await getDb()
    .selectFrom("user")
    .select("id")
    .where("email", "=", email)
    .executeTakeFirstOrThrow();
  return { cookie, userId: id };
}

async function setHolderName(cookie: string) {
  await callAction(
    certificatesAction,
    pageRequest("/training/certificates", {
      cookie,
      body: new URLSearchParams({ name: "Mei Ling Tan" }),
    }),
    freshIp(),
  );
}

describe("a workflow whose evidence cannot be written", () => {
  it("leaves no completed take, certificate or notification; the same answer completes later", async () => {
    const { cookie, userId } = await signIn("atomic-take");
    await setHolderName(cookie);
    const take = await openTake(module.id, cookie);
    const last = module.steps.length - 1;
    for (let index = 0; index < last; index += 1) {
      expect((await answerRight(cookie, take, index)).status).toBe(200);
    }
    const before = await counts(userId);
    expect(before).toEqual({ completedTakes: 0, evidence: 0, certificates: 0, notifications: 0 });

    await refuseEvidence();
    await expect(answerRight(cookie, take, last)).rejects.toThrow(FAILURE);
    expect(await counts(userId)).toEqual(before);
    const lastAnswer = await getDb()
      .selectFrom("training_answer")
      .innerJoin("training_run", "training_run.id", "training_answer.run_id")
      .select("training_answer.step_id")
      .where("training_run.take_key", "=", take)
      .where("training_answer.step_id", "=", module.steps[last]?.id ?? "")
      .execute();
    expect(lastAnswer).toEqual([]);

    await acceptEvidence();
    const completed = await answerRight(cookie, take, last);
    expect(completed.data).toMatchObject({ answer: { completed: true, score: 100 } });
    const after = await counts(userId);
    expect(after.completedTakes).toBe(1);
    // The take's completion, the module's certificate and (when its track is one module long) the
    // track's: each certificate with its own evidence record and notification.
    expect(after.certificates).toBeGreaterThanOrEqual(1);
    expect(after.evidence).toBe(1 + after.certificates);
    expect(after.notifications).toBeGreaterThanOrEqual(after.certificates);
    // The completion's record carries the time on task, from the server's timestamps, and flags
    // a take finished in seconds against a 25-minute reading time.
    const completion = await getDb()
      .selectFrom("evidence_record")
      .select("envelope")
      .where("kind", "=", "module-completion")
      .where("subject", "=", `take:${take}`)
      .executeTakeFirstOrThrow();
    const { timeOnTask } = (
      JSON.parse(completion.envelope) as { payload: { content: { timeOnTask: unknown } } }
    ).payload.content;
    expect(timeOnTask).toMatchObject({
      readingMinutes: module.durationMinutes,
      floorPercent: 20,
      floorSeconds: module.durationMinutes * 12,
      tooFast: true,
      steps: module.steps.map((step) => ({ step: step.id, seconds: expect.any(Number) })),
    });
  });

  it("leaves no completed course when the course's evidence cannot be written", async () => {
    const { cookie, userId } = await signIn("atomic-course");
    await refuseEvidence();
    // Every tab visited and every exercise step answered completes the course; its completion is
    // the first evidence the learner leaves, so the refused insert is the completion's.
    const course = getEsgCourse();
    const post = (fields: [string, string][]) =>
      callAction(
        courseAction,
        pageRequest("/courses/esg-ai-ethics", { cookie, body: new URLSearchParams(fields) }),
        freshIp(),
      );
    for (const tab of LEARNING_TABS)
      expect(
        (
          await post([
            ["intent", "visit"],
            ["tab", tab],
          ])
        ).status,
      ).toBe(200);
    let refused = 0;
    for (const exercise of course.exercises) {
      for (const step of exercise.steps) {
        const fields: [string, string][] = [
          ["intent", "check"],
          ["exercise", exercise.id],
          ["step", step.id],
          ...step.answer.map((id): [string, string] => ["option", id]),
        ];
        await post(fields).catch((error: unknown) => {
          expect(String(error)).toContain(FAILURE);
          refused += 1;
        });
      }
    }
    expect(refused).toBeGreaterThan(0);
    const completions = await getDb()
      .selectFrom("course_completion")
      .innerJoin("learner", "learner.id", "course_completion.learner_id")
      .select("course_completion.course_id")
      .where("learner.user_id", "=", userId)
      .execute();
    expect(completions).toEqual([]);
    expect((await counts(userId)).evidence).toBe(0);
  });

  it("stores no AML attempt when its evidence cannot be written", async () => {
    const { cookie, userId } = await signIn("atomic-aml");
    const scenario = getPack("sg")?.scenarios[0];
    if (!scenario) throw new Error("no Singapore scenario");
    const grade = () =>
      callAction(
        amlAction,
        pageRequest("/courses/aml-fraud", {
          cookie,
          body: new URLSearchParams({
            intent: "grade-freeform",
            jurisdiction: "sg",
            scenario: scenario.id,
            decision: "ESCALATE",
            analysis: "Funds leave within minutes of arriving; escalate and file an STR with STRO.",
          }),
        }),
        freshIp(),
      );
    const attempts = () =>
      getDb()
        .selectFrom("aml_attempt")
        .innerJoin("learner", "learner.id", "aml_attempt.learner_id")
        .select("aml_attempt.id")
        .where("learner.user_id", "=", userId)
        .execute();
    await refuseEvidence();
    await expect(grade()).rejects.toThrow(FAILURE);
    expect(await attempts()).toEqual([]);
    await acceptEvidence();
    expect((await grade()).status).toBe(200);
    expect(await attempts()).toHaveLength(1);
    expect((await counts(userId)).evidence).toBe(1);
  });
});

describe("certificates issued before completion meant passed", () => {
  it("are revoked with their reason when no passed take earned them; earned ones stay", async () => {
    const { cookie, userId } = await signIn("unearned");
    await setHolderName(cookie);
    const passed = "esg-fundamentals-singapore";
    const failed = "crypto-atm-awareness";
    await takeModule(passed, cookie, true);
    await takeModule(failed, cookie, false);
    // What the rules before "completion means passed" did: a certificate for the failed take.
    await issueCertificate({
      userId,
      name: "Mei Ling Tan",
      achievement: {
        key: `module:${failed}`,
        kind: "module",
        id: failed,
        title: "Crypto ATM Awareness",
        score: 0,
        completedAt: new Date().toISOString(),
      },
      description: "Completed the module",
      language: "en",
      now: new Date(),
    });
    expect(await revokeUnearnedCertificates()).toBe(1);
    const certificates = await getDb()
      .selectFrom("certificate")
      .select(["achievement_key", "revoked_at", "revoked_reason"])
      .where("user_id", "=", userId)
      .execute();
    expect(certificates).toEqual(
      expect.arrayContaining([
        { achievement_key: `module:${passed}`, revoked_at: null, revoked_reason: null },
        {
          achievement_key: `module:${failed}`,
          revoked_at: expect.any(String),
          revoked_reason: UNEARNED_REASON,
        },
      ]),
    );
    const revocation = await getDb()
      .selectFrom("evidence_record")
      .select("kind")
      .where("user_id", "=", userId)
      .where("kind", "=", "certificate-revoked")
      .execute();
    expect(revocation).toHaveLength(1);
    expect(await revokeUnearnedCertificates()).toBe(0);
  });
});
