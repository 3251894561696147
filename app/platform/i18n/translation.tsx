import type { TFunction, i18n } from "i18next";
import { type ReactNode, createContext, use } from "react";
import { type Namespace, defaultNamespace, getI18n, i18nOfMatches } from "./i18n";

// Our own hook instead of react-i18next's: an instance never changes language (a switch picks
// another instance), so there is nothing to subscribe to, and a server render, which keeps no refs,
// need not copy the instance for every component that translates (docs/decisions/012).

const I18nContext = createContext<i18n | null>(null);

export function I18nProvider({ i18n, children }: { i18n: i18n; children: ReactNode }) {
  return <I18nContext value={i18n}>{children}</I18nContext>;
}

type Namespaces = Namespace | readonly [Namespace, ...Namespace[]];
/** i18next's translation function, untyped: the hook gives it its keys' types. */
type Translate = (key: unknown, ...rest: unknown[]) => unknown;

/** One translation function per instance and namespace list, shared by every render. */
const translators = new WeakMap<i18n, Map<string, Translate>>();

function translatorFor(i18n: i18n, namespaces: readonly Namespace[]): Translate {
  let byNamespaces = translators.get(i18n);
  if (!byNamespaces) {
    byNamespaces = new Map();
    translators.set(i18n, byNamespaces);
  }
  const key = namespaces.join(",");
  let t = byNamespaces.get(key);
  if (!t) {
    // Unprefixed keys read the first namespace; the others are named in the key (`errors:…`).
    const namespace = namespaces[0] ?? defaultNamespace;
    t = memoize(i18n, namespace, i18n.getFixedT(null, namespace) as unknown as Translate);
    byNamespaces.set(key, t);
  }
  return t;
}

/** Texts with options kept per translation function, the oldest forgotten first. */
const MAX_TEXTS_WITH_OPTIONS = 1000;

/**
 * A lookup through i18next costs microseconds (tens with interpolation), a hundred times per page,
 * and gives the same text for the same key and options on every render: so a text is looked up
 * once per instance, and a text with options whose values are all strings, numbers or booleans
 * once per instance and values (at most MAX_TEXTS_WITH_OPTIONS of them, since values may be a
 * visitor's). A key not found yet is not kept: a page may still bring its namespace. Development
 * skips this, so every use of a missing key is recorded for the badge.
 */
function memoize(i18n: i18n, namespace: Namespace, t: Translate): Translate {
  if (import.meta.env.DEV) return t;
  const texts = new Map<string, string>();
  const textsWithOptions = new Map<string, string>();
  return (key, ...rest) => {
    if (typeof key !== "string" || rest.length > 1) return t(key, ...rest);
    const [options] = rest;
    const cacheKey = rest.length === 0 ? key : optionsKey(key, options);
    if (cacheKey === undefined) return t(key, ...rest);
    const cache = rest.length === 0 ? texts : textsWithOptions;
    const known = cache.get(cacheKey);
    if (known !== undefined) return known;
    const text = t(key, ...rest);
    if (typeof text !== "string" || !i18n.exists(key, { ns: namespace, ...(options as object) })) {
      return text;
    }
    if (cache === textsWithOptions && cache.size >= MAX_TEXTS_WITH_OPTIONS) {
      const oldest = cache.keys().next().value;
      if (oldest !== undefined) cache.delete(oldest);
    }
    cache.set(cacheKey, text);
    return text;
  };
}

/** The key and its options as one string, or undefined when an option is not a plain value. */
function optionsKey(key: string, options: unknown): string | undefined {
  if (typeof options !== "object" || options === null || Array.isArray(options)) return undefined;
  let cacheKey = key;
  for (const [name, value] of Object.entries(options)) {
    const type = typeof value;
    if (type !== "string" && type !== "number" && type !== "boolean" && value !== undefined) {
      return undefined;
    }
    cacheKey += `\u0000${name}\u0000${type}\u0000${String(value)}`;
  }
  return cacheKey;
}

/** The translation function of the page's language for the given namespaces (default `common`). */
export function useTranslation<const Ns extends Namespaces = typeof defaultNamespace>(
  ns?: Ns,
): { t: TFunction<Ns>; i18n: i18n } {
  const i18n = use(I18nContext) ?? getI18n();
  const namespaces: readonly Namespace[] =
    ns === undefined ? [defaultNamespace] : typeof ns === "string" ? [ns] : ns;
  return { t: translatorFor(i18n, namespaces) as unknown as TFunction<Ns>, i18n };
}

/**
 * For `meta` functions, which run outside React: the page's translation function, in the locale
 * of the root loader's data among the route matches, kept as `useTranslation`'s is.
 */
export function i18nForMatches(matches: Parameters<typeof i18nOfMatches>[0]): { t: i18n["t"] } {
  return { t: translatorFor(i18nOfMatches(matches), [defaultNamespace]) as unknown as i18n["t"] };
}
