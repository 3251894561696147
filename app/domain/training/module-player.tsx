import { Lock } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, href, useLocation, useNavigate } from "react-router";
import { track } from "~/platform/analytics";
import { useTranslation } from "~/platform/i18n";
import { Button, ButtonLink, buttonClasses } from "~/platform/ui/button";
import { Card } from "~/platform/ui/card";
import type { PlayerData } from "./types";
import { type ActionResult, QuestionForm, useTakeStep } from "./question-form";
import { isPassingScore, passPercent } from "./grading";
import { OutcomeIcon } from "./outcome-icon";
import { StepContent } from "./step-content";

// SPEC §2 "Module player": three steps with a knowledge check each, a transition bar between steps,
// 'Completing...' for a second, then the real score. Answers are posted and graded on the server:
// with scripts through a fetcher, without them as a plain form post.

const COMPLETING_MS = 1000;

export function ModulePlayer({
  player,
  actionData,
}: {
  player: PlayerData;
  actionData: ActionResult | undefined;
}) {
  const { t } = useTranslation("training");
  const location = useLocation();
  const { pathname } = location;
  const navigate = useNavigate();
  const [completing, setCompleting] = useState(false);
  const { fetcher, takeKey, stepIndex, step, answered, error } = useTakeStep(player, actionData);
  // A step change is a navigation: the bar runs after each one, not on the first page load.
  const stepChanged = location.key !== "default";

  // Next and Previous keep the page (only the search changes): each new step starts at its top,
  // with the transition bar in view and focus on the step's heading for screen readers.
  const top = useRef<HTMLDivElement>(null);
  const shownStep = useRef(stepIndex);
  useEffect(() => {
    if (shownStep.current === stepIndex) return;
    shownStep.current = stepIndex;
    top.current?.scrollIntoView({ block: "start" });
    top.current?.querySelector<HTMLElement>("h2[id^='step-']")?.focus({ preventScroll: true });
  }, [stepIndex]);

  useEffect(() => {
    if (!completing) return;
    const timer = setTimeout(() => {
      void navigate(`${pathname}?done=${takeKey}`, { preventScrollReset: false });
    }, COMPLETING_MS);
    return () => clearTimeout(timer);
  }, [completing, navigate, pathname, takeKey]);

  if (player.finished) return <CompletionScreen player={player} score={player.finished.score} />;
  if (player.status === "locked") return <LockedNotice player={player} />;
  if (!step) return null;
  // A step the page did not bring (the page carries the step it opened on): its own page has it.
  if ("outline" in step) {
    return (
      <ButtonLink to={`?step=${stepIndex + 1}`} className="mt-6">
        {t("module.resume")}
      </ButtonLink>
    );
  }
  const last = stepIndex === player.steps.length - 1;

  return (
    <div ref={top} className="scroll-mt-20">
      <div
        className="h-1 w-full overflow-hidden rounded bg-slate-100 dark:bg-slate-800"
        aria-hidden
      >
        {stepChanged && (
          <div
            key={location.key}
            className="step-bar h-1 bg-brand-600"
            data-testid="transition-bar"
          />
        )}
      </div>
      <p className="mt-4 text-sm font-semibold text-slate-600 dark:text-slate-300">
        {t("module.stepOf", { current: stepIndex + 1, total: player.steps.length })}
      </p>
      <StepContent step={step} />

      <QuestionForm
        key={step.id}
        fetcher={fetcher}
        takeKey={takeKey}
        stepId={step.id}
        question={step.question}
        answered={answered}
        error={error}
        // The step in the address: a post without scripts comes back to the step it answered.
        action={`?step=${stepIndex + 1}`}
      />

      <nav
        className="mt-8 flex flex-wrap justify-between gap-3"
        aria-label={t("module.stepOf", { current: stepIndex + 1, total: player.steps.length })}
      >
        {stepIndex === 0 ? (
          <Button variant="secondary" disabled>
            {t("module.previous")}
          </Button>
        ) : (
          <ButtonLink variant="secondary" to={`?step=${stepIndex}`} preventScrollReset>
            {t("module.previous")}
          </ButtonLink>
        )}
        {!answered ? (
          <Button disabled>{last ? t("module.complete") : t("module.next")}</Button>
        ) : last ? (
          completing ? (
            <Button disabled aria-live="polite">
              {t("module.completing")}
            </Button>
          ) : (
            <Link
              to={`?done=${takeKey}`}
              data-testid="complete-module"
              className={buttonClasses("primary")}
              onClick={(event) => {
                event.preventDefault();
                setCompleting(true);
              }}
            >
              {t("module.complete")}
            </Link>
          )
        ) : (
          <ButtonLink to={`?step=${stepIndex + 2}`} preventScrollReset data-testid="next-step">
            {t("module.next")}
          </ButtonLink>
        )}
      </nav>
    </div>
  );
}

