import type { Database as SqliteDatabase, Statement } from 'better-sqlite3';
import {
  ColumnNode,
  CompiledQuery,
  InsertQueryNode,
  SelectQueryNode,
  TableNode,
  UpdateQueryNode,
  type RootOperationNode,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/**
 * Counts the statements that changed something on any SQLite connection of this process.
 * The embedded mode is one process with one connection, and a transaction holds that
 * connection until it commits, so "no write since I read it" — the same count — means a value
 * read from the database is still what the database holds: caches tagged with this count are
 * exact (see core/db/read-cache.ts). Rolled-back writes count too (a needless miss, never a
 * stale hit).
 */
let writeCount = 0;

/**
 * The same count, split by what was written, so a cached value can depend on only what it
 * read (`sqliteReadVersion`): an UPDATE counts for its table and for each column it sets; an
 * INSERT (upserts included) for its table and its rows; anything else that writes — raw SQL,
 * DELETE (foreign-key actions may reach other tables), a ROLLBACK — counts for everything.
 */
let untracked = 0;
const versions = new Map<string, number>();
const bump = (key: string) => versions.set(key, (versions.get(key) ?? 0) + 1);

function noteWrite(node: RootOperationNode | undefined): void {
  writeCount++;
  if (node && UpdateQueryNode.is(node) && node.table && TableNode.is(node.table) && node.updates) {
    const table = node.table.table.identifier.name;
    bump(table);
    for (const u of node.updates) {
      if (ColumnNode.is(u.column)) bump(`${table}.${u.column.column.name}`);
      else untracked++;
    }
    return;
  }
  if (node && InsertQueryNode.is(node) && node.into) {
    const table = node.into.table.identifier.name;
    bump(table);
    bump(`${table}:rows`);
    return;
  }
  untracked++;
}

/**
 * A number that changes whenever something a read depends on may have changed. `reads` names
 * tables ("goods": any change to it) and columns ("users.status": that column of any row, or
 * rows added). Without `reads`, any write anywhere changes it. List every table and column
 * the read's query uses — an omission would serve a stale value.
 */
export function sqliteReadVersion(reads?: readonly string[]): number {
  if (!reads) return writeCount;
  let v = untracked;
  for (const r of reads) {
    const dot = r.indexOf('.');
    v += dot < 0 ? (versions.get(r) ?? 0) : (versions.get(`${r.slice(0, dot)}:rows`) ?? 0) + (versions.get(r) ?? 0);
  }
  return v;
}

/** Prepared statements kept per connection; past this many the cache starts over. */
const STATEMENT_CACHE_SIZE = 2000;
/** Longer SQL (big multi-row inserts) is prepared each time rather than kept. */
const CACHEABLE_SQL_LENGTH = 256 * 1024;

/**
 * The one SQLite connection, with two costs of Kysely's stock driver removed (the SQL and
 * the transaction rules are the same):
 * - statements are prepared once per distinct SQL text and reused (better-sqlite3 statements
 *   are synchronous, so a statement is never used by two queries at once; a statement that is
 *   still iterating a stream is never handed out again);
 * - waiters for the connection queue in arrival order and exactly one is woken per release
 *   (the stock mutex wakes every waiter on each release, which costs O(waiters²) under load).
 */
class SqliteConnection implements DatabaseConnection {
  private readonly statements = new Map<string, Statement>();
  constructor(private readonly db: SqliteDatabase) {}

  private prepare(sql: string): Statement {
    if (sql.length > CACHEABLE_SQL_LENGTH) return this.db.prepare(sql);
    let stmt = this.statements.get(sql);
    if (stmt && !stmt.busy) return stmt;
    stmt = this.db.prepare(sql);
    if (this.statements.size >= STATEMENT_CACHE_SIZE) this.statements.clear();
    this.statements.set(sql, stmt);
    return stmt;
  }

  executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const stmt = this.prepare(compiled.sql);
    const params = compiled.parameters as unknown[];
    if (stmt.reader) {
      const rows = stmt.all(params) as R[];
      // UPDATE/INSERT/DELETE … RETURNING answers one row per row changed.
      if (rows.length > 0 && !stmt.readonly) noteWrite(compiled.query);
      return Promise.resolve({ rows });
    }
    const { changes, lastInsertRowid } = stmt.run(params);
    // Transaction control is "read-only" to SQLite; of it only a rollback changes what reads see.
    if (!stmt.readonly) noteWrite(compiled.query);
    else if (/^\s*rollback/i.test(compiled.sql)) noteWrite(undefined);
    return Promise.resolve({ numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] });
  }

  async *streamQuery<R>(compiled: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(compiled.query)) throw new Error('Sqlite driver only supports streaming of select queries');
    // A fresh statement: the cached one may be wanted by other queries while this one iterates.
    const stmt = this.db.prepare(compiled.sql);
    for (const row of stmt.iterate(compiled.parameters as unknown[])) yield { rows: [row as R] };
  }
}

