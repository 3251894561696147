import { Languages, X } from "lucide-react";
import { useEffect } from "react";
import { Link, href } from "react-router";
import { NoScriptSubmit, ReturnHereInput } from "~/platform/ui/form-fallbacks";
import {
  LOCALES,
  LOCALE_NAMES,
  type Locale,
  htmlLang,
  isLocaleAllowed,
  requiredRegion,
} from "./locales";
import { useLocale } from "./locale-context";
import { useTranslation } from "./translation";

const selectClass =
  "focus-ring max-w-[7.5rem] cursor-pointer truncate rounded-lg border border-slate-300 bg-white py-1.5 pr-7 pl-8 text-sm text-slate-900 sm:max-w-[10rem] xl:max-w-[14rem] dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100";

/**
 * SPEC §2: the header's language dropdown (test id `lang-select`). A native select inside a form:
 * keyboard and screen-reader behaviour come from the browser, and without JavaScript the
 * "Change language" button posts the choice. Locales outside the tenant's entitlements are disabled
 * and name the region pack they need.
 */
// Fixed ids: the header's HTML, this dropdown's included, is reused between pages (docs/decisions/030).
const selectId = "language-select";
const upsellId = "language-upsell";

export function LanguageSelect() {
  const { t } = useTranslation(["header", "common", "monetization"]);
  const { locale, entitlements, changeLocale, upsell, dismissUpsell } = useLocale();
  useEffect(() => {
    if (!upsell) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") dismissUpsell();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [upsell, dismissUpsell]);
  const regionName = (candidate: Locale) => {
    const region = requiredRegion(candidate);
    return region ? t(`common:regions.${region}`) : "";
  };

  return (
    <div className="relative">
      <form
        method="post"
        action={href("/locale")}
        className="flex items-center gap-1"
        onSubmit={(event) => {
          event.preventDefault();
          const data = new FormData(event.currentTarget);
          changeLocale(String(data.get("locale")));
        }}
      >
        <label htmlFor={selectId} className="sr-only">
          {t("header:language.label")}
        </label>
        <div className="relative">
          <Languages
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-2 size-4 -translate-y-1/2 text-slate-500 dark:text-slate-400"
          />
          <select
            id={selectId}
            name="locale"
            data-testid="lang-select"
            className={selectClass}
            value={locale}
            aria-describedby={upsell ? upsellId : undefined}
            onChange={(event) => changeLocale(event.target.value)}
          >
            {LOCALES.map((candidate) => {
              const allowed = isLocaleAllowed(candidate, entitlements);
              return (
                <option
                  key={candidate}
                  value={candidate}
                  lang={htmlLang(candidate)}
                  disabled={!allowed}
                >
                  {allowed
                    ? LOCALE_NAMES[candidate]
                    : t("header:language.unavailable", {
                        language: LOCALE_NAMES[candidate],
                        region: regionName(candidate),
                      })}
                </option>
              );
            })}
          </select>
        </div>
        <ReturnHereInput />
        <NoScriptSubmit compact>{t("header:language.change")}</NoScriptSubmit>
      </form>
      {upsell ? (
        <div
          id={upsellId}
          role="alert"
          className="absolute right-0 z-40 mt-2 w-72 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 shadow-lg dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
        >
          <div className="flex items-start gap-2">
            <p className="font-semibold">
              {t("monetization:regionPackRequired", { region: regionName(upsell) })}
            </p>
            <button
              type="button"
              onClick={dismissUpsell}
              className="focus-ring -mt-1 -mr-1 ml-auto rounded p-1"
            >
              <X aria-hidden="true" className="size-4" />
              <span className="sr-only">{t("common:close")}</span>
            </button>
          </div>
          <p className="mt-1">
            {t("monetization:regionPackRequiredBody", {
              language: LOCALE_NAMES[upsell],
              region: regionName(upsell),
            })}
          </p>
          <Link
            to={href("/demo")}
            onClick={dismissUpsell}
            className="focus-ring mt-3 inline-block rounded font-semibold underline"
          >
            {t("monetization:contactSales")}
          </Link>
        </div>
      ) : null}
    </div>
  );
}
