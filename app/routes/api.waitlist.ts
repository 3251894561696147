import { redirect } from "react-router";
import { getLocaleState } from "~/platform/i18n/index.server";
import { WAITLIST_LIMITS, submitWaitlist } from "~/domain/waitlist/index.server";
import { apiError, fieldErrors, readFormFields, readJsonBody } from "~/platform/lib/api.server";
import { brand } from "~/platform/lib/brand";
import { requestInfoContext } from "~/platform/lib/request-context";
import { safeRedirect } from "~/platform/lib/safe-redirect";
import type { Route } from "./+types/api.waitlist";

// SPEC §7: POST /api/waitlist with JSON {name, email, company, role, consent, website, product,
// timestamp}; also an HTML form post, answered with a redirect back (`?waitlist=joined|invalid`).
export const WAITLIST_RESULT_PARAM = "waitlist";

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") {
    return apiError(405, "method_not_allowed", { headers: { Allow: "POST" } });
  }
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

  const { locale, region } = await getLocaleState(request);
  const outcome = await submitWaitlist(body, {
    clientIp: context.get(requestInfoContext).clientIp,
    locale,
    region,
  });
  switch (outcome.kind) {
    case "rate_limited":
      return apiError(429, "rate_limited", {
        headers: { "Retry-After": String(outcome.retryAfterSeconds) },
      });
    case "invalid":
      return isJson
        ? apiError(400, "validation", { fields: fieldErrors(outcome.issues) })
        : back("invalid");
    case "dropped":
      return isJson ? Response.json({ ok: true }, { status: 201 }) : back("joined");
    case "stored":
      if (!isJson) return back("joined");
      return Response.json(
        { ok: true, created: outcome.created },
        { status: outcome.created ? 201 : 200 },
      );
  }
}

// The waitlist dialog's fetcher posts here from the browser; failures stay in the dialog.

export function loader() {
  return apiError(405, "method_not_allowed", { headers: { Allow: "POST" } });
}
