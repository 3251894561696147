import { Award, FileSearch, RefreshCw, RotateCcw, Search } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { Form, Link, data, href, redirect, useNavigation, useSubmit } from "react-router";
import { track } from "~/platform/analytics";
import { recordAnalyticsEvents } from "~/platform/analytics/index.server";
import { AnalyticsPanel, ComplianceDashboardPanel } from "~/domain/compliance";
import { loadComplianceDashboard } from "~/domain/compliance/index.server";
import { factoryReset } from "~/workflows/factory-reset.server";
import { i18nForMatches, useLocale, useTranslation } from "~/platform/i18n";
import { ReportList, type ReportView } from "~/domain/reports";
import { loadReportsPanel } from "~/domain/reports/index.server";
import { getLocaleState } from "~/platform/i18n/index.server";
import { TrackCard } from "~/domain/training";
import { loadTrainingHome } from "~/domain/training/index.server";
import { waitingReviews } from "~/domain/aml/index.server";
import { Button, ButtonLink } from "~/platform/ui/button";
import { Card } from "~/platform/ui/card";
import { controlClass } from "~/platform/ui/field";
import type { Route } from "./+types/training-home";
import { dateTimeFormat } from "~/platform/lib/intl";
import { readFormFields } from "~/platform/lib/api.server";

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = i18nForMatches(matches);
  return [{ title: `${t("training:title")} | Kestrel` }];
};

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const [home, dashboard, reports, reviewsWaiting] = await Promise.all([
    loadTrainingHome(request),
    loadComplianceDashboard(request, { fresh: url.searchParams.has("refreshed") }),
    loadReportsPanel(request),
    waitingReviews(request),
  ]);
  return {
    ...home,
    dashboard,
    reports: reports.signedIn ? reports.reports : null,
    reviewsWaiting,
    confirmReset: url.searchParams.get("reset") === "confirm",
    resetDone: url.searchParams.get("reset") === "done",
    refreshed: url.searchParams.has("refreshed"),
  };
}

/**
 * Refresh Data reloads the page with figures computed afresh; Factory Reset (after its
 * confirmation) starts the learner's training again. Both work as plain form posts.
 */
export async function action({ request }: Route.ActionArgs) {
  // Through the one form reader: its type, size and syntax checks answer 415, 413 or 400.
  const { intent } = await readFormFields(request);
  if (intent === "refresh") {
    const { locale } = await getLocaleState(request);
    await recordAnalyticsEvents({
      events: [{ name: "data_refreshed", properties: {}, path: href("/training"), locale }],
    });
    return redirect(`${href("/training")}?refreshed`);
  }
  if (intent === "factory-reset") {
    await factoryReset(request);
    return redirect(`${href("/training")}?reset=done`);
  }
  return data({ error: "validation" as const }, { status: 400 });
}

const LEVEL_OPTIONS = ["all", "beginner", "intermediate", "advanced"] as const;

