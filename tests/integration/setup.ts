// Integration tests run on a real database: a fresh SQLite file per test file, or the PostgreSQL
// named by TEST_DATABASE_URL (CI's second pass), a database per worker. Every test starts from
// empty tables.
import { randomUUID } from "node:crypto";
import { rmSync } from "node:fs";
import pg from "pg";
import { afterAll, beforeAll, beforeEach } from "vitest";

/**
 * On PostgreSQL each worker has a database of its own beside TEST_DATABASE_URL's (`<name>_<worker>`,
 * created on first use), so files run side by side as they do on SQLite files.
 */
async function workerDatabase(url: string): Promise<string> {
  const own = new URL(url);
  const name = `${own.pathname.slice(1)}_${process.env.VITEST_POOL_ID ?? "1"}`;
  if (!/^\w+$/.test(name)) throw new Error(`not a database name for a worker: ${name}`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const found = await client.query("select 1 from pg_database where datname = $1", [name]);
    if (found.rowCount === 0) await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  own.pathname = `/${name}`;
  return own.toString();
}

const sqliteFile = `data/test/${randomUUID()}.db`;
const postgres = process.env.TEST_DATABASE_URL;
process.env.DATABASE_URL = postgres ? await workerDatabase(postgres) : sqliteFile;
process.env.LOG_LEVEL = "silent";
// Course media a test builds go to its own folder, never over the app's build.
process.env.MEDIA_DIR = `data/test/media-${randomUUID()}`;

const { closeDb, getDb, migrateToLatest } = await import("~/platform/db/db.server");

beforeAll(async () => {
  await migrateToLatest(getDb());
});

beforeEach(async () => {
  const db = getDb();
  const tables = await db.introspection.getTables();
  // Evidence refuses deletion unless a purge permit is held (migration 0011): so does the wipe.
  if (tables.some((table) => table.name === "evidence_purge_permit")) {
    await db.insertInto("evidence_purge_permit").values({ id: 1, reason: "test reset" }).execute();
    await db.deleteFrom("evidence_record").execute();
  }
  for (const table of tables) {
    if (table.name.startsWith("kysely_")) continue;
    await db.deleteFrom(table.name as never).execute();
  }
});

afterAll(async () => {
  await closeDb();
  if (!postgres) {
    for (const suffix of ["", "-wal", "-shm"]) rmSync(sqliteFile + suffix, { force: true });
  }
  rmSync(process.env.MEDIA_DIR ?? "", { recursive: true, force: true });
});
