import { createCookie } from "react-router";
import { z } from "~/platform/lib/zod";
import { usesHttps } from "~/platform/lib/env.server";
import { DEFAULT_THEME, THEMES, THEME_COOKIE, type Theme, isTheme } from "./theme";

export const ThemeFormSchema = z.object({
  theme: z.enum(THEMES),
  redirectTo: z.string().optional(),
});

const themeCookie = createCookie(THEME_COOKIE, {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
});

export async function getTheme(request: Request): Promise<Theme> {
  const value: unknown = await themeCookie.parse(request.headers.get("Cookie"));
  return isTheme(value) ? value : DEFAULT_THEME;
}

export function serializeTheme(theme: Theme): Promise<string> {
  return themeCookie.serialize(theme, { secure: usesHttps() });
}
