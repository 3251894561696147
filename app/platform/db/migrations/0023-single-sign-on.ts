import type { Kysely } from "kysely";
import { serialId } from "./helpers";

// OpenID Connect single sign-on per organisation (docs/decisions/048-openid-connect-sign-on.md):
// each organisation's provider, the email domains that sign in through it, the sign-ins under way
// (state, nonce and PKCE verifier, single use) and the audit trail of settings and sign-ins.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("organisation_sso")
    .addColumn("organisation_id", "integer", (col) =>
      col.primaryKey().references("organisation.id").onDelete("cascade"),
    )
    // The issuer as its discovery document names it (https://idp.example/realms/bank).
    .addColumn("issuer", "text", (col) => col.notNull())
    .addColumn("client_id", "text", (col) => col.notNull())
    // AES-256-GCM under SSO_ENCRYPTION_KEY: `v1.<iv>.<ciphertext and tag>`, base64url.
    .addColumn("client_secret", "text", (col) => col.notNull())
    // Which ID token claims give the name, the email and the groups.
    .addColumn("name_claim", "text", (col) => col.notNull())
    .addColumn("email_claim", "text", (col) => col.notNull())
    .addColumn("groups_claim", "text", (col) => col.notNull())
    // allowed | forbidden: whether the organisation's people may still sign in with email codes.
    .addColumn("email_codes", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .addColumn("updated_by", "text", (col) => col.notNull())
    .execute();

  // A domain signs in through one organisation's provider only.
  await db.schema
    .createTable("organisation_sso_domain")
    .addColumn("domain", "text", (col) => col.primaryKey())
    .addColumn("organisation_id", "integer", (col) =>
      col.notNull().references("organisation_sso.organisation_id").onDelete("cascade"),
    )
    .execute();

  // A sign-in sent to a provider and not yet back: taken (deleted) by the first callback with it.
  await db.schema
    .createTable("sso_login_state")
    .addColumn("state", "text", (col) => col.primaryKey())
    .addColumn("organisation_id", "integer", (col) => col.notNull())
    .addColumn("nonce", "text", (col) => col.notNull())
    .addColumn("code_verifier", "text", (col) => col.notNull())
    .addColumn("redirect_to", "text", (col) => col.notNull())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("sso_login_state_expires")
    .on("sso_login_state")
    .column("expires_at")
    .execute();

  // Every settings change, connection test, sign-in and refused sign-in: who, what, when. Kept
  // when the settings are removed, so no foreign key.
  await db.schema
    .createTable("sso_audit_event")
    .addColumn("id", "integer", serialId(db))
    // Null when the sign-in could not be tied to an organisation (an unknown or replayed state).
    .addColumn("organisation_id", "integer")
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("actor", "text")
    .addColumn("detail", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("sso_audit_event_organisation")
    .on("sso_audit_event")
    .columns(["organisation_id", "id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "sso_audit_event",
    "sso_login_state",
    "organisation_sso_domain",
    "organisation_sso",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
