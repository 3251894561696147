import type { Kysely } from "kysely";

// Time on task for AML attempts: when the page that began the attempt was served (from the sealed
// key it carried), and the seconds to the submission; both null for attempts before this.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("aml_attempt").addColumn("started_at", "text").execute();
  await db.schema.alterTable("aml_attempt").addColumn("seconds", "integer").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("aml_attempt").dropColumn("seconds").execute();
  await db.schema.alterTable("aml_attempt").dropColumn("started_at").execute();
}
