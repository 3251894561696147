import { describe, expect, it } from "vitest";
import { getDb } from "~/platform/db/db.server";
import { getCatalogue } from "~/domain/training/index.server";
import type { FinalData } from "~/domain/training/types";
import { action as certificatesAction } from "~/routes/training.certificates";
import { action as finalAction, loader as finalLoader } from "~/routes/training.track-final";
import { signInForTest } from "../../../tests/integration/auth";
import { answerOf, callAction, pageRequest } from "../../../tests/integration/call-action";
import { finalAnswers, takeModule } from "../../../tests/integration/takes";

// A track's final assessment on a real database: locked until every module is passed, drawn per
// attempt, graded only when submitted, the pass mark and size the organisation sets, cooling-off,
// and the track certificate that needs it.

const track = getCatalogue().tracks.find((candidate) => candidate.id === "esg-track");
if (!track) throw new Error("the ESG track is missing");
const PATH = `/training/track/${track.id}/final`;
let ipCounter = 0;
const freshIp = () => `192.0.2.${(ipCounter += 1) % 250}`;

async function page(cookie: string, query = ""): Promise<FinalData> {
  const response = await answerOf(() =>
    finalLoader({
      request: pageRequest(`${PATH}${query}`, { cookie }),
      params: { trackId: track?.id ?? "" },
    } as never),
  );
  expect(response.status).toBe(200);
  return response.data as FinalData;
}

function submit(cookie: string, fields: Record<string, string>) {
  return callAction(
    finalAction,
    pageRequest(PATH, { cookie, body: new URLSearchParams(fields) }),
    freshIp(),
    { trackId: track?.id ?? "" },
  );
}

const answers = (take: string, right: number) => finalAnswers(track.id, take, right);

async function learnerWithModulesPassed(label: string) {
  const { cookie, email } = await signInForTest(label);
  for (const id of track?.modules ?? []) await takeModule(id, cookie, true);
  return { cookie, email };
}

async function setOrganisation(email: string, values: Record<string, number>) {
  const member = await getDb()
    .selectFrom("organisation_member")
    .innerJoin("user", "user.id", "organisation_member.user_id")
    .select("organisation_member.organisation_id")
    .where("user.email", "=", email)
    .executeTakeFirstOrThrow();
  await getDb()
    .updateTable("organisation")
    .set(values)
    .where("id", "=", member.organisation_id)
    .execute();
}

const trackCertificates = async (email: string) =>
  (
    await getDb()
      .selectFrom("certificate")
      .innerJoin("user", "user.id", "certificate.user_id")
      .select("certificate.achievement_key")
      .where("user.email", "=", email)
      .where("certificate.achievement_key", "=", `track:${track.id}`)
      .execute()
  ).length;

