import type { FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";

export const controlClass =
  "focus-ring mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 aria-[invalid=true]:border-red-600 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100";

interface FieldProps {
  label: string;
  htmlFor: string;
  error?: string | null;
  errorId?: string;
  /** Shown beside the label for a field that may stay empty (e.g. "Optional"). */
  optional?: string;
  hint?: ReactNode;
  children: ReactNode;
}

/** A field's error under its control, with the id the control's aria-describedby names. */
export function FieldError({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-1 text-sm text-red-700 dark:text-red-400">
      {children}
    </p>
  );
}

/** A labelled form control with its optional marker, hint and error (linked by id). */
export function Field({ label, htmlFor, error, errorId, optional, hint, children }: FieldProps) {
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
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </div>
  );
}

/** What `FormField` reads from a Conform field (`fields.email` of `useForm`). */
export type ConformField = Pick<FieldMetadata<unknown>, "id" | "errors" | "errorId">;

/** Turns a field's errors into the text to show: `useFieldMessage()` of `~/platform/i18n`. */
export type FieldMessage = (errors: readonly string[] | undefined) => string | null;

/**
 * A `Field` bound to a Conform field: the label names the field's control, and its first error is
 * shown under the id its control's aria-describedby names (Conform's errorId).
 *
 * The UI kit may not import a platform feature (lint: kestrel/boundaries), so the form passes the
 * translator from `useFieldMessage()` as `message`.
 */
export function FormField({
  field,
  message,
  ...rest
}: Omit<FieldProps, "htmlFor" | "error" | "errorId"> & {
  field: ConformField;
  message: FieldMessage;
}) {
  return (
    <Field {...rest} htmlFor={field.id} error={message(field.errors)} errorId={field.errorId} />
  );
}
