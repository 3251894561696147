import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter } from "kysely";

/** True on PostgreSQL; used only where the two engines spell a column differently. */
export function onPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** An auto-numbered integer primary key on either engine. */
export function serialId(db: Kysely<unknown>) {
  return onPostgres(db)
    ? (col: ColumnDefinitionBuilder) => col.primaryKey().generatedByDefaultAsIdentity()
    : (col: ColumnDefinitionBuilder) => col.primaryKey().autoIncrement();
}
