import { type Kysely, sql } from "kysely";

// SPEC §3 names the values a contact message's inquiry type and a demo request's use case take;
// the forms used others before. Stored rows move to the nearest value the SPEC lists, so every
// list, export and count reads one vocabulary.
const INQUIRY_TYPES: [string, string][] = [
  ["sales", "enterprise"],
  ["media", "general"],
];
const USE_CASES: [string, string][] = [
  ["aml", "aml-compliance"],
  ["fraud", "risk-management"],
  ["esg", "esg-reporting"],
  ["privacy", "regulatory-compliance"],
  ["other", "multiple"],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [before, after] of INQUIRY_TYPES) {
    await sql`update contact_message set inquiry_type = ${after} where inquiry_type = ${before}`.execute(
      db,
    );
  }
  for (const [before, after] of USE_CASES) {
    await sql`update demo_request set use_case = ${after} where use_case = ${before}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // The old vocabulary had no "demo" inquiry type, and "general" was never "media": both stay general.
  await sql`update contact_message set inquiry_type = 'general' where inquiry_type = 'demo'`.execute(
    db,
  );
  await sql`update contact_message set inquiry_type = 'sales' where inquiry_type = 'enterprise'`.execute(
    db,
  );
  await sql`update demo_request set use_case = 'other' where use_case in ('regulatory-compliance', 'workforce-training')`.execute(
    db,
  );
  for (const [before, after] of USE_CASES) {
    await sql`update demo_request set use_case = ${before} where use_case = ${after}`.execute(db);
  }
}
