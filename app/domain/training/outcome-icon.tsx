import { CheckCircle2, CircleAlert } from "lucide-react";

/** The end of a take: a tick when it passed, an alert when it is not passed yet. */
export function OutcomeIcon({ passed }: { passed: boolean }) {
  return passed ? (
    <CheckCircle2 aria-hidden className="mx-auto size-12 text-emerald-600" />
  ) : (
    <CircleAlert aria-hidden className="mx-auto size-12 text-red-600 dark:text-red-400" />
  );
}
