import { z } from "zod";

// SPEC §4 "Theme": dark by default, remembered under one storage key.
export const THEME_COOKIE = "kestrel-theme";
export const DEFAULT_THEME = "dark";
export const ThemeSchema = z.enum(["dark", "light"]);
export type Theme = z.infer<typeof ThemeSchema>;

export const ThemeFormSchema = z.object({
  theme: ThemeSchema,
  redirectTo: z.string().optional(),
});

export function otherTheme(theme: Theme): Theme {
  return theme === "dark" ? "light" : "dark";
}
