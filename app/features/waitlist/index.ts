export { WAITLIST_LIMITS, WaitlistSchema, type WaitlistSubmission } from "./schema";
