import { useTranslation } from "react-i18next";
import { RegionQuickReference, i18nForMatches } from "~/features/i18n";
import { ButtonLink } from "~/ui/button";
import { Card } from "~/ui/card";
import type { Route } from "./+types/kestrel";

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = i18nForMatches(matches);
  return [
    { title: t("meta.homeTitle") },
    { name: "description", content: t("meta.homeDescription") },
  ];
};

const REGIONS = ["canada", "singapore", "asean"] as const;

export default function Landing() {
  const { t } = useTranslation("hero");
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white px-4 py-20 sm:px-6 dark:from-slate-900 dark:to-slate-950">
        <div className="mx-auto max-w-4xl text-center">
          <p className="inline-block rounded-full bg-brand-100 px-3 py-1 text-sm font-medium text-brand-900 dark:bg-brand-900 dark:text-brand-100">
            {t("badge")}
          </p>
          <h1 className="mt-6 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">
            {t("headline")}
          </h1>
          <p className="mt-6 text-lg text-pretty text-slate-700 dark:text-slate-300">
            {t("subtitle")}
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <ButtonLink to="/demo">{t("ctaDemo")}</ButtonLink>
            <ButtonLink to="/courses/esg-ai-ethics" variant="secondary">
              {t("ctaEsg")}
            </ButtonLink>
            <ButtonLink to="/courses/aml-fraud" variant="secondary">
              {t("ctaAml")}
            </ButtonLink>
          </div>
        </div>
      </section>
      <section aria-labelledby="regions-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <h2 id="regions-heading" className="text-2xl font-bold">
          {t("regionsHeading")}
        </h2>
        <div className="mt-6 grid gap-6 md:grid-cols-3">
          {REGIONS.map((region) => (
            <Card key={region} id={region} className="scroll-mt-24">
              <h3 className="text-lg font-semibold">{t(`regions.${region}.title`)}</h3>
              <p className="mt-2 text-slate-600 dark:text-slate-300">
                {t(`regions.${region}.body`)}
              </p>
            </Card>
          ))}
        </div>
      </section>
      <RegionQuickReference />
    </>
  );
}
