import { Download } from "lucide-react";
import { useId } from "react";
import { href } from "react-router";
import { buttonClasses } from "~/platform/ui/button";
import { type Column, DataTable } from "~/platform/ui/data-table";
import type { AdminDataset } from "./datasets";
import { formatAdminCount } from "./format";
import type { AdminPage } from "./list-query";
import { Pagination } from "./pagination";
import { SearchForm } from "./search-form";
import { useTranslation } from "~/platform/i18n";

/**
 * A list page of the admin area: heading, CSV download of everything the search matches, the
 * search, the count, then the page of rows (or why there are none) and the way to other pages.
 */
export function AdminList<Row extends { id: number }>({
  dataset,
  heading,
  caption,
  searchHint,
  empty,
  columns,
  list,
}: {
  dataset: AdminDataset;
  heading: string;
  caption: string;
  searchHint: string;
  /** Shown when the dataset has no rows at all. */
  empty: string;
  columns: readonly Column<Row>[];
  list: AdminPage<Row>;
}) {
  const { t } = useTranslation("admin");
  const headingId = useId();
  const { q, page, pageCount, total } = list;
  const exportUrl =
    href("/admin/export/:dataset", { dataset: `${dataset}.csv` }) +
    (q ? `?${new URLSearchParams({ q })}` : "");
  return (
    <section aria-labelledby={headingId}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-2xl font-bold tracking-tight">
          {heading}
        </h2>
        <a href={exportUrl} download className={buttonClasses("secondary")}>
          <Download aria-hidden="true" className="size-4" />
          {q ? t("tables.downloadMatches") : t("tables.download")}
        </a>
      </div>
      <div className="mt-4">
        <SearchForm q={q} hint={searchHint} />
      </div>
      <p role="status" className="mt-4 text-sm text-slate-700 dark:text-slate-300">
        {q
          ? t("tables.matches", { count: formatAdminCount(total), q })
          : t("tables.total", { count: formatAdminCount(total) })}
      </p>
      {list.rows.length === 0 ? (
        <p className="mt-4 rounded-2xl border border-dashed border-slate-300 p-8 text-center text-slate-700 dark:border-slate-700 dark:text-slate-300">
          {q ? t("tables.noMatches", { q }) : empty}
        </p>
      ) : (
        <div className="mt-4">
          <DataTable
            caption={t("tables.caption", { caption, page, pageCount })}
            columns={columns}
            rows={list.rows}
            none={t("tables.none")}
          />
          <Pagination
            kept={new URLSearchParams(q ? { q } : {})}
            page={page}
            pageCount={pageCount}
          />
        </div>
      )}
    </section>
  );
}
