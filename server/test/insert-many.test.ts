import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMany } from '../src/core/db/insert-many.js';
import { buildTestApp, dialects, type TestApp } from './helper.js';

/** Values an array parameter must carry intact: quotes, braces, commas, backslashes, NULL, the word NULL. */
const AWKWARD = [
  'a "quoted", {braced} text',
  'back\\slash \\" end',
  'NULL',
  '',
  '多字节 · 卡密已发放',
  'x'.repeat(2000),
];

describe.each(dialects())('insertMany on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(() => t.dispose());

  it('writes every row with its values intact and answers the returned column', async () => {
    const db = t.deps.db;
    const rows = AWKWARD.map((body, i) => [
      900_001,
      'test.many',
      'system',
      `标题 ${i}`,
      body,
      '',
      null,
      null,
      1_000 + i,
    ]);
    const ids = await insertMany<'messages', { id: number | string }>(
      db,
      'messages',
      ['user_id', 'topic', 'category', 'title', 'body', 'link', 'read_at', 'broadcast_id', 'created_at'],
      rows,
      { returning: 'id' },
    );
    expect(ids).toHaveLength(AWKWARD.length);
    const stored = await db
      .selectFrom('messages')
      .select(['id', 'body', 'read_at', 'broadcast_id', 'created_at'])
      .where('user_id', '=', 900_001)
      .orderBy('created_at')
      .execute();
    expect(stored.map((m) => m.body)).toEqual(AWKWARD);
    expect(stored.every((m) => m.read_at === null && m.broadcast_id === null)).toBe(true);
    expect(stored.map((m) => Number(m.id)).sort()).toEqual(ids.map((r) => Number(r.id)).sort());
  });

  it('applies the conflict clause: rows already there are skipped (and not returned), or updated', async () => {
    const db = t.deps.db;
    const take = (eventIds: number[]) =>
      insertMany<'event_consumptions', { event_id: number | string }>(
        db,
        'event_consumptions',
        ['consumer', 'event_id', 'consumed_at'],
        eventIds.map((id) => ['test.many', id, 1]),
        { conflict: 'on conflict ("consumer", "event_id") do nothing', returning: 'event_id' },
      );
    expect((await take([1, 2, 3])).map((r) => Number(r.event_id)).sort()).toEqual([1, 2, 3]);
    expect((await take([2, 3, 4])).map((r) => Number(r.event_id))).toEqual([4]);

    const bump = (unread: number) =>
      insertMany(db, 'message_counters', ['user_id', 'unread', 'total', 'updated_at'], [[900_002, unread, 1, 5]], {
        conflict: `on conflict ("user_id") do update set "unread" = "message_counters"."unread" + excluded."unread"`,
      });
    await bump(2);
    await bump(3);
    const counter = await db
      .selectFrom('message_counters')
      .select('unread')
      .where('user_id', '=', 900_002)
      .executeTakeFirstOrThrow();
    expect(Number(counter.unread)).toBe(5);
  });

  it('writes more rows than one SQLite statement binds (split there, one statement on PostgreSQL)', async () => {
    const db = t.deps.db;
    // 4,000 rows × 9 columns = 36,000 values: above SQLite's 32,766 parameters.
    const rows = Array.from({ length: 4_000 }, (_, i) => [
      900_003,
      'test.bulk',
      'system',
      't',
      `b${i}`,
      '',
      null,
      null,
      i,
    ]);
    const ids = await insertMany(
      db,
      'messages',
      ['user_id', 'topic', 'category', 'title', 'body', 'link', 'read_at', 'broadcast_id', 'created_at'],
      rows,
      { returning: 'id' },
    );
    expect(new Set(ids.map((r) => Number((r as { id: number }).id))).size).toBe(4_000);
    const { n } = await db
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', 900_003)
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(4_000);
  });

  it('writes nothing and makes no call for no rows', async () => {
    expect(await insertMany(t.deps.db, 'messages', ['user_id'], [])).toEqual([]);
  });
});
