import { type ReactNode, useId } from "react";

export interface Column<Row> {
  /** Unique among the table's columns. */
  key: string;
  header: string;
  cell: (row: Row) => ReactNode;
  className?: string;
}

/** An empty value: a dash to see, and `label` (e.g. "None") to hear. */
export function NoValue({ label }: { label: string }) {
  return (
    <>
      <span aria-hidden="true" className="text-slate-500 dark:text-slate-400">
        —
      </span>
      <span className="sr-only">{label}</span>
    </>
  );
}

/**
 * A table of rows under a caption. It scrolls sideways on narrow screens, so the scrolling region
 * takes keyboard focus and is named by the caption. A cell whose value is empty shows `NoValue`
 * with `none`, the word for it in the page's language (the UI kit cannot translate: it may not
 * import ~/platform/i18n).
 */
export function DataTable<Row extends { id: number }>({
  caption,
  columns,
  rows,
  none,
}: {
  caption: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  /** Read out for an empty cell, e.g. "None". */
  none: string;
}) {
  const captionId = useId();
  return (
    <div
      role="region"
      aria-labelledby={captionId}
      // A region that scrolls must be reachable by keyboard (WCAG 2.1.1, axe
      // scrollable-region-focusable), and a list page may hold no other focusable cell.
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      className="focus-ring overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <table className="min-w-full text-left text-sm">
        <caption id={captionId} className="sr-only">
          {caption}
        </caption>
        <thead className="border-b border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-950">
          <tr>
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                className="px-3 py-2 font-semibold whitespace-nowrap text-slate-700 dark:text-slate-200"
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
          {rows.map((row) => (
            <tr key={row.id}>
              {columns.map((column) => {
                const value = column.cell(row);
                return (
                  <td key={column.key} className={`px-3 py-2 align-top ${column.className ?? ""}`}>
                    {value === null || value === undefined || value === "" ? (
                      <NoValue label={none} />
                    ) : (
                      value
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
