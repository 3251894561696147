export { countWaitlistEntries, recordWaitlistEntry } from "./waitlist.server";
