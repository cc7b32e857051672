import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, type TestApp } from '../helper.js';
import { balanceOf, shop } from './commerce-helper.js';

describe.each(dialects())('partial refunds of member orders on %s', (dialect) => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof shop>>;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    s = await shop(t);
  });
  afterAll(() => t.dispose());

  async function paidOrder(price: string, member: Awaited<ReturnType<typeof s.member>>) {
    const goodsId = await s.goods({ price });
    await s.cards(goodsId, 1);
    const res = await t.post('/inside/order/create', { goodsId, quantity: 1, payBy: 'balance' }, member.token);
    expect(res.json.code, res.json.msg).toBe(1000);
    return res.json.data.orderNo as string;
  }
  const refund = (orderNo: string, amount?: string) =>
    t.post(`${s.A}/orders/refund`, { orderNo, reason: '补差价', ...(amount === undefined ? {} : { amount }) }, s.admin);
  const detail = async (orderNo: string) =>
    (await t.post(`${s.A}/orders/detail`, { orderNo }, s.admin)).json.data as { status: string; refundAmount: number };

  it('gives parts back to the balance while the order stands, refuses more than is left, then refunds the rest', async () => {
    const m = await s.member('20');
    const orderNo = await paidOrder('10.00', m);
    expect((await balanceOf(t, m.id)).balance).toBe(1000);

    expect((await refund(orderNo, '3.00')).json).toMatchObject({
      code: 1000,
      data: { status: 'delivered', refunded: 300 },
    });
    expect((await refund(orderNo, '5.00')).json.data).toMatchObject({ status: 'delivered', refunded: 500 });
    expect(await detail(orderNo)).toMatchObject({ status: 'delivered', refundAmount: 800 });
    expect(await balanceOf(t, m.id)).toEqual({ balance: 1800, ledgerSum: 1800 });

    expect((await refund(orderNo, '2.01')).json).toMatchObject({
      code: 3032,
      msg: '退款金额超过可退金额（最多 ¥2.00）',
    });
    for (const bad of ['0', '-1', 'abc', '1.001']) expect((await refund(orderNo, bad)).json.code).not.toBe(1000);
    expect(await balanceOf(t, m.id)).toEqual({ balance: 1800, ledgerSum: 1800 });

    // No amount: what is left, and the order ends refunded (its card voided).
    expect((await refund(orderNo)).json.data).toMatchObject({ status: 'refunded', refunded: 200 });
    expect(await detail(orderNo)).toMatchObject({ status: 'refunded', refundAmount: 1000 });
    expect(await balanceOf(t, m.id)).toEqual({ balance: 2000, ledgerSum: 2000 });
    expect((await refund(orderNo, '1.00')).json.code).toBe(3021);
    const ledger = await t.post('/inside/funds/getLedger', {}, m.token);
    expect(ledger.json.data.list.slice(0, 3).map((e: { type: string; amount: number }) => [e.type, e.amount])).toEqual([
      ['order_refund', 200],
      ['order_refund', 500],
      ['order_refund', 300],
    ]);
  });

  it('an amount equal to what is left is a full refund', async () => {
    const m = await s.member('10');
    const orderNo = await paidOrder('4.00', m);
    expect((await refund(orderNo, '4.00')).json.data).toMatchObject({ status: 'refunded', refunded: 400 });
    expect(await balanceOf(t, m.id)).toEqual({ balance: 1000, ledgerSum: 1000 });
  });

  it('parallel partial refunds never give back more than was paid', async () => {
    const m = await s.member('10');
    const orderNo = await paidOrder('10.00', m);
    const answers = await Promise.all(Array.from({ length: 6 }, () => refund(orderNo, '3.00')));
    const ok = answers.filter((a) => a.json.code === 1000).length;
    expect(ok).toBe(3); // 9.00 of 10.00; a fourth would reach 12.00
    for (const a of answers) expect([1000, 3032]).toContain(a.json.code);
    expect(await detail(orderNo)).toMatchObject({ status: 'delivered', refundAmount: 900 });
    expect(await balanceOf(t, m.id)).toEqual({ balance: 900, ledgerSum: 900 });
  });
});
