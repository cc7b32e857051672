import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, type Generated } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FastSqliteDialect } from './sqlite-driver.js';

interface T {
  items: { id: Generated<number>; name: string };
}

// Group commit: transactions that run while others are ready share one COMMIT; each one's
// commit answers only once a second connection can read what it wrote.
describe('SQLite group commit', () => {
  let dir: string;
  let file: string;
  let db: Kysely<T>;
  let sqlite: SQLite.Database;
  let reader: SQLite.Database;
  const committed = () =>
    (reader.prepare('select name from items order by id').all() as Array<{ name: string }>).map((r) => r.name);
  let commits = 0;

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'kapu-group-'));
    file = path.join(dir, 'g.db');
    sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.exec('create table items (id integer primary key, name text not null unique)');
    commits = 0;
    const exec = sqlite.prepare.bind(sqlite);
    // Count the COMMITs the driver issues.
    sqlite.prepare = ((source: string) => {
      if (/^commit$/i.test(source.trim())) commits++;
      return exec(source);
    }) as typeof sqlite.prepare;
    db = new Kysely<T>({ dialect: new FastSqliteDialect(sqlite) });
    reader = new SQLite(file, { readonly: true });
  });
  afterEach(async () => {
    reader.close();
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  const insert = (name: string) =>
    db.transaction().execute(async (trx) => {
      await trx.insertInto('items').values({ name }).execute();
      const seen = committed();
      return seen;
    });

  it('answers each transaction only after a COMMIT made it readable elsewhere, sharing commits when they are ready together', async () => {
    const names = Array.from({ length: 20 }, (_, i) => `n${i}`);
    await Promise.all(
      names.map(async (name) => {
        const before = await insert(name);
        // Not readable by another connection while it ran …
        expect(before).not.toContain(name);
        // … and readable once its commit answered.
        expect(committed()).toContain(name);
      }),
    );
    expect(committed().sort()).toEqual([...names].sort());
    expect(commits).toBeGreaterThan(0);
    expect(commits).toBeLessThan(names.length);
  });

  it('a lone transaction commits without another one arriving', async () => {
    await insert('alone');
    expect(committed()).toEqual(['alone']);
    expect(commits).toBe(1);
  });

  it('a failing transaction rolls back alone; the others of its group stay', async () => {
    await db.insertInto('items').values({ name: 'taken' }).execute();
    const results = await Promise.allSettled([
      insert('a'),
      db.transaction().execute(async (trx) => {
        await trx.insertInto('items').values({ name: 'half' }).execute();
        await trx.insertInto('items').values({ name: 'taken' }).execute(); // unique: fails
      }),
      insert('b'),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(committed().sort()).toEqual(['a', 'b', 'taken']);
  });

  it('the transaction that opens a group (it has no savepoint) rolls back alone when it fails', async () => {
    await db.insertInto('items').values({ name: 'taken' }).execute();
    const results = await Promise.allSettled([
      db.transaction().execute(async (trx) => {
        await trx.insertInto('items').values({ name: 'first-half' }).execute();
        await trx.insertInto('items').values({ name: 'taken' }).execute(); // unique: fails
      }),
      insert('a'),
      insert('b'),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled', 'fulfilled']);
    expect(committed().sort()).toEqual(['a', 'b', 'taken']);
    // The connection is usable afterwards, in and out of groups.
    await Promise.all([insert('c'), insert('d')]);
    expect(committed().sort()).toEqual(['a', 'b', 'c', 'd', 'taken']);
  });

  it('a write outside any transaction is committed when it answers, with the group before it', async () => {
    const pending = insert('grouped');
    const plain = db.insertInto('items').values({ name: 'plain' }).execute();
    await plain;
    expect(committed().sort()).toEqual(['grouped', 'plain']);
    await pending;
  });

  it('with a second connection of this process to the file, each transaction commits at once', async () => {
    const other = new SQLite(file);
    other.pragma('busy_timeout = 5000');
    const db2 = new Kysely<T>({ dialect: new FastSqliteDialect(other) });
    try {
      const first = insert('one');
      // The first transaction has finished its statements; a group would now wait for the next
      // loop turn to commit, holding the file's write lock while the other connection's
      // synchronous busy wait blocks that very turn (until its 5 s timeout).
      await new Promise((resolve) => process.nextTick(resolve));
      const started = Date.now();
      await db2.insertInto('items').values({ name: 'two' }).execute();
      expect(Date.now() - started).toBeLessThan(1000);
      await first;
      expect(committed().sort()).toEqual(['one', 'two']);
    } finally {
      await db2.destroy();
    }
  });

  it('a COMMIT that fails fails every transaction of its group', async () => {
    // A deferred foreign key breaks only at COMMIT.
    sqlite.exec('pragma foreign_keys = on');
    sqlite.exec(
      'create table refs (id integer primary key, item_id integer references items(id) deferrable initially deferred)',
    );
    const d = db as unknown as Kysely<T & { refs: { id: Generated<number>; item_id: number } }>;
    const results = await Promise.allSettled([
      insert('x'),
      d.transaction().execute((trx) => trx.insertInto('refs').values({ item_id: 999 }).execute()),
      insert('y'),
    ]);
    // Whoever shared the broken COMMIT failed with it; nothing of theirs was written.
    const failed = results.filter((r) => r.status === 'rejected').length;
    expect(failed).toBeGreaterThanOrEqual(1);
    const written = committed();
    for (const [i, name] of ['x', '', 'y'].entries())
      if (name) expect(written.includes(name)).toBe(results[i]!.status === 'fulfilled');
    expect(reader.prepare('select count(*) as n from refs').get()).toEqual({ n: 0 });
    // The connection is usable afterwards.
    await insert('after');
    expect(committed()).toContain('after');
  });

  // Bulk transactions (a card import): outside any group, journals on file and a larger cache while they run.
  const settings = () => ({
    tempStore: sqlite.pragma('temp_store', { simple: true }),
    cacheSize: sqlite.pragma('cache_size', { simple: true }),
  });

  it('a bulk transaction commits the open group first, runs alone with its own settings, and puts them back', async () => {
    sqlite.pragma('temp_store = MEMORY');
    sqlite.pragma('cache_size = -8192');
    const own = settings();
    const small = insert('before');
    const seenInside: Array<ReturnType<typeof settings>> = [];
    const bulk = db
      .transaction()
      .setIsolationLevel('serializable')
      .execute(async (trx) => {
        // The group the small transaction opened was committed before this one began.
        expect(committed()).toEqual(['before']);
        seenInside.push(settings());
        await trx
          .insertInto('items')
          .values([{ name: 'b1' }, { name: 'b2' }])
          .execute();
      });
    await Promise.all([small, bulk]);
    expect(seenInside).toEqual([{ tempStore: 1, cacheSize: -65536 }]);
    expect(committed()).toEqual(['before', 'b1', 'b2']);
    expect(settings()).toEqual(own);
  });

  it('a bulk transaction that fails rolls back and puts the settings back too', async () => {
    sqlite.pragma('temp_store = MEMORY');
    const own = settings();
    await expect(
      db
        .transaction()
        .setIsolationLevel('serializable')
        .execute(async (trx) => {
          await trx.insertInto('items').values({ name: 'x' }).execute();
          await trx.insertInto('items').values({ name: 'x' }).execute();
        }),
    ).rejects.toThrow(/UNIQUE/);
    expect(committed()).toEqual([]);
    expect(settings()).toEqual(own);
    expect(await insert('after')).toEqual([]);
    expect(committed()).toEqual(['after']);
  });
});
