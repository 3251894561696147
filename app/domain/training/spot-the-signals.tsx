import { CheckCircle2, XCircle } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "~/platform/i18n";
import { Button } from "~/platform/ui/button";
import { Card } from "~/platform/ui/card";
import { CheckboxGroup } from "~/platform/ui/checkbox-group";

// The scam-awareness track's practice exercise (SPEC §2 "Spot the Signals"; §4: exercises can be
// checked, retried, skipped, and their solutions shown or hidden). A practice round, not graded.

export const SIGNALS = [
  "urgency",
  "secrecy",
  "unusualPayment",
  "tooGood",
  "impersonation",
] as const;
type Signal = (typeof SIGNALS)[number];

export const MESSAGES: readonly { id: string; signals: readonly Signal[] }[] = [
  { id: "bankAlert", signals: ["urgency", "secrecy", "impersonation"] },
  { id: "tradingGroup", signals: ["urgency", "unusualPayment", "tooGood"] },
  { id: "policeCase", signals: ["secrecy", "unusualPayment", "impersonation"] },
];

/** Whether a choice of signals is exactly the message's. */
export function spotsEverySignal(
  chosen: ReadonlySet<Signal>,
  expected: readonly Signal[],
): boolean {
  return chosen.size === expected.length && expected.every((signal) => chosen.has(signal));
}

export function SpotTheSignals() {
  const { t } = useTranslation("consumerScamModule");
  const headingId = useId();
  const [index, setIndex] = useState(0);
  const [chosen, setChosen] = useState<ReadonlySet<Signal>>(new Set());
  const [checked, setChecked] = useState(false);
  const [solution, setSolution] = useState(false);
  const message = MESSAGES[index];

  const goTo = (next: number) => {
    setIndex(next);
    setChosen(new Set());
    setChecked(false);
    setSolution(false);
  };
  const toggle = (signal: Signal) => {
    const next = new Set(chosen);
    if (next.has(signal)) next.delete(signal);
    else next.add(signal);
    setChosen(next);
    setChecked(false);
  };

  return (
    <Card aria-labelledby={headingId} role="region" data-testid="spot-the-signals">
      <h2 id={headingId} className="text-xl font-bold">
        {t("spotTheSignals")}
      </h2>
      {!message ? (
        <div className="mt-3">
          <p>{t("spot.done")}</p>
          <Button variant="secondary" className="mt-4" onClick={() => goTo(0)}>
            {t("spot.restart")}
          </Button>
        </div>
      ) : (
        <SignalsRound
          message={message}
          position={{ current: index + 1, total: MESSAGES.length }}
          chosen={chosen}
          checked={checked}
          solution={solution}
          onToggle={toggle}
          onCheck={() => setChecked(true)}
          onRetry={() => {
            setChosen(new Set());
            setChecked(false);
          }}
          onSolution={() => setSolution(!solution)}
          onNext={() => goTo(index + 1)}
        />
      )}
    </Card>
  );
}

function SignalsRound(props: {
  message: (typeof MESSAGES)[number];
  position: { current: number; total: number };
  chosen: ReadonlySet<Signal>;
  checked: boolean;
  solution: boolean;
  onToggle: (signal: Signal) => void;
  onCheck: () => void;
  onRetry: () => void;
  onSolution: () => void;
  onNext: () => void;
}) {
  const { t } = useTranslation("consumerScamModule");
  const { message, chosen, checked, solution } = props;
  const right = spotsEverySignal(chosen, message.signals);
  return (
    <div className="mt-2">
      <p className="text-slate-700 dark:text-slate-300">{t("spot.intro")}</p>
      <p className="mt-4 text-sm font-semibold">{t("spot.progress", props.position)}</p>
      <blockquote className="mt-2 rounded-xl border-l-4 border-amber-500 bg-amber-50 p-4 dark:bg-amber-950">
        {t(`spot.messages.${message.id}` as "spot.messages.bankAlert")}
      </blockquote>
      <CheckboxGroup
        className="mt-4"
        legendClassName="font-semibold"
        legend={t("spot.signalsLabel")}
        options={SIGNALS.map((signal) => ({ value: signal, label: t(`signals.${signal}`) }))}
        checked={(signal) => chosen.has(signal)}
        onToggle={(signal) => props.onToggle(signal)}
      />
      <div role="status" aria-live="polite" className="mt-3 min-h-6">
        {checked && (
          <p className="flex items-center gap-2 font-semibold">
            {right ? (
              <CheckCircle2 aria-hidden className="size-5 text-emerald-700" />
            ) : (
              <XCircle aria-hidden className="size-5 text-red-700" />
            )}
            {right ? t("spot.allFound") : t("spot.notYet")}
          </p>
        )}
        {solution && (
          <p className="mt-2" data-testid="spot-solution">
            {t("spot.solution", {
              signals: message.signals.map((signal) => t(`signals.${signal}`)).join("; "),
            })}
          </p>
        )}
      </div>
      <div className="mt-4 flex flex-wrap gap-3">
        {checked && !right ? (
          <Button variant="secondary" onClick={props.onRetry}>
            {t("spot.retry")}
          </Button>
        ) : (
          <Button onClick={props.onCheck} disabled={chosen.size === 0 || checked}>
            {t("spot.check")}
          </Button>
        )}
        <Button variant="secondary" onClick={props.onSolution} aria-expanded={solution}>
          {solution ? t("spot.hideSolution") : t("spot.showSolution")}
        </Button>
        <Button variant="ghost" onClick={props.onNext}>
          {checked && right ? t("spot.next") : t("spot.skip")}
        </Button>
      </div>
    </div>
  );
}
