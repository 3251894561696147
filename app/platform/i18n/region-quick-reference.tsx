import { ExternalLink, LoaderCircle } from "lucide-react";
import { useId } from "react";
import { href } from "react-router";
import { Card } from "~/platform/ui/card";
import { NoScriptSubmit, ReturnHereInput } from "~/platform/ui/form-fallbacks";
import { REGIONS } from "./locales";
import { useRegion } from "./region-context";
import type { LocalizedPack, PackTextPath } from "./region-pack-texts";
import { useTranslation } from "./translation";

/**
 * The region pack on a page: a region picker (a form, so it works without JavaScript) and the pack's
 * regulator, track, modules and how-to-report guidance, in the page's language as the server
 * rendered them (`localized`). A region chosen here shows in English, marked so, until the page's
 * data for it arrives; so do a text without a translation and the sources' titles.
 */
export function RegionQuickReference({ localized }: { localized: LocalizedPack | undefined }) {
  const { t } = useTranslation(["common", "header"]);
  const { region, pack: english, loading, fellBack, changeRegion } = useRegion();
  const pack = localized?.region.id === english.region.id ? localized : english;
  const lang = (path: PackTextPath) =>
    pack === english || localized?.english.includes(path) ? "en" : undefined;
  const selectId = useId();
  const headingId = useId();

  return (
    <section
      aria-labelledby={headingId}
      aria-busy={loading}
      className="mx-auto max-w-7xl px-4 py-16 sm:px-6"
    >
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="max-w-2xl">
          <h2 id={headingId} className="text-2xl font-bold">
            {t("region.heading")}
          </h2>
          <p className="mt-2 text-slate-600 dark:text-slate-300">{t("region.intro")}</p>
        </div>
        <form
          method="post"
          action={href("/region")}
          className="flex flex-wrap items-center gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            changeRegion(String(new FormData(event.currentTarget).get("region")));
          }}
        >
          <label htmlFor={selectId} className="text-sm font-medium">
            {t("region.label")}
          </label>
          <select
            id={selectId}
            name="region"
            data-testid="region-select"
            value={region}
            onChange={(event) => changeRegion(event.target.value)}
            className="focus-ring rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-900"
          >
            {REGIONS.map((candidate) => (
              <option key={candidate} value={candidate}>
                {t(`regions.${candidate}`)}
              </option>
            ))}
          </select>
          <ReturnHereInput />
          <NoScriptSubmit>{t("region.change")}</NoScriptSubmit>
        </form>
      </div>

      <p role="status" className="mt-4 min-h-6 text-sm text-slate-600 dark:text-slate-300">
        {loading ? (
          <>
            <LoaderCircle aria-hidden="true" className="mr-1 inline size-4 animate-spin" />
            {t("region.loading")}
          </>
        ) : fellBack ? (
          t("region.fallback")
        ) : null}
      </p>

      <div
        data-testid="region-pack"
        data-region={pack.region.id}
        className={`mt-2 grid gap-6 lg:grid-cols-3 ${loading ? "opacity-60" : ""}`}
      >
        <Card className="lg:col-span-1">
          <p className="text-sm font-medium text-slate-500 dark:text-slate-400">
            {t("region.authority")}
          </p>
          <p className="mt-1 text-xl font-bold">{pack.authority.code}</p>
          <p lang={lang("authority.full")} className="text-slate-600 dark:text-slate-300">
            {pack.authority.full}
          </p>
          <h3 lang={lang("track.title")} className="mt-6 text-lg font-semibold">
            {pack.track.title}
          </h3>
          <p lang={lang("track.subtitle")} className="mt-1 text-slate-600 dark:text-slate-300">
            {pack.track.subtitle}
          </p>
          <h4 className="mt-6 text-sm font-semibold">{t("region.modulesHeading")}</h4>
          <ul className="mt-2 space-y-3">
            {(Object.keys(pack.modules) as (keyof typeof pack.modules)[]).map((key) => (
              <li key={key}>
                <p lang={lang(`modules.${key}.title`)} className="font-medium">
                  {pack.modules[key].title}
                </p>
                <p
                  lang={lang(`modules.${key}.desc`)}
                  className="text-sm text-slate-600 dark:text-slate-300"
                >
                  {pack.modules[key].desc}
                </p>
              </li>
            ))}
          </ul>
        </Card>
        <Card className="lg:col-span-2">
          <h3 lang={lang("quickref.title")} className="text-lg font-semibold">
            {pack.quickref.title}
          </h3>
          <ol lang={lang("quickref.reportHow")} className="mt-3 list-decimal space-y-2 pl-5">
            {pack.quickref.reportHow.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
          <ul className="mt-4 flex flex-wrap gap-x-4 gap-y-1 text-sm">
            {pack.quickref.sources.map((source) => (
              <li key={source.url}>
                <a
                  href={source.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="focus-ring rounded text-brand-700 underline hover:text-brand-800 dark:text-brand-300"
                >
                  <span lang="en">{source.label}</span>
                  <ExternalLink aria-hidden="true" className="ml-1 inline size-3.5" />
                  <span className="sr-only"> {t("header:campusNewTab")}</span>
                </a>
              </li>
            ))}
          </ul>
        </Card>
      </div>
    </section>
  );
}
