import { data } from "react-router";
import { verifyCertificateCode } from "~/domain/certificates/index.server";
import { apiErrorBody } from "~/platform/lib/api.server";
import { requestInfoContext } from "~/platform/lib/request-context";
import type { Route } from "./+types/api.certificates";

// GET /api/certificates/<code>: the public verification as JSON, with the signed payload.
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const result = await verifyCertificateCode(
    request,
    params.code,
    context.get(requestInfoContext).clientIp,
  );
  const headers = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };
  if (result.kind === "rate-limited") {
    return data(apiErrorBody("rate_limited"), {
      status: 429,
      headers: { ...headers, "Retry-After": String(result.retryAfterSeconds) },
    });
  }
  if (result.kind === "not-found") {
    return data(
      { error: { code: "not_found", message: "No certificate matches this code" } },
      { status: 404, headers },
    );
  }
  const { certificate, payload } = result;
  return data(
    {
      valid: certificate.status === "valid" && certificate.signature.check === "valid",
      ...certificate,
      payload,
    },
    { headers },
  );
}
