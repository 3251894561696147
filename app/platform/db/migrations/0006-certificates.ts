import type { Kysely } from "kysely";
import { serialId } from "./helpers";

// Certificates (docs/decisions/019-signing.md): every public key that ever signed, the name a
// learner prints, each certificate with the exact JSON that was signed, and a history of
// revocations and reinstatements that is only ever added to.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("signing_key")
    .addColumn("key_id", "text", (col) => col.primaryKey())
    .addColumn("public_jwk", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("certificate_holder")
    .addColumn("user_id", "text", (col) =>
      col.primaryKey().references("user.id").onDelete("cascade"),
    )
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("certificate")
    // Also the certificate's index in the revocation status list.
    .addColumn("id", "integer", serialId(db))
    .addColumn("public_id", "text", (col) => col.notNull().unique())
    .addColumn("user_id", "text", (col) => col.notNull().references("user.id").onDelete("cascade"))
    // `module:<id>` or `track:<id>`.
    .addColumn("achievement_key", "text", (col) => col.notNull())
    // 1 for the first certificate of an achievement, 2 once that one expired and it was earned again.
    .addColumn("generation", "integer", (col) => col.notNull())
    .addColumn("verification_code", "text", (col) => col.notNull().unique())
    // Copied from the payload for the admin list's search.
    .addColumn("title", "text", (col) => col.notNull())
    .addColumn("holder_name", "text", (col) => col.notNull())
    .addColumn("issued_at", "text", (col) => col.notNull())
    .addColumn("expires_at", "text", (col) => col.notNull())
    // The signed certificate, as canonical JSON: what verification checks.
    .addColumn("payload", "text", (col) => col.notNull())
    .addColumn("key_id", "text", (col) => col.notNull())
    .addColumn("signature", "text", (col) => col.notNull())
    // The latest entry of certificate_status_change, kept here so lookups need no join.
    .addColumn("revoked_at", "text")
    .addColumn("revoked_reason", "text")
    // Concurrent issuance of one achievement: the second insert fails and reads the first.
    .addUniqueConstraint("certificate_achievement_generation", [
      "user_id",
      "achievement_key",
      "generation",
    ])
    .execute();

  await db.schema
    .createTable("certificate_status_change")
    .addColumn("id", "integer", serialId(db))
    .addColumn("certificate_id", "integer", (col) =>
      col.notNull().references("certificate.id").onDelete("cascade"),
    )
    .addColumn("action", "text", (col) => col.notNull())
    .addColumn("reason", "text", (col) => col.notNull())
    .addColumn("actor_email", "text", (col) => col.notNull())
    .addColumn("changed_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("certificate_status_change_certificate")
    .on("certificate_status_change")
    .column("certificate_id")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("certificate_status_change").execute();
  await db.schema.dropTable("certificate").execute();
  await db.schema.dropTable("certificate_holder").execute();
  await db.schema.dropTable("signing_key").execute();
}
