import { CheckCircle2, CircleDashed, CircleDot, XCircle } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { useTranslation } from "~/platform/i18n";
import { Button } from "~/platform/ui/button";
import { type ExerciseStatus, stepKey } from "./grading";
import type { CoursePage, StepState } from "./types";

// SPEC §2/§3 ESG exercises: two questions each, graded on the server. Check, Retry, Skip,
// Show/Hide Solution; the right answer reaches the page only once checked right or asked for.

type ExerciseView = CoursePage["course"]["exercises"][number];

const STATUS_ICONS: Record<ExerciseStatus, typeof CheckCircle2> = {
  "not-started": CircleDashed,
  "in-progress": CircleDot,
  completed: CheckCircle2,
};

function StepView({
  exercise,
  stepIndex,
  state,
  pendingVisits,
  onNext,
  last,
}: {
  exercise: ExerciseView;
  stepIndex: number;
  state: StepState | undefined;
  pendingVisits: string[];
  onNext: () => void;
  last: boolean;
}) {
  const { t } = useTranslation("esgCourse");
  const step = exercise.steps[stepIndex];
  const fetcher = useFetcher<{ error?: unknown }>();
  const [selected, setSelected] = useState<string[]>(state?.selected ?? []);
  const [showFeedback, setShowFeedback] = useState(true);
  const [solutionShown, setSolutionShown] = useState(state?.revealed ?? false);
  const [hint, setHint] = useState<string | null>(null);
  if (!step) return null;
  const busy = fetcher.state !== "idle";
  const checked = state?.correct !== null && state?.correct !== undefined && showFeedback;
  const failed = fetcher.state === "idle" && fetcher.data?.error !== undefined;
  const multiple = step.type === "checkbox";
  const name = `${exercise.id}-${step.id}`;

  const stepForm = (intent: "check" | "reveal") => {
    const form = new FormData();
    form.set("intent", intent);
    form.set("exercise", exercise.id);
    form.set("step", step.id);
    for (const tab of pendingVisits) form.append("visited", tab);
    return form;
  };

  const check = () => {
    if (selected.length === 0) {
      setHint(t("exercises.chooseFirst"));
      return;
    }
    setHint(null);
    setShowFeedback(true);
    const form = stepForm("check");
    for (const option of selected) form.append("option", option);
    void fetcher.submit(form, { method: "post" });
  };

  return (
    <fieldset className="mt-4" aria-describedby={`${name}-hint`}>
      <legend className="text-lg font-semibold">
        <span className="block text-sm font-normal text-slate-600 dark:text-slate-400">
          {t("exercises.stepOf", { current: stepIndex + 1, total: exercise.steps.length })}
        </span>
        {step.question}
      </legend>
      <p id={`${name}-hint`} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        {multiple ? t("exercises.chooseAll") : t("exercises.chooseOne")}
      </p>
      <ul className="mt-3 space-y-2">
        {step.options.map((option) => {
          const right = solutionShown && state?.answer?.includes(option.id);
          return (
            <li key={option.id}>
              <label
                className={`flex cursor-pointer items-start gap-3 rounded-lg border p-3 ${right ? "border-green-600 bg-green-50 dark:bg-green-950" : "border-slate-200 dark:border-slate-700"}`}
              >
                <input
                  type={multiple ? "checkbox" : "radio"}
                  name={name}
                  value={option.id}
                  checked={selected.includes(option.id)}
                  disabled={busy || state?.solved}
                  onChange={(event) => {
                    setShowFeedback(false);
                    setSelected(
                      multiple
                        ? event.currentTarget.checked
                          ? [...selected, option.id]
                          : selected.filter((id) => id !== option.id)
                        : [option.id],
                    );
                  }}
                  className="focus-ring mt-1"
                />
                <span>{option.text}</span>
              </label>
            </li>
          );
        })}
      </ul>
      <div aria-live="polite" className="mt-3">
        {hint && <p className="text-amber-800 dark:text-amber-200">{hint}</p>}
        {failed && (
          <p role="alert" className="text-red-700 dark:text-red-300">
            {t("exercises.failed")}
          </p>
        )}
        {checked && state?.correct && (
          <p className="flex items-center gap-2 font-semibold text-green-800 dark:text-green-200">
            <CheckCircle2 aria-hidden="true" className="size-5" />
            {t("exercises.correct")}
          </p>
        )}
        {checked && state?.correct === false && (
          <p className="flex items-center gap-2 font-semibold text-red-800 dark:text-red-200">
            <XCircle aria-hidden="true" className="size-5" />
            {t("exercises.incorrect")}
          </p>
        )}
        {(state?.solved || solutionShown) && state?.explanation && (
          <div className="mt-2 rounded-lg bg-slate-100 p-3 dark:bg-slate-800">
            <p className="font-semibold">{t("exercises.solution")}</p>
            <p>{state.explanation}</p>
          </div>
        )}
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        {!state?.solved && (
          <Button onClick={check} disabled={busy}>
            {busy ? t("exercises.checking") : t("exercises.check")}
          </Button>
        )}
        {checked && state?.correct === false && (
          <Button
            variant="secondary"
            onClick={() => {
              setSelected([]);
              setShowFeedback(false);
            }}
          >
            {t("exercises.retry")}
          </Button>
        )}
        {!state?.solved && (
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() => {
              if (solutionShown) {
                setSolutionShown(false);
                return;
              }
              setSolutionShown(true);
              if (!state?.revealed) void fetcher.submit(stepForm("reveal"), { method: "post" });
            }}
          >
            {solutionShown ? t("exercises.hideSolution") : t("exercises.showSolution")}
          </Button>
        )}
        {state?.solved ? (
          <Button onClick={onNext}>{last ? t("exercises.finish") : t("exercises.next")}</Button>
        ) : (
          <Button variant="ghost" onClick={onNext}>
            {t("exercises.skip")}
          </Button>
        )}
      </div>
    </fieldset>
  );
}

