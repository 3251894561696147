import { BadgeCheck, Bot, ExternalLink, FileCheck2, GraduationCap, Handshake } from "lucide-react";
import { href, useLoaderData, useSearchParams } from "react-router";
import { RegionQuickReference, i18nForMatches, useTranslation } from "~/platform/i18n";
import { AdvisorPanel } from "~/domain/advisor";
import { track } from "~/platform/analytics";
import { brand } from "~/platform/lib/brand";
import { ButtonLink } from "~/platform/ui/button";
import { Card } from "~/platform/ui/card";
import type { Route } from "./+types/kestrel";
import { publicPageMeta } from "~/platform/lib/page-meta";
import { catalogueCounts } from "~/domain/training/index.server";
import { getLocaleState, getLocalizedPack, packLanguage } from "~/platform/i18n/index.server";

// SPEC §2 "Landing page": hero, ESG Advisor, Campus, Evidence engine, Partners, Contact, footer.
const HERO_VARIANTS = ["compliance", "fraud", "esg"] as const;
type HeroVariant = (typeof HERO_VARIANTS)[number];

function heroVariant(value: string | null): HeroVariant {
  return HERO_VARIANTS.includes(value as HeroVariant) ? (value as HeroVariant) : "compliance";
}

// SPEC §2: the evidence engine lists these regulators with their countries.
const REGULATORS = [
  { code: "FINTRAC", country: "ca" },
  { code: "MAS", country: "sg" },
  { code: "PDPA", country: "sg" },
  { code: "AMLA", country: "my" },
] as const;

const REGION_CARDS = ["canada", "singapore", "asean"] as const;

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = i18nForMatches(matches);
  return publicPageMeta(matches, {
    path: brand.homePath,
    title: t("meta.homeTitle"),
    description: t("meta.homeDescription"),
  });
};

