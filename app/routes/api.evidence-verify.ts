import { organisationName } from "~/domain/compliance/index.server";
import { verifyEvidenceRequest } from "~/domain/evidence/index.server";
import { apiError } from "~/platform/lib/api.server";
import { requestInfoContext } from "~/platform/lib/request-context";
import type { Route } from "./+types/api.evidence-verify";

// POST /api/evidence/verify: a file (a form's `file`: any PDF, CSV, JSON or ZIP Kestrel issued),
// a kit (JSON body) or an evidence id (`{evidenceId, token?}`), answered {status, message, details,
// and for a genuine record its signed content}: the same check as the public page /evidence/verify.
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") {
    return apiError(405, "method_not_allowed", { headers: { Allow: "POST" } });
  }
  const outcome = await verifyEvidenceRequest(
    request,
    context.get(requestInfoContext).clientIp,
    organisationName,
  );
  switch (outcome.kind) {
    case "rate-limited":
      return apiError(429, "rate_limited", {
        headers: { "Retry-After": String(outcome.retryAfterSeconds) },
      });
    case "nothing-to-check":
      return apiError(400, "validation", {
        fields: { body: ["Send a kit file (file) or an evidence id (evidenceId)."] },
      });
    case "checked":
      return Response.json(outcome.verification, {
        headers: { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" },
      });
  }
}

export function loader() {
  return apiError(405, "method_not_allowed", { headers: { Allow: "POST" } });
}
