import { useId } from "react";
import { Form, Link, useLocation } from "react-router";
import { Button } from "~/platform/ui/button";
import { controlClass } from "~/platform/ui/field";
import { ADMIN_SEARCH_MAX_LENGTH } from "./constants";
import { useTranslation } from "~/platform/i18n";

/** A GET form for `q`: the results are a URL to share or reload, and a new search starts at page 1. */
export function SearchForm({ q, hint }: { q: string; hint: string }) {
  const { t } = useTranslation("admin");
  const { pathname } = useLocation();
  const id = useId();
  return (
    <Form method="get" role="search">
      <label htmlFor={`${id}-q`} className="text-sm font-medium">
        {t("tables.searchLabel")}
      </label>
      <div className="flex flex-wrap items-start gap-2">
        <div className="min-w-0 flex-1 sm:max-w-md">
          <input
            // A new search from the URL (Back, Clear) replaces what the field shows.
            key={q}
            id={`${id}-q`}
            type="search"
            name="q"
            defaultValue={q}
            maxLength={ADMIN_SEARCH_MAX_LENGTH}
            aria-describedby={`${id}-hint`}
            className={controlClass}
          />
        </div>
        <Button type="submit" variant="secondary" className="mt-1">
          {t("tables.searchSubmit")}
        </Button>
        {q ? (
          <Link
            to={pathname}
            className="focus-ring mt-1 rounded-lg px-3 py-2 text-sm font-medium text-brand-700 underline hover:no-underline dark:text-brand-100"
          >
            {t("tables.clearSearch")}
          </Link>
        ) : null}
      </div>
      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        {hint}
      </p>
    </Form>
  );
}
