import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobRunner } from '../../src/core/jobs.js';
import { refreshSoldCounts } from '../../src/modules/catalog/index.js';
import { goodsPaidSince, paidQuantityOfGoods } from '../../src/modules/orders/index.js';

/** What app.ts passes: the orders module's side of the sales counters. */
const sales = { goodsPaidSince, paidQuantityOfGoods };
import { buildTestApp, dialects, type TestApp } from '../helper.js';
import { shop } from './commerce-helper.js';

describe.each(dialects())('sales counts on %s', (dialect) => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof shop>>;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    s = await shop(t);
  });
  afterAll(() => t.dispose());

  const soldOf = async (goodsId: number) =>
    Number(
      (await t.deps.db.selectFrom('goods').select('sold_count').where('id', '=', goodsId).executeTakeFirstOrThrow())
        .sold_count,
    );

  it('follows paid orders after the refresh, without the payment touching the goods row', async () => {
    const goodsId = await s.goods({ price: '1.00' });
    await s.cards(goodsId, 5);
    const m = await s.member('10');
    for (const quantity of [2, 1]) {
      const order = await t.post('/inside/order/create', { goodsId, quantity }, m.token);
      expect(
        (await t.post('/inside/order/payByBalance', { orderNo: order.json.data.orderNo }, m.token)).json.code,
      ).toBe(1000);
    }
    await t.post('/inside/order/create', { goodsId, quantity: 1 }, m.token); // unpaid: not counted
    expect(await soldOf(goodsId)).toBe(0);
    expect(await refreshSoldCounts(t.deps.db, Date.now() - 60_000, sales)).toBeGreaterThanOrEqual(1);
    expect(await soldOf(goodsId)).toBe(3);
    // Recomputing again is idempotent.
    await refreshSoldCounts(t.deps.db, 0, sales);
    expect(await soldOf(goodsId)).toBe(3);
  });

  it('runs as a periodic task of a started job runner', async () => {
    const goodsId = await s.goods({ price: '1.00' });
    await s.cards(goodsId, 2);
    const m = await s.member('10');
    const order = await t.post('/inside/order/create', { goodsId, quantity: 1 }, m.token);
    await t.post('/inside/order/payByBalance', { orderNo: order.json.data.orderNo }, m.token);
    const runner = new JobRunner(t.deps.db, dialect, pino({ level: 'silent' }), { pollMs: 20 });
    runner.every('catalog.soldCounts', 10, async () => void (await refreshSoldCounts(t.deps.db, 0, sales)));
    runner.start();
    await expect.poll(() => soldOf(goodsId), { timeout: 5000 }).toBe(1);
    await runner.stop();
  });
});
