import { Check } from "lucide-react";
import type { ReactNode } from "react";
import { useLocation } from "react-router";

/** A form's way back: the action redirects here when the form was posted without JavaScript. */
export function ReturnHereInput({ name = "redirectTo" }: { name?: string }) {
  const location = useLocation();
  return (
    <input type="hidden" name={name} value={location.pathname + location.search + location.hash} />
  );
}

/**
 * The submit button a select needs when no script submits it on change. `compact`: on a phone it
 * shows a tick and keeps its words for screen readers (the header has no room for them).
 */
export function NoScriptSubmit({
  children,
  compact = false,
}: {
  children: ReactNode;
  compact?: boolean;
}) {
  return (
    <noscript>
      <button
        type="submit"
        className="focus-ring inline-flex items-center gap-1 rounded-lg border border-slate-300 px-2 py-1.5 text-sm dark:border-slate-600"
      >
        {compact && <Check aria-hidden="true" className="size-4 sm:hidden" />}
        <span className={compact ? "max-sm:sr-only" : undefined}>{children}</span>
      </button>
    </noscript>
  );
}
