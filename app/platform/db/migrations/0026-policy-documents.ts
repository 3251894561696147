import { type Kysely, sql } from "kysely";
import { onPostgres } from "./helpers";

// A policy version may be a PDF document (docs/decisions/051, amended): its bytes, kept with the
// version like its text (versions are only ever added), with the SHA-256 the attestation signs and
// the page count its reading time is reckoned from.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("policy_version")
    .addColumn("document", onPostgres(db) ? sql`bytea` : sql`blob`)
    .execute();
  await db.schema.alterTable("policy_version").addColumn("document_name", "text").execute();
  await db.schema.alterTable("policy_version").addColumn("document_sha256", "text").execute();
  await db.schema.alterTable("policy_version").addColumn("document_pages", "integer").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ["document_pages", "document_sha256", "document_name", "document"]) {
    await db.schema.alterTable("policy_version").dropColumn(column).execute();
  }
}