function Hero({ variant }: { variant: HeroVariant }) {
  const { t } = useTranslation("hero");
  const text = (key: "badge" | "headline" | "subtitle") =>
    variant === "compliance" ? t(key) : t(`variants.${variant}.${key}`);
  return (
    <section className="bg-gradient-to-b from-brand-50 to-white px-4 py-20 sm:px-6 dark:from-slate-900 dark:to-slate-950">
      <div className="mx-auto max-w-4xl text-center">
        <p className="inline-block rounded-full bg-brand-100 px-3 py-1 text-sm font-medium text-brand-900 dark:bg-brand-900 dark:text-brand-100">
          {text("badge")}
        </p>
        <h1 className="mt-6 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">
          {text("headline")}
        </h1>
        <p className="mt-6 text-lg text-pretty text-slate-700 dark:text-slate-300">
          {text("subtitle")}
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <ButtonLink
            to={href("/demo")}
            onClick={() => track("demo_request_click", { location: "hero" })}
          >
            {t("ctaDemo")}
          </ButtonLink>
          <ButtonLink to={href("/courses/esg-ai-ethics")} variant="secondary">
            {t("ctaEsg")}
          </ButtonLink>
          <ButtonLink
            to={href("/courses/aml-fraud")}
            variant="secondary"
            onClick={() => track("guided_scenario_start", { course: "AML", location: "hero_cta" })}
          >
            {t("ctaAml")}
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}

function SectionHeading({
  id,
  icon,
  children,
}: {
  id: string;
  icon: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <h2 id={id} className="flex items-center gap-2 text-3xl font-bold tracking-tight">
      {icon}
      {children}
    </h2>
  );
}

function EsgAdvisor() {
  const { t } = useTranslation("esgAdvisor");
  return (
    <section aria-labelledby="esg-advisor" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
      <SectionHeading
        id="esg-advisor"
        icon={<Bot aria-hidden="true" className="size-8 text-brand-600" />}
      >
        {t("title")}
        <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 uppercase">
          {t("beta")}
        </span>
      </SectionHeading>
      <p className="mt-4 max-w-3xl text-lg text-slate-700 dark:text-slate-300">{t("intro")}</p>
      <div className="mt-8 grid gap-6 lg:grid-cols-3">
        <div className="flex flex-col gap-6">
          <Card>
            <h3 className="font-semibold">{t("capabilitiesHeading")}</h3>
            <ul className="mt-3 space-y-2">
              {(["frameworks", "scope", "kyc", "bias"] as const).map((capability) => (
                <li key={capability} className="flex gap-2 text-slate-700 dark:text-slate-300">
                  <BadgeCheck
                    aria-hidden="true"
                    className="mt-0.5 size-5 shrink-0 text-emerald-600"
                  />
                  {t(`capabilities.${capability}`)}
                </li>
              ))}
            </ul>
          </Card>
          <Card className="flex flex-col">
            <h3 className="font-semibold">{t("demoCard.title")}</h3>
            <p className="mt-2 flex-1 text-slate-700 dark:text-slate-300">{t("demoCard.body")}</p>
            <ButtonLink
              to={href("/demo")}
              className="mt-4 self-start"
              onClick={() => track("esg_advisor_cta_click", { location: "landing", cta: "demo" })}
            >
              {t("demoCard.cta")}
            </ButtonLink>
          </Card>
        </div>
        <div className="lg:col-span-2">
          <AdvisorPanel location="landing" />
        </div>
      </div>
    </section>
  );
}

/** The campus numbers, counted from the catalogue, and the region pack's texts in the reader's language. */
export async function loader({ request }: Route.LoaderArgs) {
  const { locale, region } = await getLocaleState(request);
  return { campus: catalogueCounts(), pack: getLocalizedPack(region, packLanguage(locale)) };
}

function Campus() {
  const { t } = useTranslation(["courses", "header"]);
  const { campus } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="campus" className="bg-slate-50 px-4 py-16 sm:px-6 dark:bg-slate-900">
      <div className="mx-auto grid max-w-7xl items-center gap-8 lg:grid-cols-2">
        <div>
          <SectionHeading
            id="campus"
            icon={<GraduationCap aria-hidden="true" className="size-8 text-brand-600" />}
          >
            {t("campus.heading")}
          </SectionHeading>
          <p className="mt-4 text-lg text-slate-700 dark:text-slate-300">{t("campus.body")}</p>
        </div>
        <Card className="text-center">
          <p className="text-2xl font-bold">{t("campus.stats", campus)}</p>
          <a
            href={brand.campusUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="focus-ring mt-6 inline-flex items-center gap-2 rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
          >
            {t("campus.cta")}
            <ExternalLink aria-hidden="true" className="size-4" />
            <span className="sr-only">{t("header:campusNewTab")}</span>
          </a>
        </Card>
      </div>
    </section>
  );
}

function EvidenceEngine() {
  const { t } = useTranslation(["courses", "common", "hero"]);
  return (
    <section aria-labelledby="evidence" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
      <SectionHeading
        id="evidence"
        icon={<FileCheck2 aria-hidden="true" className="size-8 text-brand-600" />}
      >
        {t("evidence.heading")}
      </SectionHeading>
      <p className="mt-4 max-w-3xl text-lg text-slate-700 dark:text-slate-300">
        {t("evidence.body")}
      </p>
      <h3 className="mt-8 text-sm font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">
        {t("evidence.regulatorsHeading")}
      </h3>
      <ul className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {REGULATORS.map((regulator) => (
          <li
            key={regulator.code}
            className="rounded-xl border border-slate-200 p-4 dark:border-slate-800"
          >
            <p className="text-xl font-bold">{regulator.code}</p>
            <p className="text-slate-600 dark:text-slate-300">
              {t(`common:regions.${regulator.country}`)}
            </p>
          </li>
        ))}
      </ul>
      <div className="mt-8 grid gap-6 md:grid-cols-3">
        {REGION_CARDS.map((region) => (
          <Card key={region} id={region} className="scroll-mt-24">
            <h3 className="text-lg font-semibold">{t(`hero:regions.${region}.title`)}</h3>
            <p className="mt-2 text-slate-600 dark:text-slate-300">
              {t(`hero:regions.${region}.body`)}
            </p>
          </Card>
        ))}
      </div>
      <ButtonLink to={href("/courses/esg-ai-ethics")} className="mt-8">
        {t("evidence.cta")}
      </ButtonLink>
    </section>
  );
}

function Partners() {
  const { t } = useTranslation("partners");
  return (
    <section
      aria-labelledby="partners"
      className="bg-slate-50 px-4 py-16 sm:px-6 dark:bg-slate-900"
    >
      <div className="mx-auto max-w-7xl">
        <SectionHeading
          id="partners"
          icon={<Handshake aria-hidden="true" className="size-8 text-brand-600" />}
        >
          {t("section.heading")}
        </SectionHeading>
        <p className="mt-4 max-w-3xl text-lg text-slate-700 dark:text-slate-300">
          {t("section.body")}
        </p>
        <p className="mt-2 font-medium">{t("references")}</p>
      </div>
    </section>
  );
}

function Contact() {
  const { t } = useTranslation("contact");
  return (
    <section aria-labelledby="contact" className="mx-auto max-w-3xl px-4 py-16 text-center sm:px-6">
      <h2 id="contact" className="text-3xl font-bold tracking-tight">
        {t("section.heading")}
      </h2>
      <p className="mt-4 text-lg text-slate-700 dark:text-slate-300">{t("section.body")}</p>
      <ButtonLink to={href("/contact")} className="mt-6">
        {t("section.cta")}
      </ButtonLink>
    </section>
  );
}

export default function Landing({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  return (
    <>
      <Hero variant={heroVariant(params.get("hero"))} />
      <EsgAdvisor />
      <Campus />
      <EvidenceEngine />
      <RegionQuickReference localized={loaderData.pack} />
      <Partners />
      <Contact />
    </>
  );
}
