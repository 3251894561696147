import { href } from "react-router";
import { FileText } from "lucide-react";
import { GenerateReportForm, ReportList } from "~/domain/reports";
import { loadReportsPanel, requestReport } from "~/domain/reports/index.server";
import { i18nForMatches, useTranslation } from "~/platform/i18n";
import { readFormFields } from "~/platform/lib/api.server";
import { ButtonLink } from "~/platform/ui/button";
import { Card } from "~/platform/ui/card";
import type { Route } from "./+types/training.reports";

// SPEC §2 training home "reports", §3 report: the reports the viewer may see, and the form that
// asks the server for a new one.
export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = i18nForMatches(matches);
  return [{ title: `${t("reports:title")} | Kestrel` }, { name: "robots", content: "noindex" }];
};

export function loader({ request }: Route.LoaderArgs) {
  return loadReportsPanel(request);
}

export async function action({ request }: Route.ActionArgs) {
  return requestReport(request, await readFormFields(request));
}

export default function Reports({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("reports");
  const panel = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="flex items-center gap-3 text-3xl font-extrabold tracking-tight">
        <FileText aria-hidden="true" className="size-8 text-brand-600" />
        {t("title")}
      </h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">{t("intro")}</p>
      {!panel.signedIn ? (
        <Card className="mt-8" data-testid="reports-signed-out">
          <p className="text-slate-700 dark:text-slate-300">{t("signedOutBody")}</p>
          <ButtonLink
            to={`${href("/login")}?${new URLSearchParams({ redirectTo: href("/training/reports") })}`}
            className="mt-4"
          >
            {t("signIn")}
          </ButtonLink>
        </Card>
      ) : (
        <>
          <Card className="mt-8">
            <h2 className="text-xl font-bold">{t("generate.heading")}</h2>
            <GenerateReportForm kinds={panel.kinds} reply={actionData} />
            {panel.kinds.length === 1 && (
              <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
                {t("generate.learnerNote")}
              </p>
            )}
          </Card>
          <section className="mt-8" aria-labelledby="reports-list-heading">
            <h2 id="reports-list-heading" className="text-xl font-bold">
              {t("listHeading")}
            </h2>
            {panel.pending > 0 && (
              <p role="status" className="mt-2 text-sm text-slate-600 dark:text-slate-400">
                {t("pendingCount", { count: panel.pending })}
              </p>
            )}
            <ReportList reports={panel.reports} />
          </section>
        </>
      )}
    </div>
  );
}
