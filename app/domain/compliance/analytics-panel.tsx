import { useId } from "react";
import { useLocale, useTranslation } from "~/platform/i18n";
import { formatLongDate } from "~/platform/lib/dates";
import { Card } from "~/platform/ui/card";
import { type Column, DataTable } from "~/platform/ui/data-table";
import type { ComplianceDashboard } from "./types";
import type { MonthStats } from "./rules";
import { dateTimeFormat } from "~/platform/lib/intl";

type Series = "completions" | "newUsers" | "certificates";
const SERIES: { key: Series; className: string }[] = [
  { key: "completions", className: "fill-brand-600" },
  { key: "newUsers", className: "fill-amber-500" },
  { key: "certificates", className: "fill-emerald-600" },
];

/** A month (YYYY-MM) as the reader writes it: `Nov 2026`. */
function useMonthName() {
  const { locale } = useLocale();
  const format = dateTimeFormat(locale, {
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  });
  return (month: string) => format.format(new Date(`${month}-01T00:00:00Z`));
}

const WIDTH = 600;
const HEIGHT = 220;
const PLOT_TOP = 10;
const PLOT_BOTTOM = 190;

/** Grouped bars per month; the same numbers are in the table below it. */
function MonthlyChart({ months }: { months: MonthStats[] }) {
  const { t } = useTranslation("dashboard");
  const monthName = useMonthName();
  const titleId = useId();
  const highest = Math.max(1, ...months.flatMap((month) => SERIES.map(({ key }) => month[key])));
  const slot = WIDTH / months.length;
  const bar = (slot - 16) / SERIES.length;
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-labelledby={titleId}
      className="mt-4 h-auto w-full"
    >
      <title id={titleId}>{t("analytics.chartTitle")}</title>
      <line x1="0" x2={WIDTH} y1={PLOT_BOTTOM} y2={PLOT_BOTTOM} className="stroke-slate-400" />
      {months.map((month, index) => (
        <g key={month.month}>
          {SERIES.map(({ key, className }, series) => {
            const height = ((PLOT_BOTTOM - PLOT_TOP) * month[key]) / highest;
            return (
              <rect
                key={key}
                x={index * slot + 8 + series * bar}
                y={PLOT_BOTTOM - height}
                width={bar - 2}
                height={height}
                className={className}
              />
            );
          })}
          <text
            x={index * slot + slot / 2}
            y={HEIGHT - 8}
            textAnchor="middle"
            className="fill-slate-700 text-[12px] dark:fill-slate-300"
          >
            {monthName(month.month)}
          </text>
        </g>
      ))}
    </svg>
  );
}

/** SPEC §3 analytics, from the database: figures, top modules and the last six months. */
export function AnalyticsPanel({ dashboard }: { dashboard: ComplianceDashboard }) {
  const { t } = useTranslation("dashboard");
  const { locale } = useLocale();
  const monthName = useMonthName();
  const { analytics } = dashboard;
  const topModulesId = useId();
  const figures: [
    "totalUsers" | "completionRate" | "avgTimeToComplete" | "certificatesIssued",
    string,
  ][] = [
    ["totalUsers", String(analytics.totalUsers)],
    ["completionRate", t("percent", { value: analytics.completionRate })],
    [
      "avgTimeToComplete",
      analytics.avgTimeToComplete === null
        ? t("analytics.none")
        : t("analytics.minutes", { count: analytics.avgTimeToComplete }),
    ],
    ["certificatesIssued", String(analytics.certificatesIssued)],
  ];
  const topModuleColumns: Column<ComplianceDashboard["analytics"]["topModules"][number]>[] = [
    {
      key: "module",
      header: t("analytics.module"),
      rowHeader: true,
      cell: (module) => module.title,
    },
    {
      key: "completions",
      header: t("analytics.completions"),
      align: "end",
      cell: (module) => module.completions,
    },
    {
      key: "avgScore",
      header: t("analytics.avgScore"),
      align: "end",
      cell: (module) => t("percent", { value: module.avgScore }),
    },
    {
      key: "lastCompleted",
      header: t("analytics.lastCompleted"),
      align: "end",
      cell: (module) => formatLongDate(locale, new Date(module.lastCompleted)),
    },
  ];
  const monthColumns: Column<MonthStats>[] = [
    {
      key: "month",
      header: t("analytics.month"),
      rowHeader: true,
      cell: (month) => monthName(month.month),
    },
    ...SERIES.map(({ key }) => ({
      key,
      header: t(`analytics.${key}`),
      align: "end" as const,
      cell: (month: MonthStats) => month[key],
    })),
  ];
  return (
    <Card data-testid="analytics">
      <h2 id="analytics-heading" className="text-2xl font-bold">
        {t(dashboard.scope === "organisation" ? "analytics.heading" : "analytics.headingSelf")}
      </h2>
      <dl className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {figures.map(([key, value]) => (
          <div key={key}>
            <dt className="text-sm text-slate-600 dark:text-slate-300">{t(`analytics.${key}`)}</dt>
            <dd className="text-2xl font-bold" data-testid={`analytics-${key}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>

      <h3 id={topModulesId} className="mt-6 text-lg font-semibold">
        {t("analytics.topModules")}
      </h3>
      {analytics.topModules.length === 0 ? (
        <p className="mt-2">{t("analytics.noCompletions")}</p>
      ) : (
        <div className="mt-2">
          <DataTable
            variant="compact"
            labelledBy={topModulesId}
            columns={topModuleColumns}
            rows={analytics.topModules.map((module) => ({ ...module, id: module.moduleId }))}
          />
        </div>
      )}

      <h3 className="mt-6 text-lg font-semibold">{t("analytics.monthly")}</h3>
      <ul className="mt-2 flex flex-wrap gap-4 text-sm" aria-hidden="true">
        {SERIES.map(({ key, className }) => (
          <li key={key} className="flex items-center gap-2">
            <svg viewBox="0 0 10 10" className="size-3">
              <rect width="10" height="10" className={className} />
            </svg>
            {t(`analytics.${key}`)}
          </li>
        ))}
      </ul>
      <MonthlyChart months={analytics.monthlyStats} />
      <div className="mt-4">
        <DataTable
          variant="compact"
          caption={t("analytics.chartTitle")}
          columns={monthColumns}
          rows={analytics.monthlyStats.map((month) => ({ ...month, id: month.month }))}
          data-testid="monthly-stats"
        />
      </div>
    </Card>
  );
}
