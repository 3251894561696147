import { Form, href, useNavigation } from "react-router";
import { useState } from "react";
import { useLocale, useTranslation } from "~/platform/i18n";
import { parseFieldMessage } from "~/platform/lib/field-message";
import { dateTimeFormat, numberFormat } from "~/platform/lib/intl";
import { Button, ButtonLink } from "~/platform/ui/button";
import { Card } from "~/platform/ui/card";
import { type Column, DataTable } from "~/platform/ui/data-table";
import { Field, controlClass } from "~/platform/ui/field";
import { ResultCard } from "./result-card";
import type { ReviewPageData, ReviewQueueData, ReviewReply } from "./types";

// The reviewer's screens (docs/decisions/038): the answers waiting for a person, and one answer
// with its automatic grade, to confirm or override with a reason.

export function ReviewQueue({ queue }: { queue: ReviewQueueData }) {
  const { t } = useTranslation(["aml", "training"]);
  const { locale } = useLocale();
  const when = dateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" });
  const percent = numberFormat(locale, { style: "percent" });
  if (!queue.reviewer) {
    return (
      <Card className="mt-8" data-testid="reviews-refused">
        <p>{queue.signedIn ? t("review.notReviewer") : t("review.signIn")}</p>
        {!queue.signedIn && (
          <ButtonLink
            className="mt-4"
            to={`${href("/login")}?${new URLSearchParams({ redirectTo: href("/training/reviews") })}`}
          >
            {t("training:learner.signIn")}
          </ButtonLink>
        )}
      </Card>
    );
  }
  const columns: Column<ReviewQueueData["pending"][number] & { id: number }>[] = [
    {
      key: "learner",
      header: t("review.columns.learner"),
      cell: (row) => row.learner,
      rowHeader: true,
    },
    {
      key: "case",
      header: t("review.columns.case"),
      cell: (row) => <span lang="en">{row.scenario}</span>,
    },
    {
      key: "reason",
      header: t("review.columns.reason"),
      cell: (row) => t(`review.reasons.${row.reason}`),
    },
    {
      key: "grade",
      header: t("review.columns.grade"),
      cell: (row) => `${row.band} (${percent.format(row.percent / 100)})`,
      align: "end",
    },
    {
      key: "received",
      header: t("review.columns.received"),
      cell: (row) => when.format(new Date(row.createdAt)),
    },
    {
      key: "action",
      header: t("review.columns.action"),
      hideHeader: true,
      cell: (row) => (
        <ButtonLink
          variant="secondary"
          to={href("/training/reviews/:attemptId", { attemptId: String(row.attemptId) })}
          aria-label={`${t("review.open")}: ${row.learner}`}
        >
          {t("review.open")}
        </ButtonLink>
      ),
    },
  ];
  const { stats } = queue;
  return (
    <div className="mt-8 space-y-6">
      <p data-testid="review-stats">
        {t("review.stats", {
          reviewed: stats.reviewed,
          agreement:
            stats.reviewed === 0 ? 0 : Math.round((stats.confirmed / stats.reviewed) * 100),
        })}
      </p>
      {stats.byReviewer.length > 0 && (
        <ul className="list-disc pl-5 text-sm text-slate-700 dark:text-slate-300">
          {stats.byReviewer.map((reviewer) => (
            <li key={reviewer.name}>{t("review.byReviewer", reviewer)}</li>
          ))}
        </ul>
      )}
      {queue.pending.length === 0 ? (
        <Card data-testid="reviews-empty">
          <p>{t("review.empty")}</p>
        </Card>
      ) : (
        <DataTable
          caption={t("review.title")}
          columns={columns}
          rows={queue.pending.map((row) => ({ ...row, id: row.attemptId }))}
        />
      )}
    </div>
  );
}

