import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isWanted, publishEvent, type DomainEvents } from '../../src/core/events.js';
import { buildTestApp, dialects, drainJobs, type TestApp } from '../helper.js';

/**
 * An event nobody listens to is not written (the outbox is for handing events over); one with a
 * consumer waits for the dispatcher, which hands it over exactly once.
 */
describe.each(dialects())('events with and without listeners on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(() => t.dispose());

  const rowOf = (id: number) =>
    t.deps.db.selectFrom('domain_events').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const eventCount = async () =>
    Number(
      (
        await t.deps.db
          .selectFrom('domain_events')
          .select((e) => e.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('does not write an unlistened event, and writes a listened one for the dispatcher', async () => {
    // Only staff group robots listen to stock.low, and this shop has none.
    expect(isWanted('stock.low')).toBe(false);
    const before = await eventCount();
    const quiet = await t.deps.db
      .transaction()
      .execute((trx) => publishEvent(trx, 'stock.low', { goodsId: 1, siteId: 1, available: 2, threshold: 5 }));
    expect(quiet).toBeNull();
    expect(await eventCount()).toBe(before);

    // The audit log listens to this one (modules/audit).
    expect(isWanted('account.salePasswordLocked')).toBe(true);
    const heard = await t.deps.db.transaction().execute((trx) =>
      publishEvent(trx, 'account.salePasswordLocked', {
        userId: 1,
        memberName: 'someone',
        ip: '127.0.0.1',
        tries: 5,
        lockedMinutes: 30,
      }),
    );
    expect((await rowOf(heard!)).dispatched_at).toBeNull();
    await drainJobs(t);
    expect((await rowOf(heard!)).dispatched_at).not.toBeNull();
    const consumed = await t.deps.db
      .selectFrom('event_consumptions')
      .select('consumer')
      .where('event_id', '=', heard!)
      .execute();
    expect(consumed.map((c) => c.consumer)).toContain('audit');
  });

  it("does not write an event its consumers' `wants` all decline, judged on its payload", async () => {
    const paid = (goodsType: 'card' | 'manual', deliveredNow: boolean): DomainEvents['order.paid'] => ({
      orderId: 1,
      orderNo: 'N1',
      siteId: 1,
      userId: 1,
      goodsId: 1,
      quantity: 1,
      amount: 100,
      method: 'balance',
      goodsType,
      goodsName: '测试商品',
      deliveredNow,
    });
    // Someone listens to order.paid (the inbox, supplier tasks, docking): without a payload the type decides…
    expect(isWanted('order.paid')).toBe(true);
    // …but cards sold at payment interest none of them: the buyer hears of the delivery.
    expect(isWanted('order.paid', paid('card', true))).toBe(false);
    const before = await eventCount();
    const card = await t.deps.db.transaction().execute((trx) => publishEvent(trx, 'order.paid', paid('card', true)));
    expect(card).toBeNull();
    expect(await eventCount()).toBe(before);
    // A hand-delivered order waits for the dispatcher (a supplier task, the buyer's 订单支付成功).
    expect(isWanted('order.paid', paid('manual', false))).toBe(true);
    const manual = await t.deps.db
      .transaction()
      .execute((trx) => publishEvent(trx, 'order.paid', paid('manual', false)));
    expect((await rowOf(manual!)).dispatched_at).toBeNull();
  });
});
