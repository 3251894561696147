// SPEC §4 "Theme": dark by default, remembered under one storage key.
// No schema library here: this module ships to the browser on every page.
export const THEME_COOKIE = "kestrel-theme";
export const THEMES = ["dark", "light"] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = "dark";

export function isTheme(value: unknown): value is Theme {
  return THEMES.includes(value as Theme);
}

export function otherTheme(theme: Theme): Theme {
  return theme === "dark" ? "light" : "dark";
}
