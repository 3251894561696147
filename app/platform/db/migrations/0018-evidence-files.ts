import type { Kysely } from "kysely";

// The files Kestrel hands out (docs/decisions/039): each download's exact bytes are registered by
// their SHA-256 in a signed `file-issued` record of the chain. This table finds that record from a
// file's hash; the record's own signed content is what proves it, so a row here proves nothing alone.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("evidence_file")
    .addColumn("sha256", "text", (col) => col.notNull())
    .addColumn("evidence_id", "text", (col) => col.notNull())
    .addColumn("organisation_id", "integer", (col) => col.notNull())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("evidence_file_key", ["sha256", "evidence_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("evidence_file").execute();
}
