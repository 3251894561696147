import { AlertTriangle, ChevronDown, Download, RotateCcw } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Form, useNavigation, useRevalidator, href } from "react-router";
import { addEnglishNamespaces, useLocale, useTranslation } from "~/platform/i18n";
import { formatLongDate } from "~/platform/lib/dates";
import { Button, buttonClasses } from "~/platform/ui/button";
import { Card } from "~/platform/ui/card";
import reports from "../../../locales/en/reports.json";
import type { ReportStatusShown } from "./constants";
import type { ReportView } from "./types";
import { dateTimeFormat, numberFormat } from "~/platform/lib/intl";

addEnglishNamespaces({ reports });

/** Where report forms post, from the reports page or from a panel embedded elsewhere. */
export const REPORTS_PATH = href("/training/reports");

/** How often a list with reports being built looks again, so a ready one shows without a reload. */
const REFRESH_MS = 2000;

const STATUS_STYLES: Record<ReportStatusShown, string> = {
  completed: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200",
  pending: "bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100",
  overdue: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
  failed: "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200",
};

function formatSize(locale: string, bytes: number): string {
  const kilobytes = bytes >= 1024;
  return numberFormat(locale, {
    style: "unit",
    unit: kilobytes ? "kilobyte" : "byte",
    unitDisplay: "short",
    maximumFractionDigits: 1,
  }).format(kilobytes ? bytes / 1024 : bytes);
}

/**
 * SPEC §2 training home, §3 report: the reports as cards, newest first. A card's title, status and
 * download link are always shown; the rest of its fields expand or collapse on click.
 */
export function ReportList({ reports: list }: { reports: ReportView[] }) {
  const { t } = useTranslation("reports");
  const revalidator = useRevalidator();
  const building = list.some(
    (report) => report.status === "pending" || report.status === "overdue",
  );
  useEffect(() => {
    if (!building) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [building, revalidator]);

  if (list.length === 0) {
    return (
      <Card className="mt-4 text-center" data-testid="reports-empty">
        <h3 className="text-lg font-bold">{t("empty")}</h3>
        <p className="mt-2 text-slate-700 dark:text-slate-300">{t("emptyBody")}</p>
      </Card>
    );
  }
  return (
    <ul className="mt-4 space-y-3" data-testid="report-list">
      {list.map((report) => (
        <li key={report.id}>
          <ReportCard report={report} />
        </li>
      ))}
    </ul>
  );
}

function ReportCard({ report }: { report: ReportView }) {
  const { t } = useTranslation("reports");
  const { locale } = useLocale();
  const [expanded, setExpanded] = useState(false);
  const detailsId = useId();
  const busy = useNavigation().state === "submitting";
  const title = t(`titles.${report.kind}`, { organisation: report.subject, name: report.subject });
  const when = dateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" });
  const generatedBy = report.author
    ? `${report.generatedBy} (${t(`authors.${report.author}`)})`
    : report.generatedBy;
  const fields: [string, string][] = [
    [t("fields.id"), report.id],
    [t("fields.type"), t(`types.${report.type}`)],
    [t("fields.format"), t(`formats.${report.format}`)],
    [t("fields.status"), t(`statuses.${report.status}`)],
    [
      t("fields.dueDate"),
      report.dueDate ? formatLongDate(locale, new Date(report.dueDate)) : t("noDueDate"),
    ],
    [t("fields.generatedBy"), generatedBy],
    [t("fields.lastModified"), when.format(new Date(report.lastModified))],
    [t("fields.size"), report.size === null ? t("notReady") : formatSize(locale, report.size)],
    [t("fields.description"), t(`descriptions.${report.kind}`)],
  ];
  return (
    <Card className="p-4 sm:p-5" data-testid="report" data-report-id={report.id}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h3 className="min-w-0 flex-1 text-base font-bold">
          <button
            type="button"
            aria-expanded={expanded}
            aria-controls={detailsId}
            onClick={() => setExpanded((open) => !open)}
            className="focus-ring -m-1 flex w-full items-start gap-2 rounded p-1 text-left"
          >
            <ChevronDown
              aria-hidden="true"
              className={`mt-0.5 size-4 shrink-0 transition-transform ${expanded ? "rotate-180" : ""}`}
            />
            <span className="break-words">{title}</span>
          </button>
        </h3>
        <span
          data-testid="report-status"
          className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_STYLES[report.status]}`}
        >
          {t(`statuses.${report.status}`)}
        </span>
      </div>
      <p className="mt-1 ml-6 text-sm text-slate-600 dark:text-slate-400">
        {t(`types.${report.type}`)} · {t(`formats.${report.format}`)} · {generatedBy}
      </p>
      <dl
        id={detailsId}
        hidden={!expanded}
        data-testid="report-details"
        className="mt-3 ml-6 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]"
      >
        {fields.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold text-slate-700 dark:text-slate-300">{label}</dt>
            <dd className="break-words">{value}</dd>
          </div>
        ))}
      </dl>
      {report.status === "failed" && (
        <div className="mt-3 ml-6 flex flex-wrap items-center gap-3">
          <p className="flex items-center gap-2 text-sm text-red-800 dark:text-red-300">
            <AlertTriangle aria-hidden="true" className="size-4" />
            {t("failedBody")}
          </p>
          {report.canRetry && (
            <Form method="post" action={REPORTS_PATH}>
              <input type="hidden" name="report" value={report.id} />
              <Button type="submit" name="intent" value="retry" variant="secondary" disabled={busy}>
                <RotateCcw aria-hidden="true" className="size-4" />
                {t("retry")}
              </Button>
            </Form>
          )}
        </div>
      )}
      {report.downloadUrl && (
        <div className="mt-3 ml-6">
          <a href={report.downloadUrl} className={buttonClasses("primary")} download>
            <Download aria-hidden="true" className="size-4" />
            {t("download", { format: report.format.toUpperCase() })}
          </a>
        </div>
      )}
    </Card>
  );
}
