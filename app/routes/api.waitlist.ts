import { redirect } from "react-router";
import { getDb } from "~/db/db.server";
import { getLocaleState } from "~/features/i18n/index.server";
import {
  WAITLIST_LIMITS,
  WaitlistSchema,
  recordWaitlistEntry,
} from "~/features/waitlist/index.server";
import { apiError, fieldErrors, readFormFields, readJsonBody } from "~/lib/api.server";
import { brand } from "~/lib/brand";
import { getLogger } from "~/lib/logger.server";
import { hitRateLimit } from "~/lib/rate-limit.server";
import { requestInfoContext } from "~/lib/request-context";
import { safeRedirect } from "~/lib/safe-redirect";
import type { Route } from "./+types/api.waitlist";

// SPEC §7: POST /api/waitlist with JSON {name, email, company, role, consent, website, product,
// timestamp}; also an HTML form post (no JavaScript), answered with a redirect back.
export const WAITLIST_RATE_LIMITS = {
  perIp: { limit: 20, windowMs: 10 * 60_000 },
  perEmail: { limit: 5, windowMs: 60 * 60_000 },
};
export const WAITLIST_RESULT_PARAM = "waitlist";

function tooMany(retryAfterSeconds: number) {
  return apiError(429, "rate_limited", { headers: { "Retry-After": String(retryAfterSeconds) } });
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") {
    return apiError(405, "method_not_allowed", { headers: { Allow: "POST" } });
  }
  const db = getDb();
  const { clientIp } = context.get(requestInfoContext);
  const byIp = await hitRateLimit(db, `waitlist:ip:${clientIp}`, WAITLIST_RATE_LIMITS.perIp);
  if (!byIp.allowed) return tooMany(byIp.retryAfterSeconds);

  const isJson = /^application\/json\s*(;|$)/i.test(request.headers.get("Content-Type") ?? "");
  const body = isJson
    ? await readJsonBody(request, WAITLIST_LIMITS.bodyBytes)
    : await readFormFields(request, WAITLIST_LIMITS.bodyBytes);
  const back = (outcome: string) => {
    const fields = body as Record<string, string>;
    const url = new URL(safeRedirect(fields.redirectTo, brand.homePath), "http://local");
    url.searchParams.set(WAITLIST_RESULT_PARAM, outcome);
    return redirect(url.pathname + url.search, 303);
  };

  const parsed = WaitlistSchema.safeParse(body);
  if (!parsed.success) {
    if (!isJson) return back("invalid");
    return apiError(400, "validation", { fields: fieldErrors(parsed.error.issues) });
  }
  const entry = parsed.data;
  // A filled honeypot is a bot: it is told "thank you" and nothing is kept.
  if (entry.website) {
    getLogger().info({ event: "waitlist_honeypot" }, "waitlist submission dropped");
    return isJson ? Response.json({ ok: true }, { status: 201 }) : back("joined");
  }
  const byEmail = await hitRateLimit(
    db,
    `waitlist:email:${entry.email}`,
    WAITLIST_RATE_LIMITS.perEmail,
  );
  if (!byEmail.allowed) return tooMany(byEmail.retryAfterSeconds);

  const { locale, region } = await getLocaleState(request);
  const { created } = await recordWaitlistEntry(db, entry, { locale, region });
  if (!isJson) return back("joined");
  return Response.json({ ok: true, created }, { status: created ? 201 : 200 });
}

export function loader() {
  return apiError(405, "method_not_allowed", { headers: { Allow: "POST" } });
}
