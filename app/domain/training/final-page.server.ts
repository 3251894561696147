import { getDb, inOneTransaction } from "~/platform/db/db.server";
import { refuse } from "~/platform/lib/reply.server";
import { z } from "~/platform/lib/zod";
import { getCatalogue } from "./catalogue.server";
import { localize } from "./content-schema";
import { drawnItem, newTakeKey } from "./draw.server";
import {
  type FinalAttempt,
  type FinalSettings,
  drawFinal,
  finalAttempts,
  finalAttemptsIn,
  finalId,
  finalItem,
  finalQuestions,
  finalResult,
  heldTo,
  poolSize,
  trackOr404,
} from "./final.server";
import { getLearner } from "./learners.server";
import { fillerFor } from "./player.server";
import { loadRuns, passedModules } from "./progress.server";
import type { FinalData } from "./types";

// The final assessment page: who may sit it, the attempt to answer, and the end screen.

const HOUR_MS = 3_600_000;

function retakeTime(attempts: readonly FinalAttempt[], settings: FinalSettings): Date | null {
  const last = attempts.filter((attempt) => attempt.run.completedAt).at(-1);
  if (!last || last.passed || settings.coolingOffHours === 0) return null;
  return new Date(Date.parse(last.run.completedAt ?? "") + settings.coolingOffHours * HOUR_MS);
}

/**
 * The page of a track's final for the learner behind the request. `start` opens an attempt when
 * the learner may sit one; an attempt already open is shown as it was drawn.
 */
export async function loadFinal(
  request: Request,
  trackId: string,
  settings: FinalSettings,
  now = new Date(),
): Promise<FinalData> {
  const track = trackOr404(trackId);
  const url = new URL(request.url);
  const [{ language, fill }, learner] = await Promise.all([
    fillerFor(request),
    getLearner(request),
  ]);
  const { modules } = getCatalogue();
  // One read: the takes of the track's modules (which are passed) and of its final.
  const runs = await loadRuns(learner.id, [...track.modules, finalId(track)]);
  const passedAll = passedModules(runs, track.modules);
  const missing = track.modules
    .filter((id) => !passedAll.has(id))
    .map((id) => ({ id, title: localize(modules.get(id)?.title ?? { en: id }, language) }));
  const attempts = finalAttemptsIn(runs, track);
  const finished = attempts.filter((attempt) => attempt.run.completedAt !== null);
  const asked = url.searchParams.get("done");
  const shown = finished.find((attempt) => attempt.run.takeKey === asked) ?? finished.at(-1);
  const retakeAt = retakeTime(attempts, settings);
  const passed = finished.some((attempt) => attempt.passed);
  let open = attempts.find((attempt) => attempt.run.completedAt === null);

  let state: FinalData["state"] = "ready";
  if (passed) state = "passed";
  else if (missing.length > 0 || !learner.id) state = "locked";
  else if (open) state = "open";
  else if (retakeAt && retakeAt > now) state = "cooling";
  else if (url.searchParams.has("start")) {
    open = await startAttempt(learner.id, track, settings, finished.at(-1), now);
    state = "open";
  }
  const rules = heldTo(settings, poolSize(track));
  return {
    track: { id: track.id, title: trackTitle(track, language) },
    rules: {
      passPercent: rules.passPercent,
      itemCount: rules.itemCount,
      coolingOffHours: rules.coolingOffHours,
    },
    state,
    missing,
    retakeAt: state === "cooling" && retakeAt ? retakeAt.toISOString() : null,
    attempt:
      state === "open" && open
        ? {
            take: open.run.takeKey ?? "",
            questions: finalQuestions(track, open, language, fill),
          }
        : null,
    result: shown ? finalResult(track, shown, language) : null,
    guest: learner.kind === "guest",
  };
}

function trackTitle(
  track: ReturnType<typeof trackOr404>,
  language: Parameters<typeof localize>[1],
) {
  return track.title ? localize(track.title, language) : track.id;
}

