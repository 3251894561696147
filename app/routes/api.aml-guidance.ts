import { getRegulatoryGuidance } from "~/domain/aml/guidance.server";

// GET /api/aml/guidance: the AML landing's Regulatory Guidance modal, fetched when it opens. The
// content changes only with a release, so browsers and proxies may keep it for an hour.
export function loader() {
  return Response.json(getRegulatoryGuidance(), {
    headers: { "Cache-Control": "public, max-age=3600" },
  });
}
