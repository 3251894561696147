import { CheckCircle2, CircleAlert, Lock } from "lucide-react";
import { Form, Link, href, useNavigation } from "react-router";
import { useTranslation } from "~/platform/i18n";
import { dateTimeFormat } from "~/platform/lib/intl";
import type { Refused } from "~/platform/lib/reply";
import { ButtonLink } from "~/platform/ui/button";
import { Card } from "~/platform/ui/card";
import { FormAlert, SubmitButton } from "~/platform/ui/form-status";
import type { FinalData, FinalResult, TrackFinal } from "./types";

// A track's final assessment: the rules, the attempt (every question on one form, no feedback
// until it is submitted), and the result with the topics to review, never the keys.

export function FinalAssessment({
  final,
  refused,
}: {
  final: FinalData;
  refused: Refused | undefined;
}) {
  const { t, i18n } = useTranslation("training");
  const trackLink = href("/training/track/:trackId", { trackId: final.track.id });
  return (
    <div className="mt-6 space-y-6">
      {final.state !== "open" && final.result && <ResultCard result={final.result} />}
      {final.state === "locked" && (
        <Card>
          <h2 className="flex items-center gap-2 text-xl font-bold">
            <Lock aria-hidden="true" className="size-5" />
            {t("final.lockedTitle")}
          </h2>
          <p className="mt-2">{t("final.lockedBody")}</p>
          <ul className="mt-3 list-disc space-y-1 pl-6">
            {final.missing.map((module) => (
              <li key={module.id}>
                <Link
                  className="focus-ring underline"
                  to={href("/training/module/:moduleId", { moduleId: module.id })}
                >
                  {module.title}
                </Link>
              </li>
            ))}
          </ul>
        </Card>
      )}
      {(final.state === "ready" || final.state === "cooling") && (
        <Card>
          <h2 className="text-xl font-bold">{t("final.rulesTitle")}</h2>
          <Rules rules={final.rules} />
          {final.state === "ready" ? (
            <div className="mt-6">
              <ButtonLink to="?start" data-testid="start-final">
                {final.result ? t("final.retake") : t("final.start")}
              </ButtonLink>
            </div>
          ) : (
            <p className="mt-4 font-medium" role="status">
              {t("final.coolingOff", {
                time: dateTimeFormat(i18n.language, {
                  dateStyle: "medium",
                  timeStyle: "short",
                  timeZone: "UTC",
                }).format(new Date(final.retakeAt ?? "")),
              })}
            </p>
          )}
        </Card>
      )}
      {final.state === "open" && final.attempt && (
        <AttemptForm attempt={final.attempt} rules={final.rules} refused={refused} />
      )}
      <p>
        <Link className="focus-ring underline" to={trackLink}>
          {t("final.backToTrack", { track: final.track.title })}
        </Link>
      </p>
    </div>
  );
}

function Rules({ rules }: { rules: FinalData["rules"] }) {
  const { t } = useTranslation("training");
  return (
    <ul className="mt-3 list-disc space-y-1 pl-6">
      <li>{t("final.ruleItems", { count: rules.itemCount })}</li>
      <li>{t("final.rulePass", { percent: rules.passPercent })}</li>
      <li>{t("final.ruleFeedback")}</li>
      {rules.coolingOffHours > 0 && (
        <li>{t("final.ruleCoolingOff", { count: rules.coolingOffHours })}</li>
      )}
    </ul>
  );
}

