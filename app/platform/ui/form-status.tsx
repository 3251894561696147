import { CheckCircle2, LoaderCircle } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "./button";
import { Card } from "./card";

/** A form-level error (the server failed, too many tries), announced when it appears. */
export function FormAlert({
  id,
  className = "",
  children,
}: {
  id?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <p
      role="alert"
      id={id}
      className={`rounded-lg bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200 ${className}`}
    >
      {children}
    </p>
  );
}

/** The submit button: disabled, with a spinner and its own wording, while the form is sent. */
export function SubmitButton({
  pending,
  pendingLabel,
  disabled = false,
  className,
  children,
}: {
  pending: boolean;
  pendingLabel: string;
  disabled?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Button type="submit" disabled={disabled || pending} className={className}>
      {pending ? (
        <>
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
          {pendingLabel}
        </>
      ) : (
        children
      )}
    </Button>
  );
}

/** The screen that replaces a form once it is sent: a check mark, a title, then what comes next. */
export function SuccessCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-16 sm:px-6">
      <Card className="text-center" role="status">
        <CheckCircle2 aria-hidden="true" className="mx-auto size-12 text-emerald-600" />
        <h1 className="mt-4 text-2xl font-bold">{title}</h1>
        {children}
      </Card>
    </div>
  );
}
