import { z } from "~/platform/lib/zod";
import { ANALYTICS_EVENTS, ANALYTICS_LIMITS } from "./catalogue";

// What POST /api/events accepts. Kept apart from the browser helper so pages do not ship zod.

const propertyValue = z.union([
  z.string().max(ANALYTICS_LIMITS.propertyValueLength),
  z.number().finite(),
  z.boolean(),
  z.null(),
]);

export const AnalyticsEventSchema = z.object({
  name: z.enum(ANALYTICS_EVENTS, { error: "unknown event name" }),
  properties: z
    .record(z.string().min(1).max(ANALYTICS_LIMITS.propertyKeyLength), propertyValue)
    .refine((p) => Object.keys(p).length <= ANALYTICS_LIMITS.propertiesPerEvent, {
      error: `at most ${ANALYTICS_LIMITS.propertiesPerEvent} properties`,
    })
    .default({}),
  path: z.string().startsWith("/").max(ANALYTICS_LIMITS.pathLength),
  locale: z.string().min(2).max(35).optional(),
});

export const AnalyticsBatchSchema = z.object({
  anonymousId: z.uuid().optional(),
  events: z.array(AnalyticsEventSchema).min(1).max(ANALYTICS_LIMITS.eventsPerBatch),
});
