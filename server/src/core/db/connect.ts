import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteAdapter } from 'kysely';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { DEFAULT_SQLITE_CACHE_MB } from '../config.js';
import { lazyModule } from '../lazy-module.js';
import type { Database } from './schema.js';
import { startCheckpointer } from './checkpointer.js';
import { BULK_ISOLATION, FastSqliteDialect } from './sqlite-driver.js';

export type Dialect = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;

/** Which database a handle (or a transaction on it) talks to. */
export function dialectOf(db: Db): Dialect {
  return db.getExecutor().adapter instanceof SqliteAdapter ? 'sqlite' : 'postgres';
}

/**
 * A transaction that writes many rows (a batch of up to 100,000 cards). On SQLite it runs alone,
 * outside any commit group (sqlite-driver.ts), with its statement journals in a temporary file and a
 * larger page cache while it lasts; the connection's own settings come back after it. The driver
 * knows it by its isolation level (BULK_ISOLATION). On PostgreSQL it is an ordinary transaction.
 */
export function bulkTransaction(db: Db) {
  const transaction = db.transaction();
  return dialectOf(db) === 'sqlite' ? transaction.setIsolationLevel(BULK_ISOLATION) : transaction;
}

export interface DbHandle {
  db: Db;
  dialect: Dialect;
  close(): Promise<void>;
}

const loadPg = lazyModule<typeof import('pg')>('pg');

/** node-postgres, loaded only for a PostgreSQL deployment (SQLite shops never pay for it). */
export function postgresDriver(): typeof import('pg') {
  const pg = loadPg();
  // BIGINT (int8) and NUMERIC counts come back as strings from node-postgres; every value we
  // store fits a JS safe integer (fen, epoch ms, ids), so read them as numbers.
  pg.types.setTypeParser(20, (v) => Number(v));
  return pg;
}

/** Distinct statements one connection keeps prepared; past this, further ones run unnamed. */
const NAMED_PER_CONNECTION = 500;

/**
 * Server-side prepared statements on PostgreSQL. Kysely sends every query unnamed, so the
 * server parses and plans it on every call; for the checkout's statement that was a good
 * part of the database's work per order. Here each distinct SQL text with parameters gets a
 * name on each connection (node-postgres then parses it once per connection and only binds
 * afterwards). Texts are bounded by the code (IN lists aside), and each connection names at
 * most NAMED_PER_CONNECTION of them.
 */
function namePreparedStatements(client: import('pg').PoolClient): void {
  const names = new Map<string, string>();
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (
    text: unknown,
    values?: unknown,
    callback?: unknown,
  ) => {
    if (
      typeof text !== 'string' ||
      !Array.isArray(values) ||
      values.length === 0 ||
      values.length > 100 ||
      typeof callback === 'function'
    ) {
      return query(text, values, callback);
    }
    let name = names.get(text);
    if (!name && names.size < NAMED_PER_CONNECTION) {
      name = `k${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
      names.set(text, name);
    }
    return name ? query({ name, text, values }) : query(text, values);
  };
}

/** How long start-up keeps trying to switch a busy file to WAL (ms). */
const WAL_SWITCH_MS = 15_000;

/**
 * Switches the file to WAL (a no-op once it is). Processes starting together on a new file (several
 * instances, or a restart overlapping the old process) contend for it while one of them writes its
 * header or migrates: SQLite answers SQLITE_BUSY at once where waiting could deadlock, or after its
 * busy timeout (5 s) on a machine too busy for the other to finish in time. One of three servers
 * started at once failed so in the test that does it ten times, during a full run of the suite.
 * Trying again a moment later finds the file in WAL or free.
 */
function enableWal(sqlite: SQLite.Database): void {
  const deadline = Date.now() + WAL_SWITCH_MS;
  for (;;) {
    try {
      sqlite.pragma('journal_mode = WAL');
      return;
    } catch (err) {
      if ((err as { code?: unknown }).code !== 'SQLITE_BUSY' || Date.now() > deadline) throw err;
      // Start-up only, before the server listens: a short synchronous pause.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20 + Math.random() * 30);
    }
  }
}

export function connectDatabase(opts: {
  databaseUrl?: string;
  sqliteFile: string;
  /** SQLite's page cache (MB); config.ts has the default. */
  sqliteCacheMb?: number;
  poolSize?: number;
}): DbHandle {
  if (opts.databaseUrl) {
    const pool = new (postgresDriver().Pool)({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 20 });
    // An idle connection can die (server restart, admin termination). Without a listener the
    // pool's 'error' event would crash the process; the pool replaces the connection anyway.
    pool.on('error', (err) => process.stderr.write(`PostgreSQL idle connection lost: ${err.message}\n`));
    pool.on('connect', (client) => namePreparedStatements(client));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  const sqlite = new SQLite(opts.sqliteFile);
  enableWal(sqlite);
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  // Temporary files in memory. The one that matters is the sub-journal: every page a savepoint
  // changes is copied there first, so that the savepoint can roll back alone. Group commit
  // (sqlite-driver.ts) runs each joining transaction in a savepoint, and one checkout changes about
  // 25 pages (~100 KB); past 64 KB SQLite spills the sub-journal to a temporary file, and every
  // page then cost a write() to it: the ledger, link and event inserts took three to four times as
  // long inside a group as alone. In memory, the sub-journal holds one savepoint's pages at most
  // (it is emptied when the savepoint is released). Sorts and temporary tables also stay in memory;
  // the shop's queries sort on indexes or page with LIMIT, so they stay small.
  sqlite.pragma('temp_store = MEMORY');
  // SQLite's default page cache is 2 MB: a shop with some thousands of orders and cards already
  // re-reads pages from the OS on every lookup. 8 MB (SQLITE_CACHE_MB) holds the hot part of a
  // large shop — the indexes and the newest rows; it is filled only as pages are read. It was
  // 64 MB: card imports and checkouts then left ~50 MB of pages nobody read again resident in a
  // process that must stay under 200 MB (docs/benchmarks.md, "Sub-sites"); what falls out is
  // read again from the OS's file cache, not from the disk.
  sqlite.pragma(`cache_size = -${Math.round((opts.sqliteCacheMb ?? DEFAULT_SQLITE_CACHE_MB) * 1024)}`);
  // WAL + synchronous=NORMAL: a commit is an append to the WAL without an fsync (durable
  // across process crashes; a power loss may drop the last commits, never corrupt the file).
  // Checkpoints run in a worker (core/db/checkpointer.ts); this is only the backstop.
  const fileBacked = opts.sqliteFile !== '' && opts.sqliteFile !== ':memory:';
  if (fileBacked) sqlite.pragma('wal_autocheckpoint = 10000');
  const checkpointer = fileBacked
    ? startCheckpointer(opts.sqliteFile, createRequire(import.meta.url).resolve('better-sqlite3'))
    : null;
  const db = new Kysely<Database>({ dialect: new FastSqliteDialect(sqlite) });
  return {
    db,
    dialect: 'sqlite',
    close: async () => {
      await checkpointer?.stop();
      await db.destroy();
    },
  };
}
