import { describe, expect, it } from "vitest";
import { getDb } from "~/platform/db/db.server";
import { signInForTest } from "../../../tests/integration/auth";
import { placeMember } from "../../../tests/integration/members";
import {
  type RouteAnswer,
  answerOf,
  callAction,
  pageRequest,
} from "../../../tests/integration/call-action";
import { action as amlAction, loader as amlLoader } from "~/routes/kestrel.aml-demo";
import { action as requirementsAction } from "~/routes/training.requirements";
import { action as reviewAction, loader as reviewLoader } from "~/routes/training.review";
import { loader as queueLoader } from "~/routes/training.reviews";
import { citationChoices } from "./citations";
import { getPacks } from "./packs.server";
import { REVIEW_SAMPLE_PERCENT, queueReview, reviewReason } from "./review.server";

// A person's review of automatically graded answers: who is asked (managers of the learner's
// organisation, nobody else), what they see, what they decide, and what the learner then reads.

const sgPack = getPacks().get("sg");
const paynowCase = sgPack?.scenarios.find((scenario) => scenario.id === "paynow-pep-pass-through");
if (!sgPack || !paynowCase) throw new Error("the Singapore pack and its PayNow case are needed");
const [sg, paynow] = [sgPack, paynowCase];

let ip = 0;
const freshIp = () => `198.51.100.${(ip += 1) % 250}`;

/** A learner's graded guided answer, and its attempt id. */
async function answer(cookie: string) {
  const responses = {
    signals: ["third-party-payers", "rapid-pass-through"],
    signalNotes: "Part of the money went to Grace Lim, a close associate of a PEP.",
    why: "Ninety-seven individuals paying a consultancy and money leaving within hours give reasonable grounds to suspect a mule pass-through.",
    decision: "ESCALATE",
    decisionNotes:
      "Lumen Harbour received 146 PayNow transfers between 3 and 21 November; escalate for an STR to STRO.",
    confidence: 2,
    citations: [citationChoices(paynow, sg.rubric).findIndex((choice) => choice.relevant)],
  };
  const response = await callAction(
    amlAction,
    pageRequest("/kestrel/aml-demo", {
      cookie,
      body: new URLSearchParams({
        intent: "submit-guided",
        jurisdiction: "sg",
        scenario: paynow.id,
        responses: JSON.stringify(responses),
      }),
    }),
    freshIp(),
  );
  const result = (
    response.data as { result: { attemptId: number; grade: { percent: number; band: string } } }
  ).result;
  return result;
}

const queue = (cookie: string) =>
  answerOf(() => queueLoader({ request: pageRequest("/training/reviews", { cookie }) } as never));
const page = (cookie: string, attemptId: number | string) =>
  answerOf(() =>
    reviewLoader({
      request: pageRequest(`/training/reviews/${attemptId}`, { cookie }),
      params: { attemptId: String(attemptId) },
    } as never),
  );
const decide = (
  cookie: string,
  attemptId: number,
  fields: Record<string, string>,
): Promise<RouteAnswer> =>
  callAction(
    reviewAction,
    pageRequest(`/training/reviews/${attemptId}`, { cookie, body: new URLSearchParams(fields) }),
    freshIp(),
    { attemptId: String(attemptId) },
  );

describe("which answers wait for a person", () => {
  it("a disagreement, a grade on the pass line, and a tenth of the rest", () => {
    expect(reviewReason(1, sg.rubric, 95, "disagreement")).toBe("disagreement");
    expect(reviewReason(1, sg.rubric, 68, null)).toBe("borderline");
    expect(reviewReason(1, sg.rubric, 73, null)).toBe("borderline");
    const sampled = Array.from({ length: 2000 }, (_, id) => reviewReason(id, sg.rubric, 95, null));
    const share = sampled.filter((reason) => reason === "sample").length / sampled.length;
    expect(share).toBeGreaterThan((REVIEW_SAMPLE_PERCENT - 3) / 100);
    expect(share).toBeLessThan((REVIEW_SAMPLE_PERCENT + 3) / 100);
  });
});

