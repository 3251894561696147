import type { Kysely } from "kysely";
import { serialId } from "./helpers";

// Policy attestation (docs/decisions/051-policy-attestation.md): a policy is one more kind of
// requirement, fulfilled by an attestation of its current version instead of passes. Its versions
// are only ever added (the newest is in force), each opening of a version's page is recorded (the
// server's clock measures time on page from it), and each attestation is a row of its own, signed
// into the evidence chain.

export async function up(db: Kysely<unknown>): Promise<void> {
  // training (fulfilled by modules and tracks) | policy (fulfilled by an attestation).
  await db.schema
    .alterTable("requirement")
    .addColumn("kind", "text", (col) => col.notNull().defaultTo("training"))
    .execute();

  await db.schema
    .createTable("policy_version")
    .addColumn("id", "integer", serialId(db))
    .addColumn("requirement_id", "integer", (col) =>
      col.notNull().references("requirement.id").onDelete("cascade"),
    )
    // The organisation's own label ("2", "2024-03", "v1.1"), unique per policy.
    .addColumn("version", "text", (col) => col.notNull())
    // Markdown, shown sanitised.
    .addColumn("body", "text", (col) => col.notNull())
    // YYYY-MM-DD: the date the organisation says the version takes effect.
    .addColumn("effective_date", "text", (col) => col.notNull())
    // Members' assignments to the policy start again here: due dates count from it.
    .addColumn("published_at", "text", (col) => col.notNull())
    .addColumn("published_by", "text", (col) => col.notNull())
    .addUniqueConstraint("policy_version_label", ["requirement_id", "version"])
    .execute();

  await db.schema
    .createTable("policy_view")
    .addColumn("id", "integer", serialId(db))
    .addColumn("version_id", "integer", (col) =>
      col.notNull().references("policy_version.id").onDelete("cascade"),
    )
    .addColumn("user_id", "text", (col) => col.notNull().references("user.id").onDelete("cascade"))
    .addColumn("opened_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("policy_view_reader")
    .on("policy_view")
    .columns(["version_id", "user_id"])
    .execute();

  await db.schema
    .createTable("policy_attestation")
    .addColumn("id", "integer", serialId(db))
    .addColumn("version_id", "integer", (col) =>
      col.notNull().references("policy_version.id").onDelete("cascade"),
    )
    .addColumn("user_id", "text", (col) => col.notNull().references("user.id").onDelete("cascade"))
    // The opening of the page it followed, and the attestation, both from the server's clock.
    .addColumn("opened_at", "text", (col) => col.notNull())
    .addColumn("attested_at", "text", (col) => col.notNull())
    .addColumn("seconds", "integer", (col) => col.notNull())
    // Below this many seconds the attestation is flagged (kept, never refused).
    .addColumn("floor_seconds", "integer", (col) => col.notNull())
    .addColumn("evidence_id", "text", (col) => col.notNull())
    .addUniqueConstraint("policy_attestation_once", ["version_id", "user_id"])
    .execute();
  await db.schema
    .createIndex("policy_attestation_user")
    .on("policy_attestation")
    .columns(["user_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("policy_attestation").execute();
  await db.schema.dropTable("policy_view").execute();
  await db.schema.dropTable("policy_version").execute();
  // A policy without its versions would read as training with nothing to pass.
  await db
    .deleteFrom("requirement" as never)
    .where("kind" as never, "=", "policy" as never)
    .execute();
  await db.schema.alterTable("requirement").dropColumn("kind").execute();
}
