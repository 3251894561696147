import type { ReactNode } from "react";

export const controlClass =
  "focus-ring mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 aria-[invalid=true]:border-red-600 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100";

/** A labelled form control with its optional marker, hint and error (linked by id). */
export function Field({
  label,
  htmlFor,
  error,
  errorId,
  optional,
  hint,
  children,
}: {
  label: string;
  htmlFor: string;
  error?: string | null;
  errorId?: string;
  /** Shown beside the label for a field that may stay empty (e.g. "Optional"). */
  optional?: string;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={htmlFor} className="text-sm font-medium">
        {label}
        {optional ? (
          <span className="ml-1 font-normal text-slate-500 dark:text-slate-400">({optional})</span>
        ) : null}
      </label>
      {children}
      {hint ? <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{hint}</p> : null}
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
