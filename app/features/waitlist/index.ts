export { openWaitlist, type WaitlistOpenRequest } from "./trigger";
export { WaitlistHost } from "./waitlist-host";
