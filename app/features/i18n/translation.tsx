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

/** One translation function per instance and namespace list, shared by every render. */
const translators = new WeakMap<i18n, Map<string, TFunction<Namespaces>>>();

function translatorFor(i18n: i18n, namespaces: readonly Namespace[]): TFunction<Namespaces> {
  let byNamespaces = translators.get(i18n);
  if (!byNamespaces) {
    byNamespaces = new Map();
    translators.set(i18n, byNamespaces);
  }
  const key = namespaces.join(",");
  let t = byNamespaces.get(key);
  if (!t) {
    // Unprefixed keys read the first namespace; the others are named in the key (`errors:…`).
    t = i18n.getFixedT(null, namespaces[0] ?? defaultNamespace) as TFunction<Namespaces>;
    byNamespaces.set(key, t);
  }
  return t;
}

/** The translation function of the page's language for the given namespaces (default `common`). */
export function useTranslation<const Ns extends Namespaces = typeof defaultNamespace>(
  ns?: Ns,
): { t: TFunction<Ns>; i18n: i18n } {
  const i18n = use(I18nContext) ?? getI18n();
  const namespaces: readonly Namespace[] =
    ns === undefined ? [defaultNamespace] : typeof ns === "string" ? [ns] : ns;
  return { t: translatorFor(i18n, namespaces) as TFunction<Ns>, i18n };
}
