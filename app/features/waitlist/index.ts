export { WaitlistHost } from "./waitlist-host";
export { WAITLIST_INTENT, WaitlistPageForm } from "./waitlist-page-form";
