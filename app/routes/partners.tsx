import { Briefcase, Cpu, Network } from "lucide-react";
import { href } from "react-router";
import { i18nForMatches, useTranslation } from "~/platform/i18n";
import { ButtonLink } from "~/platform/ui/button";
import { Card } from "~/platform/ui/card";
import type { Route } from "./+types/partners";

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = i18nForMatches(matches);
  return [
    { title: t("partners:meta.title") },
    { name: "description", content: t("partners:meta.description") },
  ];
};

// SPEC §2 "Partners page": three partnership types, each with three benefits.
const TYPES = [
  { id: "technology", Icon: Cpu },
  { id: "consulting", Icon: Briefcase },
  { id: "channel", Icon: Network },
] as const;

export default function PartnersPage() {
  const { t } = useTranslation("partners");
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white px-4 py-20 sm:px-6 dark:from-slate-900 dark:to-slate-950">
        <div className="mx-auto max-w-3xl text-center">
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">{t("title")}</h1>
          <p className="mt-6 text-lg text-slate-700 dark:text-slate-300">{t("intro")}</p>
          <ButtonLink to={href("/demo")} className="mt-8">
            {t("becomePartner")}
          </ButtonLink>
        </div>
      </section>
      <section aria-labelledby="partner-types" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <h2 id="partner-types" className="text-2xl font-bold">
          {t("typesHeading")}
        </h2>
        <div className="mt-6 grid gap-6 md:grid-cols-3">
          {TYPES.map(({ id, Icon }) => (
            <Card key={id}>
              <Icon aria-hidden="true" className="size-8 text-brand-600" />
              <h3 className="mt-3 text-lg font-semibold">{t(`types.${id}.title`)}</h3>
              <ul className="mt-3 list-disc space-y-1 pl-5 text-slate-700 dark:text-slate-300">
                {(t(`types.${id}.points`, { returnObjects: true }) as string[]).map((point) => (
                  <li key={point}>{point}</li>
                ))}
              </ul>
            </Card>
          ))}
        </div>
        <p className="mt-6 text-sm text-slate-600 dark:text-slate-400">{t("references")}</p>
      </section>
      <section className="mx-auto max-w-3xl px-4 pb-8 text-center sm:px-6">
        <h2 className="text-2xl font-bold">{t("closing.heading")}</h2>
        <p className="mt-3 text-slate-700 dark:text-slate-300">{t("closing.body")}</p>
        <ButtonLink to={href("/demo")} className="mt-6">
          {t("requestInfo")}
        </ButtonLink>
      </section>
    </>
  );
}
