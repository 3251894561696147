import { readFile } from "node:fs/promises";
import path from "node:path";
import { PDFDocument } from "pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/platform/db/db.server";
import type { Locale } from "~/platform/i18n";
import { serializeLocale } from "~/platform/i18n/index.server";
import { getEnv } from "~/platform/lib/env.server";
import type { MediaManifest } from "./media.server";
import { buildCourseMedia, getEsgCourse } from "~/domain/courses/index.server";
import { LEARNING_TABS } from "~/domain/courses/constants";
import { factoryReset } from "~/workflows/factory-reset.server";
import { signInCarryingGuest, signInForTest } from "../../../tests/integration/auth";
import {
  type RouteAnswer,
  answerOf,
  callAction,
  pageRequest,
} from "../../../tests/integration/call-action";
import { action, loader } from "~/routes/courses.esg-ai-ethics";
import { loader as deckLoader } from "~/routes/docs.module-file";
import {
  loader as certificatesLoader,
  action as certificatesAction,
} from "~/routes/training.certificates";

// The ESG and AI ethics course on a real database: visits, exercise grading, completion with its
// points, evidence and certificate, narration positions, decks for visitors and learners, bad input.

const course = getEsgCourse();
let ipCounter = 0;
const freshIp = () => `198.51.100.${(ipCounter += 1) % 250}`;

type Page = Awaited<ReturnType<typeof loader>>;
type Reply = {
  summary?: Page["summary"];
  step?: {
    key: string;
    state: {
      correct: boolean | null;
      solved: boolean;
      revealed: boolean;
      answer?: string[];
      explanation?: string;
    };
  };
  completion?: { correct: number; steps: number; points: number } | null;
  completedNow?: boolean;
  deferred?: boolean;
  saved?: boolean;
  error?: { code: string };
};
const reply = (response: RouteAnswer) => (response.data ?? {}) as Reply;

function post(fields: [string, string][], cookie = "") {
  return callAction(
    action,
    pageRequest("/courses/esg-ai-ethics", { cookie, body: new URLSearchParams(fields) }),
    freshIp(),
  );
}

async function view(cookie = ""): Promise<Page> {
  return loader({ request: pageRequest("/courses/esg-ai-ethics", { cookie }) } as never);
}

const guestCookie = (response: Response) =>
  response.headers
    .getSetCookie()
    .find((line) => line.startsWith("kestrel-learner="))
    ?.split(";")[0] ?? "";

function wrongOptions(step: (typeof course.exercises)[number]["steps"][number]) {
  const wrong = step.options.find((option) => !step.answer.includes(option.id));
  if (!wrong) throw new Error("no wrong option");
  return [wrong.id];
}

async function completeEverything(cookie: string) {
  for (const tab of ["overview", "frameworks", "governance", "exercises"]) {
    expect(
      (
        await post(
          [
            ["intent", "visit"],
            ["tab", tab],
          ],
          cookie,
        )
      ).status,
    ).toBe(200);
  }
  let last: RouteAnswer | undefined;
  for (const exercise of course.exercises) {
    for (const step of exercise.steps) {
      last = await post(
        [
          ["intent", "check"],
          ["exercise", exercise.id],
          ["step", step.id],
          ...step.answer.map((id): [string, string] => ["option", id]),
        ],
        cookie,
      );
      expect(last.status).toBe(200);
    }
  }
  return last;
}