export function ReviewAnswer({
  page,
  reply,
}: {
  page: ReviewPageData;
  reply: ReviewReply | undefined;
}) {
  const { t } = useTranslation("aml");
  const busy = useNavigation().state === "submitting";
  const [override, setOverride] = useState(false);
  const reviewed = reply && "reviewed" in reply ? reply.reviewed : null;
  const error = reply && "error" in reply ? reply.error : null;
  const decided = reviewed ?? (page.review.status === "pending" ? null : page.review);
  return (
    <div className="mt-6 space-y-6">
      <ButtonLink variant="secondary" to={href("/training/reviews")}>
        {t("review.back")}
      </ButtonLink>
      <Card>
        <h2 className="text-xl font-bold" lang="en">
          {page.scenario.title}
        </h2>
        <p className="mt-2 text-slate-700 dark:text-slate-300" lang="en">
          {page.scenario.summary}
        </p>
        <p className="mt-2">
          {page.learner} · {t(`review.reasons.${page.reason}`)}
        </p>
      </Card>
      <Card data-testid="review-answer">
        <h2 className="text-xl font-bold">{t("review.answer")}</h2>
        <dl className="mt-3 space-y-3">
          {page.answer.map((item) => (
            <div key={item.field}>
              <dt className="font-semibold">{t(`grading.fields.${item.field}`)}</dt>
              <dd className="mt-1 whitespace-pre-line">{item.value}</dd>
            </div>
          ))}
        </dl>
      </Card>
      <section aria-labelledby="review-automatic">
        <h2 id="review-automatic" className="text-xl font-bold">
          {t("review.automatic")}
        </h2>
        <ResultCard result={page.result} signedIn={false} showEvidence={false} />
      </section>
      {decided ? (
        <Card role="status" data-testid="review-done">
          <p className="font-semibold">
            {t("review.done", { band: decided.band ?? "", percent: decided.percent ?? 0 })}
          </p>
          {decided.note && (
            <p className="mt-2">{t("review.learnerNote", { note: decided.note })}</p>
          )}
        </Card>
      ) : (
        <Card>
          <Form method="post" className="space-y-4" aria-labelledby="review-decide">
            <h2 id="review-decide" className="text-xl font-bold">
              {t("review.decide")}
            </h2>
            <fieldset className="space-y-2">
              <legend className="sr-only">{t("review.decide")}</legend>
              {(["confirm", "override"] as const).map((intent) => (
                <label key={intent} className="flex items-center gap-2">
                  <input
                    type="radio"
                    name="intent"
                    value={intent}
                    className="focus-ring h-4 w-4"
                    checked={override === (intent === "override")}
                    onChange={() => setOverride(intent === "override")}
                  />
                  {t(`review.${intent}`)}
                </label>
              ))}
            </fieldset>
            {override && (
              <Field label={t("review.percent")} htmlFor="review-percent">
                <input
                  id="review-percent"
                  name="percent"
                  type="number"
                  min={0}
                  max={100}
                  required
                  defaultValue={page.result.grade.percent}
                  className={`${controlClass} max-w-32`}
                />
              </Field>
            )}
            <Field
              label={t("review.note")}
              htmlFor="review-note"
              hint={<span id="review-note-hint">{t("review.noteHint")}</span>}
            >
              <textarea
                id="review-note"
                name="note"
                rows={3}
                maxLength={500}
                required={override}
                aria-describedby="review-note-hint"
                className={controlClass}
              />
            </Field>
            {error && (
              <div
                role="alert"
                className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-900 dark:border-red-700 dark:bg-red-950 dark:text-red-100"
              >
                <p>{message(t, error.message)}</p>
                {error.fields && (
                  <ul className="mt-1 list-disc pl-5">
                    {Object.entries(error.fields).map(([field, line]) => (
                      <li key={field}>
                        {fieldName(t, field)}: {message(t, line)}
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            )}
            <Button type="submit" disabled={busy}>
              {override ? t("review.override") : t("review.confirm")}
            </Button>
          </Form>
        </Card>
      )}
    </div>
  );
}

type T = ReturnType<typeof useTranslation>["t"];

/** A refusal's message key with its values, in the reader's language. */
function message(t: T, line: string) {
  const { key, values } = parseFieldMessage(line);
  return String(t(key as never, values as never));
}

function fieldName(t: T, field: string) {
  return field === "percent" ? t("review.percent") : field === "note" ? t("review.note") : field;
}
