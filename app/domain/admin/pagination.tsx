import { useLocation } from "react-router";
import { ButtonLink } from "~/platform/ui/button";
import { useTranslation } from "~/platform/i18n";

/** Previous and Next links that keep the search (`kept`: the query without its page), around "Page X of Y". */
export function Pagination({
  kept,
  page,
  pageCount,
}: {
  kept: URLSearchParams;
  page: number;
  pageCount: number;
}) {
  const { t } = useTranslation("admin");
  const { pathname } = useLocation();
  const to = (target: number) => {
    const params = new URLSearchParams(kept);
    params.delete("page");
    if (target > 1) params.set("page", String(target));
    const search = params.toString();
    return { pathname, search: search ? `?${search}` : "" };
  };
  return (
    <nav
      aria-label={t("tables.pagination")}
      className="mt-4 flex flex-wrap items-center justify-between gap-3"
    >
      {page > 1 ? (
        <ButtonLink to={to(page - 1)} rel="prev" variant="secondary">
          {t("tables.previous")}
        </ButtonLink>
      ) : (
        <span />
      )}
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {t("tables.pageOf", { page, pageCount })}
      </p>
      {page < pageCount ? (
        <ButtonLink to={to(page + 1)} rel="next" variant="secondary">
          {t("tables.next")}
        </ButtonLink>
      ) : (
        <span />
      )}
    </nav>
  );
}