describe("the ESG course page", () => {
  it("sends the content without any answer, and a visitor's empty progress", async () => {
    const page = await view();
    expect(page.signedIn).toBe(false);
    expect(page.summary).toMatchObject({ visited: [], correct: 0, steps: 6, complete: false });
    const json = JSON.stringify(page.course);
    for (const exercise of course.exercises) {
      for (const step of exercise.steps) {
        expect(json).not.toContain(step.explanation.en);
      }
    }
    expect(json).not.toContain('"answer"');
  });

  it("shuffles each step's options, so the right ones are not where the content lists them", async () => {
    const page = await view();
    const shown = page.course.exercises.flatMap((exercise) =>
      exercise.steps.map((step) => step.options.map((option) => option.id).join()),
    );
    const written = course.exercises.flatMap((exercise) =>
      exercise.steps.map((step) => step.options.map((option) => option.id).join()),
    );
    expect(shown).not.toEqual(written);
    for (const [index, order] of shown.entries()) {
      expect(order.split(",").sort()).toEqual(written[index]?.split(",").sort());
    }
    expect((await view()).course).toEqual(page.course);
  });

  it("counts tabs visited as progress, not completion: the exercises must be passed", async () => {
    const { cookie } = await signInForTest("tabs-only");
    for (const tab of LEARNING_TABS) {
      await post(
        [
          ["intent", "visit"],
          ["tab", tab],
        ],
        cookie,
      );
    }
    const page = await view(cookie);
    expect(page.summary.visited).toEqual([...LEARNING_TABS]);
    expect(page.summary.complete).toBe(false);
    expect(page.summary.exercises.every((exercise) => exercise.status === "not-started")).toBe(
      true,
    );
    expect(page.completion).toBeNull();
  });

  it("keeps a visitor's visits off the server until their first answer, which records them", async () => {
    const looked = await post([
      ["intent", "visit"],
      ["tab", "frameworks"],
    ]);
    expect(looked.status).toBe(200);
    expect(reply(looked).deferred).toBe(true);
    expect(guestCookie(looked)).toBe("");
    expect(await getDb().selectFrom("learner").selectAll().execute()).toEqual([]);

    const [exercise] = course.exercises;
    const step = exercise?.steps[0];
    if (!exercise || !step) throw new Error("no exercise");
    const first = await post([
      ["intent", "reveal"],
      ["exercise", exercise.id],
      ["step", step.id],
      ["visited", "frameworks"],
      ["visited", "overview"],
    ]);
    const cookie = guestCookie(first);
    expect(cookie).toMatch(/^kestrel-learner=/);
    // A learner's visit is recorded at once; a repeat changes nothing.
    for (const tab of ["frameworks", "governance"]) {
      expect(
        reply(
          await post(
            [
              ["intent", "visit"],
              ["tab", tab],
            ],
            cookie,
          ),
        ).deferred,
      ).toBeUndefined();
    }
    expect((await view(cookie)).summary.visited).toEqual(["overview", "frameworks", "governance"]);
  });

  it("grades a step on the server: the first check is the score of record, a shown solution scores nothing", async () => {
    const [exercise] = course.exercises;
    const [stepA, stepB] = exercise?.steps ?? [];
    if (!exercise || !stepA || !stepB) throw new Error("no exercise");
    const wrong = await post([
      ["intent", "check"],
      ["exercise", exercise.id],
      ["step", stepA.id],
      ...wrongOptions(stepA).map((id): [string, string] => ["option", id]),
    ]);
    const cookie = guestCookie(wrong);
    expect(reply(wrong).step?.state).toMatchObject({ correct: false, solved: false });
    // A wrong check gives nothing away: the learner retries.
    expect(reply(wrong).step?.state.answer).toBeUndefined();
    const right = await post(
      [
        ["intent", "check"],
        ["exercise", exercise.id],
        ["step", stepA.id],
        ...stepA.answer.map((id): [string, string] => ["option", id]),
      ],
      cookie,
    );
    expect(reply(right).step?.state).toMatchObject({
      correct: true,
      solved: true,
      answer: stepA.answer,
    });
    const revealed = await post(
      [
        ["intent", "reveal"],
        ["exercise", exercise.id],
        ["step", stepB.id],
      ],
      cookie,
    );
    expect(reply(revealed).step?.state).toMatchObject({
      revealed: true,
      solved: false,
      answer: stepB.answer,
    });
    await post(
      [
        ["intent", "check"],
        ["exercise", exercise.id],
        ["step", stepB.id],
        ...stepB.answer.map((id): [string, string] => ["option", id]),
      ],
      cookie,
    );
    const summary = (await view(cookie)).summary;
    expect(summary.exercises[0]).toEqual({
      id: exercise.id,
      status: "completed",
      correct: 0,
      steps: 2,
    });
    expect(summary.exercises[1]?.status).toBe("not-started");
  });

  it("refuses unknown exercises, steps and options, a second option on a multiple-choice step, and bad intents", async () => {
    const choice = course.exercises.flatMap((exercise) =>
      exercise.steps
        .filter((step) => step.type === "multiple-choice")
        .map((step) => ({ exercise, step })),
    )[0];
    if (!choice) throw new Error("no multiple-choice step");
    const cases: [string, string][][] = [
      [
        ["intent", "check"],
        ["exercise", "no-such"],
        ["step", "x"],
        ["option", "a"],
      ],
      [
        ["intent", "check"],
        ["exercise", choice.exercise.id],
        ["step", "no-such"],
        ["option", "a"],
      ],
      [
        ["intent", "check"],
        ["exercise", choice.exercise.id],
        ["step", choice.step.id],
        ["option", "no-such"],
      ],
      [
        ["intent", "check"],
        ["exercise", choice.exercise.id],
        ["step", choice.step.id],
      ],
      [
        ["intent", "check"],
        ["exercise", choice.exercise.id],
        ["step", choice.step.id],
        ...choice.step.options.slice(0, 2).map((option): [string, string] => ["option", option.id]),
      ],
      [
        ["intent", "visit"],
        ["tab", "results"],
      ],
      [
        ["intent", "visit"],
        ["tab", "<script>"],
      ],
      [["intent", "delete-everything"]],
      [
        ["intent", "reveal"],
        ["exercise", choice.exercise.id],
        ["step", choice.step.id],
        ["visited", "results"],
      ],
      [
        ["intent", "visit"],
        ["tab", "x".repeat(5000)],
      ],
    ];
    for (const fields of cases) {
      const response = await post(fields);
      expect(response.status, JSON.stringify(fields).slice(0, 120)).toBe(400);
      expect(reply(response).error?.code).toBe("validation");
      expect(guestCookie(response)).toBe("");
    }
    expect(await getDb().selectFrom("course_step").selectAll().execute()).toEqual([]);
  });

  it("completes the course once for a signed-in learner: 160 points, evidence and the certificate", async () => {
    const { cookie } = await signInForTest("esg");
    const last = await completeEverything(cookie);
    expect(reply(last as RouteAnswer)).toMatchObject({
      completedNow: true,
      completion: { correct: 6, steps: 6, points: 160 },
    });
    // A late repeat completes nothing twice.
    const again = await post(
      [
        ["intent", "visit"],
        ["tab", "overview"],
      ],
      cookie,
    );
    expect(reply(again).completedNow).toBe(false);
    expect(await getDb().selectFrom("course_completion").selectAll().execute()).toHaveLength(1);
    const evidence = await getDb()
      .selectFrom("evidence_record")
      .select("kind")
      .where("kind", "=", "course-completion")
      .execute();
    expect(evidence).toHaveLength(1);

    const certificatesPage = () =>
      answerOf(() =>
        certificatesLoader({ request: pageRequest("/training/certificates", { cookie }) } as never),
      );
    await callAction(
      certificatesAction,
      pageRequest("/training/certificates", {
        cookie,
        body: new URLSearchParams({ name: "Ana Lim" }),
      }),
      freshIp(),
    );
    const held = JSON.stringify((await certificatesPage()).data);
    expect(held).toContain("Ethical AI & Responsible Tech");
    expect(held).toContain("Completed the Ethical AI & Responsible Tech course");
  });

  it("moves a guest's tabs and steps to the account at sign-in; the account's own records win", async () => {
    const { cookie: session, email } = await signInForTest("mover");
    const [exercise] = course.exercises;
    const [stepA, stepB] = exercise?.steps ?? [];
    if (!exercise || !stepA || !stepB) throw new Error("no exercise");
    const check = (step: typeof stepA, options: string[], cookie: string) =>
      post(
        [
          ["intent", "check"],
          ["exercise", exercise.id],
          ["step", step.id],
          ...options.map((id): [string, string] => ["option", id]),
        ],
        cookie,
      );
    // The account got step A wrong first; the guest got both right at once.
    await check(stepA, wrongOptions(stepA), session);
    const guest = guestCookie(
      await post([
        ["intent", "check"],
        ["exercise", exercise.id],
        ["step", stepA.id],
        ...stepA.answer.map((id): [string, string] => ["option", id]),
        ["visited", "governance"],
      ]),
    );
    await check(stepB, stepB.answer, guest);

    expect((await signInCarryingGuest(email, guest, freshIp())).status).toBe(302);

    const summary = (await view(session)).summary;
    expect(summary.visited).toEqual(["governance"]);
    expect(summary.exercises[0]).toMatchObject({ status: "in-progress", correct: 1 });
    expect(await getDb().selectFrom("learner").selectAll().execute()).toHaveLength(1);
  });

  it("starts again after a Factory Reset, keeping the earlier completion on record", async () => {
    const { cookie } = await signInForTest("reset");
    await completeEverything(cookie);
    await factoryReset(pageRequest("/training", { cookie }));
    const page = await view(cookie);
    expect(page.summary).toMatchObject({ visited: [], correct: 0, complete: false });
    expect(page.completion).toBeNull();
    const last = await completeEverything(cookie);
    expect(reply(last as RouteAnswer).completedNow).toBe(true);
    expect(await getDb().selectFrom("course_completion").selectAll().execute()).toHaveLength(2);
  });
});

