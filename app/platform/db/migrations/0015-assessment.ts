import type { Kysely } from "kysely";

// Assessment you can trust: a take remembers the items it drew from each step's bank and the
// order of their options (`drawn`), and the settings it was held to (`settings`, for a final
// assessment); an answer remembers the item it answered. An organisation sets its final
// assessment (pass mark, number of items, cooling-off) and the time-on-task floor.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("training_run").addColumn("drawn", "text").execute();
  await db.schema.alterTable("training_run").addColumn("settings", "text").execute();
  await db.schema.alterTable("training_answer").addColumn("item_id", "text").execute();
  const organisation = [
    ["final_pass_percent", 80],
    ["final_item_count", 20],
    ["final_cooling_off_hours", 0],
    ["time_floor_percent", 20],
  ] as const;
  for (const [column, value] of organisation) {
    await db.schema
      .alterTable("organisation")
      .addColumn(column, "integer", (col) => col.notNull().defaultTo(value))
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of [
    "final_pass_percent",
    "final_item_count",
    "final_cooling_off_hours",
    "time_floor_percent",
  ]) {
    await db.schema.alterTable("organisation").dropColumn(column).execute();
  }
  await db.schema.alterTable("training_answer").dropColumn("item_id").execute();
  await db.schema.alterTable("training_run").dropColumn("settings").execute();
  await db.schema.alterTable("training_run").dropColumn("drawn").execute();
}
