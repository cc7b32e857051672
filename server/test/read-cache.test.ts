import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMany } from '../src/core/db/insert-many.js';
import { ReadCache } from '../src/core/db/read-cache.js';
import { buildTestApp, registerMember, type TestApp } from './helper.js';

// Exact caching on SQLite: an entry is served until something it read may have changed.
describe('read cache scoped to what it read (SQLite)', () => {
  let t: TestApp;
  let userId: number;
  beforeAll(async () => {
    t = await buildTestApp('sqlite');
    const m = await registerMember(t);
    userId = (
      await t.deps.db.selectFrom('users').select('id').where('login_name', '=', m.loginName).executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(() => t.dispose());

  it('misses after writes to its columns, rows added, deletes, raw SQL and rollbacks — not after other writes', async () => {
    const db = t.deps.db;
    const cache = new ReadCache<string>(10, ['users.status']);
    let loads = 0;
    const status = () =>
      cache.load(db, String(userId), async () => {
        loads++;
        return (await db.selectFrom('users').select('status').where('id', '=', userId).executeTakeFirstOrThrow())
          .status;
      });
    const expectLoads = async (n: number, value = 'active') => {
      expect(await status()).toBe(value);
      expect(loads).toBe(n);
    };
    await expectLoads(1);
    await expectLoads(1);
    // Other columns and other tables: still a hit.
    await db.updateTable('users').set({ balance: 500 }).where('id', '=', userId).execute();
    await db.insertInto('settings').values({ key: 'zz.cache', value: '1', updated_at: 0 }).execute();
    // A multi-row insert written as SQL text (an outbox consumer's chunk of in-app messages): it names its table.
    await insertMany(
      db,
      'messages',
      ['user_id', 'topic', 'category', 'title', 'body', 'created_at'],
      [
        [userId, 'test.cache', 'system', 't', 'b', 1],
        [userId, 'test.cache', 'system', 't', 'b', 2],
      ],
    );
    await expectLoads(1);
    // Its column: a miss, and the new value.
    await db.updateTable('users').set({ status: 'banned' }).where('id', '=', userId).execute();
    await expectLoads(2, 'banned');
    await expectLoads(2, 'banned');
    // Rows added to its table (an upsert may change existing rows too): a miss.
    await registerMember(t);
    await expectLoads(3, 'banned');
    // A delete anywhere, raw SQL, a rolled-back transaction: misses.
    await db.deleteFrom('settings').where('key', '=', 'zz.cache').execute();
    await expectLoads(4, 'banned');
    await sql`update users set status = 'active' where id = ${userId}`.execute(db);
    await expectLoads(5, 'active');
    await db
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('users').set({ balance: 1 }).where('id', '=', userId).execute();
        throw new Error('give up');
      })
      .catch(() => undefined);
    await expectLoads(6, 'active');
  });

  it('a multi-row insert written as SQL text counts as rows added to its own table only', async () => {
    const db = t.deps.db;
    const cache = new ReadCache<number>(10, ['messages.title']);
    let loads = 0;
    const read = () =>
      cache.load(db, 'n', async () => {
        loads++;
        return 0;
      });
    await read();
    await read();
    expect(loads).toBe(1);
    await insertMany(
      db,
      'messages',
      ['user_id', 'topic', 'category', 'title', 'body', 'created_at'],
      [[userId, 'test.cache', 'system', 't', 'b', 1]],
    );
    await read();
    expect(loads).toBe(2);
  });

  it('a banned member is refused at once, although their session was in use a moment before', async () => {
    const m = await registerMember(t);
    expect((await t.post('/inside/inter/getAccount', {}, m.token)).json.code).toBe(1000);
    await t.deps.db.updateTable('users').set({ status: 'banned' }).where('login_name', '=', m.loginName).execute();
    expect((await t.post('/inside/inter/getAccount', {}, m.token)).json).toMatchObject({
      code: -2,
      msg: '账号已被禁用，请联系客服',
    });
  });
});
