import i18next, { type i18n } from "i18next";
import type admin from "../../../locales/en/admin.json";
import type advisorChat from "../../../locales/en/advisorChat.json";
import type aml from "../../../locales/en/aml.json";
import type audit from "../../../locales/en/audit.json";
import common from "../../../locales/en/common.json";
import type compliance from "../../../locales/en/compliance.json";
import type consumerScamModule from "../../../locales/en/consumerScamModule.json";
import type dashboard from "../../../locales/en/dashboard.json";
import contact from "../../../locales/en/contact.json";
import courses from "../../../locales/en/courses.json";
import type demo from "../../../locales/en/demo.json";
import errors from "../../../locales/en/errors.json";
import esgAdvisor from "../../../locales/en/esgAdvisor.json";
import type evidence from "../../../locales/en/evidence.json";
import footer from "../../../locales/en/footer.json";
import type forms from "../../../locales/en/forms.json";
import header from "../../../locales/en/header.json";
import hero from "../../../locales/en/hero.json";
import monetization from "../../../locales/en/monetization.json";
import navigation from "../../../locales/en/navigation.json";
import partners from "../../../locales/en/partners.json";
import type reminders from "../../../locales/en/reminders.json";
import type requirements from "../../../locales/en/requirements.json";
import type roster from "../../../locales/en/roster.json";
import type policies from "../../../locales/en/policies.json";
import type reports from "../../../locales/en/reports.json";
import type skills from "../../../locales/en/skills.json";
import type esgCourse from "../../../locales/en/esgCourse.json";
import type training from "../../../locales/en/training.json";
import type validation from "../../../locales/en/validation.json";
import { numberFormat } from "~/platform/lib/intl";
import { DEFAULT_LOCALE, type Locale, fallbackChain, normalizeLocale } from "./locales";
import { MISSING_KEYS_PROCESSOR, missingKeysPostProcessor } from "./missing-keys";
import {
  type Dictionary,
  ENGLISH_ONLY_NAMESPACES,
  TRANSLATED_NAMESPACES,
  dictionaryFromFiles,
} from "./namespaces";

/**
 * English is the last step of every chain, so the namespaces of the shell and the landing page ship
 * with the app. The rest come with the page that uses them (`addEnglishNamespaces` in its module),
 * so a page does not carry another page's texts; the server has them all.
 */
export const english = {
  common,
  contact,
  courses,
  errors,
  esgAdvisor,
  footer,
  header,
  hero,
  monetization,
  navigation,
  partners,
} as const;

/** Every English namespace, as the types see them. */
export type EnglishResources = typeof english & {
  admin: typeof admin;
  advisorChat: typeof advisorChat;
  skills: typeof skills;
  aml: typeof aml;
  audit: typeof audit;
  compliance: typeof compliance;
  consumerScamModule: typeof consumerScamModule;
  dashboard: typeof dashboard;
  demo: typeof demo;
  esgCourse: typeof esgCourse;
  evidence: typeof evidence;
  forms: typeof forms;
  reminders: typeof reminders;
  requirements: typeof requirements;
  roster: typeof roster;
  policies: typeof policies;
  reports: typeof reports;
  training: typeof training;
  validation: typeof validation;
};
export const defaultNamespace = "common";
export type Namespace = keyof EnglishResources;

export type DictionaryId = "en" | "ms" | "zh" | "ta" | "vi" | "th" | "en-CA" | "fr-CA" | "en-SG";

/** Where each locale's texts live; enterprise locales have none of their own and use their chain. */
const LOCALE_DICTIONARY: Record<Locale, DictionaryId | null> = {
  "en-US": "en",
  "en-CA": "en-CA",
  "fr-CA": "fr-CA",
  "en-SG": "en-SG",
  "ms-MY": "ms",
  "zh-MY": "zh",
  "ta-MY": "ta",
  "vi-VN": "vi",
  "th-TH": "th",
  "zh-SG": "zh",
  "en-enterprise": null,
  "ms-MY-enterprise": null,
  "th-TH-enterprise": null,
  "zh-SG-enterprise": null,
};

// SPEC §7: each dictionary other than English is its own chunk, fetched when a locale needs it.
const loaders: Record<
  Exclude<DictionaryId, "en">,
  () => Promise<{ default: Record<string, unknown> }>
