import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryJob, publishEvents, type NewEvent } from '../../src/core/events.js';
import { buildTestApp, dialects, drainJobs, type TestApp } from '../helper.js';

/**
 * A dispatched batch becomes one delivery job per consumer, not one per event; its events are
 * consumed in chunks, one transaction each. One event whose consumer fails neither blocks nor
 * repeats the others: they are consumed once, it alone is retried until it succeeds.
 */
describe.each(dialects())('batched event delivery on %s', (dialect) => {
  let t: TestApp;
  const CONSUMER = 'test.batched';
  const TYPE = 'consultation.answered' as const;
  let failFor = 13;
  const PICKY = 'test.picky';
  const picked: number[] = [];
  const CHUNKY = 'test.chunky';
  const chunkSizes: number[] = [];

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    // Wants only members' consultations: a visitor's is never handed to it.
    t.deps.events.on(
      TYPE,
      PICKY,
      async (event) => {
        picked.push(event.payload.consultationId);
      },
      { wants: (p) => p.userId !== null },
    );
    // Does a chunk's work at once; fails its chunk while #13 is in it.
    t.deps.events.onChunk(TYPE, CHUNKY, async (events, trx) => {
      chunkSizes.push(events.length);
      await trx
        .insertInto('settings')
        .values(
          events.map((e) => ({ key: `test.chunky.${e.payload.consultationId}`, value: '1', updated_at: Date.now() })),
        )
        .execute();
      if (events.some((e) => e.payload.consultationId === failFor)) throw new Error('boom');
    });
    t.deps.events.on(TYPE, CONSUMER, async (event, trx) => {
      // The effect is in the consumer's transaction: a row per consultation (its key is unique, so
      // an effect that stayed twice would fail the insert). A failed chunk's work is rolled back.
      await trx
        .insertInto('settings')
        .values({ key: `test.batched.${event.payload.consultationId}`, value: '1', updated_at: Date.now() })
        .execute();
      if (event.payload.consultationId === failFor) throw new Error('boom');
    });
  });
  afterAll(() => t.dispose());

  const effects = async (of = 'batched') =>
    (await t.deps.db.selectFrom('settings').select('key').where('key', 'like', `test.${of}.%`).execute())
      .map((r) => Number(r.key.split('.').pop()))
      .sort((a, b) => a - b);

  it('queues one job for 120 events and consumes each once; the failing one is retried alone', async () => {
    const events: NewEvent[] = Array.from({ length: 120 }, (_, i) => ({
      type: TYPE,
      payload: { consultationId: i + 1, siteId: 1, userId: null, staffId: 1 },
    }));
    await t.deps.db.transaction().execute((trx) => publishEvents(trx, events));
    await t.deps.events.dispatch();
    const jobs = await t.deps.db
      .selectFrom('jobs')
      .select(['payload', 'status'])
      .where('name', '=', deliveryJob(TYPE, CONSUMER))
      .execute();
    expect(jobs).toHaveLength(1);
    expect((JSON.parse(jobs[0]!.payload) as { eventIds: number[] }).eventIds).toHaveLength(120);

    await drainJobs(t);
    // 119 consumed, with their effects; #13's effect rolled back, its job waits to retry.
    expect(await effects()).toEqual(Array.from({ length: 120 }, (_, i) => i + 1).filter((n) => n !== 13));
    // The chunk consumer: chunks of 50, 50 and 20; the first failed with #13 and went event by event.
    expect(await effects('chunky')).toEqual(Array.from({ length: 120 }, (_, i) => i + 1).filter((n) => n !== 13));
    expect(chunkSizes).toEqual([50, ...Array<number>(50).fill(1), 50, 20]);
    chunkSizes.length = 0;
    const [job] = await t.deps.db
      .selectFrom('jobs')
      .select(['status', 'last_error'])
      .where('name', '=', deliveryJob(TYPE, CONSUMER))
      .execute();
    expect(job).toMatchObject({ status: 'pending' });
    expect(job!.last_error).toContain('boom');

    // The cause is fixed; the retry consumes #13 and repeats none of the others.
    failFor = -1;
    await t.deps.db
      .updateTable('jobs')
      .set({ run_at: 0 })
      .where('name', 'in', [deliveryJob(TYPE, CONSUMER), deliveryJob(TYPE, CHUNKY)])
      .execute();
    await drainJobs(t);
    expect(await effects()).toEqual(Array.from({ length: 120 }, (_, i) => i + 1));
    expect(await effects('chunky')).toEqual(Array.from({ length: 120 }, (_, i) => i + 1));
    expect(chunkSizes).toEqual([1]); // only #13 again
    const consumed = await t.deps.db
      .selectFrom('event_consumptions')
      .select('event_id')
      .where('consumer', '=', CONSUMER)
      .execute();
    expect(consumed).toHaveLength(120);
    expect(
      await t.deps.db.selectFrom('event_consumptions').select('event_id').where('consumer', '=', CHUNKY).execute(),
    ).toHaveLength(120);
  });

  it("a consumer's `wants` declines events from their payload: no job, no consumption row for them", async () => {
    picked.length = 0;
    const before = await t.deps.db
      .selectFrom('domain_events')
      .select(t.deps.db.fn.max('id').as('m'))
      .executeTakeFirst();
    const events: NewEvent[] = [1001, 1002, 1003, 1004].map((id) => ({
      type: TYPE,
      payload: { consultationId: id, siteId: 1, userId: id % 2 === 0 ? 7 : null, staffId: 1 },
    }));
    await t.deps.db.transaction().execute((trx) => publishEvents(trx, events));
    await t.deps.events.dispatch();
    const jobs = await t.deps.db
      .selectFrom('jobs')
      .select('payload')
      .where('name', '=', deliveryJob(TYPE, PICKY))
      .where('status', '=', 'pending')
      .execute();
    expect(jobs).toHaveLength(1);
    expect((JSON.parse(jobs[0]!.payload) as { eventIds: number[] }).eventIds).toHaveLength(2);
    await drainJobs(t);
    expect(picked.sort()).toEqual([1002, 1004]);
    const consumed = await t.deps.db
      .selectFrom('event_consumptions')
      .select('event_id')
      .where('consumer', '=', PICKY)
      .where('event_id', '>', Number(before?.m ?? 0))
      .execute();
    expect(consumed).toHaveLength(2);
    // The other consumer of the type still had all four.
    expect(await effects()).toEqual(expect.arrayContaining([1001, 1002, 1003, 1004]));
  });
});
