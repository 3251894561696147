import { data } from "react-router";
import { getDb } from "~/platform/db/db.server";
import { getLearner } from "~/domain/training/index.server";
import { evidenceAbout, recordEvidence } from "~/domain/evidence/index.server";
import { refuse, tooMany } from "~/platform/lib/reply.server";
import { HolderNameSchema, setHolderName } from "~/domain/certificates/index.server";
import { ATTESTATION, learnerNameOf } from "./evidence.server";
import { type AmlAccount, EvidenceSchema, MESSAGES, limited, parsePost } from "./posts.server";

// Saving the evidence: the learner's attestation of a graded attempt, recorded in the chain.

/**
 * Save Evidence: the learner confirms the attempt is their own work, and a record of that, holding
 * the attempt's export-kit items (and the STR draft, when there is one), joins the chain. Saving
 * again answers the record already saved.
 */
export async function saveEvidence(
  request: Request,
  fields: Record<string, string>,
  clientIp: string,
  account: AmlAccount | null,
) {
  const parsed = parsePost(fields, EvidenceSchema);
  if ("refusal" in parsed) return parsed.refusal;
  const learner = await getLearner(request);
  if (learner.kind !== "user") {
    return refuse(403, "forbidden", { message: MESSAGES.signInToSave });
  }
  const wait = await limited("grading", learner, clientIp);
  if (wait !== null) return tooMany(wait);
  const attempt = learner.id
    ? await getDb()
        .selectFrom("aml_attempt")
        .select(["id"])
        .where("id", "=", parsed.value.attempt)
        .where("learner_id", "=", learner.id)
        .executeTakeFirst()
    : undefined;
  if (!attempt) return refuse(404, "not_found");
  const subject = `aml-attempt:${attempt.id}`;
  const saved = await evidenceAbout("aml-attestation", subject);
  if (saved) return data({ evidenceSaved: { evidenceId: saved.evidenceId } });
  const record = await evidenceAbout("aml-attempt", subject);
  if (!record) return refuse(404, "not_found");
  if (!account) return refuse(403, "forbidden", { message: MESSAGES.signInToSave });
  // Evidence names the person whose work it is: an attempt recorded before the learner gave a
  // name is saved with the one they give now (kept, like a certificate's, for the next time).
  let name = await learnerNameOf(record);
  if (!name) {
    const given = HolderNameSchema.safeParse({ name: parsed.value.learnerName });
    if (!given.success) {
      const blank = !parsed.value.learnerName.trim();
      return refuse(400, "validation", {
        fields: { learnerName: blank ? "aml:evidence.nameRequired" : "aml:evidence.nameInvalid" },
      });
    }
    name = given.data.name;
    await setHolderName(account.id, name);
  }
  const at = new Date();
  const { title, content } = {
    title: parsed.value.reportTitle.trim(),
    content: parsed.value.reportContent.trim(),
  };
  const attested = await recordEvidence({
    organisationId: account.organisationId,
    user: account,
    learnerId: learner.id,
    kind: "aml-attestation",
    subject,
    scenarioId: record.scenarioId,
    payload: {
      ...record.envelope.payload,
      timestamp: at.toISOString(),
      content: {
        ...record.envelope.payload.content,
        learner: { name, email: account.email },
        attemptEvidenceId: record.evidenceId,
        attestation: { statement: ATTESTATION, confirmed: true, at: at.toISOString() },
        ...(content && { reportDraft: { title, content } }),
      },
    },
  });
  return data({ evidenceSaved: { evidenceId: attested.evidenceId } });
}