class FifoMutex {
  private locked = false;
  private readonly waiters: Array<() => void> = [];
  lock(): Promise<void> {
    if (!this.locked) {
      this.locked = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiters.push(resolve));
  }
  get held(): boolean {
    return this.locked;
  }
  unlock(): void {
    const next = this.waiters.shift();
    // Hand the lock straight to the next waiter: it stays locked.
    if (next) next();
    else this.locked = false;
  }
}

/** A group commits when this many transactions are in it, … */
const GROUP_MAX_MEMBERS = 32;
/** … or when it has been open this long, even with more transactions waiting (ms). */
const GROUP_MAX_MS = 8;
const SAVEPOINT = 'kapu_txn';
/** SQLite's page cache during a bulk transaction (KB): a card import's unique index stays in it. */
const BULK_CACHE_KB = 64 * 1024;
/**
 * The isolation level that marks a bulk transaction (bulkTransaction in connect.ts). Every SQLite
 * transaction is serializable anyway, so asking for it changes nothing else.
 */
export const BULK_ISOLATION = 'serializable';

/** Open connections of this process per database file (see FastSqliteDriver's `grouping`). */
const writersOf = new Map<string, number>();

/** One holder's turn on the connection (what Kysely acquires, runs queries on and releases). */
class Lease implements DatabaseConnection {
  inTransaction = false;
  /** Its transaction opened the group: it runs in the outer transaction itself, without a savepoint. */
  opensGroup = false;
  holdsLock = true;
  constructor(private readonly driver: FastSqliteDriver) {}
  executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    return this.driver.run<R>(this, compiled);
  }
  streamQuery<R>(compiled: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    return this.driver.stream<R>(compiled);
  }
}

interface Member {
  resolve: () => void;
  reject: (err: unknown) => void;
}

interface Group {
  members: Member[];
  startedAt: number;
  /** Opened by a bulk transaction: what to set again once it has committed or rolled back. */
  bulk?: { tempStore: number; cacheSize: number };
  /** A commit is due once the connection is free (set when the last holder left it). */
  due: boolean;
}

/**
 * Group commit. SQLite's cost per transaction is mostly its COMMIT: every page the transaction
 * changed is appended to the WAL, and consecutive checkouts change the same pages (the newest
 * leaf of `orders` and of each of its indexes, the buyer's balance row, the goods' cards). A
 * transaction joining an open group runs in a savepoint (the one that opens it needs none), and
 * a finished transaction does not commit: the outer transaction commits
 * when the event loop has run the requests that were ready meanwhile (their transactions join
 * it), at GROUP_MAX_MEMBERS, or after GROUP_MAX_MS; a lone transaction commits one loop turn
 * later. Each transaction's `commit` resolves only after the COMMIT that made it durable, so
 * nothing is answered before it is written; a transaction that fails rolls back to its savepoint
 * and leaves the others in the group alone. A write outside any transaction commits the
 * open group first, so it never rides in a commit that could still fail after it returned.
 */
class FastSqliteDriver implements Driver {
  private readonly mutex = new FifoMutex();
  private readonly connection: SqliteConnection;
  private group: Group | null = null;
  constructor(private readonly db: SqliteDatabase) {
    this.connection = new SqliteConnection(db);
    writersOf.set(db.name, (writersOf.get(db.name) ?? 0) + 1);
  }

  /**
   * Whether a finished transaction may wait for others. Only while this is the one connection of
   * the process to its file: better-sqlite3 waits for a lock synchronously, so a second connection
   * of the same process (tests run two instances on one file) would block the event loop that must
   * run before this one's group commits — until its busy timeout.
   */
  private get grouping(): boolean {
    return writersOf.get(this.db.name) === 1;
  }
  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> {
    await this.mutex.lock();
    return new Lease(this);
  }

  run<R>(lease: Lease, compiled: CompiledQuery): Promise<QueryResult<R>> {
    if (this.group && !lease.inTransaction && !SelectQueryNode.is(compiled.query)) this.commitGroup();
    return this.connection.executeQuery<R>(compiled);
  }
  stream<R>(compiled: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    return this.connection.streamQuery<R>(compiled);
  }

