import { data, href, redirect } from "react-router";
import { ThemeFormSchema, serializeTheme } from "~/platform/shell/theme.server";
import { readFormFields } from "~/platform/lib/api.server";
import { parseSubmission } from "~/platform/lib/reply.server";
import { safeRedirect } from "~/platform/lib/safe-redirect";
import type { Route } from "./+types/theme";

export async function action({ request }: Route.ActionArgs) {
  const parsed = parseSubmission(await readFormFields(request), ThemeFormSchema);
  if ("refusal" in parsed) return parsed.refusal;
  const headers = { "Set-Cookie": await serializeTheme(parsed.value.theme) };
  // A plain form post (no JavaScript) returns to the page it came from.
  if (parsed.value.redirectTo !== undefined) {
    return redirect(safeRedirect(parsed.value.redirectTo), { status: 303, headers });
  }
  return data({ ok: true as const, theme: parsed.value.theme }, { headers });
}

export function loader() {
  return redirect(href("/"), 303);
}
