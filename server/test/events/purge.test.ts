import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEEP_DISPATCHED_MS, purgeDispatchedEvents } from '../../src/core/events.js';
import { buildTestApp, dialects, type TestApp } from '../helper.js';

/** The outbox's purge: dispatched events older than a month go, with their consumption records. */
describe.each(dialects())('purging dispatched events on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(() => t.dispose());

  it('deletes old dispatched events and their consumptions, in batches; keeps recent and waiting ones', async () => {
    const db = t.deps.db;
    const now = Date.now();
    const old = now - KEEP_DISPATCHED_MS - 60_000;
    const write = async (dispatchedAt: number | null, createdAt: number) =>
      Number(
        (
          await db
            .insertInto('domain_events')
            .values({ type: 'stock.low', payload: '{}', created_at: createdAt, dispatched_at: dispatchedAt })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
    const stale = [];
    for (let i = 0; i < 7; i++) stale.push(await write(old, old));
    const recent = await write(now - 60_000, now - 60_000);
    // Written long ago but never dispatched (its consumer was off): the dispatcher still owes it.
    const waiting = await write(null, old);
    const consumed = [stale[0]!, stale[6]!, recent];
    await db
      .insertInto('event_consumptions')
      .values(consumed.map((id) => ({ consumer: 'test.purge', event_id: id, consumed_at: now })))
      .execute();

    // Three at a time: three rounds for the seven.
    expect(await purgeDispatchedEvents(db, now, 3)).toBe(7);
    const left = await db
      .selectFrom('domain_events')
      .select('id')
      .where('id', 'in', [...stale, recent, waiting])
      .execute();
    expect(left.map((e) => Number(e.id)).sort((a, b) => a - b)).toEqual([recent, waiting]);
    const records = await db
      .selectFrom('event_consumptions')
      .select('event_id')
      .where('consumer', '=', 'test.purge')
      .execute();
    expect(records.map((r) => Number(r.event_id))).toEqual([recent]);
    // Nothing more to do.
    expect(await purgeDispatchedEvents(db, now, 3)).toBe(0);
  });

  it("runs from the dispatcher's rounds, hourly, not at start-up", async () => {
    const db = t.deps.db;
    const longAgo = Date.now() - KEEP_DISPATCHED_MS - 60_000;
    const { id } = await db
      .insertInto('domain_events')
      .values({ type: 'stock.low', payload: '{}', created_at: longAgo, dispatched_at: longAgo })
      .returning('id')
      .executeTakeFirstOrThrow();
    const exists = async () =>
      (await db.selectFrom('domain_events').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
    await t.deps.events.dispatch();
    expect(await exists()).toBe(true);
    await t.deps.events.dispatch(Date.now() + 11 * 60_000);
    expect(await exists()).toBe(false);
  });
});
