import type { ReactNode } from "react";
import { useLocation } from "react-router";

/** A form's way back: the action redirects here when the form was posted without JavaScript. */
export function ReturnHereInput({ name = "redirectTo" }: { name?: string }) {
  const location = useLocation();
  return (
    <input type="hidden" name={name} value={location.pathname + location.search + location.hash} />
  );
}

/** The submit button a select needs when no script submits it on change. */
export function NoScriptSubmit({ children }: { children: ReactNode }) {
  return (
    <noscript>
      <button
        type="submit"
        className="focus-ring rounded-lg border border-slate-300 px-2 py-1.5 text-sm dark:border-slate-600"
      >
        {children}
      </button>
    </noscript>
  );
}
