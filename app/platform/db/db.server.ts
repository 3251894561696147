import { AsyncLocalStorage, AsyncResource } from "node:async_hooks";
import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
  type SqliteDatabase,
  type SqliteStatement,
  sql,
} from "kysely";
import pg from "pg";
import { migrations } from "./migrations";
import { onPostgres } from "./migrations/helpers";
import type { Database } from "./schema";

export type { Database } from "./schema";

/** Opens a database: PostgreSQL for a postgres:// URL, otherwise a SQLite file (created if absent). */
/** Where the database is when DATABASE_URL does not say: a SQLite file. */
export const DEFAULT_DATABASE_URL = "data/kestrel.db";

/** Whether a failed insert hit a unique constraint: another request got there first. */
export function isUniqueViolation(error: unknown): boolean {
  const text = error instanceof Error ? `${error.message} ${String(error.cause ?? "")}` : "";
  return /unique|duplicate key/i.test(text) || (error as { code?: string }).code === "23505";
}

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}

export function openDatabase(url: string): Kysely<Database> {
  if (isPostgresUrl(url)) {
    return new Kysely<Database>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 10 }) }),
    });
  }
  const file = url.replace(/^(sqlite|file):(\/\/)?/, "");
  if (file !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  // An acknowledged write must survive a power cut (ARCHITECTURE.md "Database").
  sqlite.pragma("synchronous = FULL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  return new Kysely<Database>({
    dialect: new ImmediateSqliteDialect(
      { database: withCompiledStatements(sqlite) },
      writeLockTaker(sqlite),
    ),
  });
}

/** How long a statement waits for another process's lock before it fails with SQLITE_BUSY. */
const BUSY_TIMEOUT_MS = 5000;

/** Runs `begin immediate`, or throws SQLITE_BUSY at once when another process holds the lock. */
type WriteLockAttempt = (begin: () => Promise<unknown>) => Promise<void>;

/**
 * SQLite waits for a lock by sleeping (1, 2, 5, 10 … ms), and a sleep blocks the whole process:
 * every request it serves stops while another process commits. So `begin immediate` is tried
 * without waiting, and on SQLITE_BUSY tried again in a later turn of the event loop, until the
 * same 5 s as busy_timeout have passed (decision 033). Statements inside a transaction need no
 * wait: the transaction already holds the lock.
 */
function writeLockTaker(sqlite: SQLite.Database): WriteLockAttempt {
  // Set anew each time: a prepared pragma statement run a second time does not apply again.
  const setBusyTimeout = (ms: number) => sqlite.pragma(`busy_timeout = ${ms}`);
  return async (begin) => {
    const started = Date.now();
    for (let attempt = 1; ; attempt += 1) {
      setBusyTimeout(0);
      try {
        await begin();
        return;
      } catch (error) {
        const busy = (error as { code?: unknown }).code === "SQLITE_BUSY";
        if (!busy || Date.now() - started >= BUSY_TIMEOUT_MS) throw error;
      } finally {
        setBusyTimeout(BUSY_TIMEOUT_MS);
      }
      // A commit takes about a millisecond: the next few turns first, then a millisecond apart.
      await new Promise((resolve) =>
        attempt < 4 ? setImmediate(resolve) : setTimeout(resolve, 1),
      );
    }
  };
}

/**
 * Transactions that take the write lock when they begin. With several processes on one file
 * (WEB_CONCURRENCY, decision 028), a transaction begun deferred that reads and then writes fails
 * at once with SQLITE_BUSY when another process wrote in between; one begun immediately waits for
 * the lock and then sees the latest data.
 */
class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  readonly #takeWriteLock: WriteLockAttempt;

  constructor(config: SqliteDialectConfig, takeWriteLock: WriteLockAttempt) {
    super(config);
    this.#config = config;
    this.#takeWriteLock = takeWriteLock;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config, this.#takeWriteLock);
  }
}

class ImmediateSqliteDriver extends SqliteDriver {
  readonly #takeWriteLock: WriteLockAttempt;

  constructor(config: SqliteDialectConfig, takeWriteLock: WriteLockAttempt) {
    super(config);
    this.#takeWriteLock = takeWriteLock;
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await this.#takeWriteLock(() => connection.executeQuery(CompiledQuery.raw("begin immediate")));
  }
}

const MAX_COMPILED_STATEMENTS = 500;

/**
 * Kysely prepares every query afresh, and better-sqlite3 compiles a statement on each `prepare`, so
 * the same few statements were compiled again on every request. They are kept by their text (the
 * values are bound separately). Safe because every statement runs to completion synchronously:
 * Kysely streams no results here, so no statement is reused while it is still being read.
 */
function withCompiledStatements(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => sqlite.close(),
    prepare(text) {
      let statement = statements.get(text);
      if (!statement) {
        if (statements.size >= MAX_COMPILED_STATEMENTS) {
          statements.delete(statements.keys().next().value as string);
        }
        statement = sqlite.prepare(text);
        statements.set(text, statement);
      }
      return statement;
    },
  };
}

/** Applies every pending migration; throws if one fails. */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}

export async function isDatabaseReachable(db: Kysely<Database>): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}

// One handle per process; kept on globalThis so development reloads do not open a second one.
const holder = globalThis as typeof globalThis & { __kestrelDb?: Kysely<Database> };

const substitute = new AsyncLocalStorage<Kysely<Database>>();

