import { useTranslation } from "~/platform/i18n";
import { DataTable } from "~/platform/ui/data-table";
import { CitedText, SourceNotes } from "./cited-text";
import type { SourceNote, StepView, TableView } from "./types";

const KIND_LABELS = {
  introduction: "module.introduction",
  keyConcepts: "module.keyConcepts",
  practicalApplication: "module.practicalApplication",
} as const;

/**
 * A step's records: a table with its caption shown, each row as the content gives it; a cell
 * citing sources shows them as the step's note numbers.
 */
export function RecordsTable({
  table,
  notes = [],
  scope = "",
}: {
  table: TableView;
  notes?: readonly SourceNote[];
  scope?: string;
}) {
  const columns = table.columns.map((header, index) => ({
    key: String(index),
    header,
    cell: (row: { cells: string[] }) => (
      <CitedText text={row.cells[index] ?? ""} notes={notes} scope={scope} />
    ),
  }));
  return (
    <div className="mt-4">
      <DataTable
        caption={table.caption}
        showCaption
        columns={columns}
        rows={table.rows.map((cells, id) => ({ id, cells }))}
      />
    </div>
  );
}

/** A step's teaching: its heading, paragraphs, worked example and records. */
export function StepContent({ step }: { step: StepView }) {
  const { t } = useTranslation("training");
  const heading = step.kind === "scenario" ? step.title : t(KIND_LABELS[step.kind]);
  return (
    <section className="mt-2" aria-labelledby={`step-${step.id}`}>
      <h2 id={`step-${step.id}`} tabIndex={-1} className="text-2xl font-bold focus:outline-none">
        {heading}
      </h2>
      {step.kind !== "scenario" && step.title && (
        <p className="mt-1 text-lg font-medium text-slate-700 dark:text-slate-300">{step.title}</p>
      )}
      <div className="mt-4 space-y-4 leading-relaxed">
        {step.body.map((paragraph, index) => (
          <p key={index}>
            <CitedText text={paragraph} notes={step.sources} scope={step.id} />
          </p>
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
        <RecordsTable key={table.caption} table={table} notes={step.sources} scope={step.id} />
      ))}
      <SourceNotes notes={step.sources} scope={step.id} />
    </section>
  );
}
