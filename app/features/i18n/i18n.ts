import i18next, { type i18n } from "i18next";
import { initReactI18next } from "react-i18next";
import common from "../../../locales/en/common.json";
import errors from "../../../locales/en/errors.json";
import footer from "../../../locales/en/footer.json";
import header from "../../../locales/en/header.json";
import hero from "../../../locales/en/hero.json";

export const resources = { en: { common, errors, footer, header, hero } } as const;
export const defaultNamespace = "common";
export type Namespace = keyof (typeof resources)["en"];

/** A synchronous i18next instance; one per render so concurrent requests never share a language. */
export function createI18n(language = "en"): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: "en",
    resources,
    ns: Object.keys(resources.en),
    defaultNS: defaultNamespace,
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
  });
  return instance;
}
