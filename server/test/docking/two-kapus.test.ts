import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, someLoopbackIp, type TestApp } from '../helper.js';
import { balanceOf, shop } from '../commerce/commerce-helper.js';
import { FakeKayixinUpstream } from '../fakes/kayixin-upstream.js';
import { dockingShop, orderRow, procurementOf, until } from './docking-helper.js';

/**
 * Two real Kapu shops on loopback: A sells through its open API (decision 0014), B docks to A with
 * the Kapu driver (decision 0016). B imports A's goods, a buyer pays on B, B forwards the order to A
 * with A's reseller key, and A's cards reach B's buyer; A's status changes follow on B; with A
 * gone, B fails over to a second source.
 */
describe.each(dialects())('two Kapu shops, A upstream of B, on %s', (dialect) => {
  let a: TestApp;
  let b: TestApp;
  let aUrl = '';
  let sa: Awaited<ReturnType<typeof shop>>;
  let d: Awaited<ReturnType<typeof dockingShop>>;
  let reseller: Awaited<ReturnType<typeof sa.member>>;
  let key: { appId: string; appSecret: string };
  let goodsA = 0;
  let goodsB = 0;
  let connectionId = 0;
  const fakes: FakeKayixinUpstream[] = [];

  beforeAll(async () => {
    a = await buildTestApp(dialect, { outboundHosts: 'any' });
    await a.app.listen({ port: 0, host: '127.0.0.1' });
    aUrl = `http://127.0.0.1:${(a.app.server.address() as AddressInfo).port}`;
    b = await buildTestApp(dialect, { outboundHosts: 'any' });
    sa = await shop(a);
    goodsA = await sa.goods({ price: '10.00', name: 'A 的游戏点卡' });
    await sa.cards(goodsA, 6, 'UPA');
    reseller = await sa.member('100');
    const made = await a.post(
      '/inside/openapi/createKey',
      { name: '给 B 店对接', scopes: 'goods,orders' },
      reseller.token,
      someLoopbackIp(),
    );
    expect(made.json.code, made.json.msg).toBe(1000);
    key = made.json.data;
    d = await dockingShop(b);
  });
  afterAll(async () => {
    for (const f of fakes) await f.stop();
    await b?.dispose();
    await a?.dispose();
  });

  let lastBuyer = '';
  async function buyOnB() {
    const m = await d.member('100');
    lastBuyer = m.token;
    const res = await b.post('/inside/order/create', { goodsId: goodsB, quantity: 1, payBy: 'balance' }, m.token);
    expect(res.json.code, res.json.msg).toBe(1000);
    return res.json.data.orderNo as string;
  }
  const settled = (orderNo: string) =>
    until(b, async () => {
      const p = await procurementOf(b, orderNo);
      return p && ['delivered', 'failed', 'refunded'].includes(p.status) ? p : null;
    });

  it('B connects with A’s reseller key, sees A’s goods at the reseller’s price and imports them with a markup', async () => {
    connectionId = (
      await d.ok('saveConnection', {
        name: 'Kapu A',
        protocol: 'kapu',
        baseUrl: aUrl,
        appId: key.appId,
        secret: key.appSecret,
        timeoutSec: 5,
      })
    ).id;
    expect(await d.ok('testConnection', { id: connectionId })).toMatchObject({ balance: '100.00' });
    const listed = (await d.ok('upstreamGoods', { connectionId })) as Array<Record<string, unknown>>;
    expect(listed.find((g) => g.ref === String(goodsA))).toMatchObject({
      name: 'A 的游戏点卡',
      price: '10.00',
      stock: 6,
      onSale: true,
    });
    goodsB = await d.importOne(connectionId, String(goodsA), 20);
    const g = await b.deps.db.selectFrom('goods').selectAll().where('id', '=', goodsB).executeTakeFirstOrThrow();
    expect(g).toMatchObject({ price: 1200, cost: 1000, stock: 6, status: 'on_sale' });
  });

  it('a buyer pays on B: the order is forwarded to A once, A’s card reaches the buyer, A debits the reseller', async () => {
    const orderNo = await buyOnB();
    const p = await settled(orderNo);
    expect(p.status).toBe('delivered');
    const order = await orderRow(b, orderNo);
    expect(order.status).toBe('delivered');
    const aOrders = await a.deps.db
      .selectFrom('orders')
      .selectAll()
      .where('user_id', '=', reseller.id)
      .where('goods_id', '=', goodsA)
      .execute();
    expect(aOrders).toHaveLength(1);
    expect(aOrders[0]).toMatchObject({ status: 'delivered', quantity: 1 });
    expect(await balanceOf(a, reseller.id)).toEqual({ balance: 9000, ledgerSum: 9000 });
    // B's procurement names A's order: one order at A for one order at B.
    const cardsOnB = await b.deps.db
      .selectFrom('docking_procurements')
      .select(['upstream_order_no'])
      .where('order_no', '=', orderNo)
      .executeTakeFirstOrThrow();
    expect(cardsOnB.upstream_order_no).toBe(aOrders[0]!.order_no);
    // The buyer on B sees the card A sold (A's cards are UPA-n----pwn).
    const seen = (await b.post('/inside/order/getDetail', { orderNo }, lastBuyer)).json;
    expect(seen.code, seen.msg).toBe(1000);
    expect(JSON.stringify(seen.data.cards)).toMatch(/UPA-\d/);
  });

  it('A pauses the goods: B’s sync pauses it too; A puts it back on sale: B follows', async () => {
    const setA = async (status: string) =>
      expect((await a.post(`${sa.A}/catalog/setGoodsStatus`, { ids: [goodsA], status }, sa.admin)).json.code).toBe(
        1000,
      );
    const statusB = async () =>
      (
        await b.deps.db
          .selectFrom('goods')
          .select(['status', 'stock'])
          .where('id', '=', goodsB)
          .executeTakeFirstOrThrow()
      ).status;
    await setA('paused');
    await d.ok('syncNow', { id: connectionId });
    expect(await statusB()).toBe('paused');
    await setA('on_sale');
    await d.ok('syncNow', { id: connectionId });
    expect(await statusB()).toBe('on_sale');
  });

  it('with A gone, the order fails over to the second source', async () => {
    const second = await new FakeKayixinUpstream().start();
    fakes.push(second);
    second.addGoods({ goodsId: 77, price: 1000, stock: 10 });
    const secondId = (
      await d.ok('saveConnection', {
        name: '备用上游',
        protocol: 'kapu',
        baseUrl: second.url,
        appId: second.appId,
        secret: second.secret,
        timeoutSec: 3,
      })
    ).id;
    await d.ok('addSource', { goodsId: goodsB, connectionId: secondId, ref: '77' });
    // A stops answering (its listener closes; its data stays).
    await new Promise<void>((resolve) => a.app.server.close(() => resolve()));
    a.app.server.closeAllConnections();
    const orderNo = await buyOnB();
    const p = await settled(orderNo);
    expect(p.status).toBe('delivered');
    expect(p.source_id).not.toBeNull();
    expect((await orderRow(b, orderNo)).status).toBe('delivered');
    // A sold nothing more to its reseller.
    expect(await balanceOf(a, reseller.id)).toEqual({ balance: 9000, ledgerSum: 9000 });
  });
});
