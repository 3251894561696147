import { ShieldCheck } from "lucide-react";
import { useEffect } from "react";
import { Link, href, useNavigate } from "react-router";
import { track } from "~/platform/analytics";
import { useTranslation } from "~/platform/i18n";
import { Button, ButtonLink } from "~/platform/ui/button";
import { Card } from "~/platform/ui/card";
import type { LeaseDemoData } from "./types";
import { type ActionResult, QuestionForm, useTakeStep } from "./question-form";
import { RecordsTable } from "./step-content";
import { OutcomeIcon } from "./outcome-icon";
import { Counts, LevelBadge, StatusLabel } from "./track-views";

type Selected = NonNullable<LeaseDemoData["selected"]>;

/** SPEC §2 "Lease fraud demo": list, intro, three steps, completion. */
export function LeaseDemo({
  demo,
  actionData,
}: {
  demo: LeaseDemoData;
  actionData: ActionResult | undefined;
}) {
  const { t } = useTranslation("training");
  useEffect(() => track("lease_fraud_demo_viewed"), []);
  const { selected } = demo;
  if (!selected) {
    return (
      <>
        <h1 className="text-3xl font-extrabold tracking-tight">{t("lease.title")}</h1>
        <p className="mt-2 max-w-3xl text-lg text-slate-700 dark:text-slate-300">
          {t("lease.intro")}
        </p>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {demo.scenarios.map((scenario) => (
            <li key={scenario.id}>
              <Card className="flex h-full flex-col" data-testid={`scenario-${scenario.id}`}>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <LevelBadge level={scenario.difficulty} />
                  {scenario.completed && <StatusLabel status="completed" />}
                </div>
                <h2 className="mt-3 text-lg font-bold">{scenario.title}</h2>
                <p className="mt-2 flex-1 text-slate-700 dark:text-slate-300">
                  {scenario.description}
                </p>
                <div className="mt-4">
                  <Counts minutes={scenario.durationMinutes} points={scenario.points} />
                </div>
                {scenario.bestScore !== null && (
                  <p className="mt-2 text-sm font-medium">
                    {t("module.bestScore", { score: scenario.bestScore })}
                  </p>
                )}
                <ButtonLink
                  to={`?scenario=${scenario.id}`}
                  className="mt-4 self-start"
                  onClick={() => track("scenario_selected", { scenarioId: scenario.id })}
                >
                  {t("lease.open")}
                </ButtonLink>
              </Card>
            </li>
          ))}
        </ul>
      </>
    );
  }
  if (selected.finished) return <ScenarioCompleted selected={selected} />;
  if (!selected.started) return <ScenarioIntro selected={selected} />;
  return <ScenarioSteps selected={selected} actionData={actionData} />;
}

