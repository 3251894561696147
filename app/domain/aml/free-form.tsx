import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { useTranslation } from "~/platform/i18n";
import { Button } from "~/platform/ui/button";
import { Card } from "~/platform/ui/card";
import { EvidenceActions, PENDING_EXPORTS } from "./evidence-actions";
import { type AmlActionData, ErrorList } from "./guided-flow";
import type { Decision } from "./constants";
import { DecisionChoice } from "./decision-choice";
import type { AmlPreview, ResultView } from "./types";

// SPEC §4 "Free-form mode": an analysis graded against the same rubric, a report draft from the
// scenario's STR template, and (with evidence kits) saving and exporting. Every button waits for
// the action running before it.

export function FreeForm({
  preview,
  result,
  onResult,
  onStart,
}: {
  preview: AmlPreview & { scenario: NonNullable<AmlPreview["scenario"]> };
  /** The free-form attempt last graded, whose evidence can be saved. */
  result: ResultView | null;
  onResult: (result: ResultView) => void;
  onStart: () => void;
}) {
  const { t } = useTranslation("aml");
  const [analysis, setAnalysis] = useState("");
  const [decision, setDecision] = useState<Decision | "">("");
  const grader = useFetcher<AmlActionData>();
  const drafter = useFetcher<AmlActionData>();
  const busy = grader.state !== "idle" || drafter.state !== "idle";
  const graded = grader.data && "result" in grader.data ? grader.data.result : null;
  const report = drafter.data && "report" in drafter.data ? drafter.data.report : null;
  useEffect(() => {
    if (graded) onResult(graded);
  }, [graded, onResult]);
  const post = (fetcher: typeof grader, intent: string) =>
    void fetcher.submit(
      {
        intent,
        jurisdiction: preview.jurisdiction,
        scenario: preview.scenario.id,
        opened: preview.opened,
        decision,
        analysis,
      },
      { method: "post" },
    );
  const empty = analysis.trim() === "";
  const undecided = decision === "";
  const error =
    (grader.data && "error" in grader.data && grader.data.error) ||
    (drafter.data && "error" in drafter.data && drafter.data.error) ||
    null;
  return (
    <Card className="mt-6" data-testid="free-form">
      <h3 className="text-lg font-bold">{t("freeForm.title")}</h3>
      <div className="mt-3">
        <DecisionChoice
          name="aml-freeform-decision"
          value={decision}
          onChange={setDecision}
          describedBy="aml-freeform-decision-hint"
        />
        <p
          id="aml-freeform-decision-hint"
          className="mt-1 text-sm text-slate-600 dark:text-slate-400"
        >
          {t("freeForm.decisionHint")}
        </p>
      </div>
      <label htmlFor="aml-analysis" className="mt-3 block font-medium">
        {t("freeForm.label")}
      </label>
      <textarea
        id="aml-analysis"
        className="focus-ring mt-1 w-full rounded-lg border border-slate-300 p-2 dark:border-slate-600 dark:bg-slate-900"
        rows={8}
        maxLength={preview.limits.analysis}
        value={analysis}
        onChange={(event) => setAnalysis(event.target.value)}
      />
      <div className="mt-4 flex flex-wrap gap-3">
        <Button
          disabled={busy || empty || undecided}
          onClick={() => post(grader, "grade-freeform")}
        >
          {grader.state !== "idle" ? t("freeForm.grading") : t("freeForm.grade")}
        </Button>
        <Button variant="secondary" disabled={busy} onClick={onStart}>
          {t("freeForm.start")}
        </Button>
        <Button
          variant="secondary"
          disabled={busy || empty}
          onClick={() => post(drafter, "draft-report")}
        >
          {drafter.state !== "idle" ? t("freeForm.drafting") : t("freeForm.draft")}
        </Button>
      </div>
      {result ? (
        <EvidenceActions result={result} signedIn={preview.signedIn} report={report} />
      ) : (
        <>
          <div className="mt-3 flex flex-wrap gap-3">
            {(["evidence.save", ...PENDING_EXPORTS] as const).map((label) => (
              <Button key={label} variant="secondary" disabled aria-describedby="aml-evidence-note">
                {t(label)}
              </Button>
            ))}
          </div>
          <p id="aml-evidence-note" className="mt-2 text-sm text-slate-600 dark:text-slate-400">
            {t("freeForm.gradeFirst")}
          </p>
        </>
      )}
      {error && <ErrorList error={error} />}
      {report && (
        <section aria-labelledby="aml-report-title" className="mt-6" data-testid="report-draft">
          <h4 id="aml-report-title" className="font-semibold">
            {report.title}
          </h4>
          <pre className="mt-2 whitespace-pre-wrap rounded-lg bg-slate-50 p-4 font-sans dark:bg-slate-800">
            {report.content}
          </pre>
        </section>
      )}
    </Card>
  );
}
