import { getDb } from "~/platform/db/db.server";
import { drawTake, drawnItem, readDrawn } from "~/domain/training/draw.server";
import { getCatalogue } from "~/domain/training/catalogue.server";
import { finalItem } from "~/domain/training/final.server";
import { findItem } from "~/domain/training/progress.server";
import { action as finalAction, loader as finalLoader } from "~/routes/training.track-final";
import { action as moduleAction, loader as moduleLoader } from "~/routes/training.module";
import { type RouteAnswer, answerOf, callAction, pageRequest } from "./call-action";

// What a take shows, as the server decides it: the item drawn for a step and its right and wrong
// options. A take the database holds answers with its stored draw; a new key with the draw a
// learner without earlier takes gets. Tests that start a retake open the page first, as a
// browser does, so the draw they read is the one the page stored.

export async function drawnQuestion(itemId: string, take: string, stepIndex: number) {
  const item = findItem(itemId);
  const step = item?.steps[stepIndex];
  if (!item || !step) throw new Error(`no step ${stepIndex} in "${itemId}"`);
  const run = await getDb()
    .selectFrom("training_run")
    .select("drawn")
    .where("take_key", "=", take)
    .executeTakeFirst();
  const drawn = run ? readDrawn(run.drawn, item.steps) : drawTake(take, item.steps);
  const question = drawnItem(step, drawn);
  if (!question) throw new Error(`nothing drawn for step ${stepIndex} of "${itemId}"`);
  const wrong = question.options.find((option) => option.id !== question.answer);
  if (!wrong) throw new Error(`"${question.id}" has no wrong option`);
  return { step, question, right: question.answer, wrong: wrong.id };
}

let ipCounter = 0;
const freshIp = () => `203.0.113.${(ipCounter += 1) % 250}-${ipCounter}`;

/** The take key the module player's page opens for a visitor with `cookie`. */
export async function openTake(moduleId: string, cookie = ""): Promise<string> {
  const page = await answerOf(() =>
    moduleLoader({
      request: pageRequest(`/training/module/${moduleId}`, { cookie }),
      params: { moduleId },
    } as never),
  );
  const take = (page.data as { takeKey?: string } | undefined)?.takeKey;
  if (!take) throw new Error(`the player of "${moduleId}" opened no take (${page.status})`);
  return take;
}

/** Answers one step of a take right or wrong, as the module player's form does. */
export async function answerStep(options: {
  moduleId: string;
  take: string;
  index: number;
  right: boolean;
  cookie?: string;
}): Promise<RouteAnswer> {
  const { moduleId, take, index, right, cookie = "" } = options;
  const drawn = await drawnQuestion(moduleId, take, index);
  return callAction(
    moduleAction,
    pageRequest(`/training/module/${moduleId}`, {
      cookie,
      body: new URLSearchParams({
        take,
        step: drawn.step.id,
        option: right ? drawn.right : drawn.wrong,
      }),
    }),
    freshIp(),
    { moduleId },
  );
}

/**
 * Takes a module from its page: opens it, then answers every step with the given rightness (one
 * value for all steps, or one per step). Fails the test on any answer that is not a 200.
 */
export async function takeModule(
  moduleId: string,
  cookie: string,
  rights: boolean | readonly boolean[] = true,
): Promise<string> {
  const take = await openTake(moduleId, cookie);
  const steps = findItem(moduleId)?.steps.length ?? 0;
  for (let index = 0; index < steps; index++) {
    const right = typeof rights === "boolean" ? rights : rights[index];
    if (right === undefined) break;
    const response = await answerStep({ moduleId, take, index, right, cookie });
    if (response.status !== 200) {
      throw new Error(`step ${index + 1} of "${moduleId}" answered ${response.status}`);
    }
  }
  return take;
}

/** The answers to a final attempt with its first `right` questions right, as the form posts them. */
export async function finalAnswers(
  trackId: string,
  take: string,
  right: number,
): Promise<Record<string, string>> {
  const track = getCatalogue().tracks.find((candidate) => candidate.id === trackId);
  if (!track) throw new Error(`no track "${trackId}"`);
  const run = await getDb()
    .selectFrom("training_run")
    .select(["drawn", "settings"])
    .where("take_key", "=", take)
    .executeTakeFirstOrThrow();
  const count = (JSON.parse(run.settings ?? "{}") as { itemCount: number }).itemCount;
  const graded = finalItem(track, count);
  const drawn = readDrawn(run.drawn, graded.steps);
  const fields: Record<string, string> = { take };
  for (const [index, step] of graded.steps.entries()) {
    const item = drawnItem(step, drawn);
    const wrong = item?.options.find((option) => option.id !== item.answer);
    if (!item || !wrong) throw new Error(`nothing drawn for ${step.id}`);
    fields[step.id] = index < right ? item.answer : wrong.id;
  }
  return fields;
}

/** Sits a track's final from its page: starts an attempt and submits `right` right answers. */
export async function sitFinal(trackId: string, cookie: string, right: number) {
  const path = `/training/track/${trackId}/final`;
  const opened = await answerOf(() =>
    finalLoader({
      request: pageRequest(`${path}?start`, { cookie }),
      params: { trackId },
    } as never),
  );
  const take = (opened.data as { attempt?: { take: string } | null }).attempt?.take;
  if (!take) throw new Error(`the final of "${trackId}" opened no attempt`);
  const submitted = await callAction(
    finalAction,
    pageRequest(path, {
      cookie,
      body: new URLSearchParams(await finalAnswers(trackId, take, right)),
    }),
    freshIp(),
    { trackId },
  );
  if (submitted.status !== 302) throw new Error(`the final answered ${submitted.status}`);
  return take;
}
