export {
  LocaleFormSchema,
  RegionFormSchema,
  getCurrentTenant,
  getLocaleState,
  isLocaleEntitled,
  serializeLocale,
  serializeRegion,
  type LocaleState,
} from "./locale.server";
export { getLocalizedPack } from "./region-pack.server";
export { PACK_LANGUAGES, digitRuns, packLanguage } from "./region-pack-texts";
