import type { Kysely } from "kysely";

// A report is built in the background, after the request that asked for it has gone: the language
// of its column labels and statuses is kept with it (the requester's, when they asked).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("report").addColumn("language", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("report").dropColumn("language").execute();
}
