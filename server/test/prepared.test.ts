import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepared, preparedInsert, preparedStatement } from '../src/core/db/prepared.js';
import type { Db } from '../src/core/db/connect.js';
import { buildTestApp, dialects, type TestApp } from './helper.js';

// Arguments out of order and a constant between them: the binding follows the markers.
const settingPair = prepared((db: Db, second: string, first: string) =>
  db
    .selectFrom('settings')
    .select(['key', 'value'])
    .where('key', 'in', [first, second])
    .where('value', '!=', 'never-this')
    .orderBy('key')
    .limit(5),
);
const renameSetting = prepared((db: Db, key: string, value: string) =>
  db.updateTable('settings').set({ value }).where('key', '=', key),
);

describe.each(dialects())('prepared queries on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    await t.deps.db
      .insertInto('settings')
      .values(['A', 'B', 'C'].map((v) => ({ key: `zz.${v.toLowerCase()}`, value: v, updated_at: 0 })))
      .execute();
  });
  afterAll(() => t.dispose());

  it('binds new values on every call, also inside a transaction', async () => {
    const db = t.deps.db;
    expect(await settingPair.all(db, 'zz.b', 'zz.a')).toEqual([
      { key: 'zz.a', value: 'A' },
      { key: 'zz.b', value: 'B' },
    ]);
    expect(await settingPair.all(db, 'zz.c', 'zz.none')).toEqual([{ key: 'zz.c', value: 'C' }]);
    await db.transaction().execute(async (trx) => {
      expect(await renameSetting.run(trx, 'zz.c', 'C2')).toBe(1);
      expect(await settingPair.first(trx, 'zz.c', 'zz.c')).toEqual({ key: 'zz.c', value: 'C2' });
    });
    expect(await renameSetting.run(db, 'zz.missing', 'x')).toBe(0);
  });

  it.runIf(dialect === 'postgres')(
    'PostgreSQL keeps statements with parameters prepared on each connection',
    async () => {
      await t.deps.db.connection().execute(async (conn) => {
        await settingPair.all(conn, 'zz.a', 'zz.b');
        await settingPair.all(conn, 'zz.b', 'zz.c');
        const prepared = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(conn);
        expect(
          prepared.rows.filter(
            // This statement's own shape (other code, e.g. the cache stamps, also reads settings by key).
            (r) => r.statement.includes('"zz.') || r.statement.includes('"value" != $3'),
          ),
        ).toHaveLength(1);
      });
    },
  );

  it('prepared inserts bind the row, keep database defaults for left-out columns, and return the row', async () => {
    const insertJob = preparedInsert('jobs', 'all');
    const base = {
      name: 'zz.test',
      payload: '{}',
      status: 'pending',
      max_attempts: 3,
      run_at: 1,
      created_at: 1,
      updated_at: 1,
    } as const;
    const a = await insertJob(t.deps.db, { ...base, unique_key: 'zz.a' });
    expect(a).toMatchObject({ name: 'zz.test', attempts: 0, unique_key: 'zz.a', locked_by: null });
    // Another column set (and an undefined value, which is no column at all).
    const b = await insertJob(t.deps.db, { ...base, attempts: 2, unique_key: undefined });
    expect(b).toMatchObject({ attempts: 2, unique_key: null });
    expect(b!.id).toBeGreaterThan(a!.id);
  });

  it('prepared statements bind positional values, built once per shape, each used as often as the text says', async () => {
    let built = 0;
    // The shape picks the columns read; `key` appears twice in the text, `floor` once.
    const settingsBy = preparedStatement(
      ([key, floor]: readonly unknown[], shape: { key: string; columns: string[] }) => {
        built++;
        return sql<Record<string, string>>`
        select ${sql.join(shape.columns.map((c) => sql.ref(c)))} from settings
        where (key = ${key} or key = ${key} || '.none') and value >= ${floor} order by key`;
      },
    );
    const both = { key: 'key,value', columns: ['key', 'value'] };
    const db = t.deps.db;
    expect((await settingsBy(db, both, ['zz.a', 'A'])).rows).toEqual([{ key: 'zz.a', value: 'A' }]);
    expect((await settingsBy(db, both, ['zz.b', 'C'])).rows).toEqual([]);
    expect((await settingsBy(db, both, ['zz.b', 'B'])).rows).toEqual([{ key: 'zz.b', value: 'B' }]);
    expect(built).toBe(1);
    await db.transaction().execute(async (trx) => {
      const valueOnly = { key: 'value', columns: ['value'] };
      expect((await settingsBy(trx, valueOnly, ['zz.a', ''])).rows).toEqual([{ value: 'A' }]);
    });
    expect(built).toBe(2);
    // A value that must stay a parameter, however it reads.
    expect((await settingsBy(db, both, ["zz.a' or '1'='1", ''])).rows).toEqual([]);
    const unbound = preparedStatement(([key]: readonly unknown[], _shape: { key: string }) => {
      return sql`select value from settings where key = ${key}`;
    });
    await expect(unbound(db, { key: 'x' }, ['zz.a', 1])).rejects.toThrow(/value 1 as a bound value/);
  });

  it('refuses a query that does not bind one of its arguments', async () => {
    const inlined = prepared((db: Db, key: string) =>
      db
        .selectFrom('settings')
        .select('value')
        .where('key', '=', 'fixed')
        .$if(key === '', (q) => q),
    );
    await expect(inlined.first(t.deps.db, 'x')).rejects.toThrow(/each argument/);
  });
});
