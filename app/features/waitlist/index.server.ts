export { WAITLIST_LIMITS, WaitlistSchema, type WaitlistSubmission } from "./schema";
export {
  WAITLIST_RATE_LIMITS,
  joinWaitlistByForm,
  submitWaitlist,
  type WaitlistOutcome,
} from "./submit.server";
export { countWaitlistEntries, recordWaitlistEntry } from "./waitlist.server";
