import { type Kysely, sql } from "kysely";
import { onPostgres, serialId } from "./helpers";

// Evidence (docs/decisions/023-evidence.md): one append-only, signed hash chain per organisation.
// The database itself refuses to change or delete a record; the retention purge is the one
// exception, and it opens it by holding a permit row inside its own transaction.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("evidence_record")
    .addColumn("id", "integer", serialId(db))
    // No foreign keys: a record outlives what it speaks of.
    .addColumn("organisation_id", "integer", (col) => col.notNull())
    .addColumn("sequence", "integer", (col) => col.notNull())
    .addColumn("evidence_id", "text", (col) => col.notNull().unique())
    // aml-attempt, module-completion, certificate-issued, certificate-revoked, purge
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("learner_id", "text")
    .addColumn("user_id", "text")
    // What the record is about (an attempt id, a certificate code), for finding it again.
    .addColumn("subject", "text", (col) => col.notNull())
    .addColumn("scenario_id", "text")
    // The canonical JSON (RFC 8785) of the signed envelope: exactly the bytes that were hashed.
    .addColumn("envelope", "text", (col) => col.notNull())
    .addColumn("hash", "text", (col) => col.notNull())
    .addColumn("prev_hash", "text", (col) => col.notNull())
    .addColumn("key_id", "text", (col) => col.notNull())
    .addColumn("signature", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addUniqueConstraint("evidence_record_position", ["organisation_id", "sequence"])
    .execute();
  await db.schema
    .createIndex("evidence_record_user")
    .on("evidence_record")
    .columns(["user_id", "created_at"])
    .execute();
  await db.schema
    .createIndex("evidence_record_subject")
    .on("evidence_record")
    .column("subject")
    .execute();

  // The head of each chain: the row a writer locks on PostgreSQL, so sequences never fork or gap.
  await db.schema
    .createTable("evidence_chain_head")
    .addColumn("organisation_id", "integer", (col) => col.primaryKey())
    .addColumn("sequence", "integer", (col) => col.notNull())
    .addColumn("hash", "text", (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("evidence_purge_permit")
    .addColumn("id", "integer", (col) => col.primaryKey())
    .addColumn("reason", "text", (col) => col.notNull())
    .execute();

  if (onPostgres(db)) {
    await sql`
      create function evidence_record_guard() returns trigger language plpgsql as $$
      begin
        if tg_op = 'DELETE' and exists (select 1 from evidence_purge_permit) then
          return old;
        end if;
        raise exception 'evidence records cannot be changed or deleted (%)', tg_op;
      end
      $$`.execute(db);
    await sql`
      create trigger evidence_record_guard before update or delete on evidence_record
      for each row execute function evidence_record_guard()`.execute(db);
  } else {
    await sql`
      create trigger evidence_record_no_update before update on evidence_record
      begin select raise(abort, 'evidence records cannot be updated'); end`.execute(db);
    await sql`
      create trigger evidence_record_no_delete before delete on evidence_record
      when not exists (select 1 from evidence_purge_permit)
      begin select raise(abort, 'evidence records cannot be deleted'); end`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (onPostgres(db)) {
    await sql`drop trigger if exists evidence_record_guard on evidence_record`.execute(db);
    await sql`drop function if exists evidence_record_guard()`.execute(db);
  }
  await db.schema.dropTable("evidence_purge_permit").execute();
  await db.schema.dropTable("evidence_chain_head").execute();
  await db.schema.dropTable("evidence_record").execute();
}
