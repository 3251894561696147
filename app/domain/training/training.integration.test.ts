import { describe, expect, it } from "vitest";
import { getDb } from "~/platform/db/db.server";
import { addAllowlistEntry } from "~/platform/auth/index.server";
import { getCatalogue, loadTrainingHome } from "~/domain/training/index.server";
import { purgeGuestLearners } from "~/domain/training/learners.server";
import {
  type RouteAnswer,
  answerOf,
  callAction,
  pageRequest,
} from "../../../tests/integration/call-action";
import { lastOutboxId, latestSignInCode, signInForTest } from "../../../tests/integration/auth";
import { drawnQuestion } from "../../../tests/integration/takes";
import { action as leaseAction, loader as leaseLoader } from "~/routes/training.lease-fraud-demo";
import { action as loginAction } from "~/routes/login";
import { action as moduleAction, loader as moduleLoader } from "~/routes/training.module";

// The training routes on a real database, as a browser (or a script) meets them: guests, takes,
// grading, locks, the move of a guest's progress to an account, and every bad input.
let ipCounter = 0;
const freshIp = () => `198.51.100.${(ipCounter += 1) % 250}-${ipCounter}`;
let takeCounter = 0;
const takeKey = () => `take${String((takeCounter += 1)).padStart(12, "0")}`;

/** A value the content guarantees; a test fails loudly if it is missing. */
function present<T>(value: T | undefined | null, what: string): T {
  if (value === undefined || value === null) throw new Error(`missing ${what}`);
  return value;
}

const catalogue = getCatalogue();
const esg = present(catalogue.modules.get("esg-fundamentals-singapore"), "ESG module");
const stepOf = (index: number) => present(esg.steps[index], `step ${index}`);
/** The right and the wrong option of what take `take` drew for the ESG module's step `index`. */
const drawn = (take: string, index: number, moduleId = esg.id) =>
  drawnQuestion(moduleId, take, index);
const rightOf = async (take: string, index: number) => (await drawn(take, index)).right;
const wrongOf = async (take: string, index: number) => (await drawn(take, index)).wrong;

const request = pageRequest;

function answer(
  fields: Record<string, string>,
  { moduleId = esg.id, cookie = "", ip = freshIp() } = {},
): Promise<RouteAnswer> {
  return callAction(
    moduleAction,
    request(`/training/module/${moduleId}`, { cookie, body: new URLSearchParams(fields) }),
    ip,
    { moduleId },
  );
}

type Reply = {
  answer?: {
    take: string;
    stepId: string;
    correct: boolean;
    rightOptionId: string;
    feedback: string | null;
    completed: boolean;
    score: number | null;
  };
  error?: { code: string; prerequisites?: string[] };
};
const reply = (response: RouteAnswer) => (response.data ?? {}) as Reply;

/** The guest cookie (`name=value`) a response sets, or "". */
const guestCookie = (response: Response) =>
  response.headers
    .getSetCookie()
    .find((line) => line.startsWith("kestrel-learner="))
    ?.split(";")[0] ?? "";

async function player(path: string, cookie = "") {
  const moduleId = present(path.split("?")[0]?.split("/").pop(), "module id");
  const response = await answerOf(() =>
    moduleLoader({ request: request(path, { cookie }), params: { moduleId } } as never),
  );
  return response;
}

/** The take the player page opens for a learner (a new guest gets a fresh key). */
async function openedTake(cookie: string, moduleId = esg.id) {
  if (!cookie) return takeKey();
  const page = await player(`/training/module/${moduleId}`, cookie);
  return (page.data as { takeKey: string }).takeKey;
}

/** Answers all three steps of the ESG module with the given rightness; returns the last reply. */
async function takeModule(rights: [boolean, boolean, boolean], cookie = "") {
  const take = await openedTake(cookie);
  let last: RouteAnswer | undefined;
  let jar = cookie;
  for (const [index, right] of rights.entries()) {
    const option = right ? await rightOf(take, index) : await wrongOf(take, index);
    last = await answer({ take, step: stepOf(index).id, option }, { cookie: jar });
    expect(last.status).toBe(200);
    jar ||= guestCookie(last);
  }
  return { take, cookie: jar, last: reply(present(last, "an answer")) };
}

