import SQLite from "better-sqlite3";
import { E2E_DATABASE } from "../../playwright.config";

/** Reads the database of the server under test, to check what an action really stored. */
export function queryE2eDatabase<T>(sql: string, ...params: unknown[]): T[] {
  const db = new SQLite(E2E_DATABASE, { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}
