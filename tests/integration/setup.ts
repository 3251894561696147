// Integration tests run on a real database: a fresh SQLite file per test file, or the PostgreSQL
// named by TEST_DATABASE_URL (CI's second pass). Every test starts from empty tables.
import { randomUUID } from "node:crypto";
import { rmSync } from "node:fs";
import { afterAll, beforeAll, beforeEach } from "vitest";

const sqliteFile = `data/test/${randomUUID()}.db`;
process.env.DATABASE_URL = process.env.TEST_DATABASE_URL ?? sqliteFile;
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
  if (!process.env.TEST_DATABASE_URL) {
    for (const suffix of ["", "-wal", "-shm"]) rmSync(sqliteFile + suffix, { force: true });
  }
  rmSync(process.env.MEDIA_DIR ?? "", { recursive: true, force: true });
});