describe("a manager reviews their organisation's answers", () => {
  it("confirms or overrides with a reason; the learner reads it; others reach nothing", async () => {
    const organisation = "Straits Review Bank";
    const learner = await signInForTest("reviewed");
    const manager = await signInForTest("reviewer");
    const outsider = await signInForTest("outsider");
    const { organisationId } = await placeMember(learner.email, organisation, "learner");
    await placeMember(manager.email, organisation, "manager");
    await placeMember(outsider.email, "Another Review Bank", "manager");

    const first = await answer(learner.cookie);
    const second = await answer(learner.cookie);
    // Queued as the attempt would be when its grade sits in the sample.
    for (const attempt of [first, second]) {
      await getDb().deleteFrom("aml_review").where("attempt_id", "=", attempt.attemptId).execute();
      await queueReview({
        attemptId: attempt.attemptId,
        organisationId,
        reason: "sample",
        learner: { name: "", email: learner.email },
        percent: attempt.grade.percent,
        band: attempt.grade.band,
        at: new Date(),
      });
    }

    const listed = (await queue(manager.cookie)).data as {
      reviewer: boolean;
      pending: { attemptId: number; learner: string; reason: string }[];
    };
    expect(listed.reviewer).toBe(true);
    expect(listed.pending.map((item) => item.attemptId)).toEqual([
      first.attemptId,
      second.attemptId,
    ]);
    expect(listed.pending[0]).toMatchObject({ learner: learner.email, reason: "sample" });

    // Nobody else sees the queue or an answer: not the learner, not another organisation's manager.
    for (const cookie of [learner.cookie, outsider.cookie, ""]) {
      expect(((await queue(cookie)).data as { pending: unknown[] }).pending).toEqual([]);
      expect((await page(cookie, first.attemptId)).status).toBe(404);
      expect((await decide(cookie, first.attemptId, { intent: "confirm" })).status).toBe(404);
    }
    for (const hostile of ["0", "-1", "1e3", "99999999999999", "abc", "1 OR 1=1"]) {
      expect((await page(manager.cookie, hostile)).status).toBe(404);
    }

    const shown = (await page(manager.cookie, first.attemptId)).data as {
      answer: { field: string; value: string }[];
      result: { grade: { percent: number } };
    };
    expect(shown.answer.map((item) => item.field)).toEqual([
      "signals",
      "why",
      "decision",
      "decisionNotes",
    ]);
    expect(shown.result.grade.percent).toBe(first.grade.percent);

    // An override needs a grade in range and a reason; nothing is decided until it has them.
    const refusals: Record<string, string>[] = [
      { intent: "override", percent: "55" },
      { intent: "override", percent: "150", note: "Too high" },
      { intent: "override", percent: "x", note: "Not a number" },
      { intent: "promote", note: "?" },
      { intent: "override", percent: "55", note: "n".repeat(501) },
    ];
    for (const fields of refusals) {
      const refused = await decide(manager.cookie, first.attemptId, fields);
      expect(refused.status).toBe(400);
    }
    const overridden = await decide(manager.cookie, first.attemptId, {
      intent: "override",
      percent: "55",
      note: "The reasoning repeats the signals without saying why they are grounds to suspect.",
    });
    expect(overridden.status).toBe(200);
    expect(
      (overridden.data as { reviewed: { status: string; percent: number } }).reviewed,
    ).toMatchObject({
      status: "overridden",
      percent: 55,
      band: "Developing",
    });
    // Decided once: a second decision is refused, the first stands.
    expect((await decide(manager.cookie, first.attemptId, { intent: "confirm" })).status).toBe(409);
    expect((await decide(manager.cookie, second.attemptId, { intent: "confirm" })).status).toBe(
      200,
    );

    // The override sits in the evidence chain beside the automatic grade.
    const records = await getDb()
      .selectFrom("evidence_record")
      .select(["kind", "envelope"])
      .where("subject", "=", `aml-attempt:${first.attemptId}`)
      .execute();
    const review = records.find((record) => record.kind === "aml-review");
    expect(review).toBeDefined();
    expect(JSON.parse(String(review?.envelope)).payload.content).toMatchObject({
      automatic: { percent: first.grade.percent },
      decision: "overridden",
      final: { percent: 55 },
      reviewer: { email: manager.email },
    });

    // The learner's page shows their latest answer as a person reviewed it.
    const learnerPage = (
      await answerOf(() =>
        amlLoader({
          request: pageRequest(`/kestrel/aml-demo?jurisdiction=sg&scenario=${paynow.id}`, {
            cookie: learner.cookie,
          }),
        } as never),
      )
    ).data as { result: { attemptId: number; review: { status: string; band: string } } };
    expect(learnerPage.result.attemptId).toBe(second.attemptId);
    expect(learnerPage.result.review).toMatchObject({
      status: "confirmed",
      band: second.grade.band,
    });

    const after = (await queue(manager.cookie)).data as {
      pending: unknown[];
      stats: { reviewed: number; confirmed: number };
    };
    expect(after.pending).toEqual([]);
    expect(after.stats).toMatchObject({ reviewed: 2, confirmed: 1 });
  });
});

