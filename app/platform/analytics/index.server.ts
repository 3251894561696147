export { ANALYTICS_LIMITS } from "./catalogue";
export { countAnalyticsEventsSince, recordAnalyticsEvents } from "./events.server";
export { EVENTS_RATE_LIMIT, limitEventBatches } from "./rate-limit.server";
export { AnalyticsBatchSchema, AnalyticsEventSchema } from "./schema";
