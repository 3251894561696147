import { recordAnalyticsEvents } from "~/features/analytics/index.server";
import { getDb } from "~/db/db.server";
import { ANALYTICS_LIMITS } from "~/lib/analytics-events";
import { AnalyticsBatchSchema } from "~/lib/analytics-schema";
import { apiError, fieldErrors, readJsonBody } from "~/lib/api.server";
import { hitRateLimit } from "~/lib/rate-limit.server";
import { requestInfoContext } from "~/lib/request-context";
import type { Route } from "./+types/api.events";

// A tab sends a batch every 2 s at most (30 a minute). Many people share one address behind an
// office network, so the allowance is per address and generous; each batch is bounded in size.
export const EVENTS_RATE_LIMIT = { limit: 600, windowMs: 60_000 };

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") {
    return apiError(405, "method_not_allowed", { headers: { Allow: "POST" } });
  }
  const db = getDb();
  const verdict = await hitRateLimit(
    db,
    `events:${context.get(requestInfoContext).clientIp}`,
    EVENTS_RATE_LIMIT,
  );
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
  const accepted = await recordAnalyticsEvents(db, parsed.data);
  return Response.json({ accepted }, { status: 202 });
}

export function loader() {
  return apiError(405, "method_not_allowed", { headers: { Allow: "POST" } });
}
