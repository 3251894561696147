import { data } from "react-router";
import { getDb } from "~/platform/db/db.server";
import { ensureLearner, getLearner } from "~/domain/training/index.server";
import { refuse, tooMany } from "~/platform/lib/reply.server";
import { DraftSchema, GONE, limited, parsePost, target } from "./posts.server";
import { markStep } from "./step-times";
import type { Jurisdiction } from "./pack-schema";

// Saving a guided-flow draft (the page's autosave), for a guest or a signed-in learner.

/** A learner's saved draft of a case, if any. */
export function draftRow(learnerId: string, jurisdiction: Jurisdiction, scenarioId: string) {
  return getDb()
    .selectFrom("aml_draft")
    .selectAll()
    .where("learner_id", "=", learnerId)
    .where("jurisdiction", "=", jurisdiction)
    .where("scenario_id", "=", scenarioId)
    .executeTakeFirst();
}

/** When the server first heard of each step of a learner's draft of a case (null: no draft). */
export async function draftStepTimes(
  learnerId: string,
  jurisdiction: Jurisdiction,
  scenarioId: string,
): Promise<string | null> {
  return (await draftRow(learnerId, jurisdiction, scenarioId))?.step_times ?? null;
}

export async function saveDraft(
  request: Request,
  fields: Record<string, string>,
  clientIp: string,
) {
  const parsed = parsePost(fields, DraftSchema);
  if ("refusal" in parsed) return parsed.refusal;
  const { jurisdiction, scenario: scenarioId, step, responses } = parsed.value;
  const found = target(jurisdiction, scenarioId);
  if (!found) return refuse(404, "not_found", GONE);
  const learner = await getLearner(request);
  const wait = await limited("drafts", learner, clientIp);
  if (wait !== null) return tooMany(wait);
  const now = new Date();
  // The learner's clock orders their saves; one far ahead of ours is held to ours.
  const edited = new Date(Math.min(Date.parse(parsed.value.editedAt), now.getTime() + 60_000));
  const { id: learnerId, setCookie } = await ensureLearner(learner, now);
  const db = getDb();
  const stepTimes = await draftStepTimes(learnerId, jurisdiction, scenarioId);
  const row = {
    learner_id: learnerId,
    jurisdiction,
    scenario_id: scenarioId,
    pack_version: found.pack.config.version,
    step,
    responses: JSON.stringify(responses),
    edited_at: edited.toISOString(),
    saved_at: now.toISOString(),
    // When each step began, by our clock (time on task per step).
    step_times: markStep(stepTimes, step, now.toISOString()),
  };
  await db
    .insertInto("aml_draft")
    .values(row)
    .onConflict((oc) =>
      oc
        .columns(["learner_id", "jurisdiction", "scenario_id"])
        .doUpdateSet({
          pack_version: row.pack_version,
          step: row.step,
          responses: row.responses,
          edited_at: row.edited_at,
          saved_at: row.saved_at,
          step_times: row.step_times,
        })
        // A save that arrives after a newer one changes nothing.
        .where("aml_draft.edited_at", "<=", row.edited_at),
    )
    .execute();
  return data(
    { draftSaved: { at: row.saved_at } },
    { headers: setCookie ? { "Set-Cookie": setCookie } : undefined },
  );
}
