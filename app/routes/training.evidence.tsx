import { useId } from "react";
import { href } from "react-router";
import { getOptionalUser } from "~/platform/auth/index.server";
import { membershipOf } from "~/domain/compliance/index.server";
import { loadMyEvidence } from "~/domain/evidence/index.server";
import { i18nForMatches, useLocale, useTranslation } from "~/platform/i18n";
import { TrainingErrorBoundary } from "~/domain/training";
import { dateTimeFormat } from "~/platform/lib/intl";
import { Card } from "~/platform/ui/card";
import { type Column, DataTable } from "~/platform/ui/data-table";
import type { Route } from "./+types/training.evidence";

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = i18nForMatches(matches);
  return [
    { title: `${t("training:evidence.title")} | Kestrel` },
    { name: "robots", content: "noindex" },
  ];
};

export async function loader({ request }: Route.LoaderArgs) {
  const records = await loadMyEvidence(request);
  const user = await getOptionalUser(request);
  const manages = user ? (await membershipOf(user, request)).role === "manager" : false;
  return { records, manages };
}

const FORMATS = ["pdf", "csv", "json"] as const;

/** 'My evidence': the learner's signed records, each with its kit to download. */
export default function MyEvidence({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("training");
  const { locale } = useLocale();
  const when = dateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" });
  const { records } = loaderData;
  const titleId = useId();
  const columns: Column<(typeof records)[number]>[] = [
    {
      key: "record",
      header: t("evidence.record"),
      className: "font-medium",
      cell: (record) => record.title,
    },
    {
      key: "kind",
      header: t("evidence.kind"),
      cell: (record) => t(`evidence.kinds.${record.kind}`),
    },
    {
      key: "date",
      header: t("evidence.date"),
      cell: (record) => when.format(new Date(record.createdAt)),
    },
    {
      key: "id",
      header: t("evidence.id"),
      className: "font-mono",
      cell: (record) => record.evidenceId,
    },
    { key: "position", header: t("evidence.position"), cell: (record) => `#${record.sequence}` },
    {
      key: "downloads",
      header: t("evidence.downloads"),
      cell: (record) => (
        <ul className="flex gap-3">
          {FORMATS.map((format) => (
            <li key={format}>
              <a
                href={href("/training/evidence/:evidenceId/:format", {
                  evidenceId: record.evidenceId,
                  format,
                })}
                download
                className="focus-ring font-semibold underline"
                aria-label={`${format.toUpperCase()} ${record.evidenceId}`}
              >
                {format.toUpperCase()}
              </a>
            </li>
          ))}
        </ul>
      ),
    },
  ];
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <h1 id={titleId} className="text-3xl font-extrabold tracking-tight">
        {t("evidence.title")}
      </h1>
      <p className="mt-2 max-w-3xl text-slate-700 dark:text-slate-300">{t("evidence.intro")}</p>
      {loaderData.manages && (
        <p className="mt-4">
          <a
            href={href("/training/evidence/package")}
            download
            className="focus-ring font-semibold underline"
          >
            {t("evidence.package")}
          </a>
        </p>
      )}
      {records.length === 0 ? (
        <Card className="mt-8 text-center" data-testid="evidence-empty">
          {t("evidence.empty")}
        </Card>
      ) : (
        <div className="mt-8">
          <DataTable
            variant="compact"
            labelledBy={titleId}
            columns={columns}
            rows={records.map((record) => ({ ...record, id: record.evidenceId }))}
            data-testid="evidence-list"
          />
        </div>
      )}
    </div>
  );
}

export const ErrorBoundary = TrainingErrorBoundary;
