export { joinWaitlistClientAction, type WaitlistJoinResult } from "./join-client-action";
export { WaitlistHost } from "./waitlist-host";
export { WAITLIST_INTENT, WaitlistPageForm } from "./waitlist-page-form";
