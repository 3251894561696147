import * as Dialog from "@radix-ui/react-dialog";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { useTranslation } from "~/platform/i18n";
import { Button } from "~/platform/ui/button";
import { type AmlActionData, ErrorList } from "./guided-flow";
import type { AmlPreview, ResultView } from "./types";
import "~/platform/ui/dialog-nonce";

// SPEC §4 "Scenario player", full screen: from 'start' with the objectives, each choice moves to
// its next stage and records its consequence; at 'complete' the time, findings and decisions, and
// Complete & Grade (the server replays the path and counts the findings itself). Mounted when
// opened, so each opening starts afresh.

const FINDING = /\b(finding|violation)s?\b/i;

export default function ScenarioPlayer({
  preview,
  open,
  onOpenChange,
  onResult,
}: {
  preview: AmlPreview & { scenario: NonNullable<AmlPreview["scenario"]> };
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onResult: (result: ResultView) => void;
}) {
  const { t } = useTranslation("aml");
  const { scenario } = preview;
  const [path, setPath] = useState<string[]>([]);
  const [seconds, setSeconds] = useState(0);
  const [showReport, setShowReport] = useState(false);
  const grader = useFetcher<AmlActionData>();
  const heading = useRef<HTMLHeadingElement>(null);

  const taken = path.map((id, index) => {
    const from = index === 0 ? "start" : nodeAfter(path.slice(0, index));
    return scenario.branches.find((branch) => branch.id === id && branch.from === from);
  });
  function nodeAfter(ids: string[]): string {
    let node = "start";
    for (const id of ids) {
      node =
        scenario.branches.find((branch) => branch.id === id && branch.from === node)
          ?.nextScenario ?? "complete";
    }
    return node;
  }
  const node = nodeAfter(path);
  const done = node === "complete";
  const findings = taken.filter((branch) => branch && FINDING.test(branch.consequence)).length;

  useEffect(() => {
    if (!open || done) return;
    const timer = setInterval(() => setSeconds((value) => value + 1), 1000);
    return () => clearInterval(timer);
  }, [open, done]);
  useEffect(() => {
    if (open) heading.current?.focus();
  }, [open, node]);

  const result = grader.data && "result" in grader.data ? grader.data.result : null;
  useEffect(() => {
    if (!result) return;
    onResult(result);
    onOpenChange(false);
  }, [result, onResult, onOpenChange]);

  const stage = scenario.stages.find((candidate) => candidate.id === node);
  const choices = scenario.branches.filter((branch) => branch.from === node);
  const last = taken.at(-1);
  const time = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/70" />
        <Dialog.Content
          className="fixed inset-0 z-50 overflow-y-auto bg-white p-6 text-slate-900 dark:bg-slate-950 dark:text-slate-100"
          aria-describedby={undefined}
          data-testid="scenario-player"
        >
          <div className="mx-auto max-w-3xl">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <Dialog.Title lang={scenario.lang} className="text-2xl font-extrabold">
                {scenario.title}
              </Dialog.Title>
              <p className="font-mono" aria-label={t("player.timer", { time })} role="timer">
                {time}
              </p>
            </div>
            {last && (
              <p
                lang={scenario.lang}
                className="mt-4 rounded-lg bg-slate-100 p-4 dark:bg-slate-800"
                data-testid="player-consequence"
              >
                {last.consequence}
              </p>
            )}
            {!done && (
              <section className="mt-6" aria-labelledby="player-node">
                <h3 id="player-node" ref={heading} tabIndex={-1} className="text-xl font-bold">
                  {stage ? <span lang={scenario.lang}>{stage.title}</span> : t("player.objectives")}
                </h3>
                {stage ? (
                  <p lang={scenario.lang} className="mt-2">
                    {stage.situation}
                  </p>
                ) : (
                  <>
                    <ul lang={scenario.lang} className="mt-2 list-disc pl-5">
                      {scenario.objectives.map((objective) => (
                        <li key={objective}>{objective}</li>
                      ))}
                    </ul>
                    <p lang={scenario.lang} className="mt-4">
                      {scenario.summary}
                    </p>
                  </>
                )}
                <h4 className="mt-6 font-semibold">{t("player.whatNext")}</h4>
                <div className="mt-2 flex flex-col gap-2">
                  {choices.map((branch) => (
                    <Button
                      key={branch.id}
                      variant="secondary"
                      lang={scenario.lang}
                      className="justify-start text-left"
                      onClick={() => setPath((current) => [...current, branch.id])}
                    >
                      {branch.condition}
                    </Button>
                  ))}
                </div>
              </section>
            )}
            {done && (
              <section className="mt-6" aria-labelledby="player-node">
                <h3 id="player-node" ref={heading} tabIndex={-1} className="text-xl font-bold">
                  {t("player.complete")}
                </h3>
                <dl className="mt-3 grid gap-2 sm:grid-cols-3">
                  <div>
                    <dt className="text-sm text-slate-600 dark:text-slate-400">
                      {t("player.timeElapsed")}
                    </dt>
                    <dd className="font-semibold">{time}</dd>
                  </div>
                  <div>
                    <dt className="text-sm text-slate-600 dark:text-slate-400">
                      {t("player.findings")}
                    </dt>
                    <dd className="font-semibold" data-testid="player-findings">
                      {findings}
                    </dd>
                  </div>
                  <div>
                    <dt className="text-sm text-slate-600 dark:text-slate-400">
                      {t("player.decisionsMade")}
                    </dt>
                    <dd className="font-semibold">{path.length}</dd>
                  </div>
                </dl>
                {showReport && (
                  <ol className="mt-4 list-decimal space-y-2 pl-5" data-testid="player-report">
                    {taken.map((branch, index) =>
                      branch ? (
                        <li key={`${branch.id}-${index}`}>
                          <span className="font-medium">{branch.condition}</span>:{" "}
                          {branch.consequence}
                        </li>
                      ) : null,
                    )}
                  </ol>
                )}
                <div className="mt-6 flex flex-wrap gap-3">
                  <Dialog.Close asChild>
                    <Button variant="secondary">{t("player.exit")}</Button>
                  </Dialog.Close>
                  <Button
                    variant="secondary"
                    aria-expanded={showReport}
                    onClick={() => setShowReport((value) => !value)}
                  >
                    {t("player.viewReport")}
                  </Button>
                  <Button
                    disabled={grader.state !== "idle"}
                    onClick={() =>
                      void grader.submit(
                        {
                          intent: "grade-player",
                          jurisdiction: preview.jurisdiction,
                          scenario: scenario.id,
                          opened: preview.opened,
                          path: JSON.stringify(path),
                        },
                        { method: "post" },
                      )
                    }
                  >
                    {grader.state !== "idle" ? t("player.grading") : t("player.grade")}
                  </Button>
                </div>
              </section>
            )}
            {grader.data && "error" in grader.data && <ErrorList error={grader.data.error} />}
            {!done && (
              <Dialog.Close asChild>
                <Button variant="ghost" className="mt-8">
                  {t("player.exit")}
                </Button>
              </Dialog.Close>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
