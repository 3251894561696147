import "i18next";
import type { defaultNamespace, english } from "./i18n";

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: typeof defaultNamespace;
    resources: typeof english;
  }
}
