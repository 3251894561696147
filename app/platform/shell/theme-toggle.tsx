import { Moon, Sun } from "lucide-react";
import { href, useFetcher } from "react-router";
import { ReturnHereInput } from "~/platform/ui/form-fallbacks";
import { type Theme, isTheme, otherTheme } from "./theme";
import { useTranslation } from "~/platform/i18n";

export const THEME_FETCHER_KEY = "theme";

/** The theme in effect, including a change that is still being saved. */
export function useOptimisticTheme(saved: Theme): Theme {
  const fetcher = useFetcher({ key: THEME_FETCHER_KEY });
  const pending = fetcher.formData?.get("theme");
  return isTheme(pending) ? pending : saved;
}

/**
 * A form, so it works before JavaScript loads (post, cookie, redirect back); with JavaScript it
 * switches in place.
 */
export function ThemeToggle({ theme }: { theme: Theme }) {
  const { t } = useTranslation("header");
  const fetcher = useFetcher({ key: THEME_FETCHER_KEY });
  const next = otherTheme(theme);
  const label = next === "dark" ? t("theme.toDark") : t("theme.toLight");

  return (
    <fetcher.Form
      method="post"
      action={href("/theme")}
      onSubmit={(event) => {
        event.preventDefault();
        void fetcher.submit({ theme: next }, { method: "post", action: href("/theme") });
      }}
    >
      <input type="hidden" name="theme" value={next} />
      <ReturnHereInput />
      <button
        type="submit"
        aria-label={label}
        title={label}
        className="focus-ring rounded-lg p-2 text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
      >
        {theme === "dark" ? (
          <Sun aria-hidden="true" className="size-5" />
        ) : (
          <Moon aria-hidden="true" className="size-5" />
        )}
      </button>
    </fetcher.Form>
  );
}
