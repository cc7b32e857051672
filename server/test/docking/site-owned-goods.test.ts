import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, someLoopbackIp, type TestApp } from '../helper.js';
import { balanceOf, shop } from '../commerce/commerce-helper.js';
import { seedSite } from '../sites/sites-fixture.js';
import { dockingShop, orderRow, procurementOf, until } from './docking-helper.js';

/**
 * Site-owned goods (decision 0018) between two real Kapu shops on loopback: the owner of a sub-site on
 * B docks to A with their own member key at A, imports A's goods into their site with a markup, and
 * sells them on their site and on their child's. Orders are forwarded with the owner's credentials (A
 * debits the owner's account at A), the owner's share is the whole price (the child's margin the
 * child's), the platform earns nothing; the goods are not sold on the platform or a sibling site; no
 * other owner can touch them; staff can stop them; a failed procurement refunds and reverses.
 */
describe.each(dialects())('a site owner imports upstream goods into their own site, on %s', (dialect) => {
  let a: TestApp;
  let b: TestApp;
  let aUrl = '';
  let sa: Awaited<ReturnType<typeof shop>>;
  let d: Awaited<ReturnType<typeof dockingShop>>;
  let atA: Awaited<ReturnType<typeof sa.member>>;
  let key: { appId: string; appSecret: string };
  let goodsA = 0;
  let spareA = 0;
  let goodsB = 0;
  let connectionId = 0;
  let siteId = 0;
  let owner: { id: number; token: string };
  let kidOwner: { id: number; token: string };
  let sibOwner: { id: number; token: string };

  const vip = (who: { token: string }, path: string, body: Record<string, unknown> = {}) =>
    b.post(`/vip/docking/${path}`, body, who.token).then((r) => r.json);
  const vipOk = async (who: { token: string }, path: string, body: Record<string, unknown> = {}) => {
    const json = await vip(who, path, body);
    if (json.code !== 1000) throw new Error(`${path}: ${json.code} ${json.msg}`);
    return json.data;
  };
  const withOpenApi = async (id: number) => {
    const site = await b.deps.db
      .selectFrom('sites')
      .select('version_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    await b.deps.db.updateTable('site_versions').set({ open_api: 1 }).where('id', '=', site.version_id!).execute();
  };
  const listed = async (prefix: string) => {
    const res = await b.post(`${prefix}/inside/goods/getList`, { page: 1, pageSize: 50 });
    expect(res.json.code, res.json.msg).toBe(1000);
    return (res.json.data.list as Array<{ id: number; price: number }>).find((g) => g.id === goodsB);
  };
  const shares = async (orderNo: string) => {
    const o = await orderRow(b, orderNo);
    const rows = await b.deps.db
      .selectFrom('profit_shares')
      .select(['site_id', 'user_id', 'depth', 'amount', 'reversed_amount', 'status'])
      .where('order_id', '=', o.id)
      .orderBy('depth')
      .execute();
    return rows.map((r) => ({ ...r, amount: Number(r.amount), reversed_amount: Number(r.reversed_amount) }));
  };
  const settled = (orderNo: string) =>
    until(b, async () => {
      const p = await procurementOf(b, orderNo);
      return p && ['delivered', 'failed', 'refunded'].includes(p.status) ? p : null;
    });
  async function buyOn(prefix: string) {
    const m = await d.member('100');
    const res = await b.post(
      `${prefix}/inside/order/create`,
      { goodsId: goodsB, quantity: 1, payBy: 'balance' },
      m.token,
    );
    expect(res.json.code, res.json.msg).toBe(1000);
    return { buyer: m, orderNo: res.json.data.orderNo as string };
  }

  beforeAll(async () => {
    a = await buildTestApp(dialect, { outboundHosts: 'any' });
    await a.app.listen({ port: 0, host: '127.0.0.1' });
    aUrl = `http://127.0.0.1:${(a.app.server.address() as AddressInfo).port}`;
    b = await buildTestApp(dialect, { outboundHosts: 'any' });
    sa = await shop(a);
    goodsA = await sa.goods({ price: '10.00', name: 'A 的会员卡' });
    await sa.cards(goodsA, 8, 'OWNA');
    spareA = await sa.goods({ price: '3.00', name: 'A 的备用商品' });
    await sa.cards(spareA, 2, 'SPARE');
    // The site owner's own member account at A, with money there and an open-API key.
    atA = await sa.member('100');
    const made = await a.post(
      '/inside/openapi/createKey',
      { name: '我的分站对接', scopes: 'goods,orders' },
      atA.token,
      someLoopbackIp(),
    );
    expect(made.json.code, made.json.msg).toBe(1000);
    key = made.json.data;

    d = await dockingShop(b);
    owner = await d.member('0');
    kidOwner = await d.member('0');
    sibOwner = await d.member('0');
    // owner's site: +1.00 to its child sites, +0.50 to its buyers; the child: +0.30 to its buyers.
    siteId = await seedSite(b, {
      ownerId: owner.id,
      path: 'own-goods',
      child: [{ kind: 'fixed', value: 100 }],
      buyer: [{ kind: 'fixed', value: 50 }],
    });
    await seedSite(b, {
      ownerId: kidOwner.id,
      path: 'own-goods-kid',
      parentId: siteId,
      buyer: [{ kind: 'fixed', value: 30 }],
    });
    const sibling = await seedSite(b, { ownerId: sibOwner.id, path: 'own-goods-sib' });
    await withOpenApi(siteId);
    await withOpenApi(sibling);
  });
  afterAll(async () => {
    await b?.dispose();
    await a?.dispose();
  });

  it('the owner connects with their own key at A and imports A’s goods into their site with a markup', async () => {
    connectionId = (
      await vipOk(owner, 'saveConnection', {
        name: 'A 店（我的账户）',
        protocol: 'kapu',
        baseUrl: aUrl,
        appId: key.appId,
        secret: key.appSecret,
        timeoutSec: 5,
      })
    ).id;
    expect(await vipOk(owner, 'testConnection', { id: connectionId })).toMatchObject({ balance: '100.00' });
    const imported = await vipOk(owner, 'import', {
      connectionId,
      refs: [String(goodsA)],
      dirId: d.dirId,
      markupKind: 'percent',
      markupPercent: 20,
    });
    expect(imported).toMatchObject({ imported: 1, skipped: 0 });
    goodsB = imported.goodsIds[0];
    const g = await b.deps.db.selectFrom('goods').selectAll().where('id', '=', goodsB).executeTakeFirstOrThrow();
    expect(g).toMatchObject({ site_id: siteId, price: 1200, cost: 1000, stock: 8, status: 'on_sale' });
    const mine = await vipOk(owner, 'goods', { page: 1, pageSize: 20 });
    expect(mine.list.map((x: { goodsId: number }) => x.goodsId)).toEqual([goodsB]);
    // Staff see it among the sub-sites' goods, named by site, not among the platform's.
    expect((await d.ok('goods', { page: 1, pageSize: 20 })).list).toEqual([]);
    const ofSites = await d.ok('goods', { page: 1, pageSize: 20, owner: 'sites' });
    expect(ofSites.list).toEqual([expect.objectContaining({ goodsId: goodsB, siteId, siteName: '分站own-goods' })]);
    // A directory the site hid is refused.
    await b.deps.db
      .insertInto('site_dirs')
      .values({ site_id: siteId, dir_id: d.dirId, name: null, sort: null, hidden: 1, updated_at: Date.now() })
      .execute();
    await b.deps.caches.changed('site-rules');
    const hidden = await vip(owner, 'import', {
      connectionId,
      refs: [String(spareA)],
      dirId: d.dirId,
      markupKind: 'fixed',
      markupFixed: '1.00',
    });
    expect(hidden.code).toBe(8307);
    await b.deps.db.deleteFrom('site_dirs').where('site_id', '=', siteId).execute();
    await b.deps.caches.changed('site-rules');
  });

  it('is sold on the owner’s site and its child at the chain’s prices, never on the platform or a sibling', async () => {
    expect((await listed('/own-goods'))?.price).toBe(1250);
    expect((await listed('/own-goods-kid'))?.price).toBe(1200 + 100 + 30);
    expect(await listed('')).toBeUndefined();
    expect(await listed('/own-goods-sib')).toBeUndefined();
    expect((await b.post('/own-goods/inside/goods/getDetail', { goodsId: goodsB })).json.data.price).toBe(1250);
    for (const prefix of ['', '/own-goods-sib']) {
      expect((await b.post(`${prefix}/inside/goods/getDetail`, { goodsId: goodsB })).json.code).toBe(3003);
      const m = await d.member('100');
      const res = await b.post(
        `${prefix}/inside/order/create`,
        { goodsId: goodsB, quantity: 1, payBy: 'balance' },
        m.token,
      );
      expect(res.json.code).toBe(3003);
      expect((await balanceOf(b, m.id)).balance).toBe(10_000);
    }
    // The owner's shelf marks it as their own, priced from their own price; the child's as its parent's.
    const shelf = await b.post('/vip/siteGoods/getList', { page: 1, pageSize: 50 }, owner.token);
    expect(shelf.json.code, shelf.json.msg).toBe(1000);
    expect(shelf.json.data.list.find((g: { id: number }) => g.id === goodsB)).toMatchObject({
      origin: 'own',
      originText: '自有（对接）',
      cost: 1200,
      price: 1250,
      childPrice: 1300,
    });
    const kidShelf = await b.post('/vip/siteGoods/getList', { page: 1, pageSize: 50 }, kidOwner.token);
    expect(kidShelf.json.data.list.find((g: { id: number }) => g.id === goodsB)).toMatchObject({
      origin: 'above',
      cost: 1300,
      price: 1330,
    });
    const sibShelf = await b.post('/vip/siteGoods/getList', { page: 1, pageSize: 50 }, sibOwner.token);
    expect(sibShelf.json.data.list.some((g: { id: number }) => g.id === goodsB)).toBe(false);
  });

  it('a buyer on the owner’s site: forwarded once with the owner’s key, A’s card arrives, the whole price is the owner’s', async () => {
    const { buyer, orderNo } = await buyOn('/own-goods');
    const p = await settled(orderNo);
    expect(p).toMatchObject({ status: 'delivered', site_id: siteId, connection_id: connectionId });
    const order = await orderRow(b, orderNo);
    expect(order).toMatchObject({ status: 'delivered', amount: 1250, site_id: siteId });
    // One order at A, by the owner's account there, paid from it.
    const atAOrders = await a.deps.db.selectFrom('orders').selectAll().where('user_id', '=', atA.id).execute();
    expect(atAOrders).toHaveLength(1);
    expect(atAOrders[0]).toMatchObject({ goods_id: goodsA, status: 'delivered', amount: 1000 });
    expect(p.upstream_order_no).toBe(atAOrders[0]!.order_no);
    expect(await balanceOf(a, atA.id)).toEqual({ balance: 9000, ledgerSum: 9000 });
    const seen = (await b.post('/own-goods/inside/order/getDetail', { orderNo }, buyer.token)).json;
    expect(seen.code, seen.msg).toBe(1000);
    expect(JSON.stringify(seen.data.cards)).toMatch(/OWNA-\d/);
    // The owner's share is the whole amount; the platform's revenue is what is left: 0.
    const rows = await shares(orderNo);
    expect(rows).toEqual([
      expect.objectContaining({ site_id: siteId, user_id: owner.id, depth: 1, amount: 1250, status: 'frozen' }),
    ]);
    expect(order.amount - rows.reduce((s, r) => s + r.amount, 0)).toBe(0);
  });

  it('a buyer on the child site: the owner gets its price and child markup, the child its margin, the platform 0', async () => {
    const { orderNo } = await buyOn('/own-goods-kid');
    expect((await settled(orderNo)).status).toBe('delivered');
    const order = await orderRow(b, orderNo);
    expect(order.amount).toBe(1330);
    const rows = await shares(orderNo);
    expect(rows.map((r) => [r.user_id, r.depth, r.amount, r.status])).toEqual([
      [owner.id, 1, 1300, 'frozen'],
      [kidOwner.id, 2, 30, 'frozen'],
    ]);
    expect(order.amount - rows.reduce((s, r) => s + r.amount, 0)).toBe(0);
    expect(await balanceOf(a, atA.id)).toEqual({ balance: 8000, ledgerSum: 8000 });
  });

  it('only its owner manages it: price, shelf, removal; another owner gets “not found”', async () => {
    const keep = { keep: [], priceRule: 'follow', markupKind: 'percent', markupPercent: 20, pauseWhenOutOfStock: 1 };
    expect((await vip(sibOwner, 'setGoodsState', { goodsId: goodsB, price: '1.00' })).code).toBe(8304);
    expect((await vip(sibOwner, 'saveGoods', { goodsId: goodsB, ...keep })).code).toBe(8304);
    expect((await vip(sibOwner, 'removeGoods', { id: goodsB })).code).toBe(8304);
    expect((await vip(sibOwner, 'syncNow', { id: connectionId })).code).toBe(8300);
    expect((await vipOk(sibOwner, 'procurements', { page: 1, pageSize: 20 })).total).toBe(0);
    const own = await vipOk(owner, 'procurements', { page: 1, pageSize: 20 });
    expect(own.total).toBe(2);
    expect((await vip(sibOwner, 'repush', { id: own.list[0].id })).code).toBe(8308);
    // Staff do not edit an owner's price through the platform's docking either.
    expect((await d.call('setGoodsState', { goodsId: goodsB, price: '1.00' })).code).toBe(8304);

    expect((await vip(owner, 'setGoodsState', { goodsId: goodsB, price: '9.99' })).code).toBe(8317);
    await vipOk(owner, 'setGoodsState', { goodsId: goodsB, price: '15.00' });
    expect((await listed('/own-goods'))?.price).toBe(1550);
    const [view] = (await vipOk(owner, 'goods', { page: 1, pageSize: 20 })).list;
    expect(view).toMatchObject({ price: '15.00' });
    expect(view.ownership.price).toBe('mine');
    await vipOk(owner, 'setGoodsState', { goodsId: goodsB, status: 'paused' });
    expect(await listed('/own-goods')).toBeUndefined();
    await vipOk(owner, 'setGoodsState', { goodsId: goodsB, status: 'on_sale' });
    expect((await listed('/own-goods'))?.price).toBe(1550);
    // Goods an order names are never deleted.
    expect((await vip(owner, 'removeGoods', { id: goodsB })).code).toBe(8315);
    // One nobody ordered is.
    const spare = (
      await vipOk(owner, 'import', {
        connectionId,
        refs: [String(spareA)],
        dirId: d.dirId,
        markupKind: 'fixed',
        markupFixed: '1.00',
      })
    ).goodsIds[0];
    expect((await b.post('/own-goods/inside/goods/getDetail', { goodsId: spare })).json.data.price).toBe(450);
    await vipOk(owner, 'removeGoods', { id: spare });
    expect(await b.deps.db.selectFrom('goods').select('id').where('id', '=', spare).executeTakeFirst()).toBeUndefined();
    expect((await b.post('/own-goods/inside/goods/getDetail', { goodsId: spare })).json.code).toBe(3003);
  });

  it('staff stop a bad listing: a ban the owner cannot lift; back on sale by staff', async () => {
    expect((await d.call('moderateGoods', { goodsId: goodsB, status: 'banned' })).code).toBe(1000);
    expect(await listed('/own-goods')).toBeUndefined();
    expect((await b.post('/own-goods/inside/goods/getDetail', { goodsId: goodsB })).json.code).toBe(3003);
    expect((await vip(owner, 'setGoodsState', { goodsId: goodsB, status: 'on_sale' })).code).toBe(8316);
    // The owner cannot moderate (staff only), and the call names no platform goods.
    expect((await vip(owner, 'moderateGoods', { goodsId: goodsB, status: 'on_sale' })).code).not.toBe(1000);
    const platformGoods = await d.goods();
    expect((await d.call('moderateGoods', { goodsId: platformGoods, status: 'paused' })).code).toBe(8304);
    expect((await d.call('moderateGoods', { goodsId: goodsB, status: 'on_sale' })).code).toBe(1000);
    expect((await listed('/own-goods'))?.price).toBe(1550);
  });

  it('a failed procurement refunds the buyer and reverses the shares; A charged the owner nothing', async () => {
    // A stops selling its goods: the only source refuses, the order is refunded.
    expect(
      (await a.post(`${sa.A}/catalog/setGoodsStatus`, { ids: [goodsA], status: 'paused' }, sa.admin)).json.code,
    ).toBe(1000);
    const { buyer, orderNo } = await buyOn('/own-goods');
    const p = await settled(orderNo);
    expect(p.status).toBe('refunded');
    expect((await orderRow(b, orderNo)).status).toBe('refunded');
    expect(await balanceOf(b, buyer.id)).toEqual({ balance: 10_000, ledgerSum: 10_000 });
    const rows = await shares(orderNo);
    expect(rows).toEqual([
      expect.objectContaining({ user_id: owner.id, amount: 1550, reversed_amount: 1550, status: 'reversed' }),
    ]);
    expect(await balanceOf(a, atA.id)).toEqual({ balance: 8000, ledgerSum: 8000 });
  });
});