const count = async (table: "learner" | "training_run" | "training_answer") =>
  Number(
    (
      await getDb()
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("answering as a guest", () => {
  it("creates nothing on a page view; the first answer makes a guest and sets its cookie", async () => {
    const page = await player(`/training/module/${esg.id}`);
    expect(page.status).toBe(200);
    expect(await count("learner")).toBe(0);

    const take = takeKey();
    const first = await answer({ take, step: stepOf(0).id, option: await rightOf(take, 0) });
    expect(first.status).toBe(200);
    const cookie = first.headers.get("Set-Cookie") ?? "";
    expect(cookie).toMatch(/^kestrel-learner=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(reply(first).answer).toMatchObject({ correct: true, completed: false, score: null });
    expect(await count("learner")).toBe(1);
    expect(await count("training_answer")).toBe(1);
  });

  it("says wrong with the option's feedback and the right option, and keeps the attempt", async () => {
    const take = takeKey();
    const { question, right, wrong } = await drawn(take, 0);
    const response = await answer({ take, step: stepOf(0).id, option: wrong });
    const feedback = present(
      question.options.find((o) => o.id === wrong),
      "the wrong option",
    ).feedback.en;
    expect(reply(response).answer).toMatchObject({
      correct: false,
      rightOptionId: right,
      feedback,
    });
    const stored = await getDb().selectFrom("training_answer").selectAll().execute();
    expect(stored).toEqual([
      expect.objectContaining({
        step_id: stepOf(0).id,
        item_id: question.id,
        option_id: wrong,
        correct: 0,
      }),
    ]);
  });

  it("scores first answers only: a replayed post changes nothing and answers as the first did", async () => {
    const take = takeKey();
    const first = await answer({ take, step: stepOf(0).id, option: await wrongOf(take, 0) });
    const cookie = guestCookie(first);
    const replay = await answer(
      { take, step: stepOf(0).id, option: await rightOf(take, 0) },
      { cookie },
    );
    expect(replay.status).toBe(200);
    expect(reply(replay).answer).toMatchObject({ correct: false });
    expect(await count("training_answer")).toBe(1);
  });

  it("completes a take with a whole-percent score, and the page shows it", async () => {
    const { take, cookie, last } = await takeModule([true, false, true]);
    expect(last.answer).toMatchObject({ completed: true, score: 67 });
    const done = await player(`/training/module/${esg.id}?done=${take}`, cookie);
    expect(done.data).toMatchObject({ finished: { score: 67, correct: 2 }, status: "completed" });
  });

  it("keeps every take and counts the best", async () => {
    const first = await takeModule([false, false, true]);
    const second = await takeModule([true, true, true], first.cookie);
    expect(second.last.answer?.score).toBe(100);
    await takeModule([false, false, false], first.cookie);
    const page = await player(`/training/module/${esg.id}`, first.cookie);
    expect(page.data).toMatchObject({ bestScore: 100, status: "completed" });
    const finished = await getDb()
      .selectFrom("training_run")
      .select("id")
      .where("completed_at", "is not", null)
      .execute();
    expect(finished).toHaveLength(3);
  });

  it("resumes at the first unanswered step, and never further than that", async () => {
    const take = takeKey();
    const first = await answer({ take, step: stepOf(0).id, option: await rightOf(take, 0) });
    const cookie = guestCookie(first);
    expect((await player(`/training/module/${esg.id}`, cookie)).data).toMatchObject({
      takeKey: take,
      stepIndex: 1,
    });
    expect((await player(`/training/module/${esg.id}?step=3`, cookie)).data).toMatchObject({
      stepIndex: 1,
    });
    expect((await player(`/training/module/${esg.id}?step=1`, cookie)).data).toMatchObject({
      stepIndex: 0,
    });
  });

  it("sends the page no right answer and no feedback before a step is answered", async () => {
    const page = await player(`/training/module/${esg.id}`);
    const sent = JSON.stringify(page.data);
    for (const step of esg.steps) {
      for (const item of step.items) {
        for (const option of item.options) expect(sent).not.toContain(option.feedback.en);
      }
    }
    expect(sent).not.toMatch(/"answer"|rightOptionId/);
  });
});

describe("item banks", () => {
  type Page = {
    takeKey: string;
    steps: { question: { prompt: string; options: { id: string }[] } }[];
  };
  const page = async (cookie: string) =>
    (await player(`/training/module/${esg.id}`, cookie)).data as Page;
  const itemsOf = async (take: string) =>
    (
      await getDb()
        .selectFrom("training_answer")
        .innerJoin("training_run", "training_run.id", "training_answer.run_id")
        .select(["training_answer.step_id", "training_answer.item_id"])
        .where("training_run.take_key", "=", take)
        .orderBy("training_answer.id")
        .execute()
    ).map((row) => row.item_id);

  it("shows a learner the same items on a reload, and draws other items for a retake", async () => {
    const first = await takeModule([true, true, true]);
    const firstItems = await itemsOf(first.take);
    expect(firstItems).toHaveLength(3);
    for (const [index, id] of firstItems.entries()) {
      expect(stepOf(index).items.map((item) => item.id)).toContain(id);
    }

    const opened = await page(first.cookie);
    expect(await page(first.cookie)).toEqual(opened);
    expect(opened.takeKey).not.toBe(first.take);

    const retake = await takeModule([true, true, true], first.cookie);
    expect(retake.take).toBe(opened.takeKey);
    const retakeItems = await itemsOf(retake.take);
    for (const [index, id] of retakeItems.entries()) expect(id).not.toBe(firstItems[index]);
    // The page showed the drawn item, its options in the drawn order.
    const shown = await drawn(retake.take, 0);
    const firstStep = present(opened.steps[0], "the first step");
    if ("outline" in firstStep) throw new Error("the page opened on its first step without it");
    expect(firstStep.question.prompt).toBe(shown.question.prompt.en);
    expect(firstStep.question.options.map((option) => option.id)).toEqual(
      shown.question.options.map((option) => option.id),
    );
    // The page carries the step it shows; the others are named, their teaching left to their pages.
    expect(opened.steps.slice(1)).toEqual(
      esg.steps.slice(1).map((step) => ({ id: step.id, outline: true })),
    );
  });

  it("brings the step a post names, in full, even when its answer ended the take", async () => {
    const done = await takeModule([true, true, true]);
    expect(done.last.answer?.completed).toBe(true);
    // A post without scripts comes back to `?step=3`; the take it answered is over, so the page's
    // own step is the first of a new take, and the third comes too, for its feedback.
    const back = (await player(`/training/module/${esg.id}?step=3`, done.cookie)).data as {
      stepIndex: number;
      steps: { id: string; outline?: true; question?: unknown }[];
    };
    expect(back.stepIndex).toBe(0);
    expect(back.steps.map((step) => Boolean(step.outline))).toEqual([false, true, false]);
    expect(back.steps[2]?.question).toBeDefined();
  });

  it("refuses an option of an item the take did not draw, and stores nothing", async () => {
    const take = takeKey();
    const { question } = await drawn(take, 0);
    const other = present(
      stepOf(0)
        .items.filter((item) => item.id !== question.id)
        .flatMap((item) => item.options)
        .find((option) => !question.options.some((mine) => mine.id === option.id)),
      "an option of another item",
    );
    const response = await answer({ take, step: stepOf(0).id, option: other.id });
    expect(response.status).toBe(400);
    expect(reply(response).error?.code).toBe("validation");
    expect(await count("training_answer")).toBe(0);
  });
});

describe("bad answers", () => {
  const step = () => stepOf(0).id;

  it.each<[string, Record<string, string>]>([
    ["no fields", {}],
    ["a malformed take", { take: "short", step: "introduction", option: "a" }],
    [
      "a hostile option",
      { take: "take000000000001", step: "x", option: "<script>alert(1)</script>" },
    ],
    ["an empty option", { take: "take000000000001", step: "introduction", option: "" }],
  ])("refuses %s with 400 and stores nothing", async (_label, fields) => {
    const response = await answer({ ...fields, step: fields.step ? step() : "" });
    expect(response.status).toBe(400);
    expect(reply(response).error?.code).toBe("validation");
    expect(await count("training_answer")).toBe(0);
  });

  it("answers an unknown option 400, an unknown step or module 404", async () => {
    expect((await answer({ take: takeKey(), step: step(), option: "nope" })).status).toBe(400);
    expect((await answer({ take: takeKey(), step: "nope", option: "a" })).status).toBe(404);
    const unknown = await answer(
      { take: takeKey(), step: step(), option: "a" },
      { moduleId: "no-such-module" },
    );
    expect(unknown.status).toBe(404);
    expect(reply(unknown).error?.code).toBe("not_found");
    expect(await count("learner")).toBe(0);
  });

  it("refuses a body over 16 KB with 413", async () => {
    const response = await answer({ take: takeKey(), step: step(), option: "a".repeat(17_000) });
    expect(response.status).toBe(413);
  });

  it("refuses a take that belongs to another learner", async () => {
    const take = takeKey();
    await answer({ take, step: step(), option: await rightOf(take, 0) });
    const other = await answer({ take, step: stepOf(1).id, option: await rightOf(take, 1) });
    expect(other.status).toBe(400);
    expect(await count("training_answer")).toBe(1);
  });

  it("refuses an answer to a locked module with 403 naming what to do first", async () => {
    const locked = present(catalogue.modules.get("suspicious-transaction-reporting"), "module");
    const lockedStep = present(locked.steps[0], "step");
    const take = takeKey();
    const response = await answer(
      { take, step: lockedStep.id, option: (await drawn(take, 0, locked.id)).right },
      { moduleId: locked.id },
    );
    expect(response.status).toBe(403);
    expect(reply(response).error?.prerequisites).toEqual(locked.prerequisites);
  });
});

describe("completion means passed", () => {
  const next = present(catalogue.modules.get("esg-materiality-sector-scenarios"), "next module");
  const nextStep = present(next.steps[0], "step");
  const answerNext = async (cookie: string) => {
    const take = takeKey();
    return answer(
      { take, step: nextStep.id, option: (await drawn(take, 0, next.id)).right },
      { moduleId: next.id, cookie },
    );
  };
  const home = async (cookie: string) =>
    (await loadTrainingHome(request("/training", { cookie }))) as Awaited<
      ReturnType<typeof loadTrainingHome>
    >;
  const card = async (cookie: string) => {
    const track = present(
      (await home(cookie)).tracks.find((candidate) =>
        candidate.modules.some((module) => module.id === esg.id),
      ),
      "the ESG track",
    );
    return present(
      track.modules.find((module) => module.id === esg.id),
      "the module's card",
    );
  };

  it("a failed take is not a completion: no count, no points, nothing unlocked, not passed yet", async () => {
    const { take, cookie, last } = await takeModule([false, false, false]);
    expect(last.answer).toMatchObject({ completed: true, score: 0 });
    const done = await player(`/training/module/${esg.id}?done=${take}`, cookie);
    expect(done.data).toMatchObject({ finished: { score: 0 }, status: "failed", bestScore: 0 });
    expect((await home(cookie)).summary).toMatchObject({
      completedModules: 0,
      completionRate: 0,
      points: 0,
    });
    expect(await card(cookie)).toMatchObject({ status: "failed", bestScore: 0 });
    const refused = await answerNext(cookie);
    expect(refused.status).toBe(403);
    expect(reply(refused).error?.prerequisites).toEqual([esg.id]);

    // One right answer short of the pass mark (2 of 3) is still not passed.
    await takeModule([true, false, false], cookie);
    expect(await card(cookie)).toMatchObject({ status: "failed", bestScore: 33 });
    expect((await answerNext(cookie)).status).toBe(403);
  });

  it("a pass completes the module, earns its points and unlocks the next", async () => {
    const failed = await takeModule([false, false, false]);
    await takeModule([true, true, false], failed.cookie);
    expect(await card(failed.cookie)).toMatchObject({ status: "completed", bestScore: 67 });
    expect((await home(failed.cookie)).summary).toMatchObject({ completedModules: 1, points: 67 });
    expect((await answerNext(failed.cookie)).status).toBe(200);
  });
});

describe("lease scenarios", () => {
  const scenario = present(catalogue.leaseScenarios[0], "a lease scenario");
  const post = (fields: Record<string, string>, cookie = "") =>
    callAction(
      leaseAction,
      request("/training/lease-fraud-demo", {
        cookie,
        body: new URLSearchParams({ scenario: scenario.id, ...fields }),
      }),
      freshIp(),
    );
  const leaseRight = async (take: string, index: number) =>
    (await drawnQuestion(`lease/${scenario.id}`, take, index)).right;

  it("completes with the last step unanswered, which counts as wrong; others need an answer", async () => {
    const take = takeKey();
    const first = present(scenario.steps[0], "step 1");
    const second = present(scenario.steps[1], "step 2");
    const last = present(scenario.steps[2], "step 3");
    expect((await post({ take, step: first.id })).status).toBe(400);
    const one = await post({ take, step: first.id, option: await leaseRight(take, 0) });
    const cookie = guestCookie(one);
    await post({ take, step: second.id, option: await leaseRight(take, 1) }, cookie);
    const end = await post({ take, step: last.id }, cookie);
    expect(reply(end).answer).toMatchObject({ completed: true, score: 67, correct: false });

    const page = await answerOf(() =>
      leaseLoader({
        request: request(`/training/lease-fraud-demo?scenario=${scenario.id}&done=${take}`, {
          cookie,
        }),
      } as never),
    );
    expect(page.data).toMatchObject({
      selected: {
        finished: { score: 67 },
        pointsEarned: Math.round((scenario.points * 67) / 100),
      },
    });
  });

  it("passes at two right answers of three: below that, no points and not completed", async () => {
    const take = takeKey();
    const [first, second, last] = scenario.steps;
    if (!first || !second || !last) throw new Error("a lease scenario has three steps");
    const one = await post({ take, step: first.id, option: await leaseRight(take, 0) });
    const cookie = guestCookie(one);
    const { wrong } = await drawnQuestion(`lease/${scenario.id}`, take, 1);
    await post({ take, step: second.id, option: wrong }, cookie);
    const end = await post({ take, step: last.id }, cookie);
    expect(reply(end).answer).toMatchObject({ completed: true, score: 33 });
    const page = await answerOf(() =>
      leaseLoader({
        request: request(`/training/lease-fraud-demo?scenario=${scenario.id}&done=${take}`, {
          cookie,
        }),
      } as never),
    );
    expect(page.data).toMatchObject({
      selected: { finished: { score: 33 }, pointsEarned: 0, passPercent: 67 },
    });
    const listed = (page.data as { scenarios: { id: string; completed: boolean }[] }).scenarios;
    expect(listed.find((candidate) => candidate.id === scenario.id)?.completed).toBe(false);
  });

  it("answers an unknown scenario 404", async () => {
    const response = await callAction(
      leaseAction,
      request("/training/lease-fraud-demo", {
        body: new URLSearchParams({ scenario: "nope", take: takeKey(), step: "a", option: "b" }),
      }),
      freshIp(),
    );
    expect(response.status).toBe(404);
  });
});

describe("a guest who signs in", () => {
  async function signInWith(cookie: string, email: string) {
    await addAllowlistEntry({ kind: "domain", value: "bank.example" }, "ops@kestrel.test");
    const after = await lastOutboxId();
    const ip = freshIp();
    const login = (fields: Record<string, string>) =>
      callAction(loginAction, request("/login", { cookie, body: new URLSearchParams(fields) }), ip);
    await login({ intent: "request-code", email });
    const code = await latestSignInCode(email, after);
    return login({ intent: "verify-code", email, code });
  }

  it("keeps their progress: the takes move to the account and the guest cookie is cleared", async () => {
    const guest = await takeModule([true, true, false]);
    const response = await signInWith(guest.cookie, "mover1@bank.example");
    expect(response.status).toBe(302);
    expect(response.headers.getSetCookie().some((line) => /^kestrel-learner=;/.test(line))).toBe(
      true,
    );
    const learners = await getDb().selectFrom("learner").selectAll().execute();
    expect(learners).toHaveLength(1);
    expect(learners[0]?.user_id).not.toBeNull();
    expect(await count("training_run")).toBe(1);
  });

  it("joins an account that has progress of its own: every take kept, the best score counts", async () => {
    const { cookie: session, email } = await signInForTest("merger");
    const own = await takeModule([false, false, true], session);
    expect(own.last.answer?.score).toBe(33);
    const guest = await takeModule([true, true, true]);
    await signInWith(guest.cookie, email);
    expect(await count("learner")).toBe(1);
    expect(await count("training_run")).toBe(2);
    const page = await player(`/training/module/${esg.id}`, session);
    expect(page.data).toMatchObject({ bestScore: 100, guest: false });
  });
});

describe("guest clean-up", () => {
  it("deletes guests unused for 30 days with their takes, and nobody else", async () => {
    await takeModule([true, true, true]);
    await takeModule([true, false, true]);
    const { cookie: session } = await signInForTest("keeper");
    await takeModule([true, true, true], session);
    const [stale, fresh] = await getDb()
      .selectFrom("learner")
      .select("id")
      .where("user_id", "is", null)
      .execute();
    const now = new Date();
    const days = (n: number) => new Date(now.getTime() - n * 86_400_000).toISOString();
    await getDb()
      .updateTable("learner")
      .set({ last_seen_at: days(31) })
      .where("id", "=", present(stale, "a stale guest").id)
      .execute();
    await getDb()
      .updateTable("learner")
      .set({ last_seen_at: days(29) })
      .where("id", "=", present(fresh, "a fresh guest").id)
      .execute();
    await getDb()
      .updateTable("learner")
      .set({ last_seen_at: days(90) })
      .where("user_id", "is not", null)
      .execute();

    expect(await purgeGuestLearners(now)).toBe(1);
    expect(await count("learner")).toBe(2);
    expect(await count("training_run")).toBe(2);
    expect(await count("training_answer")).toBe(6);
  });
});