describe("course media", () => {
  // English and Thai: a cold build (CI's empty cache) speaks ten narrations, not thirty-five.
  beforeAll(async () => {
    await buildCourseMedia({ languages: ["th"] });
  }, 300_000);

  const localeCookie = async (locale: Locale) =>
    (await serializeLocale(locale)).split(";")[0] ?? "";

  it("offers the decks and narrations in the reader's language, else the English ones", async () => {
    const course = getEsgCourse();
    const english = (await view()).media;
    expect(english.language).toBe("en");
    const thai = (await view(await localeCookie("th-TH"))).media;
    expect(thai.language).toBe("th");
    for (const deck of course.decks) {
      expect(english.decks[deck.id]).toMatchObject({ lang: "en", title: deck.title.en });
      expect(thai.decks[deck.id]).toMatchObject({ lang: "th", title: deck.title.th });
      expect(thai.decks[deck.id]?.fullUrl).toMatch(
        new RegExp(`/${deck.id}-th-[0-9a-f]{12}\\.pdf$`),
      );
    }
    for (const id of ["overview", ...course.frameworks.map((framework) => framework.id)]) {
      expect(english.audio[id]?.lang).toBe("en");
      expect(thai.audio[id]?.lang).toBe("th");
      expect(thai.audio[id]?.url).toMatch(new RegExp(`/${id}-th-[0-9a-f]{12}\\.mp3$`));
      expect(thai.audio[id]?.url).not.toBe(english.audio[id]?.url);
    }
    // The Thai transcript file says what the Thai page shows beside the player.
    const manifest = JSON.parse(
      await readFile(path.join(getEnv().MEDIA_DIR, "manifest.json"), "utf8"),
    ) as MediaManifest;
    const transcript = manifest.courses["esg-ai-ethics"]?.audio.overview?.th?.transcript ?? "";
    const text = await readFile(
      path.join(getEnv().MEDIA_DIR, "audio/modules/esg-ai-ethics", transcript),
      "utf8",
    );
    expect(text).toContain(course.overview.narration.title.th);
    // Vietnamese was not built here: the English files, marked English, and the Thai deck is
    // served like any other.
    const vietnamese = (await view(await localeCookie("vi-VN"))).media;
    expect(vietnamese.language).toBe("vi");
    expect(vietnamese.decks.overall).toMatchObject({
      lang: "en",
      title: english.decks.overall?.title,
    });
    expect(vietnamese.audio.overview).toEqual(english.audio.overview);
    const thaiPreview = thai.decks.overall?.previewUrl.split("/").pop() ?? "";
    const served = await deck(thaiPreview);
    expect(served.status).toBe(200);
    const pdf = await PDFDocument.load(new Uint8Array(await served.arrayBuffer()));
    expect(pdf.getPageCount()).toBe(3);
  });

  function deck(file: string, { cookie = "", range = "", query = "" } = {}) {
    const request = new Request(`http://localhost/docs/modules/esg-ai-ethics/${file}${query}`, {
      headers: { ...(cookie && { Cookie: cookie }), ...(range && { Range: range }) },
    });
    return deckLoader({ request, params: { courseId: "esg-ai-ethics", file } } as never);
  }

  it("saves a signed-in learner's narration position, clamped to its length, and restores it", async () => {
    const { cookie } = await signInForTest("listener");
    const page = await view(cookie);
    const overview = page.media.audio.overview;
    expect(overview?.url).toMatch(
      /^\/audio\/modules\/esg-ai-ethics\/overview-en-[0-9a-f]{12}\.mp3$/,
    );
    const saved = await post(
      [
        ["intent", "position"],
        ["audio", "overview"],
        ["seconds", "12.5"],
      ],
      cookie,
    );
    expect(reply(saved).saved).toBe(true);
    await post(
      [
        ["intent", "position"],
        ["audio", "nist-ai-rmf"],
        ["seconds", "5000"],
      ],
      cookie,
    );
    const positions = (await view(cookie)).positions;
    expect(positions.overview).toBe(12.5);
    expect(positions["nist-ai-rmf"]).toBe(page.media.audio["nist-ai-rmf"]?.seconds);
  });

  it("refuses positions from guests, for unknown narrations, of bad numbers, and too often", async () => {
    const guest = await post([
      ["intent", "position"],
      ["audio", "overview"],
      ["seconds", "12"],
    ]);
    expect(guest.status).toBe(403);
    const { cookie } = await signInForTest("fidget");
    for (const fields of [
      [
        ["intent", "position"],
        ["audio", "no-such"],
        ["seconds", "1"],
      ],
      [
        ["intent", "position"],
        ["audio", "overview"],
        ["seconds", "-1"],
      ],
      [
        ["intent", "position"],
        ["audio", "overview"],
        ["seconds", "NaN"],
      ],
      [
        ["intent", "position"],
        ["audio", "overview"],
      ],
    ] as [string, string][][]) {
      expect((await post(fields, cookie)).status).toBe(400);
    }
    let status = 200;
    for (let count = 0; count < 45 && status === 200; count++) {
      status = (
        await post(
          [
            ["intent", "position"],
            ["audio", "overview"],
            ["seconds", "3"],
          ],
          cookie,
        )
      ).status;
    }
    expect(status).toBe(429);
  });

  it("serves a deck's preview to anyone, the full deck to learners, the download after completion", async () => {
    const page = await view();
    const overall = page.media.decks.overall;
    if (!overall) throw new Error("no overall deck");
    const previewFile = overall.previewUrl.split("/").pop() ?? "";
    const fullFile = overall.fullUrl.split("/").pop() ?? "";

    const preview = await deck(previewFile);
    expect(preview.status).toBe(200);
    expect(preview.headers.get("Cache-Control")).toContain("immutable");
    const previewPdf = await PDFDocument.load(new Uint8Array(await preview.arrayBuffer()));
    expect(previewPdf.getPageCount()).toBe(3);

    const refused = await deck(fullFile);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("/login?redirectTo=%2Fcourses%2Fesg-ai-ethics");

    const { cookie } = await signInForTest("reader");
    const full = await deck(fullFile, { cookie });
    expect(full.status).toBe(200);
    const bytes = new Uint8Array(await full.arrayBuffer());
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(25);

    const part = await deck(fullFile, { cookie, range: "bytes=100-199" });
    expect(part.status).toBe(206);
    expect(part.headers.get("Content-Range")).toBe(`bytes 100-199/${bytes.byteLength}`);
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(bytes.subarray(100, 200));
    expect(
      (await deck(fullFile, { cookie, range: `bytes=${bytes.byteLength + 10}-` })).status,
    ).toBe(416);

    expect((await deck(fullFile, { cookie, query: "?download" })).status).toBe(403);
    await completeEverything(cookie);
    const download = await deck(fullFile, { cookie, query: "?download" });
    expect(download.status).toBe(200);
    expect(download.headers.get("Content-Disposition")).toBe(
      'attachment; filename="esg-ai-ethics-overall-en.pdf"',
    );
    expect((await deck("overall-000000000000.pdf", { cookie })).status).toBe(404);
    expect((await deck("../manifest.json", { cookie })).status).toBe(404);
  });
});
