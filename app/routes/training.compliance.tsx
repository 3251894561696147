import { useEffect } from "react";
import { href } from "react-router";
import { track } from "~/platform/analytics";
import { AnalyticsPanel, ComplianceDashboardPanel } from "~/domain/compliance";
import { loadComplianceDashboard } from "~/domain/compliance/index.server";
import { i18nForMatches, useTranslation } from "~/platform/i18n";
import { ButtonLink } from "~/platform/ui/button";
import { Card } from "~/platform/ui/card";
import type { Route } from "./+types/training.compliance";

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = i18nForMatches(matches);
  return [{ title: `${t("dashboard:page.title")} | Kestrel` }];
};

export async function loader({ request }: Route.LoaderArgs) {
  return { dashboard: await loadComplianceDashboard(request, { scope: "self" }) };
}

/** A learner's own requirements: status, due date and the training that completes each. */
export default function TrainingCompliance({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("dashboard");
  const { dashboard } = loaderData;
  useEffect(() => track("compliance_viewed"), []);
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-extrabold tracking-tight">{t("page.title")}</h1>
      <p className="mt-2 max-w-3xl text-lg text-slate-700 dark:text-slate-300">{t("page.intro")}</p>
      {dashboard ? (
        <div className="mt-8 grid grid-cols-1 gap-8">
          <section aria-labelledby="compliance-heading">
            <ComplianceDashboardPanel dashboard={dashboard} />
          </section>
          <section aria-labelledby="analytics-heading">
            <AnalyticsPanel dashboard={dashboard} />
          </section>
        </div>
      ) : (
        <Card className="mt-8">
          <p>{t("page.signIn")}</p>
          <ButtonLink
            to={`${href("/login")}?${new URLSearchParams({ redirectTo: href("/training/compliance") })}`}
            className="mt-4"
          >
            {t("page.signInButton")}
          </ButtonLink>
        </Card>
      )}
    </div>
  );
}
