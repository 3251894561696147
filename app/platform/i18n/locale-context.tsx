import { type ReactNode, createContext, use, useEffect, useMemo, useRef, useState } from "react";
import { href, useFetcher, useSearchParams } from "react-router";
import { dispatchAnalyticsEvent } from "~/platform/analytics";
import { getI18n, loadDictionaries } from "./i18n";
import { type Locale, type Region, findLocale, isLocaleAllowed } from "./locales";
import { I18nProvider } from "./translation";

export const LOCALE_FETCHER_KEY = "locale";
/** Set by `/locale` when a form posted without JavaScript asked for a locale it refused. */
export const UPSELL_PARAM = "upsell";

interface LocaleValue {
  /** The locale in effect, or the one being switched to. */
  locale: Locale;
  tenantId: string;
  entitlements: readonly Region[];
  /** SPEC §4: a locale the tenant is not entitled to is refused and shows an upsell. */
  changeLocale: (next: string) => void;
  upsell: Locale | null;
  dismissUpsell: () => void;
}

const LocaleContext = createContext<LocaleValue | null>(null);

export function useLocale(): LocaleValue {
  const value = use(LocaleContext);
  if (!value) throw new Error("useLocale must be used within a LocaleProvider");
  return value;
}

/**
 * Provides the server-resolved locale and its i18next instance. Changing the language posts to
 * `/locale` (the same form works without JavaScript); the root loader then answers with the new
 * locale once its dictionaries are loaded, so the page switches without a reload or a flash of keys.
 */
export function LocaleProvider({
  locale: saved,
  tenantId,
  entitlements,
  children,
}: {
  locale: Locale;
  tenantId: string;
  entitlements: readonly Region[];
  children: ReactNode;
}) {
  const fetcher = useFetcher({ key: LOCALE_FETCHER_KEY });
  const [searchParams] = useSearchParams();
  const [upsell, setUpsell] = useState<Locale | null>(() => {
    const refused = findLocale(searchParams.get(UPSELL_PARAM) ?? "");
    return refused && !isLocaleAllowed(refused, entitlements) ? refused : null;
  });
  const i18n = useMemo(() => getI18n(saved), [saved]);
  const pending = findLocale(String(fetcher.formData?.get("locale") ?? ""));

  // SPEC §7: i18n_boot once the page is interactive, i18n_changed on every later switch.
  const announced = useRef<Locale | null>(null);
  useEffect(() => {
    if (announced.current === saved) return;
    const event = announced.current === null ? "i18n_boot" : "i18n_changed";
    announced.current = saved;
    dispatchAnalyticsEvent(event, { locale: saved, tenantId });
  }, [saved, tenantId]);

  const value = useMemo<LocaleValue>(
    () => ({
      locale: pending ?? saved,
      tenantId,
      entitlements,
      changeLocale(next) {
        const locale = findLocale(next);
        if (!locale || locale === saved) return;
        if (!isLocaleAllowed(locale, entitlements)) {
          setUpsell(locale);
          return;
        }
        setUpsell(null);
        void loadDictionaries(locale); // fetch the texts while the choice is being saved
        void fetcher.submit({ locale }, { method: "post", action: href("/locale") });
      },
      upsell,
      dismissUpsell: () => setUpsell(null),
    }),
    [pending, saved, tenantId, entitlements, upsell, fetcher],
  );

  return (
    <LocaleContext value={value}>
      <I18nProvider i18n={i18n}>{children}</I18nProvider>
    </LocaleContext>
  );
}
