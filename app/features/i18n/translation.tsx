import type { TFunction, i18n } from "i18next";
import { type ReactNode, createContext, use } from "react";
import { type Namespace, defaultNamespace, getI18n } from "./i18n";

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

/**
 * A lookup through i18next costs microseconds, a hundred times per page; a text without options is
 * the same on every render, so it is looked up once per instance. A key not found yet is not kept:
 * a page may still bring its namespace. Development skips this, so every use of a missing key is
 * recorded for the badge.
 */
function memoize(i18n: i18n, namespace: Namespace, t: Translate): Translate {
  if (import.meta.env.DEV) return t;
  const texts = new Map<string, string>();
  return (key, ...rest) => {
    if (rest.length > 0 || typeof key !== "string") return t(key, ...rest);
    const known = texts.get(key);
    if (known !== undefined) return known;
    const text = t(key);
    if (typeof text === "string" && i18n.exists(key, { ns: namespace })) texts.set(key, text);
    return text;
  };
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
