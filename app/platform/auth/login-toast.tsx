import { CheckCircle2 } from "lucide-react";
import { useEffect, useState } from "react";
import { LOGIN_TOAST_MS } from "./constants";

/** SPEC §9: a toast that leaves after 2.6 s. */
export function LoginToast({ message }: { message: string }) {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(false), LOGIN_TOAST_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div aria-live="polite" className="fixed right-4 bottom-4 z-40">
      {visible ? (
        <p
          role="status"
          className="flex items-center gap-2 rounded-lg bg-slate-900 px-4 py-3 text-sm text-white shadow-lg dark:bg-slate-100 dark:text-slate-900"
        >
          <CheckCircle2 aria-hidden="true" className="size-4" />
          {message}
        </p>
      ) : null}
    </div>
  );
}
