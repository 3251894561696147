import { data, redirect } from "react-router";
import { RegionFormSchema, serializeRegion } from "~/platform/i18n/index.server";
import { readFormFields } from "~/platform/lib/api.server";
import { brand } from "~/platform/lib/brand";
import { safeRedirect } from "~/platform/lib/safe-redirect";
import type { Route } from "./+types/region";

// SPEC §4 "Region": the chosen region is saved (cookie); without JavaScript the form returns to the
// page it came from.
export async function action({ request }: Route.ActionArgs) {
  const parsed = RegionFormSchema.safeParse(await readFormFields(request));
  if (!parsed.success) return data({ ok: false as const }, { status: 400 });
  const headers = { "Set-Cookie": await serializeRegion(parsed.data.region) };
  if (parsed.data.redirectTo !== undefined) {
    return redirect(safeRedirect(parsed.data.redirectTo, brand.homePath), { status: 303, headers });
  }
  return data({ ok: true as const, region: parsed.data.region }, { headers });
}

export function loader() {
  return redirect(brand.homePath, 303);
}
