export { WAITLIST_LIMITS, WaitlistSchema, type WaitlistSubmission } from "./schema";
export {
  WAITLIST_RATE_LIMITS,
  joinWaitlistByForm,
  submitWaitlist,
  type WaitlistOutcome,
} from "./submit.server";
export {
  WAITLIST_ENTRY_COLUMNS,
  countWaitlistEntries,
  listAllWaitlistEntries,
  listWaitlistEntries,
  recordWaitlistEntry,
  type WaitlistEntryRow,
} from "./waitlist.server";
