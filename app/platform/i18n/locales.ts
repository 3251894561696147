// SPEC §3 "Locales and regions", §4 "Locale selection at startup", §6, §9 fallback chains.
// Pure data and functions: shared by the server (first render) and the browser (switching).

export const LOCALES = [
  "en-US",
  "en-CA",
  "fr-CA",
  "en-SG",
  "ms-MY",
  "zh-MY",
  "ta-MY",
  "vi-VN",
  "th-TH",
  "zh-SG",
  "en-enterprise",
  "ms-MY-enterprise",
  "th-TH-enterprise",
  "zh-SG-enterprise",
] as const;
export type Locale = (typeof LOCALES)[number];

export const REGIONS = ["sg", "th", "my", "id", "ph", "vn", "ca", "us"] as const;
export type Region = (typeof REGIONS)[number];

export const DEFAULT_LOCALE: Locale = "en-US";
/** SPEC §9: the locale map's default region. */
export const DEFAULT_REGION: Region = "ca";
/** SPEC §3: Singapore (STRO) is the default region pack. */
export const DEFAULT_PACK_REGION: Region = "sg";

/** Enterprise locales have no region and are always available (SPEC §3, §6). */
export const LOCALE_REGION: Record<Locale, Region | null> = {
  "en-US": "us",
  "en-CA": "ca",
  "fr-CA": "ca",
  "en-SG": "sg",
  "zh-SG": "sg",
  "ms-MY": "my",
  "zh-MY": "my",
  "ta-MY": "my",
  "vi-VN": "vn",
  "th-TH": "th",
  "en-enterprise": null,
  "ms-MY-enterprise": null,
  "th-TH-enterprise": null,
  "zh-SG-enterprise": null,
};

/** Each locale's name in its own language, as the language dropdown lists it. */
export const LOCALE_NAMES: Record<Locale, string> = {
  "en-US": "English (United States)",
  "en-CA": "English (Canada)",
  "fr-CA": "Français (Canada)",
  "en-SG": "English (Singapore)",
  "ms-MY": "Bahasa Melayu (Malaysia)",
  "zh-MY": "简体中文（马来西亚）",
  "ta-MY": "தமிழ் (மலேசியா)",
  "vi-VN": "Tiếng Việt (Việt Nam)",
  "th-TH": "ไทย (ประเทศไทย)",
  "zh-SG": "简体中文（新加坡）",
  "en-enterprise": "English (Enterprise)",
  "ms-MY-enterprise": "Bahasa Melayu (Perusahaan)",
  "th-TH-enterprise": "ไทย (องค์กร)",
  "zh-SG-enterprise": "简体中文（企业）",
};

/**
 * SPEC §9: fr-CA → en-CA → en-US; en-CA → en-US; region locales → en-US; the enterprise Malay, Thai
 * and Chinese locales go through their regional locale first. Every chain ends in en-US.
 */
const FALLBACKS: Partial<Record<Locale, readonly Locale[]>> = {
  "fr-CA": ["en-CA", "en-US"],
  "ms-MY-enterprise": ["ms-MY", "en-US"],
  "th-TH-enterprise": ["th-TH", "en-US"],
  "zh-SG-enterprise": ["zh-SG", "en-US"],
};

export function fallbackChain(locale: Locale): Locale[] {
  if (locale === DEFAULT_LOCALE) return [DEFAULT_LOCALE];
  return [locale, ...(FALLBACKS[locale] ?? [DEFAULT_LOCALE])];
}

export function isLocale(value: unknown): value is Locale {
  return LOCALES.includes(value as Locale);
}

export function isRegion(value: unknown): value is Region {
  return REGIONS.includes(value as Region);
}

/** Matches a locale key regardless of case or `_` separators; `undefined` when it is not one of ours. */
export function findLocale(code: string): Locale | undefined {
  const wanted = code.trim().replace(/_/g, "-").toLowerCase();
  return LOCALES.find((locale) => locale.toLowerCase() === wanted);
}

/** SPEC §5: unknown locale codes resolve to en-US. */
export function normalizeLocale(code: string | null | undefined): Locale {
  return (code && findLocale(code)) || DEFAULT_LOCALE;
}

/** The value for `<html lang>`: a valid BCP 47 tag, so enterprise locales use their base tag. */
export function htmlLang(locale: Locale): string {
  if (locale === "en-enterprise") return "en";
  return locale.replace(/-enterprise$/, "");
}

function languageOf(code: string): string {
  return code.split(/[-_]/)[0]?.toLowerCase() ?? "";
}

/** SPEC §6: a regional locale needs its region in the entitlements; enterprise locales always pass. */
export function isLocaleAllowed(locale: Locale, entitlements: readonly Region[]): boolean {
  const region = LOCALE_REGION[locale];
  return region === null || entitlements.includes(region);
}

export function allowedLocales(entitlements: readonly Region[]): Locale[] {
  return LOCALES.filter((locale) => isLocaleAllowed(locale, entitlements));
}

/** The region pack a locale needs, or `null` when it is always available. */
export function requiredRegion(locale: Locale): Region | null {
  return LOCALE_REGION[locale];
}

/**
 * The browser's preferred languages matched to allowed locales: an exact match first, then the same
 * language (`th` or `th-TH-u-nu-thai` → `th-TH`). Enterprise locales are only ever chosen on purpose.
 */
export function matchBrowserLanguages(
  browserLanguages: readonly string[],
  allowed: readonly Locale[],
): Locale | undefined {
  const candidates = allowed.filter((locale) => LOCALE_REGION[locale] !== null);
  for (const code of browserLanguages) {
    const exact = findLocale(code);
    if (exact && candidates.includes(exact)) return exact;
    const sameTag = candidates.find((locale) =>
      code.toLowerCase().startsWith(`${locale.toLowerCase()}-`),
    );
    if (sameTag) return sameTag;
    const language = languageOf(code);
    const sameLanguage = candidates.find((locale) => languageOf(locale) === language);
    if (sameLanguage) return sameLanguage;
  }
  return undefined;
}

export interface LocaleInputs {
  /** The visitor's saved choice (cookie), if any. */
  stored?: string | null;
  /** The tenant's default locale, if its configuration names one. */
  tenantDefault?: Locale | null;
  /** Preferred languages, most wanted first (from `Accept-Language` or `navigator.languages`). */
  browserLanguages?: readonly string[];
  entitlements: readonly Region[];
}

/**
 * SPEC §4 start-up order: the stored choice if allowed; the tenant default; the browser's languages
 * matched to allowed locales; en-US; else the first allowed locale.
 */
export function resolveLocale({
  stored,
  tenantDefault,
  browserLanguages = [],
  entitlements,
}: LocaleInputs): Locale {
  const allowed = allowedLocales(entitlements);
  const storedLocale = stored ? findLocale(stored) : undefined;
  if (storedLocale && allowed.includes(storedLocale)) return storedLocale;
  if (tenantDefault && allowed.includes(tenantDefault)) return tenantDefault;
  const matched = matchBrowserLanguages(browserLanguages, allowed);
  if (matched) return matched;
  if (allowed.includes(DEFAULT_LOCALE)) return DEFAULT_LOCALE;
  return allowed[0] ?? DEFAULT_LOCALE;
}

/** `Accept-Language` as a list of tags, most preferred first; `*` and malformed parts are dropped. */
export function parseAcceptLanguage(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .slice(0, 1000)
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const quality = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter(({ tag, quality }) => quality > 0 && /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(tag))
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map(({ tag }) => tag);
}
