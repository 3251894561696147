import { useCallback, useEffect, useRef, useState } from "react";
import { useHydrated } from "~/platform/lib/hydrated";
import { useFetcher } from "react-router";
import { track } from "~/platform/analytics";
import { useTranslation } from "~/platform/i18n";
import { parseFieldMessage } from "~/platform/lib/field-message";
import { Button } from "~/platform/ui/button";
import { Card } from "~/platform/ui/card";
import { CheckboxGroup } from "~/platform/ui/checkbox-group";
import { CountedTextarea } from "~/platform/ui/counted-textarea";
import { DECISIONS } from "./constants";
import { DecisionChoice } from "./decision-choice";
import type { AmlPreview, GuidedResponses, ResultView } from "./types";

// SPEC §4 "Guided flow": Signals, Why it matters, Decision, then Review and Confidence. The draft
// lives on the server: saved every 10 s and after each change while anything is written, restored
// on return (any device, for a signed-in learner).

export type AmlActionData =
  | { draftSaved: { at: string } }
  | { result: ResultView }
  | { report: { title: string; content: string } }
  | { evidenceSaved: { evidenceId: string } }
  | { error: { code: string; message: string; fields?: Record<string, string> } };

const STEPS = ["signals", "why", "decision", "review"] as const;
const CONFIDENCE = [
  { value: 1, level: "low" },
  { value: 2, level: "medium" },
  { value: 3, level: "high" },
] as const;
const isDecision = (value: string): value is (typeof DECISIONS)[number] =>
  (DECISIONS as readonly string[]).includes(value);
const SAVED_NOTICE_MS = 3000;
const CHANGE_SAVE_DELAY_MS = 1000;

const EMPTY: GuidedResponses = {
  signals: [],
  signalNotes: "",
  why: "",
  decision: "",
  decisionNotes: "",
  confidence: 2,
  citations: [],
};

function answered(responses: GuidedResponses, step: number): boolean {
  if (step === 0) return responses.signals.length > 0 || responses.signalNotes.trim() !== "";
  if (step === 1) return responses.why.trim() !== "";
  if (step === 2) return responses.decision !== "";
  return true;
}
const hasAny = (responses: GuidedResponses) =>
  responses.signals.length > 0 ||
  [responses.signalNotes, responses.why, responses.decision, responses.decisionNotes].some(
    (text) => text.trim() !== "",
  );

/** The fields the server's messages can name (posts.server.ts). */
const ERROR_FIELDS = [
  "signals",
  "signalNotes",
  "why",
  "decision",
  "decisionNotes",
  "analysis",
] as const;
const isErrorField = (field: string): field is (typeof ERROR_FIELDS)[number] =>
  (ERROR_FIELDS as readonly string[]).includes(field);

/**
 * An action's error, worded in the reader's language: its message and each field's message are
 * dictionary keys with values (posts.server.ts). `draft` says it was a draft save that failed.
 */
