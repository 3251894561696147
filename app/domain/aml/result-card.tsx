import { CheckCircle2, XCircle } from "lucide-react";
import { useTranslation, WithEnglish } from "~/platform/i18n";
import { Card } from "~/platform/ui/card";
import { CONTENT_LANGUAGE } from "./constants";
import { EvidenceActions } from "./evidence-actions";
import { type FDI_BANDS, PLAYER } from "./grading";
import type { AmlPreview, ResultView } from "./types";

// The graded result: every criterion in plain words with its regulatory anchor, the penalties
// applied, and what the case turned on (shown only now that the learner has answered).

export function ResultCard({
  result,
  signedIn,
  showEvidence = true,
}: {
  result: ResultView;
  signedIn: boolean;
  /** Off on a reviewer's screen: evidence actions are the learner's. */
  showEvidence?: boolean;
}) {
  const { t } = useTranslation("aml");
  const { grade } = result;
  const headingId = "aml-result-heading";
  // A rubric's bands are the pack's words; the player's pass or not is ours.
  const band = result.player
    ? t(result.player.passed ? "result.pass" : "result.belowPass")
    : grade.band;
  return (
    <Card
      className="mt-6"
      aria-labelledby={headingId}
      data-testid="aml-result"
      data-graded-at={result.createdAt}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h3 id={headingId} tabIndex={-1} className="text-xl font-bold">
          {result.mode === "player" ? t("result.playerTitle") : t("result.title")}
        </h3>
        <p className="text-lg font-semibold">
          <span data-testid="aml-score">{t("result.percent", { value: grade.percent })}</span>{" "}
          <span className="rounded-full bg-slate-100 px-3 py-1 text-sm dark:bg-slate-800">
            {band}
          </span>
        </p>
      </div>
      {result.review && (
        <p className="mt-2 font-medium" data-testid="aml-review-status">
          {result.review.status === "pending"
            ? t("review.learnerPending")
            : t("review.learnerReviewed", {
                band: result.review.band ?? "",
                percent: result.review.percent ?? 0,
              })}
          {result.review.note && (
            <span className="block font-normal">
              {t("review.learnerNote", { note: result.review.note })}
            </span>
          )}
        </p>
      )}
      {result.player && (
        <p className="mt-2">
          {t("result.findings", { count: result.player.findings })} ·{" "}
          {t(result.player.passed ? "result.passed" : "result.notPassed", {
            mark: PLAYER.passAt,
          })}
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
                  <span lang={detail.lang}>{detail.label}</span>
                  <span className="sr-only">
                    {detail.passed ? t("result.met") : t("result.missed")}
                  </span>
                </h4>
                <span className="text-sm">
                  {t("result.score", {
                    earned: detail.earned,
                    max: detail.maxScore,
                    weight: Math.round(detail.weight * 100),
                  })}
                </span>
              </div>
              <ul
                lang={detail.linesLang}
                className="mt-2 list-disc space-y-1 pl-5 text-slate-700 dark:text-slate-300"
              >
                {detail.explanation.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
              {!detail.passed && (
                <p className="mt-2 font-medium">
                  <WithEnglish
                    sentence={(hint) => t("result.howToMeet", { hint })}
                    value={detail.hint}
                  />
                </p>
              )}
              {detail.anchor.url && (
                <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
                  {t("result.anchor")}{" "}
                  <a
                    href={detail.anchor.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="focus-ring underline"
                    lang={CONTENT_LANGUAGE}
                  >
                    {detail.anchor.section}
                  </a>
                  {": "}
                  <span lang={CONTENT_LANGUAGE}>{detail.anchor.summary}</span>
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
      {result.feedback && (
        <div className="mt-4">
          <h4 className="font-semibold">{t("result.writtenFeedback")}</h4>
          <p className="mt-1 whitespace-pre-line">{result.feedback}</p>
        </div>
      )}
      {grade.penalties.length > 0 && (
        <div className="mt-4">
          <h4 className="font-semibold">{t("result.penalties")}</h4>
          <ul className="mt-1 list-disc pl-5">
            {grade.penalties.map(({ kind, description, multiplier, cap }) => (
              <li key={kind}>
                {cap === null
                  ? t("result.penalty", { description, multiplier })
                  : t("result.penaltyCapped", {
                      description,
                      multiplier,
                      cap: Math.round(cap * 100),
                    })}
              </li>
            ))}
          </ul>
        </div>
      )}
      {grade.floor?.raised && (
        <p className="mt-4" data-testid="aml-floor">
          {t("result.floor", { band, percent: grade.percent })}
        </p>
      )}
      {result.player && (
        <div className="mt-4">
          <h4 className="font-semibold">{t("result.decisionsMade")}</h4>
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
          <h4 className="font-semibold">{t("result.redFlags")}</h4>
          <ul lang={result.redFlagsLang} className="mt-1 list-disc pl-5">
            {result.redFlags.map((flag) => (
              <li key={flag}>{flag}</li>
            ))}
          </ul>
        </div>
        <div>
          <h4 className="font-semibold">
            {t("result.expectedDecision", {
              decision: t(`decisions.${result.expectedDecision}`),
            })}
          </h4>
          <p className="mt-1" lang={result.rationaleLang}>
            {result.rationale}
          </p>
        </div>
      </div>
      {showEvidence && result.mode !== "freeform" && (
        <EvidenceActions result={result} signedIn={signedIn} />
      )}
    </Card>
  );
}

/** SPEC §9 bands (grading.ts), worded in the reader's language. */
const FDI_BAND_KEYS = {
  Excellent: "excellent",
  Good: "good",
  Satisfactory: "satisfactory",
  "Needs Improvement": "needsImprovement",
} as const satisfies Record<(typeof FDI_BANDS)[number]["label"], string>;

/** The index's parts and the points each is worth (grading.ts fraudDefenseIndex). */
const FDI_PARTS = [
  { id: "avgRubricScore", part: "rubric", max: 60 },
  { id: "slaPassRate", part: "sla", max: 30 },
  { id: "recordFidelity", part: "fidelity", max: 10 },
] as const;

export function FdiCard({ fdi }: { fdi: NonNullable<AmlPreview["fdi"]> }) {
  const { t } = useTranslation("aml");
  const band = FDI_BAND_KEYS[fdi.band as keyof typeof FDI_BAND_KEYS];
  return (
    <Card className="mt-6" aria-labelledby="fdi-heading" data-testid="fdi-card">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h3 id="fdi-heading" className="text-xl font-bold">
          {t("fdi.title")}
        </h3>
        {fdi.sample && (
          <span className="rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-900">
            {t("fdi.sample")}
          </span>
        )}
      </div>
      <p className="mt-2">
        <span className="text-4xl font-extrabold" data-testid="fdi-value">
          {fdi.value}
        </span>{" "}
        <span className="font-semibold">{band ? t(`fdi.bands.${band}`) : fdi.band}</span>
      </p>
      {fdi.sample && (
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t("fdi.sampleNote")}</p>
      )}
      <dl className="mt-4 grid gap-2 sm:grid-cols-2">
        {FDI_PARTS.map(({ id, part, max }) => (
          <div key={id}>
            <dt className="text-sm text-slate-600 dark:text-slate-400">{t(`fdi.${id}`)}</dt>
            <dd className="font-semibold">
              {t("fdi.points", {
                percent: Math.round(fdi[id] * 100),
                points: fdi.parts[part],
                count: max,
              })}
            </dd>
          </div>
        ))}
        <div>
          <dt className="text-sm text-slate-600 dark:text-slate-400">
            {t("fdi.completedScenarios")}
          </dt>
          <dd className="font-semibold">
            {t("fdi.completedOf", {
              completed: fdi.completedScenarios,
              total: fdi.totalScenarios,
            })}
          </dd>
        </div>
      </dl>
      {fdi.lastUpdated && (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          {t("fdi.lastUpdated", { date: fdi.lastUpdated.slice(0, 10) })}
        </p>
      )}
    </Card>
  );
}