describe("the final assessment", () => {
  it("stays locked until every module of the track is passed", async () => {
    const { cookie } = await signInForTest("final-locked");
    await takeModule(track.modules[0] ?? "", cookie, true);
    const locked = await page(cookie, "?start");
    expect(locked.state).toBe("locked");
    expect(locked.attempt).toBeNull();
    expect(locked.missing.map((module) => module.id)).toEqual(track.modules.slice(1));
  });

  it("draws 20 distinct items over every module, shows no key, and keeps the attempt on a reload", async () => {
    const { cookie } = await learnerWithModulesPassed("final-draw");
    expect((await page(cookie)).state).toBe("ready");
    const opened = await page(cookie, "?start");
    expect(opened.state).toBe("open");
    const questions = opened.attempt?.questions ?? [];
    expect(questions).toHaveLength(20);
    expect(new Set(questions.map((question) => question.prompt)).size).toBe(20);
    const sent = JSON.stringify(opened);
    expect(sent).not.toMatch(/"answer"|rightOptionId|feedback/);
    expect(await page(cookie)).toEqual(opened);

    const run = await getDb()
      .selectFrom("training_run")
      .select("drawn")
      .where("take_key", "=", opened.attempt?.take ?? "")
      .executeTakeFirstOrThrow();
    const items = Object.values(JSON.parse(run.drawn ?? "{}") as Record<string, { item: string }>);
    for (const moduleId of track.modules) {
      expect(items.some((entry) => entry.item.startsWith(`${moduleId}.`))).toBe(true);
    }
  });

  it("refuses a submission with questions unanswered, naming them, and stores nothing", async () => {
    const { cookie } = await learnerWithModulesPassed("final-missing");
    const take = (await page(cookie, "?start")).attempt?.take ?? "";
    const fields = await answers(take, 20);
    delete fields.q3;
    delete fields.q17;
    fields.q5 = "not-an-option";
    const refused = await submit(cookie, fields);
    expect(refused.status).toBe(400);
    const error = (refused.data as { error: { code: string; fields: Record<string, string> } })
      .error;
    expect(error.code).toBe("validation");
    expect(Object.keys(error.fields).sort()).toEqual(["q17", "q3", "q5"]);
    expect((await page(cookie)).state).toBe("open");
  });

  it("fails at 75 %, shows the topics to review without the keys, and a retake draws new items", async () => {
    const { cookie, email } = await learnerWithModulesPassed("final-fail");
    const first = (await page(cookie, "?start")).attempt?.take ?? "";
    const done = await submit(cookie, await answers(first, 15));
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe(`${PATH}?done=${first}`);

    const result = await page(cookie, `?done=${first}`);
    expect(result.state).toBe("ready");
    expect(result.result).toMatchObject({ score: 75, right: 15, total: 20, passed: false });
    expect(result.result?.missed.reduce((sum, topic) => sum + topic.count, 0)).toBe(5);
    expect(JSON.stringify(result)).not.toMatch(/"answer"|rightOptionId|feedback/);
    expect(await trackCertificates(email)).toBe(0);

    const again = await submit(cookie, await answers(first, 20));
    expect(again.status).toBe(302);
    expect((await page(cookie, `?done=${first}`)).result?.score).toBe(75);

    const second = (await page(cookie, "?start")).attempt?.take ?? "";
    expect(second).not.toBe(first);
    const items = async (take: string) =>
      (
        await getDb()
          .selectFrom("training_run")
          .select("drawn")
          .where("take_key", "=", take)
          .executeTakeFirstOrThrow()
      ).drawn;
    const firstItems = Object.values(JSON.parse((await items(first)) ?? "{}")).map(
      (entry) => (entry as { item: string }).item,
    );
    const secondItems = Object.values(JSON.parse((await items(second)) ?? "{}")).map(
      (entry) => (entry as { item: string }).item,
    );
    expect(secondItems.filter((item) => firstItems.includes(item))).toEqual([]);
  });

  it("passes at 80 % and the track certificate is issued then, not before", async () => {
    const { cookie, email } = await learnerWithModulesPassed("final-pass");
    await callAction(
      certificatesAction,
      pageRequest("/training/certificates", {
        cookie,
        body: new URLSearchParams({ name: "Wei Tan" }),
      }),
      freshIp(),
    );
    expect(await trackCertificates(email)).toBe(0);
    const take = (await page(cookie, "?start")).attempt?.take ?? "";
    expect((await submit(cookie, await answers(take, 16))).status).toBe(302);
    const passed = await page(cookie);
    expect(passed.state).toBe("passed");
    expect(passed.result).toMatchObject({ score: 80, passed: true });
    expect(await trackCertificates(email)).toBe(1);
  });

  it("holds an attempt to the organisation's pass mark and size: 19 of 24 (79 %) does not pass", async () => {
    const { cookie, email } = await learnerWithModulesPassed("final-org");
    await setOrganisation(email, { final_item_count: 24, final_pass_percent: 80 });
    const opened = await page(cookie, "?start");
    expect(opened.rules).toMatchObject({ itemCount: 24, passPercent: 80 });
    const take = opened.attempt?.take ?? "";
    expect(opened.attempt?.questions).toHaveLength(24);
    // Settings changed later do not change an attempt already begun.
    await setOrganisation(email, { final_item_count: 10, final_pass_percent: 50 });
    await submit(cookie, await answers(take, 19));
    expect((await page(cookie)).result).toMatchObject({ score: 79, total: 24, passed: false });
  });

  it("waits out the organisation's cooling-off period before another attempt", async () => {
    const { cookie, email } = await learnerWithModulesPassed("final-cooling");
    await setOrganisation(email, { final_cooling_off_hours: 24 });
    const take = (await page(cookie, "?start")).attempt?.take ?? "";
    await submit(cookie, await answers(take, 0));
    const cooling = await page(cookie, "?start");
    expect(cooling.state).toBe("cooling");
    expect(cooling.attempt).toBeNull();
    const wait = Date.parse(cooling.retakeAt ?? "") - Date.now();
    expect(wait).toBeGreaterThan(23 * 3_600_000);
    expect(wait).toBeLessThanOrEqual(24 * 3_600_000);
  });

  it("answers another learner's attempt 404 and stores nothing", async () => {
    const owner = await learnerWithModulesPassed("final-owner");
    const take = (await page(owner.cookie, "?start")).attempt?.take ?? "";
    const { cookie } = await signInForTest("final-other");
    const response = await submit(cookie, await answers(take, 20));
    expect(response.status).toBe(404);
    expect((await page(owner.cookie)).state).toBe("open");
  });
});
