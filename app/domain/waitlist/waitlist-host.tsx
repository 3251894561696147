import { Suspense, lazy, useEffect, useRef, useState } from "react";
import { track } from "~/platform/analytics";
import { WAITLIST_OPEN_EVENT, type WaitlistOpenRequest } from "~/platform/lib/waitlist-trigger";

// The dialog, its form library and its schema load on the first open, not with every page.
const WaitlistDialog = lazy(() => import("./waitlist-dialog"));

/** Mounted once in the layout: opens the waitlist dialog whenever `openWaitlist` is called. */
export function WaitlistHost() {
  const [request, setRequest] = useState<WaitlistOpenRequest | null>(null);
  const [open, setOpen] = useState(false);
  // Radix returns focus to its own trigger; ours can be any button, so remember it.
  const returnFocus = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const onOpen = (event: Event) => {
      const detail = (event as CustomEvent<WaitlistOpenRequest>).detail;
      returnFocus.current =
        document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setRequest(detail);
      setOpen(true);
      track("waitlist_trigger", { source: detail.source });
      track("waitlist_open", { source: detail.source });
    };
    window.addEventListener(WAITLIST_OPEN_EVENT, onOpen);
    return () => window.removeEventListener(WAITLIST_OPEN_EVENT, onOpen);
  }, []);

  if (!request) return null;
  return (
    <Suspense>
      <WaitlistDialog
        key={`${request.source}:${request.email ?? ""}`}
        open={open}
        onOpenChange={setOpen}
        initialEmail={request.email}
        onClosed={() => {
          // The opener may be gone (a form that gave way to a message): focus the page instead,
          // before the dialog's fields leave, so none of them is blurred after its form is gone.
          const opener = returnFocus.current;
          (opener?.isConnected ? opener : document.getElementById("main"))?.focus();
        }}
      />
    </Suspense>
  );
}
