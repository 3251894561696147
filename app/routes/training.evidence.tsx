import { href } from "react-router";
import { getOptionalUser } from "~/platform/auth/index.server";
import { membershipOf } from "~/domain/compliance/index.server";
import { loadMyEvidence } from "~/domain/evidence/index.server";
import { i18nForMatches, useLocale, useTranslation } from "~/platform/i18n";
import { TrainingErrorBoundary } from "~/domain/training";
import { dateTimeFormat } from "~/platform/lib/intl";
import { Card } from "~/platform/ui/card";
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
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-extrabold tracking-tight">{t("evidence.title")}</h1>
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
        <div className="mt-8 overflow-x-auto">
          <table className="w-full text-left text-sm" data-testid="evidence-list">
            <thead>
              <tr className="border-b border-slate-300 dark:border-slate-700">
                <th scope="col" className="py-2 pr-4">
                  {t("evidence.record")}
                </th>
                <th scope="col" className="py-2 pr-4">
                  {t("evidence.kind")}
                </th>
                <th scope="col" className="py-2 pr-4">
                  {t("evidence.date")}
                </th>
                <th scope="col" className="py-2 pr-4">
                  {t("evidence.id")}
                </th>
                <th scope="col" className="py-2 pr-4">
                  {t("evidence.position")}
                </th>
                <th scope="col" className="py-2">
                  {t("evidence.downloads")}
                </th>
              </tr>
            </thead>
            <tbody>
              {records.map((record) => (
                <tr
                  key={record.evidenceId}
                  className="border-b border-slate-200 dark:border-slate-800"
                >
                  <td className="py-2 pr-4 font-medium">{record.title}</td>
                  <td className="py-2 pr-4">{t(`evidence.kinds.${record.kind}`)}</td>
                  <td className="py-2 pr-4">{when.format(new Date(record.createdAt))}</td>
                  <td className="py-2 pr-4 font-mono">{record.evidenceId}</td>
                  <td className="py-2 pr-4">#{record.sequence}</td>
                  <td className="py-2">
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
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

export const ErrorBoundary = TrainingErrorBoundary;
