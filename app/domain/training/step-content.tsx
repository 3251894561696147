import { useTranslation } from "~/platform/i18n";
import type { StepView, TableView } from "./types";

const KIND_LABELS = {
  introduction: "module.introduction",
  keyConcepts: "module.keyConcepts",
  practicalApplication: "module.practicalApplication",
} as const;

export function RecordsTable({ table }: { table: TableView }) {
  return (
    // A wide table scrolls; the scrolling region takes focus so a keyboard can scroll it too
    // (axe "scrollable-region-focusable").
    <div
      className="focus-ring mt-4 overflow-x-auto rounded-xl border border-slate-200 dark:border-slate-700"
      role="region"
      aria-label={table.caption}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
    >
      <table className="w-full min-w-max text-left text-sm">
        <caption className="p-3 text-left font-semibold">{table.caption}</caption>
        <thead className="bg-slate-50 dark:bg-slate-800">
          <tr>
            {table.columns.map((column) => (
              <th key={column} scope="col" className="px-3 py-2 font-semibold">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, index) => (
            <tr key={index} className="border-t border-slate-200 dark:border-slate-700">
              {row.map((cell, column) => (
                <td key={column} className="px-3 py-2">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A step's teaching: its heading, paragraphs, worked example and records. */
export function StepContent({ step }: { step: StepView }) {
  const { t } = useTranslation("training");
  const heading = step.kind === "scenario" ? step.title : t(KIND_LABELS[step.kind]);
  return (
    <section className="mt-2" aria-labelledby={`step-${step.id}`}>
      <h2 id={`step-${step.id}`} className="text-2xl font-bold">
        {heading}
      </h2>
      {step.kind !== "scenario" && step.title && (
        <p className="mt-1 text-lg font-medium text-slate-700 dark:text-slate-300">{step.title}</p>
      )}
      <div className="mt-4 space-y-4 leading-relaxed">
        {step.body.map((paragraph, index) => (
          <p key={index}>{paragraph}</p>
        ))}
      </div>
      {step.example && (
        <aside className="mt-6 rounded-xl border-l-4 border-brand-600 bg-slate-50 p-4 dark:bg-slate-800">
          <p className="font-semibold">
            {t("module.example")}: {step.example.title}
          </p>
          <div className="mt-2 space-y-3">
            {step.example.body.map((paragraph, index) => (
              <p key={index}>{paragraph}</p>
            ))}
          </div>
        </aside>
      )}
      {step.records.map((table) => (
        <RecordsTable key={table.caption} table={table} />
      ))}
    </section>
  );
}