> = {
  ms: () => import("./dictionaries/ms"),
  zh: () => import("./dictionaries/zh"),
  ta: () => import("./dictionaries/ta"),
  vi: () => import("./dictionaries/vi"),
  th: () => import("./dictionaries/th"),
  "en-CA": () => import("./dictionaries/en-ca"),
  "fr-CA": () => import("./dictionaries/fr-ca"),
  "en-SG": () => import("./dictionaries/en-sg"),
};

// i18next reads its resources through this object, so a namespace added later is seen by every
// instance already made (i18n.test.ts checks it).
const englishTexts: Dictionary = { ...english };
const loaded = new Map<DictionaryId, Dictionary>([["en", englishTexts]]);

/** Adds English namespaces a page brings with it; called when that page's module loads. */
export function addEnglishNamespaces(namespaces: Partial<EnglishResources>): void {
  Object.assign(englishTexts, namespaces);
}

/** The dictionaries a locale reads, most specific first, always ending with English. */
export function dictionaryChain(locale: Locale): DictionaryId[] {
  const ids = fallbackChain(locale)
    .map((step) => LOCALE_DICTIONARY[step])
    .filter((id): id is DictionaryId => id !== null);
  return [...new Set(ids)];
}

/**
 * Fetches the dictionaries of a locale's chain. A dictionary that fails to load is left out, so the
 * chain continues with the next one (in the end English) instead of breaking the page.
 */
export async function loadDictionaries(locale: Locale): Promise<boolean> {
  const results = await Promise.all(
    dictionaryChain(locale).map(async (id) => {
      if (loaded.has(id) || id === "en") return true;
      try {
        loaded.set(id, dictionaryFromFiles((await loaders[id]()).default));
        return true;
      } catch (error) {
        console.warn(`Could not load the ${id} dictionary; falling back.`, error);
        return false;
      }
    }),
  );
  return results.every(Boolean);
}

export function isDictionaryLoaded(id: DictionaryId): boolean {
  return loaded.has(id);
}

/** The loaded text of one dictionary, for tests and tools. */
export function getDictionary(id: DictionaryId): Dictionary | undefined {
  return loaded.get(id);
}

const instances = new Map<string, i18n>();
const PERCENT: Intl.NumberFormatOptions = { style: "percent", maximumFractionDigits: 1 };

/**
 * The i18next instance of a locale, built once per chain of loaded dictionaries and shared by every
 * render: nothing changes an instance after it is made (a language switch picks another one), so
 * concurrent requests read the same one safely. A missing key falls back along the chain, then to
 * English, then shows the key (SPEC §8). Building one costs more than a whole page's translations,
 * which is why it is not done per request (docs/decisions/012).
 */
export function getI18n(locale: Locale = DEFAULT_LOCALE): i18n {
  const chain = dictionaryChain(locale).filter((id) => loaded.has(id));
  const key = chain.join(">");
  let instance = instances.get(key);
  if (!instance) {
    instance = createInstance(chain);
    instances.set(key, instance);
  }
  return instance;
}

function createInstance(chain: DictionaryId[]): i18n {
  const [language = "en", ...fallbacks] = chain;
  const instance = i18next.createInstance();
  if (import.meta.env.DEV) instance.use(missingKeysPostProcessor);
  void instance.init({
    lng: language,
    fallbackLng: fallbacks.length > 0 ? fallbacks : false,
    load: "currentOnly",
    resources: Object.fromEntries(chain.map((id) => [id, loaded.get(id) ?? {}])),
    ns: [...TRANSLATED_NAMESPACES, ...ENGLISH_ONLY_NAMESPACES],
    defaultNS: defaultNamespace,
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
    postProcess: import.meta.env.DEV ? [MISSING_KEYS_PROCESSOR] : false,
  });
  // `{{score, percent}}`: a whole percentage (85) as the language writes it ("85 %" in French).
  instance.services.formatter?.add("percent", (value: unknown, lng: string | undefined) =>
    numberFormat(lng ?? language, PERCENT).format(Number(value) / 100),
  );
  return instance;
}

/** The i18next instance of the page's locale, read from the root loader's data among the route matches. */
export function i18nOfMatches(
  matches: readonly ({ id: string; data?: unknown } | undefined)[],
): i18n {
  const root = matches.find((match) => match?.id === "root")?.data;
  const locale =
    root && typeof root === "object" && "locale" in root ? String(root.locale) : DEFAULT_LOCALE;
  return getI18n(normalizeLocale(locale));
}
