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
