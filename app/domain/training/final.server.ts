import { data } from "react-router";
import { getCatalogue } from "./catalogue.server";
import { type ContentLanguage, type Item, type Track, localize } from "./content-schema";
import { type Drawn, drawnItem, readDrawn, seeded, shuffled } from "./draw.server";
import { type Run, scorePercent } from "./grading";
import { type GradedItem, loadRuns } from "./progress.server";
import type { FinalResult, QuestionView } from "./types";
import { questionView } from "./views.server";

// The final assessment of a track (docs/decisions/037): once every module of the track is passed,
// a learner sits items drawn from all of its banks, with no feedback on any item until the attempt
// ends; then the score, the pass or not, and the topics missed (never the keys). The organisation
// sets the pass mark, the number of items and a cooling-off period; each attempt keeps the ones it
// was held to.

export const FINAL_PREFIX = "final/";

/** The item id a track's final is stored under. */
export const finalId = (track: Track) => `${FINAL_PREFIX}${track.id}`;

export interface FinalSettings {
  passPercent: number;
  itemCount: number;
  coolingOffHours: number;
}

/** What a learner without an organisation is held to (organisations set their own). */
export const FINAL_DEFAULTS: FinalSettings = { passPercent: 80, itemCount: 20, coolingOffHours: 0 };

/** What an attempt was held to, stored with it: its settings and the right answers to pass. */
export interface HeldTo extends FinalSettings {
  passMark: number;
}

/** The right answers an attempt of `count` items needs at `percent`. */
export function finalPassMark(count: number, percent: number): number {
  return Math.ceil((count * percent) / 100);
}

/** Where an item of a track's pool comes from: its module and step. */
interface PoolEntry {
  item: Item;
  moduleId: string;
  stepIndex: number;
}

const poolId = (moduleId: string, itemId: string) => `${moduleId}.${itemId}`;

const pools = new WeakMap<Track, readonly PoolEntry[]>();

/**
 * Every item of every bank of a track's modules, its id prefixed with its module's. Made once per
 * track of the catalogue (the content does not change while the server runs).
 */
function trackPool(track: Track): readonly PoolEntry[] {
  const made = pools.get(track);
  if (made) return made;
  const pool = makePool(track);
  pools.set(track, pool);
  return pool;
}

function makePool(track: Track): PoolEntry[] {
  const { modules } = getCatalogue();
  return track.modules.flatMap((moduleId) => {
    const module = modules.get(moduleId);
    return (module?.steps ?? []).flatMap((step, stepIndex) =>
      step.items.map((item) => ({
        item: { ...item, id: poolId(moduleId, item.id) },
        moduleId,
        stepIndex,
      })),
    );
  });
}

/** The final of a track as something graded: its questions `q1`… each drawn from the pool. */
export function finalItem(track: Track, count: number): GradedItem {
  const items = trackPool(track).map((entry) => entry.item);
  return {
    itemId: finalId(track),
    steps: Array.from({ length: Math.min(count, items.length) }, (_, index) => ({
      id: `q${index + 1}`,
      items,
    })),
    passMark: 0,
    readingMinutes: Math.min(count, items.length),
    prerequisites: track.modules,
  };
}

/**
 * The items of a new attempt: `count` distinct items spread over the track's steps in turn (so
 * every module and step is asked about), the items of the last attempt drawn last, options
 * shuffled; the same key draws the same attempt.
 */
export function drawFinal(
  takeKey: string,
  track: Track,
  count: number,
  avoid: ReadonlySet<string> = new Set(),
): Drawn {
  const next = seeded(`final:${takeKey}`);
  const groups = new Map<string, PoolEntry[]>();
  for (const entry of trackPool(track)) {
    const key = `${entry.moduleId}#${entry.stepIndex}`;
    groups.set(key, [...(groups.get(key) ?? []), entry]);
  }
  const queues = shuffled([...groups.values()], next).map((entries) => {
    const mixed = shuffled(entries, next);
    return [
      ...mixed.filter((entry) => !avoid.has(entry.item.id)),
      ...mixed.filter((entry) => avoid.has(entry.item.id)),
    ];
  });
  // Each pick comes from the step with the most unseen items left (the earlier in the shuffled
  // order on a tie): every step is asked about, and a retake repeats an item only when the
  // steps have no unseen ones left.
  const unseen = (queue: PoolEntry[]) => queue.filter((entry) => !avoid.has(entry.item.id)).length;
  const picked: PoolEntry[] = [];
  while (picked.length < count) {
    let best: PoolEntry[] | undefined;
    for (const queue of queues) {
      if (queue.length === 0) continue;
      const ahead =
        !best ||
        unseen(queue) > unseen(best) ||
        (unseen(queue) === unseen(best) && queue.length > best.length);
      if (ahead) best = queue;
    }
    const entry = best?.shift();
    if (!entry) break;
    picked.push(entry);
  }
  return Object.fromEntries(
    shuffled(picked, next).map((entry, index) => [
      `q${index + 1}`,
      {
        item: entry.item.id,
        order: shuffled(
          entry.item.options.map((o) => o.id),
          next,
        ),
      },
    ]),
  );
}