async function startAttempt(
  learnerId: string,
  track: ReturnType<typeof trackOr404>,
  settings: FinalSettings,
  last: FinalAttempt | undefined,
  now: Date,
): Promise<FinalAttempt> {
  const held = heldTo(settings, poolSize(track));
  const takeKey = newTakeKey(now);
  const avoid = new Set(last ? Object.values(last.drawn).map((entry) => entry.item) : []);
  const drawn = drawFinal(takeKey, track, held.itemCount, avoid);
  const inserted = await getDb()
    .insertInto("training_run")
    .values({
      learner_id: learnerId,
      item_id: finalId(track),
      take_key: takeKey,
      started_at: now.toISOString(),
      drawn: JSON.stringify(drawn),
      settings: JSON.stringify(held),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return {
    run: {
      id: Number(inserted.id),
      takeKey,
      startedAt: now.toISOString(),
      completedAt: null,
      answers: [],
    },
    heldTo: held,
    drawn,
    right: 0,
    score: 0,
    passed: false,
  };
}

const FinalFormSchema = z.object({
  take: z.string().regex(/^[A-Za-z0-9_-]{16,28}$/),
});
const OptionSchema = z.string().regex(/^[a-z0-9-]{1,60}$/);

/** A submitted final, graded and stored; the caller adds its evidence and certificates. */
export interface RecordedFinal {
  attempt: FinalAttempt;
  newlyCompleted: boolean;
}

/**
 * Grades and stores a final attempt: every question answered with one of its options, or a
 * refusal naming the questions still to answer (the choices made stay on the page). A second
 * submission of a finished attempt changes nothing.
 */
export async function recordFinal(
  request: Request,
  trackId: string,
  fields: Record<string, string>,
  now = new Date(),
) {
  const track = trackOr404(trackId);
  const parsed = FinalFormSchema.safeParse(fields);
  if (!parsed.success) return { refusal: refuse(400, "validation") };
  const learner = await getLearner(request);
  const attempts = await finalAttempts(learner.id, track);
  const attempt = attempts.find((candidate) => candidate.run.takeKey === parsed.data.take);
  if (!learner.id || !attempt) return { refusal: refuse(404, "not_found") };
  if (attempt.run.completedAt !== null) {
    return { recorded: { attempt, newlyCompleted: false } satisfies RecordedFinal };
  }
  const graded = finalItem(track, attempt.heldTo.itemCount);
  const unanswered: Record<string, string> = {};
  const answers = graded.steps.map((step) => {
    const question = drawnItem(step, attempt.drawn);
    const chosen = OptionSchema.safeParse(fields[step.id]);
    const option =
      chosen.success && question?.options.some((o) => o.id === chosen.data) ? chosen.data : null;
    if (!option) unanswered[step.id] = "training:final.chooseAnswer";
    return {
      stepId: step.id,
      itemId: question?.id ?? null,
      option,
      correct: option === question?.answer,
    };
  });
  if (Object.keys(unanswered).length > 0) {
    return {
      refusal: refuse(400, "validation", {
        message: "training:final.unanswered",
        fields: unanswered,
      }),
    };
  }
  const at = now.toISOString();
  const right = answers.filter((answer) => answer.correct).length;
  const score = Math.round((100 * right) / graded.steps.length);
  const newlyCompleted = await inOneTransaction(async () => {
    const db = getDb();
    const claimed = await db
      .updateTable("training_run")
      .set({ completed_at: at, score })
      .where("id", "=", attempt.run.id)
      .where("completed_at", "is", null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return false;
    await db
      .insertInto("training_answer")
      .values(
        answers.map((answer) => ({
          run_id: attempt.run.id,
          step_id: answer.stepId,
          option_id: answer.option,
          correct: answer.correct ? 1 : 0,
          answered_at: at,
          item_id: answer.itemId,
        })),
      )
      .execute();
    return true;
  });
  const stored = (await finalAttempts(learner.id, track)).find(
    (candidate) => candidate.run.id === attempt.run.id,
  );
  return { recorded: { attempt: stored ?? attempt, newlyCompleted } satisfies RecordedFinal };
}