function ExerciseView({
  exercise,
  page,
  pendingVisits,
  onClose,
}: {
  exercise: ExerciseView;
  page: CoursePage;
  pendingVisits: string[];
  onClose: () => void;
}) {
  const { t } = useTranslation("esgCourse");
  const firstOpen = exercise.steps.findIndex(
    (step) => !page.steps[stepKey(exercise.id, step.id)]?.solved,
  );
  const [stepIndex, setStepIndex] = useState(firstOpen === -1 ? 0 : firstOpen);
  const step = exercise.steps[stepIndex];
  return (
    <section aria-labelledby={`exercise-${exercise.id}`}>
      <button
        type="button"
        onClick={onClose}
        className="focus-ring text-sm font-semibold underline"
      >
        {t("exercises.back")}
      </button>
      <h3 id={`exercise-${exercise.id}`} className="mt-2 text-xl font-bold">
        {exercise.title}
      </h3>
      {exercise.scenario.map((paragraph) => (
        <p key={paragraph} className="mt-2">
          {paragraph}
        </p>
      ))}
      {step && (
        <StepView
          key={step.id}
          exercise={exercise}
          stepIndex={stepIndex}
          state={page.steps[stepKey(exercise.id, step.id)]}
          pendingVisits={pendingVisits}
          last={stepIndex === exercise.steps.length - 1}
          onNext={() =>
            stepIndex === exercise.steps.length - 1 ? onClose() : setStepIndex(stepIndex + 1)
          }
        />
      )}
    </section>
  );
}

export function ExercisesTab({
  page,
  pendingVisits,
}: {
  page: CoursePage;
  /** Tabs visited before the visitor was a learner: recorded with their first answer. */
  pendingVisits: string[];
}) {
  const { t } = useTranslation("esgCourse");
  const [open, setOpen] = useState<string | null>(null);
  const exercise = page.course.exercises.find((item) => item.id === open);
  if (exercise) {
    return (
      <ExerciseView
        exercise={exercise}
        page={page}
        pendingVisits={pendingVisits}
        onClose={() => setOpen(null)}
      />
    );
  }
  return (
    <div>
      <p>{t("exercises.intro")}</p>
      <ul className="mt-4 grid gap-4 md:grid-cols-3">
        {page.course.exercises.map((item) => {
          const summary = page.summary.exercises.find((candidate) => candidate.id === item.id);
          const status = summary?.status ?? "not-started";
          const Icon = STATUS_ICONS[status];
          return (
            <li
              key={item.id}
              className="flex flex-col rounded-xl border border-slate-200 p-4 dark:border-slate-700"
            >
              <h3 className="font-semibold">{item.title}</h3>
              <p className="mt-1 flex-1 text-sm">{item.description}</p>
              <p className="mt-2 flex items-center gap-1 text-sm" data-testid={`status-${item.id}`}>
                <Icon aria-hidden="true" className="size-4" />
                {t(`exercises.status.${status}`)}
              </p>
              <Button
                className="mt-3"
                onClick={() => setOpen(item.id)}
                aria-label={`${t("exercises.open")}: ${item.title}`}
              >
                {t("exercises.open")}
              </Button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