function ScenarioIntro({ selected }: { selected: Selected }) {
  const { t } = useTranslation("training");
  const { scenario } = selected;
  return (
    <Card>
      <p className="inline-flex items-center gap-2 rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-700 dark:bg-brand-900 dark:text-brand-100">
        <ShieldCheck aria-hidden="true" className="size-4" />
        {t("lease.fintrac")}
      </p>
      <h1 className="mt-4 text-3xl font-extrabold tracking-tight">{scenario.title}</h1>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <LevelBadge level={scenario.difficulty} />
        <Counts minutes={scenario.durationMinutes} points={scenario.points} />
      </div>
      <h2 className="mt-6 text-xl font-bold">{t("lease.overview")}</h2>
      <div className="mt-2 space-y-3 leading-relaxed">
        {scenario.caseStudy.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
      <div className="mt-6 grid gap-6 md:grid-cols-2">
        <section>
          <h2 className="text-lg font-bold">{t("lease.focusAreas")}</h2>
          <ul className="mt-2 list-disc space-y-1 pl-6">
            {scenario.focusAreas.map((area) => (
              <li key={area}>{area}</li>
            ))}
          </ul>
        </section>
        <section>
          <h2 className="text-lg font-bold">{t("lease.redFlags")}</h2>
          <ul className="mt-2 list-disc space-y-1 pl-6">
            {scenario.redFlags.map((flag) => (
              <li key={flag}>{flag}</li>
            ))}
          </ul>
        </section>
      </div>
      <div className="mt-8 flex flex-wrap gap-3">
        <ButtonLink
          to={`?scenario=${scenario.id}&step=1`}
          onClick={() => track("scenario_started", { scenarioId: scenario.id })}
        >
          {t("scenario.start")}
        </ButtonLink>
        <ButtonLink to={href("/training/lease-fraud-demo")} variant="secondary">
          {t("scenario.backToScenarios")}
        </ButtonLink>
      </div>
    </Card>
  );
}

function ScenarioSteps({
  selected,
  actionData,
}: {
  selected: Selected;
  actionData: ActionResult | undefined;
}) {
  const { t } = useTranslation("training");
  const navigate = useNavigate();
  const { scenario } = selected;
  const { fetcher, takeKey, finishing, stepIndex, step, answered, error } = useTakeStep(
    { ...selected, steps: scenario.steps },
    actionData,
  );
  const last = stepIndex === scenario.steps.length - 1;
  const doneUrl = `?scenario=${scenario.id}&done=${takeKey}`;
  const unansweredEnd = finishing !== undefined && finishing.optionId === null;
  useEffect(() => {
    // Completed unanswered: nothing to read, straight to the result.
    if (unansweredEnd) void navigate(doneUrl);
  }, [unansweredEnd, navigate, doneUrl]);
  if (!step) return null;

  return (
    <div>
      <p className="text-sm font-semibold text-slate-600 dark:text-slate-300">
        {scenario.title} ·{" "}
        {t("module.stepOf", { current: stepIndex + 1, total: scenario.steps.length })}
      </p>
      <h1 className="mt-2 text-2xl font-bold">{step.title}</h1>
      <div className="mt-4 space-y-4 leading-relaxed">
        {step.body.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
      {step.records.map((table) => (
        <RecordsTable key={table.caption} table={table} />
      ))}
      <Card className="mt-6">
        <h2 className="font-semibold">{t("lease.task")}</h2>
        <p className="mt-1">{step.task}</p>
      </Card>
      <QuestionForm
        key={step.id}
        fetcher={fetcher}
        takeKey={takeKey}
        stepId={step.id}
        question={step.question}
        answered={answered}
        error={error}
        hidden={{ scenario: scenario.id }}
        actions={
          last ? (
            <Button type="submit" variant="secondary" formNoValidate>
              {t("scenario.complete")}
            </Button>
          ) : undefined
        }
      />
      <nav className="mt-8 flex flex-wrap justify-between gap-3" aria-label={t("lease.stepsNav")}>
        <ButtonLink to={href("/training/lease-fraud-demo")} variant="secondary">
          {t("scenario.cancel")}
        </ButtonLink>
        {answered &&
          (last ? (
            <ButtonLink to={doneUrl}>{t("scenario.complete")}</ButtonLink>
          ) : (
            <ButtonLink to={`?scenario=${scenario.id}&step=${stepIndex + 2}`}>
              {t("scenario.nextStep")}
            </ButtonLink>
          ))}
      </nav>
    </div>
  );
}

function ScenarioCompleted({ selected }: { selected: Selected }) {
  const { t } = useTranslation("training");
  const score = selected.finished?.score ?? 0;
  const passed = score >= selected.passPercent;
  useEffect(
    () => track("scenario_completed", { scenarioId: selected.scenario.id, score }),
    [selected.scenario.id, score],
  );
  return (
    <Card className="text-center" data-testid="scenario-completed" data-passed={passed}>
      <OutcomeIcon passed={passed} />
      <h1 className="mt-4 text-3xl font-extrabold">
        {passed ? t("scenario.completed") : t("scenario.notPassedTitle")}
      </h1>
      <p className="mt-2 text-lg">{selected.scenario.title}</p>
      <p className="mt-4 text-xl font-semibold">{t("module.score", { score })}</p>
      <p className="mt-1">{t("module.pointsEarned", { points: selected.pointsEarned ?? 0 })}</p>
      {!passed && (
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          {t("scenario.notPassed", { percent: selected.passPercent })}
        </p>
      )}
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <ButtonLink to={href("/training/lease-fraud-demo")}>
          {t("scenario.backToScenarios")}
        </ButtonLink>
        <Link className="underline" to={`?scenario=${selected.scenario.id}&step=1`}>
          {t("scenario.retry")}
        </Link>
      </div>
    </Card>
  );
}