export default function TrainingHome({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("training");
  const { summary, tracks, query, level, dashboard } = loaderData;
  const submit = useSubmit();
  const navigation = useNavigation();
  const searching =
    navigation.location?.pathname === href("/training") && navigation.formMethod !== "POST";
  const posting = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;
  const searchId = useId();
  const levelId = useId();
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => track("training_home_viewed"), []);
  // Clear Filters and history moves change the query under the form: show it, unless the reader
  // is typing in that field.
  useEffect(() => {
    const fields = form.current?.elements;
    const q = fields?.namedItem("q");
    const select = fields?.namedItem("level");
    if (q instanceof HTMLInputElement && q !== document.activeElement) q.value = query;
    if (select instanceof HTMLSelectElement && select !== document.activeElement)
      select.value = level;
  }, [query, level]);

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-extrabold tracking-tight">{t("title")}</h1>
      <p className="mt-2 max-w-3xl text-lg text-slate-700 dark:text-slate-300">{t("home.intro")}</p>

      <section aria-labelledby="progress-summary" className="mt-8">
        <h2 id="progress-summary" className="sr-only">
          {t("home.progressSummary")}
        </h2>
        <dl className="grid gap-4 sm:grid-cols-3" data-testid="progress-summary">
          <Card>
            <dt className="text-sm text-slate-600 dark:text-slate-300">
              {t("home.summaryCompletion")}
            </dt>
            <dd className="mt-1 text-2xl font-bold">
              {t("home.completionRate", { percent: summary.completionRate })}
            </dd>
          </Card>
          <Card>
            <dt className="text-sm text-slate-600 dark:text-slate-300">
              {t("home.summaryModules")}
            </dt>
            <dd className="mt-1 text-2xl font-bold">
              {t("home.summaryModulesValue", {
                completed: summary.completedModules,
                total: summary.moduleCount,
              })}
            </dd>
          </Card>
          <Card>
            <dt className="text-sm text-slate-600 dark:text-slate-300">
              {t("home.summaryPoints")}
            </dt>
            <dd className="mt-1 text-2xl font-bold">{summary.points}</dd>
          </Card>
        </dl>
      </section>
      <TrainingDataControls
        takenAt={dashboard?.takenAt ?? null}
        posting={typeof posting === "string" ? posting : null}
        confirmReset={loaderData.confirmReset}
        resetDone={loaderData.resetDone}
        refreshed={loaderData.refreshed}
      />

      {dashboard && (
        <div className="mt-8 grid grid-cols-1 gap-8">
          <section aria-labelledby="compliance-heading">
            <ComplianceDashboardPanel dashboard={dashboard} showLink />
          </section>
          <section aria-labelledby="analytics-heading">
            <AnalyticsPanel dashboard={dashboard} />
          </section>
          {loaderData.reports && <ReportsSection reports={loaderData.reports} />}
          {loaderData.reviewsWaiting !== null && <ReviewsWaiting n={loaderData.reviewsWaiting} />}
        </div>
      )}

      <section aria-labelledby="tracks-heading" className="mt-12">
        <h2 id="tracks-heading" className="text-2xl font-bold">
          {t("home.tracksHeading")}
        </h2>
        <Form
          ref={form}
          method="get"
          role="search"
          className="mt-4 flex flex-wrap items-end gap-3"
          onChange={(event) =>
            void submit(event.currentTarget, { replace: true, preventScrollReset: true })
          }
        >
          <div className="min-w-64 flex-1">
            <label htmlFor={searchId} className="block text-sm font-medium">
              {t("search.label")}
            </label>
            <input
              id={searchId}
              type="search"
              name="q"
              defaultValue={query}
              maxLength={100}
              placeholder={t("search.placeholder")}
              className={controlClass}
            />
          </div>
          <div>
            <label htmlFor={levelId} className="block text-sm font-medium">
              {t("search.level")}
            </label>
            <select id={levelId} name="level" defaultValue={level} className={controlClass}>
              {LEVEL_OPTIONS.map((option) => (
                <option key={option} value={option}>
                  {option === "all" ? t("search.allLevels") : t(`search.${option}`)}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" variant="secondary">
            <Search aria-hidden="true" className="size-4" />
            {t("home.searchButton")}
          </Button>
        </Form>

        <div aria-live="polite" aria-busy={searching} className="mt-6">
          {tracks.length === 0 ? (
            <Card className="text-center" data-testid="no-tracks">
              <p className="text-lg font-semibold">{t("search.noResults")}</p>
              <ButtonLink to={href("/training")} variant="secondary" className="mt-4" replace>
                {t("search.clearFilters")}
              </ButtonLink>
            </Card>
          ) : (
            <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
              {tracks.map((item) => (
                <li key={item.id}>
                  <TrackCard track={item} />
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>

      <ul className="mt-12 grid gap-6 md:grid-cols-2">
        <li>
          <Link
            to={href("/training/lease-fraud-demo")}
            onClick={() => track("lease_fraud_demo_clicked", { location: "training_home" })}
            className="focus-ring block h-full rounded-2xl border border-slate-200 bg-white p-6 shadow-sm hover:border-brand-600 dark:border-slate-800 dark:bg-slate-900"
          >
            <FileSearch aria-hidden="true" className="size-7 text-brand-600" />
            <span className="mt-3 block text-lg font-semibold">{t("home.leaseCard.title")}</span>
            <span className="mt-1 block text-slate-600 dark:text-slate-300">
              {t("home.leaseCard.body")}
            </span>
          </Link>
        </li>
        <li>
          <Link
            to={href("/training/certificates")}
            className="focus-ring block h-full rounded-2xl border border-slate-200 bg-white p-6 shadow-sm hover:border-brand-600 dark:border-slate-800 dark:bg-slate-900"
          >
            <Award aria-hidden="true" className="size-7 text-brand-600" />
            <span className="mt-3 block text-lg font-semibold">
              {t("home.certificatesCard.title")}
            </span>
            <span className="mt-1 block text-slate-600 dark:text-slate-300">
              {t("home.certificatesCard.body")}
            </span>
          </Link>
        </li>
      </ul>
    </div>
  );
}

/** Refresh Data, Factory Reset and its confirmation (a page state, so it works without scripts). */
function TrainingDataControls({
  takenAt,
  posting,
  confirmReset,
  resetDone,
  refreshed,
}: {
  takenAt: string | null;
  posting: string | null;
  confirmReset: boolean;
  resetDone: boolean;
  refreshed: boolean;
}) {
  const { t } = useTranslation("dashboard");
  const { locale } = useLocale();
  const confirmHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (confirmReset) confirmHeading.current?.focus();
  }, [confirmReset]);
  const time = takenAt
    ? dateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(new Date(takenAt))
    : null;
  return (
    <div className="mt-6">
      <div className="flex flex-wrap items-center gap-3">
        <Form method="post" replace preventScrollReset>
          <input type="hidden" name="intent" value="refresh" />
          <Button type="submit" variant="secondary" disabled={posting === "refresh"}>
            <RefreshCw
              aria-hidden="true"
              className={`size-4 ${posting === "refresh" ? "motion-safe:animate-spin" : ""}`}
            />
            {posting === "refresh" ? t("refreshing") : t("refresh")}
          </Button>
        </Form>
        <ButtonLink
          to={`${href("/training")}?reset=confirm`}
          variant="secondary"
          preventScrollReset
        >
          <RotateCcw aria-hidden="true" className="size-4" />
          {t("reset.button")}
        </ButtonLink>
        {time && (
          <p className="text-sm text-slate-600 dark:text-slate-300">{t("asOf", { time })}</p>
        )}
      </div>
      <p role="status" className="mt-2 text-sm font-medium">
        {resetDone ? t("reset.done") : refreshed ? t("refreshed") : ""}
      </p>
      {confirmReset && (
        <div
          role="alertdialog"
          aria-labelledby="reset-title"
          aria-describedby="reset-body"
          className="mt-4 rounded-2xl border border-red-300 bg-red-50 p-6 dark:border-red-800 dark:bg-red-950"
          data-testid="reset-confirmation"
        >
          <h2 id="reset-title" ref={confirmHeading} tabIndex={-1} className="text-lg font-bold">
            {t("reset.title")}
          </h2>
          <p id="reset-body" className="mt-2">
            {t("reset.body")}
          </p>
          <div className="mt-4 flex flex-wrap gap-3">
            <Form method="post" replace>
              <input type="hidden" name="intent" value="factory-reset" />
              <Button type="submit" disabled={posting === "factory-reset"}>
                {posting === "factory-reset" ? t("reset.resetting") : t("reset.confirm")}
              </Button>
            </Form>
            <ButtonLink to={href("/training")} variant="secondary" replace preventScrollReset>
              {t("reset.cancel")}
            </ButtonLink>
          </div>
        </div>
      )}
    </div>
  );
}

/** A manager's answers to review (docs/decisions/038), with the way to them. */
function ReviewsWaiting({ n }: { n: number }) {
  const { t } = useTranslation("training");
  return (
    <Card data-testid="reviews-waiting">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold">{t("reviews.waiting", { n })}</p>
        <Link
          to={href("/training/reviews")}
          className="focus-ring font-semibold text-brand-700 underline dark:text-brand-300"
        >
          {t("reviews.open")}
        </Link>
      </div>
    </Card>
  );
}

/** SPEC §2: the reports of the training home, each card expanding on click. */
function ReportsSection({ reports }: { reports: ReportView[] }) {
  const { t } = useTranslation("reports");
  return (
    <section aria-labelledby="reports-heading">
      <Card>
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="reports-heading" className="text-2xl font-bold">
            {t("title")}
          </h2>
          <Link
            to={href("/training/reports")}
            className="focus-ring font-semibold text-brand-700 underline dark:text-brand-300"
          >
            {t("generate.heading")}
          </Link>
        </div>
        <ReportList reports={reports} />
      </Card>
    </section>
  );
}
