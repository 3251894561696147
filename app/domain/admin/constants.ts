// The admin area's limits, in one place.
export const ADMIN_PAGE_SIZE = 25;
export { ADMIN_SEARCH_MAX_LENGTH } from "~/platform/lib/listing";
/** The overview counts analytics events over this many days. */
export const EVENT_WINDOW_DAYS = 7;
