import { requireUser } from "~/platform/auth/index.server";
import { membershipOf, policyDocument } from "~/domain/compliance/index.server";
import type { Route } from "./+types/training.policy-document";

// GET /training/policies/<id>/document: the PDF of a policy's version in force, shown in the
// browser, for members of its organisation (a policy of another, or one without a PDF, is a 404).
// The page that links here records the opening the member's time on page counts from.
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const { organisation } = await membershipOf(user, request);
  const id = /^\d{1,15}$/.test(params.id) ? Number(params.id) : 0;
  const { name, bytes } = await policyDocument(organisation, id);
  return new Response(Buffer.from(bytes), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${name.replace(/[^\x20-\x7e]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
