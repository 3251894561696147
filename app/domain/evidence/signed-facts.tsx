import { useTranslation } from "~/platform/i18n";
import { dateTimeFormat, numberFormat } from "~/platform/lib/intl";
import type { SignedFacts } from "./types";

// A record's signed content beside its verification status, as an examiner compares it with the
// document in hand: the facts first, the whole signed content on request.

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="contents">
      <dt className="font-medium text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

export function SignedRecord({ facts }: { facts: SignedFacts }) {
  const { t, i18n } = useTranslation("evidence");
  const when = (iso: string) =>
    dateTimeFormat(i18n.language, {
      dateStyle: "long",
      timeStyle: "short",
      timeZone: "UTC",
    }).format(new Date(iso));
  const seconds = facts.timeOnTask?.seconds;
  const minutes =
    seconds === null || seconds === undefined
      ? null
      : numberFormat(i18n.language, {
          style: "unit",
          unit: "minute",
          maximumFractionDigits: 1,
        }).format(seconds / 60);
  const heading = facts.title ?? t(`kinds.${facts.kind}`);
  return (
    <section
      aria-label={t("signed.recordLabel", { evidenceId: facts.evidenceId })}
      className="rounded-xl border border-slate-200 p-4 dark:border-slate-700"
      data-testid="signed-record"
    >
      <h4 className="text-base font-bold">{heading}</h4>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        {facts.erasedAt ? (
          <Row label={t("signed.learner")}>
            <strong>{t("signed.erased", { date: when(facts.erasedAt) })}</strong>
          </Row>
        ) : null}
        {facts.learner ? (
          <Row label={t("signed.learner")}>
            {[facts.learner.name, facts.learner.email && `<${facts.learner.email}>`]
              .filter(Boolean)
              .join(" ") || t("signed.none")}
          </Row>
        ) : null}
        <Row label={t("signed.organisation")}>
          {facts.organisation.name ?? t("signed.organisationNumber", { id: facts.organisation.id })}
        </Row>
        <Row label={t("verifyPage.kind")}>{t(`kinds.${facts.kind}`)}</Row>
        {facts.score !== null ? (
          <Row label={t("signed.score")}>
            {numberFormat(i18n.language, { maximumFractionDigits: 1 }).format(facts.score)} %
            {facts.band ? ` · ${facts.band}` : ""}
          </Row>
        ) : null}
        {facts.passed !== null ? (
          <Row label={t("signed.passed")}>{facts.passed ? t("signed.yes") : t("signed.no")}</Row>
        ) : null}
        {facts.reviewer ? <Row label={t("signed.reviewer")}>{facts.reviewer}</Row> : null}
        {facts.review ? (
          <Row label={t("signed.review")}>
            {t("signed.reviewDecision", {
              reviewer: facts.review.reviewer ?? t("signed.none"),
              decision: facts.review.decision ?? "",
              score: facts.review.score ?? "",
              band: facts.review.band ?? "",
              date: when(facts.review.timestamp),
              evidenceId: facts.review.evidenceId,
            })}
          </Row>
        ) : null}
        {facts.grader ? <Row label={t("signed.grader")}>{facts.grader}</Row> : null}
        {facts.rubric ? (
          <Row label={t("signed.rubric")}>
            {t("signed.rubricVersion", {
              id: facts.rubric.id,
              version: facts.rubric.version,
              reviewDue: facts.rubric.reviewDue ?? t("signed.none"),
            })}
            {facts.rubric.pastReview ? (
              <strong className="mt-1 block text-amber-800 dark:text-amber-300">
                {t("signed.rubricPastReview")}
              </strong>
            ) : null}
          </Row>
        ) : null}
        {minutes ? (
          <Row label={t("signed.timeOnTask")}>
            {minutes}
            {facts.timeOnTask?.steps.length ? (
              <ul className="mt-1 text-xs">
                {facts.timeOnTask.steps.map((step) => (
                  <li key={step.step}>
                    {t("signed.stepTime", {
                      step: step.step,
                      seconds: step.seconds,
                    })}
                  </li>
                ))}
              </ul>
            ) : null}
          </Row>
        ) : null}
        {facts.timeOnTask?.startedAt ? (
          <Row label={t("signed.startedAt")}>{when(facts.timeOnTask.startedAt)}</Row>
        ) : null}
        <Row label={t("verifyPage.timestamp")}>{when(facts.timestamp)}</Row>
        <Row label={t("verifyPage.sequence")}>
          {t("signed.position", { sequence: facts.sequence, organisation: facts.organisation.id })}
        </Row>
        <Row label={t("verifyPage.evidenceId")}>
          <span className="font-mono">{facts.evidenceId}</span>
        </Row>
        <Row label={t("verifyPage.keyId")}>
          <span className="font-mono break-all">{facts.keyId}</span>
        </Row>
      </dl>
      {facts.answers.length > 0 ? (
        <>
          <h5 className="mt-4 text-sm font-bold">{t("signed.answers")}</h5>
          <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm">
            {facts.answers.map((answer, index) => (
              // The record's own order: answers have no other identity.
              <li key={index} className="break-words">
                <span className="font-medium">{answer.label}</span>: {answer.value}
              </li>
            ))}
          </ol>
        </>
      ) : null}
      {facts.files.length > 0 ? (
        <>
          <h5 className="mt-4 text-sm font-bold">{t("signed.files")}</h5>
          <ul className="mt-2 space-y-1 text-sm">
            {facts.files.slice(0, 50).map((file) => (
              <li key={`${file.name} ${file.sha256}`} className="break-all">
                {file.name} <span className="font-mono text-xs">{file.sha256}</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <details className="mt-4">
        <summary className="focus-ring cursor-pointer rounded text-sm font-medium underline">
          {t("signed.full")}
        </summary>
        <pre className="mt-2 max-h-96 overflow-auto rounded bg-slate-100 p-3 text-xs dark:bg-slate-900">
          {JSON.stringify(facts.content, null, 2)}
        </pre>
      </details>
    </section>
  );
}
