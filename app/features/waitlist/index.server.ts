export { WAITLIST_LIMITS, WaitlistSchema, type WaitlistSubmission } from "./schema";
export { countWaitlistEntries, recordWaitlistEntry } from "./waitlist.server";
