export { joinWaitlist, type WaitlistJoinResult } from "./join";
export { WaitlistHost } from "./waitlist-host";
export { WAITLIST_INTENT, WaitlistPageForm } from "./waitlist-page-form";
