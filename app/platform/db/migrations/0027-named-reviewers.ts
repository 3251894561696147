import type { Kysely } from "kysely";

// A manager may name members of their organisation reviewers of written AML answers (issue
// "free-text grading", human review): they review as the managers do, without managing anything.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("organisation_member")
    .addColumn("reviewer", "integer", (column) => column.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("organisation_member").dropColumn("reviewer").execute();
}
