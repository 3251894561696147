import type { Kysely } from "kysely";
import { serialId } from "./helpers";

// SCIM 2.0 provisioning (docs/decisions/050-scim-provisioning.md): a bearer token per
// organisation (only its hash stored), an audit trail of every token change and provisioning
// call, and what an identity provider says about a member or a group that Kestrel did not keep.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("scim_token")
    .addColumn("id", "integer", serialId(db))
    .addColumn("organisation_id", "integer", (col) =>
      col.notNull().references("organisation.id").onDelete("cascade"),
    )
    // SHA-256 of the token's secret part, hex; the token itself is shown once and never stored.
    .addColumn("secret_hash", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("created_by", "text", (col) => col.notNull())
    .addColumn("last_used_at", "text")
    .addColumn("revoked_at", "text")
    .addColumn("revoked_by", "text")
    .execute();
  await db.schema
    .createIndex("scim_token_organisation")
    .on("scim_token")
    .columns(["organisation_id"])
    .execute();

  await db.schema
    .createTable("scim_audit")
    .addColumn("id", "integer", serialId(db))
    .addColumn("organisation_id", "integer", (col) =>
      col.notNull().references("organisation.id").onDelete("cascade"),
    )
    // An admin's email, or `token #<id>` for a provisioning call.
    .addColumn("actor", "text", (col) => col.notNull())
    // `token.issued`, `token.rotated`, `token.revoked`, or the call: `PATCH /Users/<id>`.
    .addColumn("action", "text", (col) => col.notNull())
    // What changed, in a few words (never a token, never a request body).
    .addColumn("detail", "text", (col) => col.notNull())
    // The HTTP status answered; 0 for an admin's change.
    .addColumn("status", "integer", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("scim_audit_organisation")
    .on("scim_audit")
    .columns(["organisation_id", "id"])
    .execute();

  // The identity provider's id for the member, and the name parts it sent.
  await db.schema.alterTable("organisation_member").addColumn("external_id", "text").execute();
  await db.schema.alterTable("organisation_member").addColumn("given_name", "text").execute();
  await db.schema.alterTable("organisation_member").addColumn("family_name", "text").execute();
  // When the identity provider last changed the member.
  await db.schema.alterTable("organisation_member").addColumn("provisioned_at", "text").execute();
  // Set: the provider deleted the user; the member stays, inactive, with every record.
  await db.schema.alterTable("organisation_member").addColumn("scim_removed_at", "text").execute();

  // Set: the account is inactive (no sessions, no sign-in, left out of reminders and figures);
  // its records stay. On the account, since a user belongs to one organisation and sign-in
  // (app/platform/auth) must refuse them.
  await db.schema.alterTable("user").addColumn("deactivated_at", "text").execute();

  await db.schema.alterTable("member_group").addColumn("external_id", "text").execute();
  // manual (made in Kestrel) | scim (made by the identity provider, which alone changes it).
  await db.schema
    .alterTable("member_group")
    .addColumn("source", "text", (col) => col.notNull().defaultTo("manual"))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("member_group").dropColumn("source").execute();
  await db.schema.alterTable("member_group").dropColumn("external_id").execute();
  await db.schema.alterTable("user").dropColumn("deactivated_at").execute();
  for (const column of [
    "scim_removed_at",
    "provisioned_at",
    "family_name",
    "given_name",
    "external_id",
  ]) {
    await db.schema.alterTable("organisation_member").dropColumn(column).execute();
  }
  await db.schema.dropTable("scim_audit").execute();
  await db.schema.dropTable("scim_token").execute();
}
