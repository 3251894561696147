import { createCookie } from "react-router";
import { z } from "~/platform/lib/zod";
import { EnvError, getEnv, usesHttps } from "~/platform/lib/env.server";
import { addEnglishNamespaces, loadDictionaries } from "./i18n";
import { dictionaryFromFiles } from "./namespaces";
import {
  LOCALES,
  LOCALE_REGION,
  DEFAULT_REGION,
  type Locale,
  REGIONS,
  type Region,
  isLocaleAllowed,
  isRegion,
  parseAcceptLanguage,
  resolveLocale,
} from "./locales";
import { ensureRegionPacks } from "./region-pack.server";
import { TENANTS, type Tenant, getTenant, isTenantId } from "./tenants";

// The server renders every page, so it holds every English namespace.
addEnglishNamespaces(
  dictionaryFromFiles(
    import.meta.glob("../../../locales/en/*.json", { eager: true, import: "default" }),
  ),
);

// SPEC §4: the chosen locale and region are remembered; cookies, so the server renders the first
// HTML in the right language with no flash of English.
const YEAR = 60 * 60 * 24 * 365;
const localeCookie = createCookie("kestrel-locale", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: YEAR,
});
const regionCookie = createCookie("kestrel-region", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: YEAR,
});

const redirectTo = z.string().max(2048).optional();

export const LocaleFormSchema = z.object({
  locale: z.enum(LOCALES, { error: "Unknown language" }),
  redirectTo,
});

export const RegionFormSchema = z.object({
  region: z.enum(REGIONS, { error: "Unknown region" }),
  redirectTo,
});

/** The configured tenant; an id with no configuration is a start-up error, not a silent default. */
export function getCurrentTenant(): Tenant {
  const { TENANT_ID } = getEnv();
  if (!isTenantId(TENANT_ID)) {
    const known = Object.keys(TENANTS).join(", ");
    throw new EnvError([
      `TENANT_ID: no tenant configuration named "${TENANT_ID}" (known: ${known})`,
    ]);
  }
  return getTenant(TENANT_ID);
}

export interface LocaleState {
  locale: Locale;
  region: Region;
  /** The visitor chose the region, or a language that names one: not the tenant's default. */
  regionChosen: boolean;
  tenantId: string;
  entitlements: readonly Region[];
}

/** SPEC §4: cookie, then tenant default, then `Accept-Language`; the region from its cookie or the locale. */
export async function getLocaleState(request: Request): Promise<LocaleState> {
  const tenant = getCurrentTenant();
  const cookies = request.headers.get("Cookie");
  const stored: unknown = await localeCookie.parse(cookies);
  const locale = resolveLocale({
    stored: typeof stored === "string" ? stored : null,
    tenantDefault: tenant.defaultLocale,
    browserLanguages: parseAcceptLanguage(request.headers.get("Accept-Language")),
    entitlements: tenant.entitlements,
  });
  const storedRegion: unknown = await regionCookie.parse(cookies);
  const region = isRegion(storedRegion) ? storedRegion : (LOCALE_REGION[locale] ?? DEFAULT_REGION);
  // What a visitor who said nothing gets: any other locale was chosen (cookie or browser).
  const unchosen = resolveLocale({
    stored: null,
    tenantDefault: tenant.defaultLocale,
    entitlements: tenant.entitlements,
  });
  const regionChosen = isRegion(storedRegion) || locale !== unchosen;
  await Promise.all([ensureRegionPacks(), loadDictionaries(locale)]);
  return { locale, region, regionChosen, tenantId: tenant.id, entitlements: tenant.entitlements };
}

export function isLocaleEntitled(locale: Locale): boolean {
  return isLocaleAllowed(locale, getCurrentTenant().entitlements);
}

export function serializeLocale(locale: Locale): Promise<string> {
  return localeCookie.serialize(locale, { secure: usesHttps() });
}

export function serializeRegion(region: Region): Promise<string> {
  return regionCookie.serialize(region, { secure: usesHttps() });
}
