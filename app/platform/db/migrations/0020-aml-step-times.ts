import type { Kysely } from "kysely";

// Time on task per step of the AML guided flow: when the server first heard, from the page's
// autosave, that the learner had reached each step. JSON { "<step>": "<ISO time>" }; null for
// drafts saved before this.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("aml_draft").addColumn("step_times", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("aml_draft").dropColumn("step_times").execute();
}
