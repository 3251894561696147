import { data, redirect } from "react-router";
import { RegionFormSchema, serializeRegion } from "~/platform/i18n/index.server";
import { readFormFields } from "~/platform/lib/api.server";
import { parseSubmission } from "~/platform/lib/reply.server";
import { brand } from "~/platform/lib/brand";
import { safeRedirect } from "~/platform/lib/safe-redirect";
import type { Route } from "./+types/region";

// SPEC §4 "Region": the chosen region is saved (cookie); without JavaScript the form returns to the
// page it came from.
export async function action({ request }: Route.ActionArgs) {
  const parsed = parseSubmission(await readFormFields(request), RegionFormSchema);
  if ("refusal" in parsed) return parsed.refusal;
  const headers = { "Set-Cookie": await serializeRegion(parsed.value.region) };
  if (parsed.value.redirectTo !== undefined) {
    return redirect(safeRedirect(parsed.value.redirectTo, brand.homePath), {
      status: 303,
      headers,
    });
  }
  return data({ ok: true as const, region: parsed.value.region }, { headers });
}

export function loader() {
  return redirect(brand.homePath, 303);
}
