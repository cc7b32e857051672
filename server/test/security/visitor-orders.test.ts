import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shop, visitorBuy } from '../commerce/commerce-helper.js';
import { buildTestApp, dialects, someLoopbackIp, type TestApp } from '../helper.js';

/** Issue 10, security finding 3: every check of a visitor's query password shares one budget and one answer. */
describe.each(dialects())('visitor order credentials on %s', (dialect) => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof shop>>;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    s = await shop(t);
  });
  afterAll(async () => {
    await t.dispose();
  });

  async function accountId(): Promise<number> {
    const row = await t.deps.db
      .selectFrom('payment_accounts')
      .select('id')
      .where('gateway', '=', 'sandbox')
      .where('enabled', '=', 1)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  it('/pay/create answers unknown orders, members’ orders and wrong passwords alike', async () => {
    const goodsId = await s.goods({ price: '3' });
    await s.cards(goodsId, 5);
    const member = await s.member();
    const memberOrder = await t.post('/inside/order/create', { goodsId, quantity: 1 }, member.token, someLoopbackIp());
    expect(memberOrder.json.code).toBe(1000);
    const visitor = await visitorBuy(t, goodsId);
    expect(visitor.json.code).toBe(1000);
    const accId = await accountId();
    const tryPay = (orderNo: string, queryPassword: string) =>
      t.post('/pay/create', { accountId: accId, client: 'pc', orderNo, queryPassword }, undefined, someLoopbackIp());
    const unknown = await tryPay('20260101000000000123456', 'whatever1');
    const memberOwned = await tryPay(memberOrder.json.data.orderNo, 'whatever1');
    const wrong = await tryPay(visitor.json.data.orderNo, 'wrong-pass');
    for (const res of [unknown, memberOwned, wrong]) {
      expect(res.json.code).toBe(3012);
      expect(res.json.msg).toBe(unknown.json.msg);
    }
    expect((await tryPay(visitor.json.data.orderNo, 'look123456')).json.code).toBe(1000);
  });

  it('guesses through /pay/create and the lookup spend one budget per order number', async () => {
    const goodsId = await s.goods({ price: '2' });
    await s.cards(goodsId, 2);
    const v = await visitorBuy(t, goodsId);
    const orderNo = v.json.data.orderNo as string;
    const accId = await accountId();
    const codes: number[] = [];
    for (let i = 0; i < 6; i++)
      codes.push(
        (
          await t.post(
            '/pay/create',
            { accountId: accId, client: 'pc', orderNo, queryPassword: `guess${i}x` },
            undefined,
            someLoopbackIp(),
          )
        ).json.code,
      );
    for (let i = 0; i < 4; i++)
      codes.push(
        (await t.post('/visitor/order/lookup', { orderNo, queryPassword: `guess${i}y` }, undefined, someLoopbackIp()))
          .json.code,
      );
    expect(codes.every((c) => c === 3012)).toBe(true);
    // The 11th guess, through either call, is over the budget — even with the right password.
    expect(
      (
        await t.post(
          '/pay/create',
          { accountId: accId, client: 'pc', orderNo, queryPassword: 'look123456' },
          undefined,
          someLoopbackIp(),
        )
      ).json.code,
    ).toBe(1002);
    expect(
      (await t.post('/visitor/order/lookup', { orderNo, queryPassword: 'look123456' }, undefined, someLoopbackIp()))
        .json.code,
    ).toBe(1002);
  });

  it('a visitor cancels their own unpaid order with its query password; the card is back in stock at once', async () => {
    const goodsId = await s.goods({ price: '5' });
    await s.cards(goodsId, 1);
    const v = await visitorBuy(t, goodsId);
    const orderNo = v.json.data.orderNo as string;
    // The only card is held: a member cannot buy it now.
    const member = await s.member('10');
    expect(
      (await t.post('/inside/order/create', { goodsId, quantity: 1, payBy: 'balance' }, member.token, someLoopbackIp()))
        .json.code,
    ).not.toBe(1000);
    expect(
      (await t.post('/visitor/order/cancel', { orderNo, queryPassword: 'wrong-pass' }, undefined, someLoopbackIp()))
        .json.code,
    ).toBe(3012);
    const cancel = await t.post(
      '/visitor/order/cancel',
      { orderNo, queryPassword: 'look123456' },
      undefined,
      someLoopbackIp(),
    );
    expect(cancel.json.code).toBe(1000);
    expect(cancel.json.data.status).toBe('cancelled');
    expect(
      (await t.post('/visitor/order/cancel', { orderNo, queryPassword: 'look123456' }, undefined, someLoopbackIp()))
        .json.code,
    ).not.toBe(1000);
    const bought = await t.post(
      '/inside/order/create',
      { goodsId, quantity: 1, payBy: 'balance' },
      member.token,
      someLoopbackIp(),
    );
    expect(bought.json.code).toBe(1000);
    expect(bought.json.data.cards).toHaveLength(1);
  });

  it('a visitor contact is a mobile number, an e-mail address or a QQ number (not `abc`)', async () => {
    const goodsId = await s.goods({ price: '1' });
    await s.cards(goodsId, 10);
    for (const bad of ['abc', '123', '0123456', 'a@b', '我的微信']) {
      const res = await t.post(
        '/inside/order/create',
        { goodsId, contact: bad, queryPassword: 'look123456' },
        undefined,
        someLoopbackIp(),
      );
      expect(res.json.code, bad).toBe(3007);
      expect(res.json.msg).toBe('请填写正确的手机号、邮箱或 QQ 号');
    }
    for (const good of ['13812345678', 'Buyer@Example.com', '12345678']) {
      expect(
        (
          await t.post(
            '/inside/order/create',
            { goodsId, contact: good, queryPassword: 'look123456' },
            undefined,
            someLoopbackIp(),
          )
        ).json.code,
        good,
      ).toBe(1000);
    }
  });

  it('lookup answers carry keyDay (the setting); older orders are out of the visitor window', async () => {
    const goodsId = await s.goods({ price: '0' });
    await s.cards(goodsId, 2);
    const v = await visitorBuy(t, goodsId);
    const res = await t.post(
      '/visitor/order/lookup',
      { orderNo: v.json.data.orderNo, queryPassword: 'look123456' },
      undefined,
      someLoopbackIp(),
    );
    expect(res.json.code).toBe(1000);
    expect((res.json as unknown as { keyDay: number }).keyDay).toBe(90);
    const settings = (await t.post(`${s.A}/orders/settings`, {}, s.admin)).json.data;
    await t.post(`${s.A}/orders/saveSettings`, { ...settings, lookupDays: 7 }, s.admin);
    expect(((await t.post('/visitor/order/lookupDays', {})).json as unknown as { keyDay: number }).keyDay).toBe(7);
    await t.deps.db
      .updateTable('orders')
      .set({ created_at: Date.now() - 8 * 86_400_000 })
      .where('order_no', '=', v.json.data.orderNo)
      .execute();
    const old = await t.post(
      '/visitor/order/lookup',
      { orderNo: v.json.data.orderNo, queryPassword: 'look123456' },
      undefined,
      someLoopbackIp(),
    );
    expect(old.json).toMatchObject({ code: 3012, msg: '仅可查询最近 7 天内的订单，更早的订单请联系客服' });
    await t.post(`${s.A}/orders/saveSettings`, { ...settings, lookupDays: 90 }, s.admin);
  });

  it('本机订单 reads current statuses by each order’s access token; a wrong token reads as unknown', async () => {
    const goodsId = await s.goods({ price: '4' });
    await s.cards(goodsId, 6);
    const a = await visitorBuy(t, goodsId);
    const b = await visitorBuy(t, goodsId);
    expect(a.json.data.accessToken).toMatch(/^[0-9a-f]{64}$/);
    await t.post(
      '/visitor/order/cancel',
      { orderNo: b.json.data.orderNo, queryPassword: 'look123456' },
      undefined,
      someLoopbackIp(),
    );
    const orders = [
      { orderNo: a.json.data.orderNo, accessToken: a.json.data.accessToken },
      { orderNo: b.json.data.orderNo, accessToken: b.json.data.accessToken },
      { orderNo: b.json.data.orderNo, accessToken: a.json.data.accessToken },
    ];
    const res = await t.post(
      '/visitor/order/statuses',
      { orders: JSON.stringify(orders) },
      undefined,
      someLoopbackIp(),
    );
    expect(res.json.code).toBe(1000);
    expect(res.json.data.list.map((o: { status: string | null }) => o.status)).toEqual(['unpaid', 'cancelled', null]);
    expect(res.json.data.list[1].statusText).toBe('已取消');
    // Members' orders carry no token.
    const member = await s.member();
    const mine = await t.post('/inside/order/create', { goodsId, quantity: 1 }, member.token, someLoopbackIp());
    expect(mine.json.data.accessToken).toBeUndefined();
  });
});
