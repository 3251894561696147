import { CheckCircle2, XCircle } from "lucide-react";
import { type ReactNode, useState } from "react";
import { type FetcherWithComponents, useFetcher } from "react-router";
import { useTranslation } from "~/platform/i18n";
import { Button } from "~/platform/ui/button";
import type { ReplyError } from "~/platform/lib/reply";
import type { AnswerFeedback, QuestionView } from "./types";

export type ActionResult = { answer: AnswerFeedback } | { error: ReplyError };

/**
 * Which step a take shows and its answer. The loader names the step to resume at; an answer just
 * given keeps its step on screen: the last one (until the take is completed), and, for a plain form
 * post without scripts, any one (so the learner reads its feedback before moving on).
 */
export function useTakeStep<S extends { id: string }>(
  take: {
    steps: readonly S[];
    stepIndex: number;
    takeKey: string;
    answered: readonly AnswerFeedback[];
  },
  actionData: ActionResult | undefined,
) {
  const options = { ...take, actionData };
  const fetcher = useFetcher<ActionResult>();
  const result = fetcher.data ?? options.actionData;
  const justAnswered = result && "answer" in result ? result.answer : undefined;
  const posted =
    options.actionData && "answer" in options.actionData ? options.actionData.answer : undefined;
  const finishing = justAnswered?.completed ? justAnswered : undefined;
  const pinned = finishing ?? posted;
  const stepIndex = pinned
    ? options.steps.findIndex((step) => step.id === pinned.stepId)
    : options.stepIndex;
  const step = options.steps[stepIndex];
  const answered =
    justAnswered?.stepId === step?.id
      ? justAnswered
      : options.answered.find((answer) => answer.stepId === step?.id);
  return {
    fetcher,
    takeKey: justAnswered?.take ?? options.takeKey,
    finishing,
    stepIndex,
    step,
    answered,
    error: result && "error" in result ? result.error : undefined,
  };
}

/**
 * A step's knowledge check: radio options posted to the server (a fetcher with scripts, a plain
 * form post without), then the verdict, the feedback and the right option. The choice stays put
 * while the answer is checked and after an error. Keyed by step, so each step starts unchosen.
 */
export function QuestionForm({
  fetcher,
  takeKey,
  stepId,
  question,
  answered,
  error,
  hidden = {},
  actions,
  action,
}: {
  fetcher: FetcherWithComponents<ActionResult>;
  takeKey: string;
  stepId: string;
  question: QuestionView;
  answered: AnswerFeedback | undefined;
  error: ReplyError | undefined;
  hidden?: Record<string, string>;
  /** Extra submit buttons (the lease scenario's Complete Scenario). */
  actions?: ReactNode;
  /** Where the answer posts, when not to the page's own address. */
  action?: string;
}) {
  const { t } = useTranslation("training");
  const [choice, setChoice] = useState<string | null>(null);
  const submitting = fetcher.state !== "idle";
  const chosen = answered?.optionId ?? choice;

  return (
    <>
      <fetcher.Form method="post" action={action} className="mt-8">
        <input type="hidden" name="take" value={takeKey} />
        <input type="hidden" name="step" value={stepId} />
        {Object.entries(hidden).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <fieldset disabled={answered !== undefined || submitting}>
          <legend className="text-lg font-semibold">
            <span className="sr-only">{t("module.knowledgeCheck")}: </span>
            {question.prompt}
          </legend>
          <div className="mt-4 space-y-3">
            {question.options.map((option) => {
              const isRight = answered?.rightOptionId === option.id;
              const isChosen = chosen === option.id;
              return (
                <label
                  key={option.id}
                  className={`flex cursor-pointer items-start gap-3 rounded-xl border p-4 focus-within:ring-2 focus-within:ring-brand-600 ${
                    answered && isRight
                      ? "border-emerald-600 bg-emerald-50 dark:bg-emerald-950"
                      : answered && isChosen
                        ? "border-red-600 bg-red-50 dark:bg-red-950"
                        : "border-slate-300 dark:border-slate-700"
                  }`}
                >
                  <input
                    type="radio"
                    name="option"
                    value={option.id}
                    // Left to the browser: a choice made before the page's scripts run stays
                    // chosen when they take over (a controlled radio would be reset).
                    defaultChecked={answered?.optionId === option.id}
                    onChange={() => setChoice(option.id)}
                    className="mt-1"
                    required
                  />
                  <span>{option.text}</span>
                </label>
              );
            })}
          </div>
        </fieldset>
        {!answered && (
          <div className="mt-4 flex flex-wrap gap-3">
            <Button type="submit" disabled={submitting} data-testid="check-answer">
              {t("module.checkAnswer")}
            </Button>
            {actions}
          </div>
        )}
      </fetcher.Form>
      {error && (
        <p
          role="alert"
          className="mt-4 rounded-xl bg-red-50 p-4 text-red-800 dark:bg-red-950 dark:text-red-200"
        >
          {error.code === "forbidden" || error.code === "rate_limited"
            ? t(error.message as never)
            : t("module.answerFailed")}
        </p>
      )}
      <div role="status" aria-live="polite">
        {answered && <AnswerPanel answer={answered} />}
      </div>
    </>
  );
}

function AnswerPanel({ answer }: { answer: AnswerFeedback }) {
  const { t } = useTranslation("training");
  return (
    <div
      className={`mt-4 rounded-xl border p-4 ${
        answer.correct
          ? "border-emerald-600 bg-emerald-50 dark:bg-emerald-950"
          : "border-red-600 bg-red-50 dark:bg-red-950"
      }`}
      data-testid="answer-feedback"
    >
      <p className="flex items-center gap-2 font-semibold">
        {answer.correct ? (
          <CheckCircle2 aria-hidden className="size-5 text-emerald-700" />
        ) : (
          <XCircle aria-hidden className="size-5 text-red-700" />
        )}
        {answer.correct ? t("module.correct") : t("module.incorrect")}
      </p>
      {answer.feedback && <p className="mt-2">{answer.feedback}</p>}
      {!answer.correct && (
        <p className="mt-2 font-medium">
          {t("module.rightAnswer", { answer: answer.rightOptionText })}
        </p>
      )}
    </div>
  );
}

/** An answer post changes nothing the page's loader shows until the learner moves on. */
export function skipRevalidationAfterAnswer({
  formMethod,
  defaultShouldRevalidate,
}: {
  formMethod?: string;
  defaultShouldRevalidate: boolean;
}): boolean {
  return formMethod === "POST" ? false : defaultShouldRevalidate;
}
