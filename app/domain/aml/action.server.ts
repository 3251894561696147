import { refuse } from "~/platform/lib/reply.server";
import { draftReport, gradeAnalysis, submitGuided, submitPlayer } from "./attempts.server";
import { saveEvidence } from "./attestation.server";
import { saveDraft } from "./drafts.server";
import { type AmlAccount, MESSAGES } from "./posts.server";

// The AML page's posts: one dispatcher for its six intents.

/**
 * The AML page's posts. The caller runs it in one transaction (app/workflows/aml-work.server.ts),
 * so a graded attempt, its evidence record and the draft it replaces are committed together.
 */
export async function amlAction(
  request: Request,
  fields: Record<string, string>,
  clientIp: string,
  account: AmlAccount | null,
) {
  const intent = fields.intent;
  switch (intent) {
    case "save-draft":
      return saveDraft(request, fields, clientIp);
    case "submit-guided":
      return submitGuided(request, fields, clientIp, account);
    case "grade-freeform":
      return gradeAnalysis(request, fields, clientIp, account);
    case "draft-report":
      return draftReport(request, fields);
    case "grade-player":
      return submitPlayer(request, fields, clientIp, account);
    case "save-evidence":
      return saveEvidence(request, fields, clientIp, account);
    default:
      return refuse(400, "validation", { fields: { intent: MESSAGES.unknownAction } });
  }
}
