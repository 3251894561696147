export { countAnalyticsEventsSince, recordAnalyticsEvents } from "./events.server";
