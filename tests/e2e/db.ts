import SQLite from "better-sqlite3";
import { existsSync, readFileSync } from "node:fs";
import { E2E_DATABASE, E2E_MAILBOX } from "../../playwright.config";

/** Reads the database of the server under test, to check what an action really stored. */
export function queryE2eDatabase<T>(sql: string, ...params: unknown[]): T[] {
  const db = new SQLite(E2E_DATABASE, { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

/** The mails the server under test delivered to the local SMTP server. */
export function deliveredMail(): { to: string[]; data: string }[] {
  if (!existsSync(E2E_MAILBOX)) return [];
  return readFileSync(E2E_MAILBOX, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { to: string[]; data: string });
}
