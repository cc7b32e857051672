import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { frozenProfitOf, releaseDueShares } from '../../src/modules/profits/index.js';
import { buildTestApp, dialects, solvedCaptcha, type TestApp } from '../helper.js';
import { balanceOf, shop } from '../commerce/commerce-helper.js';
import { seedSite } from './sites-fixture.js';

describe.each(dialects())('sub-sites: resolution, the price chain and profit shares on %s', (dialect) => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof shop>>;
  let goodsId: number;
  const owners: Array<{ id: number; token: string }> = [];
  const sites: number[] = [];

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    s = await shop(t);
    goodsId = await s.goods({ price: '10.00' });
    await s.cards(goodsId, 40);
    for (let i = 0; i < 4; i++) owners.push(await s.member());
    // 1 → a (child +1.00, buyer +10 %) → b (child +0.50) → c (no rules) → d (buyer +2.00)
    sites.push(
      await seedSite(t, {
        ownerId: owners[0]!.id,
        path: 'chain-a',
        buyer: [{ value: 1000 }],
        child: [{ kind: 'fixed', value: 100 }],
      }),
    );
    sites.push(
      await seedSite(t, {
        ownerId: owners[1]!.id,
        path: 'chain-b',
        parentId: sites[0],
        child: [{ kind: 'fixed', value: 50 }],
      }),
    );
    sites.push(await seedSite(t, { ownerId: owners[2]!.id, path: 'chain-c', parentId: sites[1] }));
    sites.push(
      await seedSite(t, {
        ownerId: owners[3]!.id,
        path: 'chain-d',
        parentId: sites[2],
        buyer: [{ kind: 'fixed', value: 200 }],
      }),
    );
  });
  afterAll(() => t.dispose());

  const priceOn = async (prefix: string) => {
    const res = await t.post(`${prefix}/inside/goods/getList`, { page: 1, pageSize: 50 });
    expect(res.json.code, res.json.msg).toBe(1000);
    return (res.json.data.list as Array<{ id: number; price: number }>).find((g) => g.id === goodsId)?.price;
  };
  const shares = (orderId: number) =>
    t.deps.db
      .selectFrom('profit_shares')
      .select(['user_id', 'depth', 'amount', 'reversed_amount', 'status'])
      .where('order_id', '=', orderId)
      .orderBy('depth')
      .execute();
  const orderIdOf = async (orderNo: string) =>
    (await t.deps.db.selectFrom('orders').select('id').where('order_no', '=', orderNo).executeTakeFirstOrThrow()).id;
  const frozenOf = (userId: number) => frozenProfitOf(t.deps.db, userId);

  it('resolves a site by its path and prices along its chain; the platform keeps its own price', async () => {
    expect(await priceOn('')).toBe(1000);
    expect(await priceOn('/chain-a')).toBe(1100);
    expect(await priceOn('/chain-b')).toBe(1100); // b has no buyer rule: sells at its cost
    expect(await priceOn('/chain-d')).toBe(1000 + 100 + 50 + 200);
    const info = await t.post('/chain-d/site/info');
    expect(info.json.data.title).toBe('分站chain-d');
  });

  it('resolves a site by a verified host name, and ignores unverified ones', async () => {
    const now = Date.now();
    await t.deps.db
      .insertInto('site_domains')
      .values([
        {
          site_id: sites[0]!,
          host: 'shop-a.example.com',
          kind: 'custom',
          token: 'x',
          verified_at: now,
          created_at: now,
        },
        {
          site_id: sites[3]!,
          host: 'shop-d.example.com',
          kind: 'custom',
          token: 'y',
          verified_at: null,
          created_at: now,
        },
      ])
      .execute();
    await t.deps.caches.changed('site');
    const byHost = async (host: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/inside/goods/getList',
        headers: { host, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'page=1&pageSize=50',
      });
      return (res.json().data.list as Array<{ id: number; price: number }>).find((g) => g.id === goodsId)?.price;
    };
    expect(await byHost('shop-a.example.com')).toBe(1100);
    expect(await byHost('SHOP-A.example.com:8080')).toBe(1100);
    expect(await byHost('shop-d.example.com')).toBe(1000);
  });

  it('sites that price alike share an answer; one changing its rule shows its new price, the other keeps its own', async () => {
    const e = await s.member();
    const f = await s.member();
    await seedSite(t, { ownerId: e.id, path: 'alike-e', buyer: [{ value: 500 }] });
    await seedSite(t, { ownerId: f.id, path: 'alike-f', buyer: [{ value: 500 }] });
    // A grandchild of a whose own buyer rule is the same +5 %: its cost is a's child price, so its answer differs.
    await seedSite(t, { ownerId: (await s.member()).id, path: 'alike-g', parentId: sites[0], buyer: [{ value: 500 }] });
    await t.deps.caches.changed('site-rules');
    const listed = async (prefix: string) =>
      (await t.post(`${prefix}/inside/goods/getList`, { page: 1, pageSize: 50 })).json.data as {
        list: Array<{ id: number; price: number; basePrice: number }>;
        total: number;
      };
    const [pe, pf, pg] = [await priceOn('/alike-e'), await priceOn('/alike-f'), await priceOn('/alike-g')];
    expect([pe, pf, pg]).toEqual([1050, 1050, Math.ceil(1100 * 1.05)]);
    // The whole answer is the same text on both: the cards as a card list shows them, priced for the site.
    expect(await listed('/alike-f')).toEqual(await listed('/alike-e'));
    const card = (await listed('/alike-e')).list.find((g) => g.id === goodsId);
    expect(card).toMatchObject({ id: goodsId, price: 1050, basePrice: 1000 });

    const saved = await t.post(
      '/vip/priceRule/save',
      { audience: 'buyer', scope: 'global', kind: 'percent', value: '8' },
      f.token,
    );
    expect(saved.json.code, saved.json.msg).toBe(1000);
    expect(await priceOn('/alike-f')).toBe(1080);
    expect(await priceOn('/alike-e')).toBe(1050);
    expect(await priceOn('')).toBe(1000);
  });

  it('answers a clear code for a path that names no site, and for a suspended site (its info still answers)', async () => {
    expect((await t.post('/no-such-site/inside/goods/getList', { page: 1 })).json.code).toBe(6001);
    const id = await seedSite(t, { ownerId: (await s.member()).id, path: 'paused-x', status: 'suspended' });
    expect((await t.post('/paused-x/inside/goods/getList', { page: 1 })).json.code).toBe(6003);
    expect((await t.post('/paused-x/site/info')).json.code).toBe(1000);
    expect(id).toBeGreaterThan(1);
  });

  it('credits every link of a 4-level chain at delivery, frozen; the sum with the platform is what the buyer paid', async () => {
    const buyer = await s.member('100');
    const res = await t.post('/chain-d/inside/order/create', { goodsId, quantity: 3, payBy: 'balance' }, buyer.token);
    expect(res.json.code, res.json.msg).toBe(1000);
    const order = await t.deps.db
      .selectFrom('orders')
      .selectAll()
      .where('order_no', '=', res.json.data.orderNo)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({ site_id: sites[3], amount: 1350 * 3, status: 'delivered' });
    const rows = await shares(order.id);
    expect(rows.map((r) => [r.user_id, r.depth, Number(r.amount), r.status])).toEqual([
      [owners[0]!.id, 1, 300, 'frozen'],
      [owners[1]!.id, 2, 150, 'frozen'],
      [owners[3]!.id, 4, 600, 'frozen'],
    ]);
    const credited = rows.reduce((a, r) => a + Number(r.amount), 0);
    expect(credited + 1000 * 3).toBe(order.amount);
    expect(await frozenOf(owners[0]!.id)).toBe(300);
    expect((await balanceOf(t, owners[3]!.id)).balance).toBe(0);

    // Released after the freeze days by the job, each with its ledger row; a second run is a no-op.
    const later = Date.now() + 8 * 86_400_000;
    expect(await releaseDueShares(t.deps.db, later - 7 * 86_400_000, later)).toBe(3);
    expect(await releaseDueShares(t.deps.db, later - 7 * 86_400_000, later)).toBe(0);
    expect(await balanceOf(t, owners[0]!.id)).toEqual({ balance: 300, ledgerSum: 300 });
    expect(await balanceOf(t, owners[3]!.id)).toEqual({ balance: 600, ledgerSum: 600 });
    expect(await frozenOf(owners[0]!.id)).toBe(0);

    // A full refund takes every credit back: each balance ends where it started.
    const refund = await t.post(`${s.A}/orders/refund`, { orderNo: order.order_no, reason: '测试退款' }, s.admin);
    expect(refund.json.code, refund.json.msg).toBe(1000);
    for (const o of [owners[0]!, owners[1]!, owners[3]!])
      expect(await balanceOf(t, o.id)).toEqual({ balance: 0, ledgerSum: 0 });
    expect((await shares(order.id)).every((r) => r.status === 'reversed')).toBe(true);
  });

  it('reverses a partial refund proportionally from the frozen money, the remainder on the platform', async () => {
    const buyer = await s.member('100');
    const res = await t.post('/chain-a/inside/order/create', { goodsId, quantity: 1, payBy: 'balance' }, buyer.token);
    expect(res.json.code, res.json.msg).toBe(1000);
    const orderId = await orderIdOf(res.json.data.orderNo);
    const before = await frozenOf(owners[0]!.id);
    const part = await t.post(
      `${s.A}/orders/refund`,
      { orderNo: res.json.data.orderNo, reason: '部分退', amount: '3.33' },
      s.admin,
    );
    expect(part.json.code, part.json.msg).toBe(1000);
    // a's margin is 100 of 1100: floor(100 × 333 / 1100) = 30 goes back.
    const [share] = await shares(orderId);
    expect(share).toMatchObject({ status: 'frozen' });
    expect(Number(share!.reversed_amount)).toBe(30);
    expect(await frozenOf(owners[0]!.id)).toBe(before - 30);
  });

  it('hides what a site of the chain took off its shelf, and refuses a price the buyer was not shown', async () => {
    const other = await s.goods({ price: '5.00' });
    await s.cards(other, 2);
    expect(await priceOn('/chain-d')).toBe(1350);
    const now = Date.now();
    await t.deps.db
      .insertInto('site_goods')
      .values({ site_id: sites[1]!, goods_id: other, hidden: 1, updated_at: now })
      .execute();
    await t.deps.caches.changed('site-rules');
    const list = await t.post('/chain-d/inside/goods/getList', { page: 1, pageSize: 50 });
    expect((list.json.data.list as Array<{ id: number }>).some((g) => g.id === other)).toBe(false);
    expect((await t.post('/chain-d/inside/goods/getDetail', { goodsId: other })).json.code).toBe(3003);
    expect((await t.post('/chain-a/inside/goods/getDetail', { goodsId: other })).json.code).toBe(1000);

    const buyer = await s.member('100');
    const wrong = await t.post(
      '/chain-d/inside/order/create',
      { goodsId, quantity: 1, payBy: 'balance', expectedPrice: 1000 },
      buyer.token,
    );
    expect(wrong.json.code).toBe(6006);
    expect((await balanceOf(t, buyer.id)).balance).toBe(10_000);
    const right = await t.post(
      '/chain-d/inside/order/create',
      { goodsId, quantity: 1, payBy: 'balance', expectedPrice: 1350 },
      buyer.token,
    );
    expect(right.json.code, right.json.msg).toBe(1000);
  });

  it('keeps shares of an unpaid visitor order pending and voids them when it is cancelled or expires', async () => {
    const res = await t.post(
      '/chain-d/inside/order/create',
      { goodsId, quantity: 1, contact: 'v@example.com', queryPassword: 'look123456' },
      undefined,
      '127.0.9.1',
    );
    expect(res.json.code, res.json.msg).toBe(1000);
    const orderId = await orderIdOf(res.json.data.orderNo);
    expect((await shares(orderId)).map((r) => r.status)).toEqual(['pending', 'pending', 'pending']);
    const { expireOrder } = await import('../../src/flows/checkout.js');
    await t.deps.db.updateTable('orders').set({ expires_at: 0 }).where('id', '=', orderId).execute();
    expect(await expireOrder(t.deps.db, orderId)).toBe(true);
    expect((await shares(orderId)).map((r) => r.status)).toEqual(['void', 'void', 'void']);
  });

  it('registers a member on a sub-site as that site’s customer', async () => {
    const loginName = `cust${Date.now() % 1_000_000}`;
    const res = await t.post(
      '/chain-b/user/register',
      { loginName, password: 'abc12345', ...(await solvedCaptcha(t)) },
      undefined,
      '127.0.9.2',
    );
    expect(res.json.code, res.json.msg).toBe(1000);
    const row = await t.deps.db
      .selectFrom('users')
      .select('site_id')
      .where('login_name', '=', loginName)
      .executeTakeFirstOrThrow();
    expect(row.site_id).toBe(sites[1]);
  });
});
