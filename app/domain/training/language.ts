import type { Locale } from "~/platform/i18n";
import type { ContentLanguage } from "./content-schema";

/** The content language a locale reads; English where it has none of its own. */
export function contentLanguage(locale: Locale): ContentLanguage {
  if (locale === "fr-CA") return "fr-CA";
  const language = locale.slice(0, 2);
  if (language === "ms" || language === "zh" || language === "ta" || language === "vi") {
    return language;
  }
  return language === "th" ? "th" : "en";
}

/** The locale whose dictionary a content language's texts read (its words around the content). */
export const CONTENT_LANGUAGE_LOCALES: Readonly<Record<ContentLanguage, Locale>> = {
  en: "en-US",
  "fr-CA": "fr-CA",
  ms: "ms-MY",
  zh: "zh-SG",
  ta: "ta-MY",
  vi: "vi-VN",
  th: "th-TH",
};