function backLink(moduleId: string) {
  return moduleId.includes("esg")
    ? href("/training/track/:trackId", { trackId: "esg-track" })
    : href("/training");
}

/** SPEC §9: the consumer scam module scores 25 points a scenario, out of 75. */
export const SCENARIO_POINTS = 25;

function CompletionScreen({ player, score }: { player: PlayerData; score: number }) {
  const { t } = useTranslation(["training", "consumerScamModule"]);
  const esg = player.module.id.includes("esg");
  const needed = passPercent(player.module.passMark, player.steps.length);
  const scenarios = player.module.format === "scenarios";
  const correct = player.finished?.correct ?? 0;
  // Completion means passed: a take below the pass mark is finished, not completed, and earns no
  // points (the best passing take's score does, SPEC §9).
  const passed = isPassingScore(score, player.module.passMark, player.steps.length);
  useEffect(
    () => track("module_completed", { moduleId: player.module.id, score }),
    [player.module.id, score],
  );
  return (
    <Card className="text-center" data-testid="module-completed" data-passed={passed}>
      <OutcomeIcon passed={passed} />
      <h2 className="mt-4 text-3xl font-extrabold">
        {passed ? t("module.completed") : t("module.notPassedTitle")}
      </h2>
      <p className="mt-4 text-xl font-semibold">
        {scenarios
          ? t("consumerScamModule:finalScore", {
              score: correct * SCENARIO_POINTS,
              total: player.steps.length * SCENARIO_POINTS,
            })
          : t("module.score", { score })}
      </p>
      {scenarios ? (
        // One scale on this screen: the score and the pass mark both out of 75.
        <>
          <p className="mt-2 text-slate-700 dark:text-slate-300">
            {passed
              ? t("module.passed")
              : t("consumerScamModule:passMark", {
                  needed: player.module.passMark * SCENARIO_POINTS,
                  total: player.steps.length * SCENARIO_POINTS,
                })}
          </p>
        </>
      ) : (
        <>
          <p className="mt-1 text-slate-700 dark:text-slate-300">
            {t("module.pointsEarned", {
              points: passed ? Math.round((player.module.points * score) / 100) : 0,
            })}
          </p>
          <p className="mt-2 text-slate-700 dark:text-slate-300">
            {passed ? t("module.passed") : t("module.notPassed", { percent: needed })}
          </p>
        </>
      )}
      {passed && (
        <p className="mt-2 font-medium" data-testid="completion-certificate">
          {player.guest ? t("certificates.completionGuest") : t("certificates.completionEarned")}
        </p>
      )}
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        {scenarios && passed && player.nextModule ? (
          <ButtonLink to={href("/training/module/:moduleId", { moduleId: player.nextModule.id })}>
            {t("consumerScamModule:nextModule")}
          </ButtonLink>
        ) : (
          <ButtonLink to={backLink(player.module.id)}>
            {esg ? t("module.backToTrack") : t("module.backToTraining")}
          </ButtonLink>
        )}
        <ButtonLink to={href("/training/certificates")} variant="secondary">
          {t("module.viewCertificates")}
        </ButtonLink>
        <ButtonLink to="?step=1" variant="ghost">
          {scenarios ? t("consumerScamModule:retry") : t("module.retake")}
        </ButtonLink>
      </div>
    </Card>
  );
}

function LockedNotice({ player }: { player: PlayerData }) {
  const { t } = useTranslation("training");
  return (
    <Card data-testid="module-locked">
      <p className="flex items-center gap-2 text-xl font-semibold">
        <Lock aria-hidden className="size-5" />
        {t("module.lockedTitle")}
      </p>
      <p className="mt-2">{t("module.lockedBody")}</p>
      <ul className="mt-2 list-disc pl-6">
        {player.lockedBy.map((required) => (
          <li key={required.id}>
            <Link
              className="underline"
              to={href("/training/module/:moduleId", { moduleId: required.id })}
            >
              {required.title}
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}

export function GuestNotice({ returnTo }: { returnTo: string }) {
  const { t } = useTranslation("training");
  return (
    <p className="rounded-xl bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
      {t("learner.saveProgress")}{" "}
      <Link
        className="font-semibold underline"
        to={`${href("/login")}?${new URLSearchParams({ redirectTo: returnTo })}`}
      >
        {t("learner.signIn")}
      </Link>
    </p>
  );
}
