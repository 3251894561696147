import type { Kysely } from "kysely";

// Each learner's secret that seals the personal fields of their evidence (docs/decisions/039).
// Erasing a learner's personal data sets `secret` to null: their records stay, sealed for good.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("evidence_learner_key")
    // No foreign key: the secret must outlive nothing and be destroyable on its own.
    .addColumn("user_id", "text", (col) => col.primaryKey())
    .addColumn("secret", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("erased_at", "text")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("evidence_learner_key").execute();
}
