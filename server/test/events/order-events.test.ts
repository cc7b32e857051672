import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvents, EventType } from '../../src/core/events.js';
import { LOW_STOCK_AT } from '../../src/modules/stock/index.js';
import { buildTestApp, dialects, drainJobs, someLoopbackIp, type TestApp } from '../helper.js';
import { visitorBuy } from '../commerce/commerce-helper.js';
import { payShop } from '../payments/payments-helper.js';

/**
 * Order and stock events (core/events.ts), each written once, in the transaction of the change,
 * by every path that makes it: both checkout paths (the one-statement PostgreSQL one included),
 * the result page, a gateway's notify, staff delivery and refunds. An event no consumer wants is
 * not written: a recorder that wants them all stands in for consumers, switched off where a test
 * looks at what is written without it.
 */
// One switch for the recorders of both databases' apps: listeners are judged process-wide (core/events.ts).
let recording = true;

describe.each(dialects())('order and stock events on %s', (dialect) => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof payShop>>;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    s = await payShop(t);
    for (const type of ['order.paid', 'order.delivered', 'order.refunded', 'stock.low'] as const)
      t.deps.events.on(type, 'test.recorder', async () => {}, { when: () => recording });
  });
  afterAll(() => t.dispose());

  async function eventsOf<T extends EventType>(type: T, match: (p: DomainEvents[T]) => boolean) {
    const rows = await t.deps.db.selectFrom('domain_events').select(['payload']).where('type', '=', type).execute();
    return rows.map((r) => JSON.parse(r.payload) as DomainEvents[T]).filter(match);
  }
  const ofOrder = (orderNo: string) => (p: { orderNo: string }) => p.orderNo === orderNo;
  const orderRow = (orderNo: string) =>
    t.deps.db.selectFrom('orders').selectAll().where('order_no', '=', orderNo).executeTakeFirstOrThrow();
  const ids = async (orderNo: string) => {
    const o = await orderRow(orderNo);
    return {
      orderId: Number(o.id),
      orderNo,
      siteId: Number(o.site_id),
      userId: o.user_id === null ? null : Number(o.user_id),
    };
  };
  /** A member's card orders of one goods: paid from the balance, or left unpaid (the cards reserved). */
  const buyer = (goodsId: number, token: string) => async (quantity: number, payBy?: 'balance') => {
    const r = await t.post(
      '/inside/order/create',
      { goodsId, quantity, ...(payBy ? { payBy } : {}) },
      token,
      someLoopbackIp(),
    );
    expect(r.json.code, r.json.msg).toBe(1000);
  };
  /** The goods as the order names it (consumers that tell the buyer need no read of the goods). */
  const goodsName = async (orderNo: string) => (await orderRow(orderNo)).goods_name;

  /** `delivered`: facts only some paths add (the PostgreSQL one-statement checkout reads the buyer's inviter). */
  async function expectPaidAndDelivered(
    orderNo: string,
    goodsId: number,
    amount: number,
    method: string,
    delivered: Partial<DomainEvents['order.delivered']> = {},
  ) {
    expect(await eventsOf('order.paid', ofOrder(orderNo))).toEqual([
      {
        ...(await ids(orderNo)),
        goodsId,
        goodsType: 'card',
        goodsName: await goodsName(orderNo),
        quantity: 1,
        amount,
        method,
        deliveredNow: true,
      },
    ]);
    expect(await eventsOf('order.delivered', ofOrder(orderNo))).toEqual([
      {
        ...(await ids(orderNo)),
        goodsId,
        goodsType: 'card',
        goodsName: await goodsName(orderNo),
        quantity: 1,
        by: 'cards',
        ...delivered,
      },
    ]);
  }
  /** When each event of the order was marked dispatched (null: waiting for the dispatcher). */
  const dispatchedOf = async (orderNo: string) => {
    const rows = await t.deps.db
      .selectFrom('domain_events')
      .select(['type', 'payload', 'dispatched_at'])
      .where('type', 'in', ['order.paid', 'order.delivered'])
      .execute();
    const mine = rows.filter((r) => (JSON.parse(r.payload) as { orderNo: string }).orderNo === orderNo);
    return Object.fromEntries(mine.map((r) => [r.type, r.dispatched_at]));
  };

  it('a balance checkout in one request: order.paid and order.delivered, once', async () => {
    const goodsId = await s.cardGoods('3', LOW_STOCK_AT + 5);
    const m = await s.member('20');
    const bought = await t.post('/inside/order/create', { goodsId, quantity: 1, payBy: 'balance' }, m.token);
    expect(bought.json.code, bought.json.msg).toBe(1000);
    // The one-statement path (PostgreSQL) reads whether the buyer was invited with the debit; nobody invited this one.
    const delivered = dialect === 'postgres' ? { invited: false } : {};
    await expectPaidAndDelivered(bought.json.data.orderNo, goodsId, 300, 'balance', delivered);
    expect((await ids(bought.json.data.orderNo)).userId).toBe(m.id);
    // Both wait for the dispatcher; delivered again by the runner (consumers included), nothing new is written.
    expect(await dispatchedOf(bought.json.data.orderNo)).toEqual({ 'order.paid': null, 'order.delivered': null });
    await drainJobs(t);
    await expectPaidAndDelivered(bought.json.data.orderNo, goodsId, 300, 'balance', delivered);
    expect(Object.values(await dispatchedOf(bought.json.data.orderNo)).every((at) => at !== null)).toBe(true);

    // Without the recorder, nobody wants a card order's order.paid (the buyer hears of the delivery): it is
    // not written. order.delivered is (the buyer's message), waiting for the dispatcher.
    recording = false;
    try {
      const again = await t.post('/inside/order/create', { goodsId, quantity: 1, payBy: 'balance' }, m.token);
      expect(again.json.code, again.json.msg).toBe(1000);
      expect(await dispatchedOf(again.json.data.orderNo)).toEqual({ 'order.delivered': null });
    } finally {
      recording = true;
    }
  });

  it('a balance checkout of goods with a per-user limit (the transaction path on every database)', async () => {
    const goodsId = await s.goods({ price: '2', perUserLimit: 5 });
    await s.cards(goodsId, LOW_STOCK_AT + 5);
    const m = await s.member('20');
    const bought = await t.post('/inside/order/create', { goodsId, quantity: 1, payBy: 'balance' }, m.token);
    expect(bought.json.code, bought.json.msg).toBe(1000);
    await expectPaidAndDelivered(bought.json.data.orderNo, goodsId, 200, 'balance');
  });

  it('a failed checkout writes no event: short balance, short stock', async () => {
    const goodsId = await s.cardGoods('30', 1);
    // (Its first cards were a restock from none: stock.restocked, before the checkouts.)
    const before = await t.deps.db.selectFrom('domain_events').select('id').execute();
    const poor = await s.member('1');
    const short = await t.post('/inside/order/create', { goodsId, quantity: 1, payBy: 'balance' }, poor.token);
    expect(short.json.code).not.toBe(1000);
    const rich = await s.member('100');
    const many = await t.post('/inside/order/create', { goodsId, quantity: 2, payBy: 'balance' }, rich.token);
    expect(many.json.code).not.toBe(1000);
    expect(await t.deps.db.selectFrom('domain_events').select('id').execute()).toHaveLength(before.length);
  });

  it('paying on the result page, and through a gateway notify (sandbox cashier)', async () => {
    const goodsId = await s.cardGoods('4', LOW_STOCK_AT + 5);
    const m = await s.member('20');
    const created = await s.memberOrder(m.token, goodsId);
    expect(await eventsOf('order.paid', ofOrder(created.orderNo))).toEqual([]);
    expect((await t.post('/inside/order/payByBalance', { orderNo: created.orderNo }, m.token)).json.code).toBe(1000);
    await expectPaidAndDelivered(created.orderNo, goodsId, 400, 'balance');

    const online = await s.memberOrder(m.token, goodsId);
    const channels = await t.post('/pay/getChannels', { client: 'pc' });
    const sandbox = (channels.json.data as Array<{ id: number; gateway: string }>).find(
      (c) => c.gateway === 'sandbox',
    )!;
    const res = await s.pay({ accountId: sandbox.id, orderNo: online.orderNo }, m.token);
    const url = new URL(res.json.data.handoff.url as string, 'http://x');
    const token = url.searchParams.get('token')!;
    const paymentNo = url.searchParams.get('sandbox')!;
    expect((await t.post('/pay/sandbox/confirm', { paymentNo, token })).json.code).toBe(1000);
    await expectPaidAndDelivered(online.orderNo, goodsId, 400, 'sandbox');
  });

  it('staff deliver manual goods, and physical goods once received (not when shipped)', async () => {
    const m = await s.member('50');
    const manual = await s.goods({ type: 'manual', price: '1' });
    const o = await t.post('/inside/order/create', { goodsId: manual, quantity: 1, payBy: 'balance' }, m.token);
    const orderNo = o.json.data.orderNo as string;
    expect(await eventsOf('order.delivered', ofOrder(orderNo))).toEqual([]);
    expect((await eventsOf('order.paid', ofOrder(orderNo))).map((p) => p.method)).toEqual(['balance']);
    await t.post(`${s.A}/orders/deliver`, { orderNo, deliveryText: '已处理' }, s.admin);
    expect(await eventsOf('order.delivered', ofOrder(orderNo))).toEqual([
      {
        ...(await ids(orderNo)),
        goodsId: manual,
        goodsType: 'manual',
        goodsName: await goodsName(orderNo),
        quantity: 1,
        by: 'staff',
      },
    ]);

    const physical = await s.goods({ type: 'physical', price: '1', stock: 5 });
    const p = await t.post(
      '/inside/order/create',
      {
        goodsId: physical,
        quantity: 1,
        payBy: 'balance',
        shipName: '张三',
        shipPhone: '13800138000',
        shipAddress: '南京市',
      },
      m.token,
    );
    expect(p.json.code, p.json.msg).toBe(1000);
    const pNo = p.json.data.orderNo as string;
    const deliver = (body: object) => t.post(`${s.A}/orders/deliver`, { orderNo: pNo, ...body }, s.admin);
    expect((await deliver({ carrier: '顺丰', trackingNo: 'SF1234567890' })).json.data.status).toBe('shipped');
    expect(await eventsOf('order.delivered', ofOrder(pNo))).toEqual([]);
    expect((await deliver({})).json.data.status).toBe('delivered');
    expect((await eventsOf('order.delivered', ofOrder(pNo))).map((e) => [e.goodsType, e.by])).toEqual([
      ['physical', 'staff'],
    ]);
  });

  it('refunds: parts and the rest to a member balance; a visitor paid back by hand once confirmed', async () => {
    const goodsId = await s.cardGoods('10', LOW_STOCK_AT + 5);
    const m = await s.member('50');
    const o = await t.post('/inside/order/create', { goodsId, quantity: 1, payBy: 'balance' }, m.token);
    const orderNo = o.json.data.orderNo as string;
    const refund = (no: string, amount?: string) =>
      t.post(`${s.A}/orders/refund`, { orderNo: no, reason: '补差价', ...(amount ? { amount } : {}) }, s.admin);
    expect((await refund(orderNo, '3.00')).json.code).toBe(1000);
    expect((await refund(orderNo)).json.data).toMatchObject({ status: 'refunded', refunded: 700 });
    expect(await eventsOf('order.refunded', ofOrder(orderNo))).toEqual([
      { ...(await ids(orderNo)), amount: 300, refundedTotal: 300, whole: false, to: 'balance' },
      { ...(await ids(orderNo)), amount: 700, refundedTotal: 1000, whole: true, to: 'balance' },
    ]);

    // A visitor's order (free goods are paid at once): refund_due is no refund yet; confirming it is.
    const free = await s.goods({ price: '0' });
    await s.cards(free, 3);
    const v = await visitorBuy(t, free);
    expect(v.json.code, v.json.msg).toBe(1000);
    const vNo = v.json.data.orderNo as string;
    expect((await eventsOf('order.paid', ofOrder(vNo))).map((p) => [p.userId, p.amount, p.method])).toEqual([
      [null, 0, 'free'],
    ]);
    expect((await refund(vNo)).json.data.status).toBe('refunded');
    expect(await eventsOf('order.refunded', ofOrder(vNo))).toEqual([
      { ...(await ids(vNo)), amount: 0, refundedTotal: 0, whole: true, to: 'manual' },
    ]);
  });

  it('stock.low once when the available cards cross the threshold, again after a restock', async () => {
    const goodsId = await s.cardGoods('1', LOW_STOCK_AT + 3);
    const m = await s.member('100');
    const buy = buyer(goodsId, m.token);
    const lows = () => eventsOf('stock.low', (p) => p.goodsId === goodsId);
    await buy(2, 'balance'); // 13 → 11
    expect(await lows()).toEqual([]);
    await buy(2, 'balance'); // 11 → 9: crossed
    const site = Number(
      (await t.deps.db.selectFrom('goods').select('site_id').where('id', '=', goodsId).executeTakeFirstOrThrow())
        .site_id,
    );
    expect(await lows()).toEqual([{ goodsId, siteId: site, available: LOW_STOCK_AT - 1, threshold: LOW_STOCK_AT }]);
    await buy(1, 'balance'); // 9 → 8: still below, no new event
    await buy(1); // an unpaid order reserves one: 8 → 7
    expect(await lows()).toHaveLength(1);
    await s.cards(goodsId, 5); // 12: above again
    await buy(1); // reserved: 12 → 11
    expect(await lows()).toHaveLength(1);
    await buy(1); // reserved: 11 → 10: crossed again
    expect((await lows()).map((e) => e.available)).toEqual([LOW_STOCK_AT - 1, LOW_STOCK_AT]);
  });

  it('stock.low: a crossing while nobody listens is not counted or written; the next one after a listener is', async () => {
    const goodsId = await s.cardGoods('1', LOW_STOCK_AT + 2);
    const m = await s.member('100');
    const buy = buyer(goodsId, m.token);
    const lows = () => eventsOf('stock.low', (p) => p.goodsId === goodsId);
    recording = false;
    try {
      await buy(3, 'balance'); // 12 → 9: crossed, nobody listening
      await buy(1); // reserved: 9 → 8
    } finally {
      recording = true;
    }
    expect(await lows()).toEqual([]);
    await buy(1, 'balance'); // 8 → 7: below already, no crossing
    expect(await lows()).toEqual([]);
    await s.cards(goodsId, 5); // 12: above again
    await buy(2, 'balance'); // 12 → 10: crossed, heard
    expect(await lows()).toEqual([expect.objectContaining({ goodsId, available: LOW_STOCK_AT })]);
  });

  it('stock.low when one order of several cards takes the goods across the threshold', async () => {
    const goodsId = await s.cardGoods('1', LOW_STOCK_AT + 2);
    const m = await s.member('100');
    const r = await t.post(
      '/inside/order/create',
      { goodsId, quantity: 3, payBy: 'balance' },
      m.token,
      someLoopbackIp(),
    );
    expect(r.json.code, r.json.msg).toBe(1000);
    // What is left after the last of the three cards, not after the first.
    expect(await eventsOf('stock.low', (p) => p.goodsId === goodsId)).toEqual([
      expect.objectContaining({ goodsId, available: LOW_STOCK_AT - 1 }),
    ]);
  });
});