  private exec(sql: string): void {
    void this.connection.executeQuery(CompiledQuery.raw(sql));
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const lease = connection as Lease;
    // A bulk transaction (bulkTransaction in connect.ts) runs alone: the members of the open group
    // have all finished (the connection is this holder's), so that group commits first.
    const bulk = settings.isolationLevel === BULK_ISOLATION ? this.startBulk() : undefined;
    // The group's first transaction needs no savepoint: should it fail, nothing else is in the
    // group yet, and rolling the outer transaction back undoes exactly it (a lone transaction,
    // the common case off peak, runs the same statements as without grouping).
    lease.opensGroup = !this.group;
    if (lease.opensGroup) {
      this.exec('begin');
      this.group = { members: [], startedAt: Date.now(), due: false, bulk };
    } else this.exec(`savepoint ${SAVEPOINT}`);
    lease.inTransaction = true;
  }
  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    if (!lease.opensGroup) this.exec(`release ${SAVEPOINT}`);
    lease.inTransaction = false;
    const group = this.group!;
    const durable = new Promise<void>((resolve, reject) => group.members.push({ resolve, reject }));
    this.endTurn(lease);
    await durable;
  }
  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    // Its group's COMMIT failed: that already rolled everything back and told every member.
    if (!lease.holdsLock) return;
    lease.inTransaction = false;
    if (this.db.inTransaction && lease.opensGroup) {
      // Only its own work is in the outer transaction (the group has no member yet).
      const bulk = this.group?.bulk;
      this.group = null;
      this.exec('rollback');
      this.endBulk(bulk);
      return;
    }
    if (this.db.inTransaction) {
      this.exec(`rollback to ${SAVEPOINT}`);
      this.exec(`release ${SAVEPOINT}`);
      return;
    }
    // SQLite rolled the whole transaction back itself (e.g. disk full): the group is lost with it.
    this.failGroup(new Error('SQLite rolled back the transaction group'));
  }
  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    if (lease.holdsLock) this.endTurn(lease);
  }

  /**
   * The holder is done. Its group commits now when full or old enough; otherwise once the event
   * loop has run what is ready (`setImmediate`): requests that arrived meanwhile run their
   * transactions first and join the group. A holder still busy then commits the group when it ends.
   */
  private endTurn(lease: Lease): void {
    lease.holdsLock = false;
    const group = this.group;
    if (
      group &&
      (!this.grouping ||
        group.bulk ||
        group.members.length >= GROUP_MAX_MEMBERS ||
        Date.now() - group.startedAt >= GROUP_MAX_MS)
    ) {
      this.commitGroup();
    } else if (group && !group.due) {
      group.due = true;
      setImmediate(() => {
        if (this.group !== group) return;
        if (this.mutex.held) group.due = false;
        else this.commitGroup();
      });
    }
    this.mutex.unlock();
  }

  private commitGroup(): void {
    const group = this.group!;
    this.group = null;
    try {
      this.exec('commit');
    } catch (err) {
      if (this.db.inTransaction) this.exec('rollback');
      this.endBulk(group.bulk);
      for (const m of group.members) m.reject(err);
      return;
    }
    this.endBulk(group.bulk);
    for (const m of group.members) m.resolve();
  }

  private failGroup(err: Error): void {
    const group = this.group;
    this.group = null;
    noteWrite(undefined);
    this.endBulk(group?.bulk);
    for (const m of group?.members ?? []) m.reject(err);
  }

  /**
   * Before a bulk transaction, outside any transaction: statement journals go to a temporary file
   * and the page cache grows to BULK_CACHE_KB. A multi-row INSERT into a table with foreign keys
   * journals every page it changes; in memory (temp_store = MEMORY, which group commit's savepoints
   * need) that is thousands of small allocations per statement, and beside the threads sealing the
   * cards they waited on glibc's two arenas. With the 8 MB cache, each statement also read the
   * cards' unique index from the OS again. 1,000,000 cards took 25–27 s; 18–19 s so (docs/benchmarks.md).
   */
  private startBulk(): Group['bulk'] {
    if (this.group) this.commitGroup();
    const before = {
      tempStore: Number(this.db.pragma('temp_store', { simple: true })),
      cacheSize: Number(this.db.pragma('cache_size', { simple: true })),
    };
    this.db.pragma('temp_store = FILE');
    if (before.cacheSize > -BULK_CACHE_KB) this.db.pragma(`cache_size = -${BULK_CACHE_KB}`);
    return before;
  }

  /** After a bulk transaction (committed or rolled back): the connection's own settings again. */
  private endBulk(bulk: Group['bulk']): void {
    if (!bulk || this.db.inTransaction) return;
    this.db.pragma(`temp_store = ${bulk.tempStore}`);
    this.db.pragma(`cache_size = ${bulk.cacheSize}`);
  }

  async destroy(): Promise<void> {
    if (this.group) this.commitGroup();
    writersOf.set(this.db.name, (writersOf.get(this.db.name) ?? 1) - 1);
    this.db.close();
  }
}

/** Kysely's SQLite dialect over better-sqlite3 with the driver above. */
export class FastSqliteDialect implements Dialect {
  constructor(private readonly db: SqliteDatabase) {}
  createDriver(): Driver {
    return new FastSqliteDriver(this.db);
  }
  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler();
  }
  createAdapter(): DialectAdapter {
    return new SqliteAdapter();
  }
  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }
}
