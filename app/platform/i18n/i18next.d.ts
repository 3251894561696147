import "i18next";
import type { EnglishResources, defaultNamespace } from "./i18n";

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: typeof defaultNamespace;
    resources: EnglishResources;
  }
}
