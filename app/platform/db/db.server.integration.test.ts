import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import { existsSync, rmSync } from "node:fs";
import { type Kysely, sql } from "kysely";
import { describe, expect, it } from "vitest";
import { isPostgresUrl } from "./db.server";
import {
  type Database,
  getDb,
  inOneTransaction,
  isDatabaseReachable,
  migrateToLatest,
  openDatabase,
  withDatabase,
} from "./db.server";
import { migrations } from "./migrations";

const onPostgres = isPostgresUrl(process.env.DATABASE_URL ?? "");

/** Two handles on a new, migrated SQLite file, as two server processes have; removed after `work`. */
async function onTwoHandles(
  work: (first: Kysely<Database>, second: Kysely<Database>) => Promise<void>,
): Promise<void> {
  const dir = `data/test/${randomUUID()}`;
  const first = openDatabase(`${dir}/kestrel.db`);
  const second = openDatabase(`${dir}/kestrel.db`);
  try {
    await migrateToLatest(first);
    await work(first, second);
  } finally {
    await first.destroy();
    await second.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

const rateLimitRow = (key: string) => ({ key, hits: "1", expires_at: "2026-01-01T00:01:00.000Z" });

describe("database", () => {
  it("has applied every migration, and applying again changes nothing", async () => {
    const db = getDb();
    expect(await migrateToLatest(db)).toEqual([]);
    const applied = await db
      .selectFrom("kysely_migration" as never)
      .select(sql<string>`name`.as("name"))
      .execute();
    expect(applied.map((row) => row.name).sort()).toEqual(Object.keys(migrations).sort());
  });

  it("has the analytics_event table with the columns later features rely on", async () => {
    const tables = await getDb().introspection.getTables();
    const events = tables.find((table) => table.name === "analytics_event");
    expect(events?.columns.map((column) => column.name).sort()).toEqual(
      [
        "anonymous_id",
        "created_at",
        "id",
        "locale",
        "name",
        "path",
        "properties",
        "session_id",
      ].sort(),
    );
  });

  it("numbers rows automatically on either engine", async () => {
    const db = getDb();
    const row = {
      name: "module_viewed",
      properties: "{}",
      path: "/",
      created_at: new Date().toISOString(),
    };
    const first = await db
      .insertInto("analytics_event")
      .values(row)
      .returning("id")
      .executeTakeFirstOrThrow();
    const second = await db
      .insertInto("analytics_event")
      .values(row)
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(Number(second.id)).toBeGreaterThan(Number(first.id));
  });

  it("commits the writes of one unit of work together, or none of them", async () => {
    const row = (key: string) => ({ key, hits: "1", expires_at: "2999-01-01T00:00:00.000Z" });
    const keys = () =>
      getDb()
        .selectFrom("rate_limit")
        .select("key")
        .orderBy("key")
        .execute()
        .then((rows) => rows.map((r) => r.key));
    await inOneTransaction(async () => {
      expect(getDb().isTransaction).toBe(true);
      await getDb().insertInto("rate_limit").values(row("a")).execute();
      // A unit inside another joins it.
      await inOneTransaction(() => getDb().insertInto("rate_limit").values(row("b")).execute());
    });
    expect(await keys()).toEqual(["a", "b"]);
    await expect(
      inOneTransaction(async () => {
        await getDb().insertInto("rate_limit").values(row("c")).execute();
        throw new Error("the second write failed");
      }),
    ).rejects.toThrow("the second write failed");
    expect(await keys()).toEqual(["a", "b"]);
  });

  it("answers whether it is reachable", async () => {
    expect(await isDatabaseReachable(getDb())).toBe(true);
    // Nothing listens on port 1: the server is unreachable, as after a crash or a network split.
    const unreachable = openDatabase("postgres://kestrel@127.0.0.1:1/kestrel");
    expect(await isDatabaseReachable(unreachable)).toBe(false);
    await unreachable.destroy();
  });

  describe.runIf(!onPostgres)("SQLite file", () => {
    it("is durable: WAL journal, full sync, foreign keys on", async () => {
      const db = getDb();
      const pragma = async (name: string) =>
        Object.values((await sql.raw(`pragma ${name}`).execute(db)).rows[0] as object)[0];
      expect(await pragma("journal_mode")).toBe("wal");
      expect(await pragma("synchronous")).toBe(2); // FULL
      expect(await pragma("foreign_keys")).toBe(1);
    });

    it("waits for another writer's lock without stopping the process, then commits", () =>
      onTwoHandles(async (first, second) => {
        let release = () => {};
        const held = new Promise<void>((resolve) => (release = resolve));
        const holding = first.transaction().execute(async (trx) => {
          await trx.insertInto("rate_limit").values(rateLimitRow("first")).execute();
          await held;
        });
        const events: string[] = [];
        const waiting = second
          .transaction()
          .execute((trx) => trx.insertInto("rate_limit").values(rateLimitRow("second")).execute())
          .then(() => events.push("second committed"));
        // The process goes on while the second writer waits: timers fire, the first commits.
        await new Promise((resolve) => setTimeout(resolve, 50));
        events.push("timer");
        release();
        await holding;
        await waiting;
        expect(events).toEqual(["timer", "second committed"]);
        const keys = await first.selectFrom("rate_limit").select("key").orderBy("key").execute();
        expect(keys.map(({ key }) => key)).toEqual(["first", "second"]);
      }));

    it("commits units of work queued together once, answering each only when it is on disk", () =>
      onTwoHandles(async (db, reader) => {
        const insert = (key: string) =>
          getDb().insertInto("rate_limit").values(rateLimitRow(key)).execute();
        const committed = () =>
          reader
            .selectFrom("rate_limit")
            .select("key")
            .orderBy("key")
            .execute()
            .then((rows) => rows.map(({ key }) => key));
        let release = () => {};
        const held = new Promise<void>((resolve) => (release = resolve));
        let nowHolding = () => {};
        const thirdHolds = new Promise<void>((resolve) => (nowHolding = resolve));
        const answered: string[] = [];
        const unit = (key: string, work: () => Promise<void> = async () => {}) =>
          withDatabase(db, () =>
            inOneTransaction(async () => {
              await insert(key);
              await work();
              return key;
            }),
          ).then((value) => answered.push(value));
        // Three requests reach the database in one turn of the event loop.
        const first = unit("a");
        const second = unit("b", async () => {
          throw new Error("the second unit failed");
        });
        const third = unit("c", async () => {
          nowHolding();
          await held;
        });
        await thirdHolds;
        // The first unit is written but not yet on disk, so not yet answered.
        await new Promise((resolve) => setTimeout(resolve, 20));
        expect(answered).toEqual([]);
        expect(await committed()).toEqual([]);
        release();
        await first;
        await expect(second).rejects.toThrow("the second unit failed");
        await third;
        expect(answered).toEqual(["a", "c"]);
        // The failed unit's write is undone; the others are kept.
        expect(await committed()).toEqual(["a", "c"]);
      }));

    it("runs each unit of a shared commit in its caller's context", async () => {
      const caller = new AsyncLocalStorage<string>();
      const seen = await Promise.all(
        ["first", "second", "third"].map((name) =>
          caller.run(name, () => inOneTransaction(async () => caller.getStore())),
        ),
      );
      expect(seen).toEqual(["first", "second", "third"]);
    });

    it("creates its folder and file on first open, and a second handle sees committed writes", async () => {
      const dir = `data/test/${randomUUID()}`;
      const file = `${dir}/nested/kestrel.db`;
      try {
        const first = openDatabase(file);
        await migrateToLatest(first);
        expect(existsSync(file)).toBe(true);
        await first
          .insertInto("rate_limit")
          .values({ key: "k", hits: "1767225600000", expires_at: "2026-01-01T00:01:00.000Z" })
          .execute();
        const second = openDatabase(file);
        const row = await second.selectFrom("rate_limit").select("hits").executeTakeFirst();
        expect(row?.hits).toBe("1767225600000");
        await first.destroy();
        await second.destroy();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
});
