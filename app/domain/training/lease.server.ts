import { data } from "react-router";
import { getLocaleState } from "~/platform/i18n/index.server";
import type { AnswerOptions } from "./answer.server";
import { getCatalogue } from "./catalogue.server";
import { localize } from "./content-schema";
import { isPassingScore, itemProgress, passPercent, scenarioPoints } from "./grading";
import { contentLanguage } from "./language";
import { getLearner } from "./learners.server";
import { shownItem, takeState } from "./player.server";
import { LEASE_PASS_MARK, LEASE_PREFIX, findItem, loadRuns } from "./progress.server";
import type { LeaseDemoData } from "./types";
import { questionView, scenarioSummary, tableView } from "./views.server";

// The lease fraud demo (SPEC §2): a list of scenarios, one scenario's intro, its three steps with
// records, and its completion with the points earned. Graded like modules, as item `lease/<id>`.

const same = (text: string) => text;

export async function loadLeaseDemo(request: Request): Promise<LeaseDemoData> {
  const url = new URL(request.url);
  const [{ locale }, learner] = await Promise.all([getLocaleState(request), getLearner(request)]);
  const language = contentLanguage(locale);
  const { leaseScenarios } = getCatalogue();
  const runs = await loadRuns(
    learner.id,
    leaseScenarios.map((scenario) => `${LEASE_PREFIX}${scenario.id}`),
  );
  const scenarios = leaseScenarios.map((scenario) => {
    const progress = itemProgress({
      runs: runs.get(`${LEASE_PREFIX}${scenario.id}`) ?? [],
      stepIds: scenario.steps.map((step) => step.id),
      passMark: LEASE_PASS_MARK,
      prerequisites: [],
      completedItems: new Set(),
    });
    return {
      ...scenarioSummary(scenario, language),
      completed: progress.status === "completed",
      bestScore: progress.bestScore,
    };
  });

  const selectedId = url.searchParams.get("scenario");
  if (!selectedId) return { scenarios, selected: null };
  const scenario = leaseScenarios.find((candidate) => candidate.id === selectedId);
  const item = findItem(`${LEASE_PREFIX}${selectedId}`);
  if (!scenario || !item) throw data({ notFound: "scenario" }, { status: 404 });
  const { progress, drawn, ...take } = await takeState(url, learner.id, item, language, same);
  return {
    scenarios,
    selected: {
      ...take,
      scenario: {
        ...scenarioSummary(scenario, language),
        caseStudy: scenario.caseStudy.map((paragraph) => localize(paragraph, language)),
        redFlags: scenario.redFlags.map((flag) => localize(flag, language)),
        focusAreas: scenario.focusAreas.map((area) => localize(area, language)),
        steps: scenario.steps.map((step) => ({
          id: step.id,
          title: localize(step.title, language),
          body: step.body.map((paragraph) => localize(paragraph, language)),
          records: step.records.map((table) => tableView(table, language)),
          task: localize(step.task, language),
          question: questionView(shownItem(item, step.id, drawn), language),
        })),
      },
      started:
        url.searchParams.has("step") ||
        take.finished !== null ||
        (progress.openRun?.answers.length ?? 0) > 0,
      passPercent: passPercent(LEASE_PASS_MARK, scenario.steps.length),
      // Points come from a passing take only (completion means passed).
      pointsEarned: !take.finished
        ? null
        : isPassingScore(take.finished.score, LEASE_PASS_MARK, scenario.steps.length)
          ? scenarioPoints(scenario.points, take.finished.score)
          : 0,
    },
  };
}

const ScenarioField = /^[a-z0-9-]{1,60}$/;

/** A lease step's answer; the last step may be completed unanswered (SPEC §5), counting as wrong. */
export async function leaseAnswer(
  request: Request,
  fields: Record<string, string>,
  clientIp: string,
): Promise<AnswerOptions> {
  const scenarioId = ScenarioField.test(fields.scenario ?? "") ? fields.scenario : "unknown";
  const scenario = getCatalogue().leaseScenarios.find((candidate) => candidate.id === scenarioId);
  const { locale } = await getLocaleState(request);
  return {
    request,
    itemId: `${LEASE_PREFIX}${scenarioId}`,
    fields,
    clientIp,
    language: contentLanguage(locale),
    mayCompleteUnanswered: scenario?.steps.at(-1)?.id,
  };
}