export function ErrorList({
  error,
  draft = false,
}: {
  error: { message: string; fields?: Record<string, string> };
  draft?: boolean;
}) {
  const { t } = useTranslation("aml");
  const text = (message: string, field?: string) => {
    const { key, values } = parseFieldMessage(message);
    const name = field && (isErrorField(field) ? t(`errors.fields.${field}`) : field);
    return String(t(key as never, { ...values, field: name } as never));
  };
  const message = text(error.message);
  const fields = Object.entries(error.fields ?? {}).map(([field, line]) => text(line, field));
  return (
    <div
      role="alert"
      className="mt-4 rounded-lg border border-red-300 bg-red-50 p-3 text-red-900 dark:border-red-700 dark:bg-red-950 dark:text-red-100"
    >
      <p className="font-semibold">{draft ? t("errors.draftNotSaved", { message }) : message}</p>
      {fields.length > 0 && (
        <ul className="mt-1 list-disc pl-5">
          {fields.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A labelled text box with its character count, held to its limit. */
function LimitedText({
  id,
  label,
  value,
  max,
  rows,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  max: number;
  rows: number;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation("aml");
  return (
    <>
      <label htmlFor={id} className="mt-4 block font-medium">
        {label}
      </label>
      <CountedTextarea
        id={id}
        rows={rows}
        maxLength={max}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        count={t("guided.characters", { used: value.length, max })}
      />
    </>
  );
}

export function GuidedFlow({
  preview,
  onResult,
  onWorking,
}: {
  preview: AmlPreview & { scenario: NonNullable<AmlPreview["scenario"]> };
  onResult: (result: ResultView) => void;
  /** Told whether this round has any answer yet. */
  onWorking?: (working: boolean) => void;
}) {
  const { t } = useTranslation("aml");
  const { scenario, draft, limits, jurisdiction } = preview;
  const [responses, setResponses] = useState<GuidedResponses>(draft?.responses ?? EMPTY);
  const [step, setStep] = useState(draft ? Math.min(draft.step, 3) : 0);
  const saver = useFetcher<AmlActionData>();
  const submitter = useFetcher<AmlActionData>();
  // What the autosave sends, kept beside the state by the handlers that change it.
  const latest = useRef({ responses, step, dirty: false });
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const submitDraft = saver.submit;

  const save = useCallback(() => {
    const current = latest.current;
    if (!hasAny(current.responses)) return;
    current.dirty = false;
    void submitDraft(
      {
        intent: "save-draft",
        jurisdiction,
        scenario: scenario.id,
        step: String(current.step),
        editedAt: new Date().toISOString(),
        responses: JSON.stringify(current.responses),
      },
      { method: "post" },
    );
  }, [submitDraft, jurisdiction, scenario.id]);

  // Every 10 s while something changed since the last save.
  useEffect(() => {
    const timer = setInterval(() => {
      if (latest.current.dirty) save();
    }, preview.autosaveSeconds * 1000);
    return () => clearInterval(timer);
  }, [preview.autosaveSeconds, save]);

  // And shortly after each change (typing is one change until it pauses).
  useEffect(() => {
    if (!latest.current.dirty) return;
    const timer = setTimeout(save, CHANGE_SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [responses, step, save]);

  // 'Draft saved' for 3 s after each save.
  const savedAt = saver.data && "draftSaved" in saver.data ? saver.data.draftSaved.at : null;
  const [noticeEnded, setNoticeEnded] = useState<string | null>(null);
  useEffect(() => {
    if (!savedAt) return;
    const timer = setTimeout(() => setNoticeEnded(savedAt), SAVED_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [savedAt]);
  const savedVisible = savedAt !== null && noticeEnded !== savedAt;

  const outcome = submitter.data;
  useEffect(() => {
    if (outcome && "result" in outcome) onResult(outcome.result);
  }, [outcome, onResult]);

  useEffect(() => {
    if (moved.current) stepHeading.current?.focus();
  }, [step]);

  const hydrated = useHydrated();
  const working = hasAny(responses);
  useEffect(() => onWorking?.(working), [onWorking, working]);

  const change = (next: Partial<GuidedResponses>) => {
    const changed = { ...responses, ...next };
    latest.current = { ...latest.current, responses: changed, dirty: true };
    setResponses(changed);
  };
  const go = (next: number) => {
    if (next > step) track("guided_step_completed", { step, scenarioId: scenario.id });
    moved.current = true;
    latest.current = { ...latest.current, step: next, dirty: hasAny(responses) };
    setStep(next);
    // Saved at once: the server times each step from when it first hears of it.
    if (latest.current.dirty) save();
  };
  const complete = [0, 1, 2].every((index) => answered(responses, index));
  const submitting = submitter.state !== "idle";
  const submit = () => {
    track("guided_submission", { scenarioId: scenario.id, jurisdiction });
    void submitter.submit(
      {
        intent: "submit-guided",
        jurisdiction,
        scenario: scenario.id,
        opened: preview.opened,
        responses: JSON.stringify(responses),
      },
      { method: "post" },
    );
  };
  const saveError = saver.data && "error" in saver.data ? saver.data.error : null;
  const submitError = outcome && "error" in outcome ? outcome.error : null;

  return (
    <Card className="mt-6" data-testid="guided-flow">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-lg font-bold">{t("guidedFlow")}</h3>
        <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
          {savedVisible ? t("guided.draftSaved") : ""}
        </p>
      </div>
      {draft?.stale && (
        <p className="mt-2 rounded-lg bg-amber-50 p-3 text-amber-900 dark:bg-amber-950 dark:text-amber-100">
          {t("guided.staleDraft")}
        </p>
      )}
      <ol className="mt-4 flex flex-wrap gap-2" aria-label={t("guided.stepsLabel")}>
        {STEPS.map((id, index) => (
          <li
            key={id}
            aria-current={index === step ? "step" : undefined}
            className={`rounded-full px-3 py-1 text-sm ${
              index === step
                ? "bg-brand-600 font-semibold text-white"
                : index < step
                  ? "bg-emerald-100 text-emerald-900"
                  : "bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200"
            }`}
          >
            {index + 1}. {t(`guided.steps.${id}`)}
            {index < step && <span className="sr-only"> {t("guided.stepDone")}</span>}
          </li>
        ))}
      </ol>
      <h4 ref={stepHeading} tabIndex={-1} className="mt-4 text-lg font-semibold">
        {t(`guided.steps.${STEPS[step] ?? "signals"}`)}
      </h4>

      {step === 0 && (
        <fieldset className="mt-2">
          <legend className="text-slate-700 dark:text-slate-300">
            {t("guided.signalsPrompt")}
          </legend>
          <div className="mt-3 flex flex-wrap gap-2">
            {preview.chips.map((chip) => {
              const on = responses.signals.includes(chip);
              return (
                <button
                  key={chip}
                  type="button"
                  aria-pressed={on}
                  disabled={!hydrated}
                  onClick={() =>
                    change({
                      signals: on
                        ? responses.signals.filter((id) => id !== chip)
                        : [...responses.signals, chip],
                    })
                  }
                  className={`focus-ring rounded-full border px-3 py-1 text-sm disabled:cursor-wait disabled:opacity-60 ${
                    on
                      ? "border-brand-700 bg-brand-600 text-white"
                      : "border-slate-300 bg-white text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
                  }`}
                >
                  {on && <span aria-hidden="true">✓ </span>}
                  {t(`chips.${chip}`)}
                </button>
              );
            })}
          </div>
          <LimitedText
            id="aml-signal-notes"
            label={t("guided.signalNotes")}
            value={responses.signalNotes}
            max={limits.signalNotes}
            rows={3}
            onChange={(signalNotes) => change({ signalNotes })}
          />
        </fieldset>
      )}

      {step === 1 && (
        <div className="mt-2">
          <LimitedText
            id="aml-why"
            label={t("guided.why")}
            value={responses.why}
            max={limits.why}
            rows={4}
            onChange={(why) => change({ why })}
          />
        </div>
      )}

      {step === 2 && (
        <div className="mt-2">
          <DecisionChoice
            name="aml-decision"
            value={isDecision(responses.decision) ? responses.decision : ""}
            onChange={(decision) => change({ decision })}
          />
          <LimitedText
            id="aml-decision-notes"
            label={t("guided.decisionNotes")}
            value={responses.decisionNotes}
            max={limits.decisionNotes}
            rows={3}
            onChange={(decisionNotes) => change({ decisionNotes })}
          />
        </div>
      )}

      {step === 3 && (
        <div className="mt-2 space-y-4">
          <dl className="grid gap-2">
            <div>
              <dt className="font-medium">{t("guided.steps.signals")}</dt>
              <dd>
                {[
                  ...responses.signals.map((id) => {
                    const chip = preview.chips.find((known) => known === id);
                    return chip ? t(`chips.${chip}`) : id;
                  }),
                  responses.signalNotes.trim(),
                ]
                  .filter(Boolean)
                  .join("; ")}
              </dd>
            </div>
            <div>
              <dt className="font-medium">{t("guided.steps.why")}</dt>
              <dd>{responses.why}</dd>
            </div>
            <div>
              <dt className="font-medium">{t("guided.steps.decision")}</dt>
              <dd>
                {isDecision(responses.decision) ? t(`decisions.${responses.decision}`) : ""}
                {responses.decisionNotes.trim() && `: ${responses.decisionNotes}`}
              </dd>
            </div>
          </dl>
          <fieldset>
            <legend className="font-medium">{t("guided.confidence")}</legend>
            <div className="mt-2 flex flex-wrap gap-4">
              {CONFIDENCE.map((option) => (
                <label key={option.value} className="flex items-center gap-2">
                  <input
                    type="radio"
                    name="aml-confidence"
                    className="focus-ring h-4 w-4"
                    checked={responses.confidence === option.value}
                    onChange={() => change({ confidence: option.value })}
                  />
                  {t(`guided.confidenceLevels.${option.level}`, { value: option.value })}
                </label>
              ))}
            </div>
          </fieldset>
          <CheckboxGroup
            legend={t("guided.cite")}
            options={scenario.sources.map((source, index) => ({
              value: index,
              key: `${source.url}-${source.section}`,
              label: (
                <span lang={source.lang}>
                  <span className="font-medium">{source.section}</span>: {source.summary}
                </span>
              ),
            }))}
            checked={(index) => responses.citations.includes(index)}
            onToggle={(index, on) =>
              change({
                citations: on
                  ? [...responses.citations, index]
                  : responses.citations.filter((chosen) => chosen !== index),
              })
            }
          />
        </div>
      )}

      <div className="mt-6 flex flex-wrap gap-3">
        {step < 3 ? (
          <>
            <Button variant="secondary" disabled={step === 0} onClick={() => go(step - 1)}>
              {t("guided.previous")}
            </Button>
            <Button disabled={!answered(responses, step)} onClick={() => go(step + 1)}>
              {step === 2 ? t("guided.reviewSubmit") : t("guided.next")}
            </Button>
          </>
        ) : (
          <>
            <Button variant="secondary" onClick={() => go(0)}>
              {t("guided.edit")}
            </Button>
            <Button variant="secondary" disabled={!hasAny(responses)} onClick={save}>
              {t("guided.saveDraft")}
            </Button>
            <Button disabled={!complete || submitting} onClick={submit}>
              {submitting ? t("guided.submitting") : t("guided.submit")}
            </Button>
          </>
        )}
      </div>
      {saveError && <ErrorList error={saveError} draft />}
      {submitError && <ErrorList error={submitError} />}
    </Card>
  );
}
