import type { ReactNode, TextareaHTMLAttributes } from "react";

/**
 * A text box with its character count under it, and a hint beside the count; both are named by
 * the box's aria-describedby (`<id>-count`, `<id>-hint`). The form words the count (`count`) and
 * says when it is over the limit (`over`), since the kit may not translate.
 */
export function CountedTextarea({
  id,
  count,
  over = false,
  hint,
  className = "",
  "aria-describedby": describedBy,
  ...props
}: TextareaHTMLAttributes<HTMLTextAreaElement> & {
  id: string;
  count: string;
  over?: boolean;
  hint?: ReactNode;
}) {
  const hintId = hint ? `${id}-hint` : undefined;
  const countId = `${id}-count`;
  return (
    <>
      <textarea
        id={id}
        aria-describedby={[hintId, countId, describedBy].filter(Boolean).join(" ")}
        className={`focus-ring mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 dark:border-slate-600 dark:bg-slate-900 ${className}`}
        {...props}
      />
      <div className="mt-1 flex justify-between gap-3 text-sm">
        {hint ? (
          <span id={hintId} className="text-slate-600 dark:text-slate-400">
            {hint}
          </span>
        ) : (
          <span />
        )}
        <span
          id={countId}
          className={
            over
              ? "font-semibold text-red-800 dark:text-red-300"
              : "text-slate-600 dark:text-slate-400"
          }
        >
          {count}
        </span>
      </div>
    </>
  );
}