function AttemptForm({
  attempt,
  rules,
  refused,
}: {
  attempt: NonNullable<FinalData["attempt"]>;
  rules: FinalData["rules"];
  refused: Refused | undefined;
}) {
  const { t } = useTranslation("training");
  const navigation = useNavigation();
  const fields = refused?.error.fields ?? {};
  const missing = Object.keys(fields).length;
  const total = attempt.questions.length;
  return (
    <Form method="post" className="space-y-6" data-testid="final-form">
      <input type="hidden" name="take" value={attempt.take} />
      <Card>
        <Rules rules={rules} />
      </Card>
      {refused && (
        <FormAlert>
          {missing > 0 ? t("final.unanswered", { count: missing }) : t("module.answerFailed")}
        </FormAlert>
      )}
      {attempt.questions.map((question, index) => {
        const error = fields[question.id];
        const errorId = `${question.id}-error`;
        return (
          <fieldset
            key={question.id}
            className="rounded-2xl border border-slate-200 p-5 dark:border-slate-800"
            aria-describedby={error ? errorId : undefined}
            data-testid={`final-${question.id}`}
          >
            <legend className="px-1 text-sm font-semibold text-slate-600 dark:text-slate-300">
              {t("final.questionOf", { current: index + 1, total })}
            </legend>
            <p className="text-lg font-semibold">{question.prompt}</p>
            {error && (
              <p
                id={errorId}
                className="mt-2 flex items-center gap-1 text-sm font-medium text-red-700 dark:text-red-300"
              >
                <CircleAlert aria-hidden="true" className="size-4" />
                {t("final.chooseAnswer")}
              </p>
            )}
            <div className="mt-3 space-y-2">
              {question.options.map((option) => (
                <label
                  key={option.id}
                  className="flex cursor-pointer items-start gap-3 rounded-xl border border-slate-300 p-3 focus-within:ring-2 focus-within:ring-brand-600 dark:border-slate-700"
                >
                  <input type="radio" name={question.id} value={option.id} className="mt-1" />
                  <span>{option.text}</span>
                </label>
              ))}
            </div>
          </fieldset>
        );
      })}
      <SubmitButton
        pending={navigation.state === "submitting"}
        pendingLabel={t("final.submitting")}
      >
        {t("final.submit")}
      </SubmitButton>
    </Form>
  );
}

function ResultCard({ result }: { result: FinalResult }) {
  const { t } = useTranslation("training");
  return (
    <Card data-testid="final-result">
      <h2 className="flex items-center gap-2 text-xl font-bold">
        {result.passed ? (
          <CheckCircle2 aria-hidden="true" className="size-6 text-emerald-600" />
        ) : (
          <CircleAlert aria-hidden="true" className="size-6 text-red-600 dark:text-red-400" />
        )}
        {result.passed ? t("final.passedTitle") : t("final.notPassedTitle")}
      </h2>
      <p className="mt-2 text-lg">
        {t("final.score", { score: result.score, right: result.right, total: result.total })}
      </p>
      {!result.passed && (
        <p className="mt-1">{t("final.needed", { percent: result.passPercent })}</p>
      )}
      {result.passed && (
        <div className="mt-4">
          <ButtonLink to={href("/training/certificates")} variant="secondary">
            {t("module.viewCertificates")}
          </ButtonLink>
        </div>
      )}
      {result.missed.length > 0 && (
        <>
          <h3 className="mt-6 font-semibold">{t("final.reviewTitle")}</h3>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t("final.reviewBody")}</p>
          <ul className="mt-3 list-disc space-y-1 pl-6">
            {result.missed.map((topic) => (
              <li key={`${topic.moduleId}-${topic.step}`}>
                <Link
                  className="focus-ring underline"
                  to={href("/training/module/:moduleId", { moduleId: topic.moduleId })}
                >
                  {t("final.topic", {
                    module: topic.moduleTitle,
                    step: topic.stepTitle,
                    count: topic.count,
                  })}
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}

/** The track page's card for the track's final assessment. */
export function TrackFinalCard({ trackId, final }: { trackId: string; final: TrackFinal }) {
  const { t } = useTranslation("training");
  const status = {
    locked: t("final.trackCardLocked"),
    ready: null,
    failed: t("final.trackCardFailed", { score: final.bestScore ?? 0 }),
    passed: t("final.trackCardPassed", { score: final.bestScore ?? 0 }),
  }[final.state];
  return (
    <section aria-labelledby="final-heading" className="mt-10" data-testid="track-final">
      <Card>
        <h2 id="final-heading" className="text-2xl font-bold">
          {t("final.trackCardTitle")}
        </h2>
        <p className="mt-2 text-slate-700 dark:text-slate-300">{t("final.trackCardBody")}</p>
        {status && <p className="mt-2 font-semibold">{status}</p>}
        {final.state !== "locked" && (
          <div className="mt-4">
            <ButtonLink
              to={href("/training/track/:trackId/final", { trackId })}
              variant={final.state === "passed" ? "secondary" : "primary"}
            >
              {t("final.open")}
            </ButtonLink>
          </div>
        )}
      </Card>
    </section>
  );
}
