import { data } from "react-router";
import { organisationName } from "~/domain/compliance/index.server";
import { KIT_FORMATS, kitResponse, ownEvidence } from "~/domain/evidence/index.server";
import type { Route } from "./+types/training.evidence-download";

// GET /training/evidence/<evidenceId>/<json|pdf|csv>: the learner's own evidence kit.
export async function loader({ request, params }: Route.LoaderArgs) {
  const format = KIT_FORMATS.find((candidate) => candidate === params.format);
  if (!format) throw data({ notFound: "evidence" }, { status: 404 });
  const record = await ownEvidence(request, params.evidenceId);
  return kitResponse(record, format, await organisationName(record.organisationId));
}
