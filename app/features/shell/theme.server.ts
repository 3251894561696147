import { createCookie } from "react-router";
import { DEFAULT_THEME, THEME_COOKIE, type Theme, ThemeSchema } from "./theme";

const themeCookie = createCookie(THEME_COOKIE, {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
});

export async function getTheme(request: Request): Promise<Theme> {
  const value: unknown = await themeCookie.parse(request.headers.get("Cookie"));
  const parsed = ThemeSchema.safeParse(value);
  return parsed.success ? parsed.data : DEFAULT_THEME;
}

export function serializeTheme(theme: Theme): Promise<string> {
  return themeCookie.serialize(theme);
}
