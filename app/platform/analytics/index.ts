// SPEC §7 in the browser: the event catalogue and the helper pages record events with.
export {
  ANALYTICS_EVENTS,
  type AnalyticsBatch,
  type AnalyticsEvent,
  type AnalyticsEventName,
  type AnalyticsProperties,
} from "./catalogue";
export { dispatchAnalyticsEvent, flushAnalytics, track } from "./track";
