import { brand } from "~/platform/lib/brand";
import type { Locale, Region } from "./locales";

// SPEC §3 "App tenant configuration" and §4: the tenant decides which region packs (and so which
// locales) are available, and may name a default locale.
export interface Tenant {
  id: string;
  entitlements: readonly Region[];
  defaultLocale?: Locale;
}

const ENTERPRISE_ENTITLEMENTS: readonly Region[] = ["ca", "sg", "my", "vn", "th"];

export const TENANTS: Record<string, Tenant> = {
  [brand.tenantId]: { id: brand.tenantId, entitlements: ENTERPRISE_ENTITLEMENTS },
  // SPEC §4: tenant id jpl maps to en-CA.
  jpl: { id: "jpl", entitlements: ENTERPRISE_ENTITLEMENTS, defaultLocale: "en-CA" },
};

export function isTenantId(id: string): boolean {
  return Object.hasOwn(TENANTS, id);
}

/** The tenant's configuration; an unknown id gets the product's own tenant. */
export function getTenant(id: string = brand.tenantId): Tenant {
  return TENANTS[id] ?? (TENANTS[brand.tenantId] as Tenant);
}
