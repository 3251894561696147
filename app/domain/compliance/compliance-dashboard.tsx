import { ChevronDown, CircleAlert, CircleCheck, Clock } from "lucide-react";
import { Link, href } from "react-router";
import { useLocale, useTranslation } from "~/platform/i18n";
import { formatLongDate } from "~/platform/lib/dates";
import { Card } from "~/platform/ui/card";
import type { ComplianceDashboard, DashboardRequirement } from "./types";
import type { RequirementState } from "./rules";

const STATUS_STYLES: Record<RequirementState, string> = {
  completed: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200",
  pending: "bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200",
  overdue: "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200",
};
const STATUS_ICONS = { completed: CircleCheck, pending: Clock, overdue: CircleAlert };

/** A calendar date (YYYY-MM-DD) written out in the reader's language. */
export function useCalendarDate() {
  const { locale } = useLocale();
  return (date: string) => formatLongDate(locale, new Date(`${date}T00:00:00Z`));
}

export function RequirementStatusBadge({ status }: { status: RequirementState }) {
  const { t } = useTranslation("dashboard");
  const Icon = STATUS_ICONS[status];
  return (
    <span
      data-testid="requirement-status"
      data-status={status}
      className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-bold tracking-wide ${STATUS_STYLES[status]}`}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {t(`status.${status}`)}
    </span>
  );
}

function RequirementItem({
  requirement,
  scope,
}: {
  requirement: DashboardRequirement;
  scope: ComplianceDashboard["scope"];
}) {
  const { t } = useTranslation("dashboard");
  const calendarDate = useCalendarDate();
  const { counts } = requirement;
  return (
    <li
      className="rounded-xl border border-slate-200 p-4 dark:border-slate-800"
      data-testid="requirement"
      data-requirement={requirement.name}
    >
      {/* SPEC §2: the cards expand or collapse on click; a native disclosure does it before the
          page's scripts run too. Open at first, so nothing is hidden until the reader asks. */}
      <details open className="group">
        <summary className="focus-ring -m-1 flex cursor-pointer list-none flex-wrap items-start justify-between gap-2 rounded p-1 [&::-webkit-details-marker]:hidden">
          <span className="flex min-w-0 items-start gap-2">
            <ChevronDown
              aria-hidden="true"
              className="mt-1 size-4 shrink-0 -rotate-90 transition-transform group-open:rotate-0"
            />
            <span>
              {/* Requirements are written in the administration area, which is English (decision 011). */}
              <h3 lang="en" className="font-semibold">
                {requirement.name}
              </h3>
              <span className="block text-sm text-slate-600 dark:text-slate-300">
                {t(`category.${requirement.category}`)} ·{" "}
                {t("points", { count: requirement.points })}
              </span>
            </span>
          </span>
          <RequirementStatusBadge status={requirement.status} />
        </summary>
        <div data-testid="requirement-details">
          <p lang="en" className="mt-2 text-sm text-slate-700 dark:text-slate-300">
            {requirement.description}
          </p>
          <p className="mt-2 text-sm font-medium">
            {requirement.completedDate
              ? t("completedOn", { date: calendarDate(requirement.completedDate) })
              : requirement.dueDays !== null
                ? t("dueAfterAssignment", { count: requirement.dueDays })
                : t(requirement.renewal ? "renewBy" : "dueOn", {
                    date: calendarDate(requirement.dueDate),
                  })}
          </p>
          {counts && (
            <dl className="mt-2 flex flex-wrap gap-x-4 text-sm" data-testid="requirement-counts">
              {(["completed", "pending", "overdue"] as const).map((status) => (
                <div key={status} className="flex gap-1">
                  <dt>{t(`status.${status}`)}:</dt>
                  <dd className="font-semibold">{counts[status]}</dd>
                </div>
              ))}
            </dl>
          )}
          {scope === "self" && requirement.status !== "completed" && (
            <div className="mt-3 text-sm">
              <p>{t("nextStep")}</p>
              <ul className="mt-1 list-disc ps-5">
                {requirement.items.map((item) => (
                  <li key={item.key}>
                    {item.href ? (
                      <Link
                        className="focus-ring font-medium text-brand-700 underline dark:text-brand-300"
                        to={item.href}
                      >
                        {item.title}
                      </Link>
                    ) : (
                      item.title
                    )}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
      </details>
    </li>
  );
}

/** SPEC §2 compliance dashboard: score, regulator, next audit and the requirements. */
export function ComplianceDashboardPanel({
  dashboard,
  showLink = false,
}: {
  dashboard: ComplianceDashboard;
  showLink?: boolean;
}) {
  const { t } = useTranslation("dashboard");
  const calendarDate = useCalendarDate();
  const { organisation, analytics, scope } = dashboard;
  return (
    <Card data-testid="compliance-dashboard">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="compliance-heading" className="text-2xl font-bold">
          {t("heading")}
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {t(scope === "organisation" ? "scopeOrganisation" : "scopeSelf", {
            organisation: organisation.name,
          })}
        </p>
      </div>
      <dl className="mt-4 grid gap-4 sm:grid-cols-3">
        <div>
          <dt className="text-sm text-slate-600 dark:text-slate-300">{t("score")}</dt>
          <dd className="text-2xl font-bold" data-testid="compliance-score">
            {t("percent", { value: analytics.complianceScore })}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600 dark:text-slate-300">{t("regulator")}</dt>
          <dd className="text-2xl font-bold">{organisation.regulator}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600 dark:text-slate-300">{t("nextAudit")}</dt>
          <dd className="text-lg font-bold" data-testid="next-audit">
            {/* A passed date is never shown as the next one: a learner reads that none is set, and
                whoever can set it is warned, with the way to set it. */}
            {!organisation.nextAuditPast ? (
              calendarDate(organisation.nextAudit)
            ) : organisation.canSetAudit ? (
              <span role="alert" className="block text-base text-red-800 dark:text-red-300">
                {t("nextAuditPast", { date: calendarDate(organisation.nextAudit) })}{" "}
                <Link
                  to={href("/training/requirements")}
                  className="focus-ring font-semibold underline"
                >
                  {t("setNextAudit")}
                </Link>
              </span>
            ) : (
              t("nextAuditUnscheduled")
            )}
          </dd>
        </div>
      </dl>
      {dashboard.requirements.length === 0 ? (
        <p className="mt-4">{t("empty")}</p>
      ) : (
        <ul className="mt-4 grid gap-3 md:grid-cols-2">
          {dashboard.requirements.map((requirement) => (
            <RequirementItem key={requirement.id} requirement={requirement} scope={scope} />
          ))}
        </ul>
      )}
      {showLink && (
        <p className="mt-4 flex flex-wrap gap-x-6 gap-y-2">
          <Link
            to={href("/training/compliance")}
            className="focus-ring font-semibold text-brand-700 underline dark:text-brand-300"
          >
            {t("viewOwn")}
          </Link>
          {dashboard.role !== "learner" && (
            <Link
              to={
                // An administrator manages every organisation's requirements in the admin area.
                dashboard.role === "admin"
                  ? `${href("/admin/requirements")}?organisation=${dashboard.organisation.id}`
                  : href("/training/requirements")
              }
              className="focus-ring font-semibold text-brand-700 underline dark:text-brand-300"
            >
              {t("manage")}
            </Link>
          )}
          {dashboard.role === "manager" && (
            <Link
              to={href("/training/roster")}
              className="focus-ring font-semibold text-brand-700 underline dark:text-brand-300"
            >
              {t("roster")}
            </Link>
          )}
          {dashboard.role !== "admin" && (
            <Link
              to={href("/training/policies")}
              className="focus-ring font-semibold text-brand-700 underline dark:text-brand-300"
            >
              {t("policies")}
            </Link>
          )}
        </p>
      )}
    </Card>
  );
}
