import { data, redirect } from "react-router";
import { UPSELL_PARAM } from "~/platform/i18n";
import { LocaleFormSchema, isLocaleEntitled, serializeLocale } from "~/platform/i18n/index.server";
import { readFormFields } from "~/platform/lib/api.server";
import { parseSubmission, refuse } from "~/platform/lib/reply.server";
import { brand } from "~/platform/lib/brand";
import { safeRedirect } from "~/platform/lib/safe-redirect";
import type { Route } from "./+types/locale";

// SPEC §4: choosing a language saves it (cookie) and reloads in place; a locale outside the
// tenant's entitlements is refused with an upsell naming the region pack it needs. A form posted
// without JavaScript returns to its page, with `?upsell=` when refused, so the header shows why.
export async function action({ request }: Route.ActionArgs) {
  const parsed = parseSubmission(await readFormFields(request), LocaleFormSchema);
  if ("refusal" in parsed) return parsed.refusal;
  const { locale, redirectTo } = parsed.value;
  const back = redirectTo === undefined ? undefined : safeRedirect(redirectTo, brand.homePath);
  if (!isLocaleEntitled(locale)) {
    if (back === undefined) return refuse(403, "forbidden", { refused: locale });
    const url = new URL(back, "http://local");
    url.searchParams.set(UPSELL_PARAM, locale);
    return redirect(url.pathname + url.search + url.hash, 303);
  }
  const headers = { "Set-Cookie": await serializeLocale(locale) };
  if (back !== undefined) return redirect(back, { status: 303, headers });
  return data({ ok: true as const, locale }, { headers });
}

export function loader() {
  return redirect(brand.homePath, 303);
}
