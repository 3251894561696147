import { CheckCircle2, XCircle } from "lucide-react";
import { Card } from "~/ui/card";
import { EvidenceActions } from "./evidence-actions";
import type { AmlPreview, ResultView } from "./preview.server";

// The graded result: every criterion in plain words with its regulatory anchor, the penalties
// applied, and what the case turned on (shown only now that the learner has answered).

export function ResultCard({ result, signedIn }: { result: ResultView; signedIn: boolean }) {
  const { grade } = result;
  const headingId = "aml-result-heading";
  return (
    <Card
      className="mt-6"
      aria-labelledby={headingId}
      data-testid="aml-result"
      data-graded-at={result.createdAt}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h3 id={headingId} tabIndex={-1} className="text-xl font-bold">
          {result.mode === "player" ? "Scenario result" : "Your feedback"}
        </h3>
        <p className="text-lg font-semibold">
          <span data-testid="aml-score">{grade.percent}%</span>{" "}
          <span className="rounded-full bg-slate-100 px-3 py-1 text-sm dark:bg-slate-800">
            {grade.band}
          </span>
        </p>
      </div>
      {result.player && (
        <p className="mt-2">
          {result.player.findings === 1 ? "1 finding" : `${result.player.findings} findings`} ·{" "}
          {result.player.passed ? "Passed (70 or more)" : "Not passed (70 needed)"}
        </p>
      )}
      {grade.details.length > 0 && (
        <ul className="mt-4 space-y-4">
          {grade.details.map((detail) => (
            <li
              key={detail.criterion}
              className="rounded-lg border border-slate-200 p-4 dark:border-slate-700"
              data-criterion={detail.criterion}
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h4 className="flex items-center gap-2 font-semibold">
                  {detail.passed ? (
                    <CheckCircle2 aria-hidden className="h-5 w-5 text-emerald-700" />
                  ) : (
                    <XCircle aria-hidden className="h-5 w-5 text-red-700" />
                  )}
                  {detail.label}
                  <span className="sr-only">{detail.passed ? "(met)" : "(missed)"}</span>
                </h4>
                <span className="text-sm">
                  {detail.earned} of {detail.maxScore} · weight {Math.round(detail.weight * 100)}%
                </span>
              </div>
              <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-700 dark:text-slate-300">
                {detail.explanation.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
              {!detail.passed && <p className="mt-2 font-medium">How to meet it: {detail.hint}</p>}
              {detail.anchor.url && (
                <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
                  Anchor:{" "}
                  <a
                    href={detail.anchor.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="focus-ring underline"
                  >
                    {detail.anchor.section}
                  </a>
                  {": "}
                  {detail.anchor.summary}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
      {result.feedback && (
        <div className="mt-4">
          <h4 className="font-semibold">Written feedback (does not change your score)</h4>
          <p className="mt-1 whitespace-pre-line">{result.feedback}</p>
        </div>
      )}
      {grade.penalties.length > 0 && (
        <div className="mt-4">
          <h4 className="font-semibold">Penalties applied</h4>
          <ul className="mt-1 list-disc pl-5">
            {grade.penalties.map((penalty) => (
              <li key={penalty.kind}>
                {penalty.description} (×{penalty.multiplier}
                {penalty.cap !== null && `, at most ${Math.round(penalty.cap * 100)}%`})
              </li>
            ))}
          </ul>
        </div>
      )}
      {result.player && (
        <div className="mt-4">
          <h4 className="font-semibold">Decisions made</h4>
          <ol className="mt-1 list-decimal space-y-1 pl-5">
            {result.player.steps.map((step, index) => (
              <li key={`${step.branchId}-${index}`}>
                {step.condition}: {step.consequence}
              </li>
            ))}
          </ol>
        </div>
      )}
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <div>
          <h4 className="font-semibold">Red flags in this case</h4>
          <ul className="mt-1 list-disc pl-5">
            {result.redFlags.map((flag) => (
              <li key={flag}>{flag}</li>
            ))}
          </ul>
        </div>
        <div>
          <h4 className="font-semibold">Expected decision: {result.expectedDecision}</h4>
          <p className="mt-1">{result.rationale}</p>
        </div>
      </div>
      {result.mode !== "freeform" && <EvidenceActions result={result} signedIn={signedIn} />}
    </Card>
  );
}

const percent = (value: number) => `${Math.round(value * 100)}%`;

export function FdiCard({ fdi }: { fdi: NonNullable<AmlPreview["fdi"]> }) {
  return (
    <Card className="mt-6" aria-labelledby="fdi-heading" data-testid="fdi-card">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h3 id="fdi-heading" className="text-xl font-bold">
          Fraud Defense Index
        </h3>
        {fdi.sample && (
          <span className="rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-900">
            Sample
          </span>
        )}
      </div>
      <p className="mt-2">
        <span className="text-4xl font-extrabold" data-testid="fdi-value">
          {fdi.value}
        </span>{" "}
        <span className="font-semibold">{fdi.band}</span>
      </p>
      {fdi.sample && (
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Sample values: your own index appears after your first graded Canada scenario.
        </p>
      )}
      <dl className="mt-4 grid gap-2 sm:grid-cols-2">
        <div>
          <dt className="text-sm text-slate-600 dark:text-slate-400">Average rubric score</dt>
          <dd className="font-semibold">
            {percent(fdi.avgRubricScore)} ({fdi.parts.rubric} of 60 points)
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600 dark:text-slate-400">Escalation SLA met</dt>
          <dd className="font-semibold">
            {percent(fdi.slaPassRate)} ({fdi.parts.sla} of 30 points)
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600 dark:text-slate-400">Record fidelity</dt>
          <dd className="font-semibold">
            {percent(fdi.recordFidelity)} ({fdi.parts.fidelity} of 10 points)
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600 dark:text-slate-400">Scenarios completed</dt>
          <dd className="font-semibold">
            {fdi.completedScenarios} of {fdi.totalScenarios}
          </dd>
        </div>
      </dl>
      {fdi.lastUpdated && (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          Last updated {fdi.lastUpdated.slice(0, 10)}
        </p>
      )}
    </Card>
  );
}