describe("named reviewers", () => {
  it("review as the managers do once a manager names them, never their own answer, and stop when taken off", async () => {
    const organisation = "Straits Named Review Bank";
    const learner = await signInForTest("named-learner");
    const named = await signInForTest("named-reviewer");
    const manager = await signInForTest("named-manager");
    const outsider = await signInForTest("named-outsider");
    const { organisationId, userId: learnerId } = await placeMember(
      learner.email,
      organisation,
      "learner",
    );
    const { userId: namedId } = await placeMember(named.email, organisation, "learner");
    await placeMember(manager.email, organisation, "manager");
    const { userId: outsiderId } = await placeMember(
      outsider.email,
      "Another Named Review Bank",
      "learner",
    );
    const name = (cookie: string, fields: Record<string, string>) =>
      callAction(
        requirementsAction,
        pageRequest("/training/requirements", { cookie, body: new URLSearchParams(fields) }),
        freshIp(),
      );
    const isReviewer = async (userId: string) =>
      (
        await getDb()
          .selectFrom("organisation_member")
          .select("reviewer")
          .where("user_id", "=", userId)
          .executeTakeFirstOrThrow()
      ).reviewer;

    // Two answers wait: the learner's and the named reviewer's own.
    const theirs = await answer(learner.cookie);
    const own = await answer(named.cookie);
    for (const [attempt, email] of [
      [theirs, learner.email],
      [own, named.email],
    ] as const) {
      await getDb().deleteFrom("aml_review").where("attempt_id", "=", attempt.attemptId).execute();
      await queueReview({
        attemptId: attempt.attemptId,
        organisationId,
        reason: "sample",
        learner: { name: "", email },
        percent: attempt.grade.percent,
        band: attempt.grade.band,
        at: new Date(),
      });
    }

    // Before they are named, a learner reviews nothing.
    expect(((await queue(named.cookie)).data as { reviewer: boolean }).reviewer).toBe(false);
    expect((await page(named.cookie, theirs.attemptId)).status).toBe(404);

    // Only a manager names, only members of their organisation, and nothing hostile.
    for (const [cookie, fields, status] of [
      [named.cookie, { intent: "reviewer-add", userId: namedId }, 403],
      [manager.cookie, { intent: "reviewer-add", userId: outsiderId }, 400],
      [manager.cookie, { intent: "reviewer-add", userId: "" }, 400],
      [manager.cookie, { intent: "reviewer-add", userId: "u".repeat(65) }, 400],
      [manager.cookie, { intent: "reviewer-add", userId: "' OR 1=1 --" }, 400],
      [manager.cookie, { intent: "reviewer-promote", userId: namedId }, 400],
    ] as const) {
      expect((await name(cookie, fields)).status, JSON.stringify(fields)).toBe(status);
    }
    expect(await isReviewer(namedId)).toBe(0);
    expect(await isReviewer(outsiderId)).toBe(0);
    expect((await name(manager.cookie, { intent: "reviewer-add", userId: namedId })).status).toBe(
      200,
    );
    expect(await isReviewer(namedId)).toBe(1);

    // Named, they see the organisation's queue without their own answer, and decide.
    const listed = (await queue(named.cookie)).data as {
      reviewer: boolean;
      pending: { attemptId: number }[];
    };
    expect(listed.reviewer).toBe(true);
    expect(listed.pending.map((item) => item.attemptId)).toEqual([theirs.attemptId]);
    expect((await page(named.cookie, own.attemptId)).status).toBe(404);
    expect((await decide(named.cookie, own.attemptId, { intent: "confirm" })).status).toBe(404);
    expect((await decide(named.cookie, theirs.attemptId, { intent: "confirm" })).status).toBe(200);

    // The manager sees both answers' queue state and who reviewed, by name or address.
    const managerView = (await queue(manager.cookie)).data as {
      pending: { attemptId: number }[];
      stats: { byReviewer: { name: string; count: number }[] };
    };
    expect(managerView.pending.map((item) => item.attemptId)).toEqual([own.attemptId]);
    expect(managerView.stats.byReviewer).toEqual([{ name: named.email, count: 1 }]);

    // Taken off, they review nothing more.
    expect(
      (await name(manager.cookie, { intent: "reviewer-remove", userId: namedId })).status,
    ).toBe(200);
    expect(await isReviewer(namedId)).toBe(0);
    expect(((await queue(named.cookie)).data as { reviewer: boolean }).reviewer).toBe(false);
    expect(await isReviewer(learnerId)).toBe(0);
  });
});
