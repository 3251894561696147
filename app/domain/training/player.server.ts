import { data } from "react-router";
import { type Locale, type RegionPack, getLoadedPack } from "~/platform/i18n";
import { getLocaleState, getLocalizedPack } from "~/platform/i18n/index.server";
import { type AnswerOptions, answeredFeedback } from "./answer.server";
import { getCatalogue } from "./catalogue.server";
import { type ContentLanguage, localize } from "./content-schema";
import { resumeStepIndex, scorePercent } from "./grading";
import { contentLanguage } from "./language";
import { getLearner } from "./learners.server";
import { type Drawn, drawnItem, newTakeKey } from "./draw.server";
import { type GradedItem, drawFor, findItem, openTake, progressOf } from "./progress.server";
import type { PlayerData, TakeState } from "./types";
import { moduleSummary, reportingView, stepView } from "./views.server";
import { sourceNotes } from "./sources.server";
import { numberFormat } from "~/platform/lib/intl";

/** Replaces `{{amount}}` in content with the region's sample sum in its currency (SPEC §9). */
export function amountFiller(locale: Locale, pack: RegionPack | undefined) {
  const sample = pack?.scamSample ?? { amount: 2500, currency: "SGD" };
  const amount = numberFormat(locale, {
    style: "currency",
    currency: sample.currency,
    maximumFractionDigits: 0,
  }).format(sample.amount);
  return (text: string) => text.replaceAll("{{amount}}", amount);
}

/** The sum filler for a request's locale and region. */
export async function fillerFor(request: Request) {
  const { locale, region } = await getLocaleState(request);
  return { language: contentLanguage(locale), fill: amountFiller(locale, getLoadedPack(region)) };
}

export async function takeState(
  url: URL,
  learnerId: string | null,
  item: GradedItem,
  language: ContentLanguage,
  fill: (text: string) => string,
): Promise<TakeState & { drawn: Drawn }> {
  const { progress, runs } = await progressOf(learnerId, item);
  const stepIds = item.steps.map((step) => step.id);
  const doneKey = url.searchParams.get("done");
  const finishedRun = doneKey
    ? runs.find((run) => run.takeKey === doneKey && run.completedAt !== null)
    : undefined;
  const open = progress.openRun;
  const takeKey = open?.takeKey ?? newTakeKey();
  const drawn = drawFor(item, takeKey, runs);
  // A learner with a record keeps the take this page shows: a reload draws nothing new.
  if (learnerId && progress.status !== "locked") {
    await openTake({ learnerId, item, takeKey, drawn, open });
  }
  const resume = Math.min(resumeStepIndex(open, stepIds), stepIds.length - 1);
  const asked = Number(url.searchParams.get("step"));
  const stepIndex =
    Number.isInteger(asked) && asked >= 1 && asked <= stepIds.length
      ? Math.min(asked - 1, resume)
      : resume;
  return {
    takeKey,
    stepIndex,
    drawn,
    answered: answeredFeedback(takeKey, item, drawn, open?.answers ?? [], language, fill),
    finished: finishedRun
      ? {
          score: scorePercent(finishedRun.answers, stepIds.length),
          correct: finishedRun.answers.filter((answer) => answer.correct).length,
        }
      : null,
    progress,
  };
}

/** The item a take drew for a step, as the page shows it; throws when the draw has none. */
export function shownItem(item: GradedItem, stepId: string, drawn: Drawn) {
  const step = item.steps.find((candidate) => candidate.id === stepId);
  const question = step && drawnItem(step, drawn);
  if (!question) throw new Error(`no item drawn for "${stepId}" in "${item.itemId}"`);
  return question;
}

/** The module player's data; 404 for an unknown module. Nothing here reveals an answer. */
export async function loadPlayer(request: Request, moduleId: string): Promise<PlayerData> {
  const module = getCatalogue().modules.get(moduleId);
  const item = findItem(moduleId);
  if (!module || !item) throw data({ notFound: "module" }, { status: 404 });
  const { locale, region } = await getLocaleState(request);
  const language = contentLanguage(locale);
  const pack = getLocalizedPack(region, language);
  const fill = amountFiller(locale, pack);
  const learner = await getLearner(request);
  const { progress, drawn, ...take } = await takeState(
    new URL(request.url),
    learner.id,
    item,
    language,
    fill,
  );
  const { modules, tracks } = getCatalogue();
  const holding = tracks.filter((candidate) => candidate.modules.includes(moduleId));
  const track = holding.find((candidate) => candidate.market === region) ?? holding[0];
  const nextId = track?.modules[track.modules.indexOf(moduleId) + 1];
  const next = nextId ? modules.get(nextId) : undefined;
  const intro = (module.intro ?? []).map((paragraph) => fill(localize(paragraph, language)));
  const asked = Number(new URL(request.url).searchParams.get("step"));
  return {
    module: {
      ...moduleSummary(module, language),
      objectives: module.objectives.map((objective) => fill(localize(objective, language))),
      intro,
      introSources: sourceNotes(intro),
      format: module.format,
      passMark: module.passMark,
    },
    steps: module.steps.map((step, index) =>
      // The page shows its step. A post without scripts comes back to its own address, which
      // names the step it answered (`?step=`): that step shows its feedback even when the answer
      // ended the take. No other step is shown before a new page.
      index === take.stepIndex || index === asked - 1
        ? stepView(step, shownItem(item, step.id, drawn), language, fill)
        : { id: step.id, outline: true as const },
    ),
    ...take,
    status: progress.status,
    bestScore: progress.bestScore,
    lockedBy: progress.missingPrerequisites.map((id) => {
      const required = modules.get(id);
      return { id, title: required ? localize(required.title, language) : id };
    }),
    guest: learner.kind === "guest",
    nextModule: next ? { id: next.id, title: localize(next.title, language) } : null,
    reporting: module.format === "scenarios" && pack ? reportingView(pack) : null,
  };
}

/** The player's answer post: graded with the sums of the reader's region filled in. */
export async function moduleAnswer(
  request: Request,
  moduleId: string,
  fields: Record<string, string>,
  clientIp: string,
): Promise<AnswerOptions> {
  const { language, fill } = await fillerFor(request);
  return { request, itemId: moduleId, fields, clientIp, language, fill };
}