/** The database every feature uses: the one DATABASE_URL names, unless `withDatabase` says. */
export function getDb(): Kysely<Database> {
  const db = substitute.getStore();
  if (db) return db;
  // The value is checked with the rest of the environment at start (platform/lib/env.server.ts),
  // which sits above the database and takes its default from here.
  holder.__kestrelDb ??= openDatabase(process.env.DATABASE_URL || DEFAULT_DATABASE_URL);
  return holder.__kestrelDb;
}

/**
 * Runs `work` with `getDb()` answering `db`, for a test that needs a database which fails (features
 * take no handle: decision 015). Other work running at the same time keeps the usual one.
 */
export function withDatabase<T>(db: Kysely<Database>, work: () => Promise<T>): Promise<T> {
  return substitute.run(db, work);
}

/** True when the database is PostgreSQL: for the few statements the engines spell apart. */
export function isPostgres(): boolean {
  return onPostgres(getDb() as unknown as Kysely<unknown>);
}

/**
 * Runs `work` as one transaction: every `getDb()` inside answers the transaction, so the writes of
 * several features (a rate-limit count and the row it guards) reach the disk in one durable commit
 * instead of one each. Inside a transaction already, `work` simply joins it. On SQLite, units of
 * work that queue while another commits share the next commit (decision 034).
 */
export function inOneTransaction<T>(work: () => Promise<T>): Promise<T> {
  const db = getDb();
  if (db.isTransaction) return work();
  if (onPostgres(db as unknown as Kysely<unknown>)) {
    return db.transaction().execute((trx) => substitute.run(trx, work));
  }
  let group = commitGroups.get(db);
  if (!group) commitGroups.set(db, (group = new CommitGroups(db)));
  return group.run(work);
}

/**
 * Runs `work` so that its failure undoes only its own writes: inside a transaction, in a savepoint
 * rolled back when it throws (the transaction goes on, PostgreSQL's included); outside, as is. For
 * a statement whose expected failure is handled, such as a unique clash answered by a retry.
 */
export async function inSavepoint<T>(name: string, work: () => Promise<T>): Promise<T> {
  const db = getDb();
  if (!db.isTransaction) return work();
  const point = sql.id(name);
  await sql`savepoint ${point}`.execute(db);
  try {
    const value = await work();
    await sql`release savepoint ${point}`.execute(db);
    return value;
  } catch (error) {
    await sql`rollback to savepoint ${point}`.execute(db);
    await sql`release savepoint ${point}`.execute(db);
    throw error;
  }
}

/** The most units of work one SQLite commit carries. */
const MAX_UNITS_PER_COMMIT = 64;

interface QueuedUnit {
  /** The work, bound to its caller's async context, with `getDb()` answering `trx`. */
  run: (trx: Kysely<Database>) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit for one SQLite handle (decision 034). A durable commit waits for the disk, and
 * better-sqlite3 waits on the process's only thread. So the units of work that queue during one
 * commit run one after another in the next transaction, each inside its own savepoint, and are
 * answered together once that transaction is on disk. A unit that fails is rolled back to its
 * savepoint: its writes are undone, the others' kept. Under no load a group is a single unit and
 * runs as a plain transaction.
 */
class CommitGroups {
  readonly #db: Kysely<Database>;
  #queue: QueuedUnit[] = [];
  #draining = false;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  run<T>(work: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#queue.push({
        run: AsyncResource.bind((trx: Kysely<Database>) => substitute.run(trx, work)),
        resolve: resolve as (value: unknown) => void,
        reject,
      });
      if (!this.#draining) void this.#drain();
    });
  }

  async #drain(): Promise<void> {
    this.#draining = true;
    while (this.#queue.length > 0) {
      await new Promise((resolve) => setImmediate(resolve));
      const group = this.#queue.splice(0, MAX_UNITS_PER_COMMIT);
      try {
        const settled = await this.#db.transaction().execute((trx) => runGroup(trx, group));
        for (const unit of settled) {
          if (unit.ok) unit.resolve(unit.value);
          else unit.reject(unit.error);
        }
      } catch (error) {
        // The transaction did not commit (its lock never came, a rollback or the commit failed):
        // nothing of this group is on disk.
        for (const unit of group) unit.reject(error);
      }
    }
    this.#draining = false;
  }
}

const commitGroups = new WeakMap<Kysely<Database>, CommitGroups>();

type SettledUnit = QueuedUnit & ({ ok: true; value: unknown } | { ok: false; error: unknown });

/** Runs a group's units in `trx`, each in its own savepoint unless it is alone. */
async function runGroup(trx: Kysely<Database>, group: QueuedUnit[]): Promise<SettledUnit[]> {
  const [only] = group;
  // Alone, a unit is the transaction: its failure rolls the whole back and reaches its caller.
  if (only && group.length === 1) return [{ ...only, ok: true, value: await only.run(trx) }];
  const settled: SettledUnit[] = [];
  for (const unit of group) {
    await sql`savepoint unit`.execute(trx);
    try {
      settled.push({ ...unit, ok: true, value: await unit.run(trx) });
    } catch (error) {
      await sql`rollback to unit`.execute(trx);
      settled.push({ ...unit, ok: false, error });
    }
    await sql`release unit`.execute(trx);
  }
  return settled;
}

export async function closeDb(): Promise<void> {
  const db = holder.__kestrelDb;
  holder.__kestrelDb = undefined;
  await db?.destroy();
}
