// SPEC §2 "Waitlist modal": a global trigger lets any part of the app open it. It lives here, not
// in the waitlist feature, so that a button can open the dialog without loading the dialog's code.
// The waitlist host, which hears the request, records it as `waitlist_trigger` (app/lib may not
// depend on the analytics feature).
export const WAITLIST_OPEN_EVENT = "kestrel:waitlist-open";

export interface WaitlistOpenRequest {
  /** Where the request came from, for analytics (`header`, `login`, …). */
  source: string;
  /** Fills the email field (e.g. an address the pilot login did not let in). */
  email?: string;
}

export function openWaitlist(request: WaitlistOpenRequest): void {
  window.dispatchEvent(
    new CustomEvent<WaitlistOpenRequest>(WAITLIST_OPEN_EVENT, { detail: request }),
  );
}
