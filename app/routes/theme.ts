import { data, href, redirect } from "react-router";
import { ThemeFormSchema, serializeTheme } from "~/platform/shell/theme.server";
import { readFormFields } from "~/platform/lib/api.server";
import { safeRedirect } from "~/platform/lib/safe-redirect";
import type { Route } from "./+types/theme";

export async function action({ request }: Route.ActionArgs) {
  const parsed = ThemeFormSchema.safeParse(await readFormFields(request));
  if (!parsed.success) return data({ ok: false as const }, { status: 400 });
  const headers = { "Set-Cookie": await serializeTheme(parsed.data.theme) };
  // A plain form post (no JavaScript) returns to the page it came from.
  if (parsed.data.redirectTo !== undefined) {
    return redirect(safeRedirect(parsed.data.redirectTo), { status: 303, headers });
  }
  return data({ ok: true as const, theme: parsed.data.theme }, { headers });
}

export function loader() {
  return redirect(href("/"), 303);
}
