import type { Kysely } from "kysely";
import { onPostgres, serialId } from "./helpers";

// Accounts (docs/decisions/010): the tables better-auth reads and writes, in snake_case through
// Kysely's CamelCasePlugin, typed as better-auth checks them at start (dates are `date` text and
// booleans 0/1 on SQLite; timestamptz and boolean on PostgreSQL). Then the pilot allowlist that
// admins manage, and the record of every change made to it.
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = onPostgres(db);
  const date = postgres ? "timestamptz" : "date";
  const bool = postgres ? "boolean" : "integer";

  await db.schema
    .createTable("user")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("email", "text", (col) => col.notNull().unique())
    .addColumn("email_verified", bool, (col) => col.notNull())
    .addColumn("image", "text")
    .addColumn("created_at", date, (col) => col.notNull())
    .addColumn("updated_at", date, (col) => col.notNull())
    .addColumn("two_factor_enabled", bool)
    // learner or admin; bootstrap admins come from ADMIN_EMAILS.
    .addColumn("role", "text")
    .execute();

  await db.schema
    .createTable("session")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("expires_at", date, (col) => col.notNull())
    .addColumn("token", "text", (col) => col.notNull().unique())
    .addColumn("created_at", date, (col) => col.notNull())
    .addColumn("updated_at", date, (col) => col.notNull())
    .addColumn("ip_address", "text")
    .addColumn("user_agent", "text")
    .addColumn("user_id", "text", (col) => col.notNull().references("user.id").onDelete("cascade"))
    // When this session proved a second factor (TOTP); /admin needs it.
    .addColumn("second_factor_at", date)
    .execute();
  await db.schema.createIndex("session_user_id_idx").on("session").column("user_id").execute();

  await db.schema
    .createTable("account")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("account_id", "text", (col) => col.notNull())
    .addColumn("provider_id", "text", (col) => col.notNull())
    .addColumn("user_id", "text", (col) => col.notNull().references("user.id").onDelete("cascade"))
    .addColumn("access_token", "text")
    .addColumn("refresh_token", "text")
    .addColumn("id_token", "text")
    .addColumn("access_token_expires_at", date)
    .addColumn("refresh_token_expires_at", date)
    .addColumn("scope", "text")
    .addColumn("password", "text")
    .addColumn("created_at", date, (col) => col.notNull())
    .addColumn("updated_at", date, (col) => col.notNull())
    .execute();
  await db.schema.createIndex("account_user_id_idx").on("account").column("user_id").execute();

  await db.schema
    .createTable("verification")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("identifier", "text", (col) => col.notNull())
    .addColumn("value", "text", (col) => col.notNull())
    .addColumn("expires_at", date, (col) => col.notNull())
    .addColumn("created_at", date, (col) => col.notNull())
    .addColumn("updated_at", date, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("verification_identifier_idx")
    .on("verification")
    .column("identifier")
    .execute();

  await db.schema
    .createTable("two_factor")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("secret", "text", (col) => col.notNull())
    .addColumn("backup_codes", "text", (col) => col.notNull())
    .addColumn("user_id", "text", (col) => col.notNull().references("user.id").onDelete("cascade"))
    .addColumn("verified", bool)
    .addColumn("failed_verification_count", "integer")
    .addColumn("locked_until", date)
    .execute();
  await db.schema.createIndex("two_factor_secret_idx").on("two_factor").column("secret").execute();
  await db.schema
    .createIndex("two_factor_user_id_idx")
    .on("two_factor")
    .column("user_id")
    .execute();

  await db.schema
    .createTable("pilot_allowlist")
    .addColumn("id", "integer", serialId(db))
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("value", "text", (col) => col.notNull())
    .addColumn("organisation", "text")
    .addColumn("added_by", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addUniqueConstraint("pilot_allowlist_kind_value", ["kind", "value"])
    .execute();

  await db.schema
    .createTable("pilot_allowlist_change")
    .addColumn("id", "integer", serialId(db))
    .addColumn("action", "text", (col) => col.notNull())
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("value", "text", (col) => col.notNull())
    .addColumn("organisation", "text")
    .addColumn("actor_email", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "pilot_allowlist_change",
    "pilot_allowlist",
    "two_factor",
    "verification",
    "account",
    "session",
    "user",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
