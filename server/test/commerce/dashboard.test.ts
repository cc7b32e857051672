import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardOverview } from '@kapu/contract';
import { buildTestApp, dialects, type TestApp } from '../helper.js';
import { shop } from './commerce-helper.js';

const DAY = 86_400_000;

describe.each(dialects())('admin dashboard on %s', (dialect) => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof shop>>;
  const overview = async () => {
    const res = await t.post(`${s.A}/dashboard/summary`, {}, s.admin);
    expect(res.json.code).toBe(1000);
    return res.json.data as DashboardOverview;
  };
  const period = (o: DashboardOverview, key: string) => o.periods.find((p) => p.key === key)!;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    s = await shop(t);
  });
  afterAll(() => t.dispose());

  it('sums sales, orders, cost and profit per period, with a 30-day trend, best sellers, low stock and queues', async () => {
    const before = await overview();
    const cardGoods = await s.goods({ price: '3.00', cost: '1.00' });
    await s.cards(cardGoods, 5);
    const manual = await s.goods({ type: 'manual', price: '5.00', cost: '2.50', stock: 3 });
    const m = await s.member('100');
    const buy = async (goodsId: number, quantity: number) => {
      const res = await t.post('/inside/order/create', { goodsId, quantity, payBy: 'balance' }, m.token);
      expect(res.json.code).toBe(1000);
      return res.json.data.orderNo as string;
    };
    await buy(cardGoods, 2); // today: 6.00 sales, 2.00 cost
    await buy(manual, 1); // today: 5.00 sales, 2.50 cost, waits for delivery
    const old = await buy(cardGoods, 1); // moved 10 days back: counts for 30 days only
    await t.deps.db
      .updateTable('orders')
      .set({ paid_at: Date.now() - 10 * DAY })
      .where('order_no', '=', old)
      .execute();
    const refunded = await buy(manual, 1); // refunded in full: no sales, no cost
    expect(
      (await t.post(`${s.A}/orders/refund`, { orderNo: refunded, reason: '缺货' }, s.admin)).json.data.status,
    ).toBe('refunded');

    const after = await overview();
    const delta = (key: string) => {
      const a = period(after, key);
      const b = period(before, key);
      return {
        orders: a.orders - b.orders,
        sales: a.sales - b.sales,
        cost: a.cost - b.cost,
        profit: a.profit - b.profit,
      };
    };
    expect(delta('today')).toEqual({ orders: 3, sales: 1100, cost: 450, profit: 650 });
    expect(delta('week')).toEqual({ orders: 3, sales: 1100, cost: 450, profit: 650 });
    expect(delta('month')).toEqual({ orders: 4, sales: 1400, cost: 550, profit: 850 });

    // The trend covers 30 local days ending today and adds up to the 30-day figures.
    expect(after.trend).toHaveLength(30);
    const month = period(after, 'month');
    expect(after.trend.reduce((sum, d) => sum + d.sales, 0)).toBe(month.sales);
    expect(after.trend.reduce((sum, d) => sum + d.orders, 0)).toBe(month.orders);
    expect(after.trend.at(-1)!.sales - (before.trend.at(-1)?.sales ?? 0)).toBe(1100);
    expect(after.trend.at(-11)!.sales - before.trend.at(-11)!.sales).toBe(300);

    expect(after.topGoods.find((g) => g.goodsId === cardGoods)).toMatchObject({ quantity: 3, sales: 900 });
    expect(after.lowStock).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ goodsId: cardGoods, left: 2, type: 'card' }),
        expect.objectContaining({ goodsId: manual, left: 2, type: 'manual' }),
      ]),
    );
    expect(after.lowStock.map((g) => g.left)).toEqual([...after.lowStock.map((g) => g.left)].sort((a, b) => a - b));
    expect(after.pending.toDeliver - before.pending.toDeliver).toBe(1);
  });

  it('counts the four work queues', async () => {
    const before = (await overview()).pending;
    const m = await s.member('50');
    const now = Date.now();
    // A withdrawal waiting for review (the withdrawal flow itself is tested in funds/).
    await t.deps.db
      .insertInto('withdrawals')
      .values({
        withdraw_no: `W${now}`,
        user_id: m.id,
        amount: 1000,
        fee: 0,
        actual_amount: 1000,
        payee_json: '{}',
        status: 'pending',
        staff_id: null,
        handled_at: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const after = (await overview()).pending;
    expect(after.withdrawals - before.withdrawals).toBe(1);
    expect(Object.keys(after).sort()).toEqual(['certify', 'repeals', 'toDeliver', 'withdrawals']);
  });
});
