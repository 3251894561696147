import { getDb } from "~/platform/db/db.server";

// Adopting a guest's AML work at sign-in (app/workflows/adopt-guest.server.ts).

/** At sign-in, a guest's AML attempts and drafts move to the account's learner. */
export async function moveAmlWork(fromLearnerId: string, toLearnerId: string): Promise<void> {
  const db = getDb();
  await db
    .updateTable("aml_attempt")
    .set({ learner_id: toLearnerId })
    .where("learner_id", "=", fromLearnerId)
    .execute();
  // A draft the account already has for the same scenario wins if it was edited later.
  const drafts = await db
    .selectFrom("aml_draft")
    .selectAll()
    .where("learner_id", "=", fromLearnerId)
    .execute();
  for (const draft of drafts) {
    await db
      .insertInto("aml_draft")
      .values({ ...draft, learner_id: toLearnerId })
      .onConflict((oc) =>
        oc
          .columns(["learner_id", "jurisdiction", "scenario_id"])
          .doUpdateSet({
            pack_version: draft.pack_version,
            step: draft.step,
            responses: draft.responses,
            edited_at: draft.edited_at,
            saved_at: draft.saved_at,
            step_times: draft.step_times,
          })
          .where("aml_draft.edited_at", "<", draft.edited_at),
      )
      .execute();
  }
  await db.deleteFrom("aml_draft").where("learner_id", "=", fromLearnerId).execute();
}
