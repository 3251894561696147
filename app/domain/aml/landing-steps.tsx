import { Circle, CircleCheck, CircleDot } from "lucide-react";
import { createContext } from "react";
import { useTranslation } from "~/platform/i18n";

// SPEC §9: the guided flow has three steps (then a review) and is at version 1.2.0.
export const GUIDED_FLOW_STEPS = ["choose", "work", "review"] as const;
export const GUIDED_FLOW_VERSION = "1.2.0";

/**
 * Where the learner is in the embedded preview, for the step indicator above it: 1 choosing a
 * scenario, 2 working the guided flow, 3 reading the feedback. Pages without the indicator give none.
 */
export const GuidedStageContext = createContext<((stage: number) => void) | null>(null);

/** The step a learner is at: reading feedback once graded, unless a new round is under way. */
export function guidedStage({ working, graded }: { working: boolean; graded: boolean }): number {
  if (working) return 2;
  return graded ? 3 : 1;
}

export type StepState = "done" | "active" | "pending";

/** A step before the current one is done, the current one active, the rest pending. */
export function stepState(index: number, current: number): StepState {
  if (index + 1 < current) return "done";
  return index + 1 === current ? "active" : "pending";
}

const STATE_LOOK: Record<StepState, { Icon: typeof Circle; className: string }> = {
  done: {
    Icon: CircleCheck,
    className:
      "border-emerald-600 bg-emerald-50 text-emerald-900 dark:border-emerald-400 dark:bg-emerald-950 dark:text-emerald-100",
  },
  active: {
    Icon: CircleDot,
    className:
      "border-brand-600 bg-white font-semibold text-brand-900 ring-2 ring-brand-600 dark:border-brand-300 dark:bg-slate-950 dark:text-brand-100 dark:ring-brand-300",
  },
  pending: {
    Icon: Circle,
    className:
      "border-dashed border-slate-400 bg-transparent text-slate-700 dark:border-slate-500 dark:text-slate-300",
  },
};

/**
 * 'Step {current} of 3' with the flow's version, and each step marked done, active or pending by
 * an icon and a word as well as by colour.
 */
export function GuidedSteps({ current }: { current: number }) {
  const { t } = useTranslation("aml");
  return (
    <section aria-labelledby="aml-steps">
      <h2 id="aml-steps" className="text-2xl font-bold">
        {t("stepIndicator", { current, total: GUIDED_FLOW_STEPS.length })}
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        {t("versionLine", { version: GUIDED_FLOW_VERSION })}
      </p>
      <ol aria-label={t("landing.stepsLabel")} className="mt-6 grid gap-3 sm:grid-cols-3">
        {GUIDED_FLOW_STEPS.map((step, index) => {
          const state = stepState(index, current);
          const { Icon, className } = STATE_LOOK[state];
          return (
            <li
              key={step}
              data-state={state}
              aria-current={state === "active" ? "step" : undefined}
              className={`flex items-center gap-3 rounded-xl border-2 p-4 ${className}`}
            >
              <Icon aria-hidden="true" className="size-6 shrink-0" />
              <span className="flex flex-col">
                <span>
                  {index + 1}. {t(`landing.steps.${step}`)}
                </span>
                <span className="text-xs font-normal tracking-wide uppercase">
                  {t(`landing.stepState.${state}`)}
                </span>
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