/** A final attempt as stored: its run, what it was held to, and its draw. */
export interface FinalAttempt {
  run: Run;
  heldTo: HeldTo;
  drawn: Drawn;
  right: number;
  score: number;
  passed: boolean;
}

/** Every final attempt of a learner on a track, oldest first. */
export async function finalAttempts(
  learnerId: string | null,
  track: Track,
): Promise<FinalAttempt[]> {
  return finalAttemptsIn(await loadRuns(learnerId, [finalId(track)]), track);
}

/** The final attempts among a learner's takes (loadRuns with the final's item id), oldest first. */
export function finalAttemptsIn(runs: ReadonlyMap<string, Run[]>, track: Track): FinalAttempt[] {
  return (runs.get(finalId(track)) ?? []).map((run) => {
    const heldTo = readHeldTo(run.settings ?? null);
    const graded = finalItem(track, heldTo.itemCount);
    const right = run.answers.filter((answer) => answer.correct).length;
    return {
      run,
      heldTo,
      drawn: readDrawn(run.drawn ?? null, graded.steps),
      right,
      score: scorePercent(run.answers, heldTo.itemCount),
      passed: run.completedAt !== null && right >= heldTo.passMark,
    };
  });
}

function readHeldTo(json: string | null): HeldTo {
  try {
    const value = JSON.parse(json ?? "") as Partial<HeldTo>;
    if (
      typeof value.passPercent === "number" &&
      typeof value.itemCount === "number" &&
      typeof value.passMark === "number"
    ) {
      return { coolingOffHours: 0, ...value } as HeldTo;
    }
  } catch {
    // An attempt without its settings is read with the defaults.
  }
  return heldTo(FINAL_DEFAULTS, FINAL_DEFAULTS.itemCount);
}

/** The settings an attempt is held to, its item count cut to what the pool holds. */
export function heldTo(settings: FinalSettings, poolSize: number): HeldTo {
  const itemCount = Math.min(settings.itemCount, poolSize);
  return { ...settings, itemCount, passMark: finalPassMark(itemCount, settings.passPercent) };
}

/** A track by id, or a 404 the page shows. */
export function trackOr404(trackId: string): Track {
  const track = getCatalogue().tracks.find((candidate) => candidate.id === trackId);
  if (!track) throw data({ notFound: "track" as const }, { status: 404 });
  return track;
}

export function poolSize(track: Track): number {
  return trackPool(track).length;
}

/** The questions of an attempt as the page shows them: no key, no feedback. */
export function finalQuestions(
  track: Track,
  attempt: { heldTo: HeldTo; drawn: Drawn },
  language: ContentLanguage,
  fill: (text: string) => string,
): (QuestionView & { id: string })[] {
  const graded = finalItem(track, attempt.heldTo.itemCount);
  return graded.steps.flatMap((step) => {
    const question = drawnItem(step, attempt.drawn);
    return question ? [{ id: step.id, ...questionView(question, language, fill) }] : [];
  });
}

/** An attempt's result: score, pass, and the topics (module steps) its wrong answers came from. */
export function finalResult(
  track: Track,
  attempt: FinalAttempt,
  language: ContentLanguage,
): FinalResult {
  const { modules } = getCatalogue();
  const wrong = new Set(
    attempt.run.answers.filter((answer) => !answer.correct).map((answer) => answer.itemId ?? ""),
  );
  const missed = new Map<string, FinalResult["missed"][number]>();
  for (const entry of trackPool(track)) {
    if (!wrong.has(entry.item.id)) continue;
    const module = modules.get(entry.moduleId);
    const step = module?.steps[entry.stepIndex];
    if (!module || !step) continue;
    const key = `${entry.moduleId}#${entry.stepIndex}`;
    const topic = missed.get(key);
    if (topic) topic.count += 1;
    else {
      missed.set(key, {
        moduleId: module.id,
        moduleTitle: localize(module.title, language),
        step: entry.stepIndex + 1,
        stepTitle: step.title ? localize(step.title, language) : localize(module.title, language),
        count: 1,
      });
    }
  }
  return {
    take: attempt.run.takeKey ?? "",
    score: attempt.score,
    right: attempt.right,
    total: attempt.heldTo.itemCount,
    passed: attempt.passed,
    passPercent: attempt.heldTo.passPercent,
    completedAt: attempt.run.completedAt ?? "",
    missed: [...missed.values()],
  };
}
