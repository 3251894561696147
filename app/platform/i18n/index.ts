export {
  addEnglishNamespaces,
  getI18n,
  dictionaryChain,
  loadDictionaries,
  type Namespace,
} from "./i18n";
export { useFieldMessage } from "./field-message";
export { I18nProvider, i18nForMatches, useTranslation } from "./translation";
export { LanguageSelect } from "./language-select";
export { LocaleProvider, useLocale, LOCALE_FETCHER_KEY, UPSELL_PARAM } from "./locale-context";
export {
  DEFAULT_LOCALE,
  DEFAULT_PACK_REGION,
  LOCALES,
  LOCALE_NAMES,
  REGIONS,
  type Locale,
  type Region,
  htmlLang,
  isRegion,
  normalizeLocale,
  requiredRegion,
} from "./locales";
export { RegionProvider, useRegion, REGION_FETCHER_KEY } from "./region-context";
export { getLoadedPack, loadRegionPack } from "./region-pack";
export type { RegionPack } from "./region-pack-schema";
export type { LocalizedPack, PackReading, PackTextPath } from "./region-pack-texts";
export { RegionQuickReference } from "./region-quick-reference";
export { WithEnglish } from "./with-english";
export { getTenant } from "./tenants";
