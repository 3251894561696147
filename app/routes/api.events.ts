import {
  ANALYTICS_LIMITS,
  AnalyticsBatchSchema,
  limitEventBatches,
  recordAnalyticsEvents,
} from "~/platform/analytics/index.server";
import { apiError, fieldErrors, readJsonBody } from "~/platform/lib/api.server";
import { requestInfoContext } from "~/platform/lib/request-context";
import type { Route } from "./+types/api.events";

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") {
    return apiError(405, "method_not_allowed", { headers: { Allow: "POST" } });
  }
  const verdict = await limitEventBatches(context.get(requestInfoContext).clientIp);
  if (!verdict.allowed) {
    return apiError(429, "rate_limited", {
      headers: { "Retry-After": String(verdict.retryAfterSeconds) },
    });
  }
  const body = await readJsonBody(request, ANALYTICS_LIMITS.bodyBytes);
  const parsed = AnalyticsBatchSchema.safeParse(body);
  if (!parsed.success) {
    return apiError(400, "validation", { fields: fieldErrors(parsed.error.issues) });
  }
  const accepted = await recordAnalyticsEvents(parsed.data);
  return Response.json({ accepted }, { status: 202 });
}

export function loader() {
  return apiError(405, "method_not_allowed", { headers: { Allow: "POST" } });
}
