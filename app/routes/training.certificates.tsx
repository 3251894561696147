import { Award } from "lucide-react";
import { useEffect } from "react";
import { track } from "~/features/analytics";
import { i18nForMatches, useTranslation } from "~/features/i18n";
import { ButtonLink } from "~/ui/button";
import { Card } from "~/ui/card";
import type { Route } from "./+types/training.certificates";

// SPEC §2 "Certificates". No certificate is issued yet (signed issuance is its own piece of work),
// so every learner sees the empty state, which is the truth.
export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = i18nForMatches(matches);
  return [{ title: `${t("training:certificates.title")} | Kestrel` }];
};

export default function Certificates() {
  const { t } = useTranslation("training");
  useEffect(() => track("certificates_viewed"), []);
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-extrabold tracking-tight">{t("certificates.title")}</h1>
      <Card className="mt-8 text-center" data-testid="certificates-empty">
        <Award aria-hidden="true" className="mx-auto size-10 text-brand-600" />
        <h2 className="mt-3 text-xl font-bold">{t("certificates.empty")}</h2>
        <ButtonLink to="/training" className="mt-6">
          {t("certificates.startTraining")}
        </ButtonLink>
      </Card>
    </div>
  );
}
