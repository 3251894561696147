import { type ReactNode, useId } from "react";

export interface Column<Row> {
  /** Unique among the table's columns. */
  key: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** Classes for the column's cells (not its header). */
  className?: string;
  /** Where the header and cells sit: "end" for figures. */
  align?: "start" | "end";
  /** The cell names its row: a `<th scope="row">` rather than a `<td>`. */
  rowHeader?: boolean;
  /** The header is read out but not shown, e.g. over a column of buttons. */
  hideHeader?: boolean;
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
 * How a table is named: by its own caption (hidden unless `showCaption`), or, where a heading just
 * above already says what it holds, by that heading's id.
 */
type Naming =
  | { caption: string; showCaption?: boolean; labelledBy?: never }
  | { labelledBy: string; caption?: never; showCaption?: never };

/**
 * "card" frames the table on its own; "compact" is a plain table for inside a card or a section,
 * with tighter cells and a rule under each row.
 */
export type DataTableVariant = "card" | "compact";

const STYLES = {
  card: {
    region:
      "rounded-2xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900",
    table: "min-w-full",
    caption: "p-3",
    head: "border-b border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-950",
    header: "px-3 py-2 whitespace-nowrap text-slate-700 dark:text-slate-200",
    body: "divide-y divide-slate-200 dark:divide-slate-800",
    row: "",
    cell: "px-3 py-2",
  },
  compact: {
    region: "",
    table: "w-full",
    caption: "pb-2",
    head: "border-b border-slate-200 dark:border-slate-700",
    header: "py-2 pr-4 last:pr-0",
    body: "",
    row: "border-b border-slate-100 dark:border-slate-800",
    cell: "py-2 pr-4 last:pr-0",
  },
} as const;

const ALIGN = { start: "text-left", end: "text-right" } as const;

/** The classes given, without the empty ones. */
const classes = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(" ");

/**
 * A table of rows under a caption. It scrolls sideways on narrow screens, so the scrolling region
 * takes keyboard focus and is named as the table is. A cell whose value is empty shows `NoValue`
 * with `none`, the word for it in the page's language (the UI kit cannot translate: it may not
 * import ~/platform/i18n); without `none` it stays empty.
 */
export function DataTable<Row extends { id: number | string }>({
  caption,
  showCaption = false,
  labelledBy,
  columns,
  rows,
  footer,
  none,
  variant = "card",
  "data-testid": testId,
}: Naming & {
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  /** A last row under the others (a total, say), laid out by the same columns. */
  footer?: Row;
  /** Read out for an empty cell, e.g. "None". */
  none?: string;
  variant?: DataTableVariant;
  /** On the `<table>`. */
  "data-testid"?: string;
}) {
  const captionId = useId();
  const nameId = labelledBy ?? captionId;
  const style = STYLES[variant];

  const renderRow = (row: Row, inFooter: boolean) =>
    columns.map((column) => {
      const value = column.cell(row);
      const empty = value === null || value === undefined || value === "";
      const content = empty && none !== undefined ? <NoValue label={none} /> : value;
      const className = classes(
        style.cell,
        "align-top",
        ALIGN[column.align ?? "start"],
        column.rowHeader && !inFooter && "font-medium",
        column.className,
      );
      return column.rowHeader ? (
        <th key={column.key} scope="row" className={className}>
          {content}
        </th>
      ) : (
        <td key={column.key} className={className}>
          {content}
        </td>
      );
    });

  return (
    <div
      role="region"
      aria-labelledby={nameId}
      // A region that scrolls must be reachable by keyboard (WCAG 2.1.1, axe
      // scrollable-region-focusable), and a list page may hold no other focusable cell.
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      // Positioned, so what is hidden for sight only (sr-only captions and words, absolutely placed)
      // is held inside the scrolling region rather than widening the page.
      className={classes("focus-ring relative overflow-x-auto", style.region)}
    >
      <table
        className={classes(style.table, "text-left text-sm")}
        aria-labelledby={labelledBy}
        data-testid={testId}
      >
        {caption === undefined ? null : (
          <caption
            id={captionId}
            className={showCaption ? classes(style.caption, "text-left font-semibold") : "sr-only"}
          >
            {caption}
          </caption>
        )}
        <thead className={style.head}>
          <tr>
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                className={classes(style.header, "font-semibold", ALIGN[column.align ?? "start"])}
              >
                {column.hideHeader ? (
                  <span className="sr-only">{column.header}</span>
                ) : (
                  column.header
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={style.body || undefined}>
          {rows.map((row) => (
            <tr key={row.id} className={style.row || undefined}>
              {renderRow(row, false)}
            </tr>
          ))}
        </tbody>
        {footer === undefined ? null : (
          <tfoot>
            <tr className="border-t-2 border-slate-300 font-bold dark:border-slate-600">
              {renderRow(footer, true)}
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}
