import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releaseDueShares } from '../../src/modules/profits/index.js';
import { buildTestApp, dialects, someLoopbackIp, solvedCaptcha, type TestApp } from '../helper.js';
import { shop } from '../commerce/commerce-helper.js';
import { seedSite } from './sites-fixture.js';

/**
 * The site owner's back office (/vip/office/*): figures that add up with the profit shares, the
 * orders of their site with their margin, customers and their terms, child sites, announcements;
 * and the tenant rule — an owner gets nothing of another site.
 */
describe.each(dialects())('site owner back office on %s', (dialect) => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof shop>>;
  let goodsId: number;
  type Member = { id: number; token: string; loginName: string };
  let ownerA: Member;
  let ownerB: Member;
  let ownerC: Member;
  let plain: Member;
  let buyerA: Member;
  let buyerB: Member;
  let siteA: number;
  let siteB: number;
  let siteC: number;
  const orderNos: Record<'a' | 'b' | 'c', string> = { a: '', b: '', c: '' };
  const V = '/vip/office';

  /** A member who registered on the site at `prefix` (its customer), with a balance. */
  async function customer(prefix: string, balanceYuan = '0'): Promise<Member> {
    const loginName = `c${randomBytes(4).toString('hex')}`;
    const res = await t.post(
      `${prefix}/user/register`,
      { loginName, password: 'abc12345', ...(await solvedCaptcha(t)) },
      undefined,
      someLoopbackIp(),
    );
    expect(res.json.code, res.json.msg).toBe(1000);
    const row = await t.deps.db
      .selectFrom('users')
      .select('id')
      .where('login_name', '=', loginName)
      .executeTakeFirstOrThrow();
    if (balanceYuan !== '0') {
      const adj = await t.post(`${s.A}/funds/adjust`, { userId: row.id, amount: balanceYuan, reason: '测试' }, s.admin);
      expect(adj.json.code, adj.json.msg).toBe(1000);
    }
    return { id: row.id, token: res.json.data.authCode as string, loginName };
  }

  async function buy(prefix: string, who: Member, quantity = 1) {
    const res = await t.post(`${prefix}/inside/order/create`, { goodsId, quantity, payBy: 'balance' }, who.token);
    return res.json;
  }

  const sharesOf = (siteId: number) =>
    t.deps.db
      .selectFrom('profit_shares')
      .select(['amount', 'reversed_amount', 'status'])
      .where('site_id', '=', siteId)
      .execute();

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    s = await shop(t);
    goodsId = await s.goods({ price: '10.00' });
    await s.cards(goodsId, 40, `SECRETCARD${randomBytes(2).toString('hex')}`);
    ownerA = await s.member();
    ownerB = await s.member();
    plain = await s.member();
    // 1 → A (buyers +10 %, children +1.00) → C (buyers +2.00); 1 → B (buyers +20 %)
    siteA = await seedSite(t, {
      ownerId: ownerA.id,
      path: 'office-a',
      buyer: [{ value: 1000 }],
      child: [{ kind: 'fixed', value: 100 }],
    });
    siteB = await seedSite(t, { ownerId: ownerB.id, path: 'office-b', buyer: [{ value: 2000 }] });
    ownerC = await customer('/office-a');
    siteC = await seedSite(t, {
      ownerId: ownerC.id,
      path: 'office-c',
      parentId: siteA,
      buyer: [{ kind: 'fixed', value: 200 }],
    });
    buyerA = await customer('/office-a', '100');
    buyerB = await customer('/office-b', '100');

    const a = await buy('/office-a', buyerA, 2); // 2 × 11.00: A earns 2 × 1.00
    expect(a.code, a.msg).toBe(1000);
    orderNos.a = a.data.orderNo;
    const c = await buy('/office-c', buyerA); // 13.00 on C: A earns 1.00 (its child markup), C 2.00
    expect(c.code, c.msg).toBe(1000);
    orderNos.c = c.data.orderNo;
    const b = await buy('/office-b', buyerB); // 12.00 on B: B earns 2.00
    expect(b.code, b.msg).toBe(1000);
    orderNos.b = b.data.orderNo;
  });
  afterAll(() => t.dispose());

  it('answers NOT_SITE_OWNER to a member without a site and asks visitors to sign in', async () => {
    for (const path of ['desktop', 'orders', 'exportOrders', 'customers', 'children', 'announcements']) {
      expect((await t.post(`${V}/${path}`, {}, plain.token)).json.code, path).toBe(6007);
      expect((await t.post(`${V}/${path}`, {})).json.code, path).toBe(-2);
    }
    expect((await t.post(`${V}/order`, { orderNo: orderNos.a }, plain.token)).json.code).toBe(6007);
    expect((await t.post(`${V}/customerDisabled`, { userId: buyerA.id, disabled: 1 }, plain.token)).json.code).toBe(
      6007,
    );
    expect((await t.post(`${V}/saveAnnouncement`, { title: 'x', content: 'y' }, plain.token)).json.code).toBe(6007);
  });

  it('desktop: sales and orders of my site, my profit from every share, new customers; all adding up with the shares', async () => {
    const res = await t.post(`${V}/desktop`, {}, ownerA.token);
    expect(res.json.code, res.json.msg).toBe(1000);
    const d = res.json.data;
    expect(d.site).toMatchObject({ id: siteA, path: 'office-a', status: 'active', statusText: '正常' });
    expect(d.site.versionName).not.toBe('');
    const today = d.periods.find((p: { key: string }) => p.key === 'today');
    // Orders placed on A only (C's order is C's), profit from A's shares on both.
    expect(today).toEqual({ key: 'today', orders: 1, sales: 2200, profit: 300, newCustomers: 2 });
    const shares = await sharesOf(siteA);
    const sum = shares.reduce((acc, r) => acc + Number(r.amount) - Number(r.reversed_amount), 0);
    expect(sum).toBe(300);
    for (const p of d.periods) expect(p.profit).toBe(sum);
    expect(d.trend).toHaveLength(30);
    const trendSum = (key: 'sales' | 'profit' | 'orders') =>
      d.trend.reduce((acc: number, x: Record<string, number>) => acc + x[key], 0);
    expect(trendSum('profit')).toBe(sum);
    expect(trendSum('sales')).toBe(2200);
    expect(trendSum('orders')).toBe(1);
    expect(d.trend.at(-1)).toMatchObject({ orders: 1, sales: 2200, profit: 300 });
    expect(d.profit).toEqual({ pending: 0, frozen: 300, released: 0, reversed: 0, earned: 300 });
    expect(d.customers).toBe(2);
    expect(d.children).toBe(1);

    // B's owner sees B's site; C's owner sees C's own figures only.
    expect((await t.post(`${V}/desktop`, {}, ownerB.token)).json.data.site.id).toBe(siteB);
    const c = (await t.post(`${V}/desktop`, {}, ownerC.token)).json.data;
    expect(c.periods[0]).toMatchObject({ orders: 1, sales: 1300, profit: 200, newCustomers: 0 });
  });

  it('vipOrder: the orders placed on my site with my margin, the buyer masked, filters, and nothing of other sites', async () => {
    const res = await t.post(`${V}/orders`, { page: 1, pageSize: 20 }, ownerA.token);
    expect(res.json.code, res.json.msg).toBe(1000);
    expect(res.json.data.total).toBe(1);
    const [row] = res.json.data.list;
    expect(row).toMatchObject({
      orderNo: orderNos.a,
      amount: 2200,
      quantity: 2,
      status: 'delivered',
      buyerKind: 'member',
      myProfit: 200,
      myShareStatus: 'frozen',
      myShareStatusText: '冻结中',
    });
    expect(row.buyer).not.toBe(buyerA.loginName);
    expect(row.buyer).toBe(`${buyerA.loginName.slice(0, 2)}***${buyerA.loginName.slice(-2)}`);
    // B's list has only B's order.
    const b = await t.post(`${V}/orders`, {}, ownerB.token);
    expect(b.json.data.list.map((o: { orderNo: string }) => o.orderNo)).toEqual([orderNos.b]);
    // Filters.
    const byNo = await t.post(`${V}/orders`, { keyword: orderNos.a }, ownerA.token);
    expect(byNo.json.data.total).toBe(1);
    expect((await t.post(`${V}/orders`, { keyword: orderNos.b }, ownerA.token)).json.data.total).toBe(0);
    expect((await t.post(`${V}/orders`, { status: 'unpaid' }, ownerA.token)).json.data.total).toBe(0);
    expect((await t.post(`${V}/orders`, { status: 'delivered' }, ownerA.token)).json.data.total).toBe(1);
    expect((await t.post(`${V}/orders`, { userId: buyerA.id }, ownerA.token)).json.data.total).toBe(1);
    expect((await t.post(`${V}/orders`, { userId: buyerB.id }, ownerA.token)).json.data.total).toBe(0);
    const future = Date.now() + 86_400_000;
    expect((await t.post(`${V}/orders`, { from: future }, ownerA.token)).json.data.total).toBe(0);
    // Bad input.
    expect((await t.post(`${V}/orders`, { status: 'bogus' }, ownerA.token)).json.code).toBe(1001);
    expect((await t.post(`${V}/orders`, { pageSize: 1000 }, ownerA.token)).json.code).toBe(1001);
    expect((await t.post(`${V}/orders`, { keyword: 'x'.repeat(51) }, ownerA.token)).json.code).toBe(1001);
  });

  it('staff see every site’s orders with the site they were placed on, and filter by site', async () => {
    const all = (await t.post(`${s.A}/orders/list`, { pageSize: 100 }, s.admin)).json.data;
    const row = all.list.find((o: { orderNo: string }) => o.orderNo === orderNos.c);
    expect(row.site).toEqual({ id: siteC, title: expect.any(String), path: 'office-c' });
    const onC = (await t.post(`${s.A}/orders/list`, { siteId: siteC, pageSize: 100 }, s.admin)).json.data;
    expect(onC.total).toBeGreaterThan(0);
    expect(onC.list.every((o: { site: { id: number } | null }) => o.site?.id === siteC)).toBe(true);
    const platform = (await t.post(`${s.A}/orders/list`, { siteId: 1, pageSize: 100 }, s.admin)).json.data;
    expect(platform.list.every((o: { site: unknown }) => o.site === null)).toBe(true);
    const detail = (await t.post(`${s.A}/orders/detail`, { orderNo: orderNos.c }, s.admin)).json.data;
    expect(detail.site).toMatchObject({ id: siteC, path: 'office-c' });
  });

  it('order detail: my site’s order without cards; another site’s order (a child’s too) is not found', async () => {
    const res = await t.post(`${V}/order`, { orderNo: orderNos.a }, ownerA.token);
    expect(res.json.code, res.json.msg).toBe(1000);
    expect(res.json.data).toMatchObject({
      orderNo: orderNos.a,
      myShare: { amount: 200, reversed: 0, status: 'frozen' },
    });
    expect(res.json.data.myShare.frozenAt).not.toBe('');
    const text = JSON.stringify(res.json.data);
    expect(text).not.toContain('SECRETCARD');
    expect(text).not.toContain('cards');
    expect(text).not.toContain('deliveryText');
    expect((await t.post(`${V}/order`, { orderNo: orderNos.c }, ownerA.token)).json.code).toBe(3009);
    expect((await t.post(`${V}/order`, { orderNo: orderNos.b }, ownerA.token)).json.code).toBe(3009);
    expect((await t.post(`${V}/order`, { orderNo: orderNos.a }, ownerB.token)).json.code).toBe(3009);
    expect((await t.post(`${V}/order`, { orderNo: 'abc' }, ownerA.token)).json.code).toBe(1001);
  });

  it('exports my site’s orders with my profit, and only mine', async () => {
    const res = await t.post(`${V}/exportOrders`, {}, ownerA.token);
    expect(res.json.code, res.json.msg).toBe(1000);
    const csv: string = res.json.data.content;
    expect(res.json.data).toMatchObject({ count: 1, truncated: false });
    expect(res.json.data.filename).toMatch(/^分站订单-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(csv.startsWith('\uFEFF订单号,')).toBe(true);
    expect(csv).toContain('我的利润(元)');
    expect(csv).toContain(orderNos.a);
    expect(csv).toContain(',2.00,冻结中');
    expect(csv).not.toContain(orderNos.b);
    expect(csv).not.toContain(orderNos.c);
    expect(csv).not.toContain(buyerA.loginName);
    const b = (await t.post(`${V}/exportOrders`, {}, ownerB.token)).json.data.content as string;
    expect(b).toContain(orderNos.b);
    expect(b).not.toContain(orderNos.a);
  });

  it('the platform admin still sees every site’s orders in the admin order list', async () => {
    const res = await t.post(`${s.A}/orders/list`, { pageSize: 100 }, s.admin);
    const nos = (res.json.data.list as Array<{ orderNo: string }>).map((o) => o.orderNo);
    expect(nos).toEqual(expect.arrayContaining([orderNos.a, orderNos.b, orderNos.c]));
  });

  it('vipCustomer: my customers with their orders and spend on my site; special price and disable change how they buy', async () => {
    const res = await t.post(`${V}/customers`, {}, ownerA.token);
    expect(res.json.code, res.json.msg).toBe(1000);
    const list = res.json.data.list as Array<{ userId: number; orders: number; spend: number; keepBp: number | null }>;
    expect(list.map((c) => c.userId).sort()).toEqual([buyerA.id, ownerC.id].sort());
    expect(list.find((c) => c.userId === buyerA.id)).toMatchObject({
      orders: 1,
      spend: 2200,
      keepBp: null,
      disabled: false,
      loginName: buyerA.loginName,
    });
    const found = await t.post(`${V}/customers`, { keyword: buyerA.loginName.slice(1, 6) }, ownerA.token);
    expect(found.json.data.list.map((c: { userId: number }) => c.userId)).toEqual([buyerA.id]);
    expect(
      (await t.post(`${V}/customers`, {}, ownerB.token)).json.data.list.map((c: { userId: number }) => c.userId),
    ).toEqual([buyerB.id]);

    const priceFor = async (who: Member) => {
      const r = await t.post('/office-a/inside/goods/getList', { page: 1, pageSize: 50 }, who.token);
      return (r.json.data.list as Array<{ id: number; price: number }>).find((g) => g.id === goodsId)?.price;
    };
    expect(await priceFor(buyerA)).toBe(1100);
    // Half of A's markup (1.00): 10.50.
    const set = await t.post(`${V}/customerPrice`, { userId: buyerA.id, keepBp: 5000 }, ownerA.token);
    expect(set.json.code, set.json.msg).toBe(1000);
    expect(set.json.data).toEqual({ userId: buyerA.id, keepBp: 5000, disabled: false });
    expect(await priceFor(buyerA)).toBe(1050);
    expect(await priceFor(ownerC)).toBe(1100);
    const listed = (await t.post(`${V}/customers`, {}, ownerA.token)).json.data.list;
    expect(listed.find((c: { userId: number }) => c.userId === buyerA.id).keepBp).toBe(5000);
    // Cleared: the full price again.
    expect((await t.post(`${V}/customerPrice`, { userId: buyerA.id, keepBp: '' }, ownerA.token)).json.data.keepBp).toBe(
      null,
    );
    expect(await priceFor(buyerA)).toBe(1100);
    // Bad input and other sites' members.
    expect((await t.post(`${V}/customerPrice`, { userId: buyerA.id, keepBp: 10001 }, ownerA.token)).json.code).toBe(
      1001,
    );
    expect((await t.post(`${V}/customerPrice`, { userId: buyerA.id, keepBp: -1 }, ownerA.token)).json.code).toBe(1001);
    expect((await t.post(`${V}/customerPrice`, { userId: 'x', keepBp: 1 }, ownerA.token)).json.code).toBe(1001);
    expect((await t.post(`${V}/customerPrice`, { userId: buyerB.id, keepBp: 0 }, ownerA.token)).json.code).toBe(6010);
    expect((await t.post(`${V}/customerPrice`, { userId: buyerA.id, keepBp: 0 }, ownerB.token)).json.code).toBe(6010);
    expect((await t.post(`${V}/customerDisabled`, { userId: buyerA.id, disabled: 1 }, ownerB.token)).json.code).toBe(
      6010,
    );
    expect(
      (await t.post(`${V}/customerDisabled`, { userId: buyerA.id, disabled: 'maybe' }, ownerA.token)).json.code,
    ).toBe(1001);
    const untouched = await t.deps.db
      .selectFrom('site_customers')
      .select('site_id')
      .where('user_id', '=', buyerA.id)
      .execute();
    expect(untouched.map((r) => r.site_id)).toEqual([siteA]);

    // Disabled: refused when buying on A; other sites still sell to them; enabled again: buys.
    const off = await t.post(`${V}/customerDisabled`, { userId: buyerA.id, disabled: 1 }, ownerA.token);
    expect(off.json.data).toEqual({ userId: buyerA.id, keepBp: null, disabled: true });
    expect((await buy('/office-a', buyerA)).code).toBe(6011);
    expect((await buy('/office-c', buyerA)).code).toBe(1000);
    expect((await t.post(`${V}/customers`, {}, ownerA.token)).json.data.list[0]).toBeDefined();
    await t.post(`${V}/customerDisabled`, { userId: buyerA.id, disabled: 0 }, ownerA.token);
    const again = await buy('/office-a', buyerA);
    expect(again.code, again.msg).toBe(1000);
  });

  it('vipChild: my child sites with their sales and what they earned me (sites below them included); none of other sites', async () => {
    // A grandchild under C: orders there pay A its child markup too.
    const ownerD = await customer('/office-c');
    await seedSite(t, { ownerId: ownerD.id, path: 'office-d', parentId: siteC });
    const onD = await buy('/office-d', buyerA);
    expect(onD.code, onD.msg).toBe(1000);

    const res = await t.post(`${V}/children`, {}, ownerA.token);
    expect(res.json.code, res.json.msg).toBe(1000);
    expect(res.json.data.total).toBe(1);
    const [child] = res.json.data.list;
    const onC = await t.deps.db
      .selectFrom('orders')
      .select(['paid_amount', 'refund_amount'])
      .where('site_id', '=', siteC)
      .execute();
    const mine = await t.deps.db
      .selectFrom('profit_shares')
      .innerJoin('orders', 'orders.id', 'profit_shares.order_id')
      .select(['profit_shares.amount', 'profit_shares.reversed_amount'])
      .where('profit_shares.site_id', '=', siteA)
      .where('orders.site_id', 'in', [siteC, (await siteIdOf('office-d'))!])
      .execute();
    expect(child).toMatchObject({
      id: siteC,
      path: 'office-c',
      owner: ownerC.loginName,
      status: 'active',
      childCount: 1,
      orders: onC.length,
      sales: onC.reduce((a, o) => a + Number(o.paid_amount) - Number(o.refund_amount), 0),
      earned: mine.reduce((a, r) => a + Number(r.amount) - Number(r.reversed_amount), 0),
    });
    expect(child.earned).toBe(100 * 3); // C twice, D once: A's child markup each time
    expect(child.expiresAt).not.toBe('');

    expect((await t.post(`${V}/children`, {}, ownerB.token)).json.data).toMatchObject({ total: 0, list: [] });
    const ofC = (await t.post(`${V}/children`, {}, ownerC.token)).json.data.list;
    expect(ofC.map((c: { path: string }) => c.path)).toEqual(['office-d']);
    expect((await t.post(`${V}/children`, { keyword: 'nothing-like-it' }, ownerA.token)).json.data.total).toBe(0);
    expect((await t.post(`${V}/children`, { page: 0 }, ownerA.token)).json.code).toBe(1001);
  });

  it('vipAnnouncement: my site’s announcements, sanitised, listed on my storefront only; others’ ids are not found', async () => {
    const saved = await t.post(
      `${V}/saveAnnouncement`,
      { title: 'A 站公告', content: '<p onclick="x()">你好<script>alert(1)</script></p>', pinned: 1 },
      ownerA.token,
    );
    expect(saved.json.code, saved.json.msg).toBe(1000);
    const id = saved.json.data.id as number;
    const draft = await t.post(
      `${V}/saveAnnouncement`,
      { title: 'A 站草稿', content: '<p>草稿</p>', status: 'draft' },
      ownerA.token,
    );
    expect(draft.json.code).toBe(1000);

    const mine = await t.post(`${V}/announcements`, {}, ownerA.token);
    expect(mine.json.data.total).toBe(2);
    const first = mine.json.data.list[0];
    expect(first).toMatchObject({ id, title: 'A 站公告', pinned: true, status: 'published' });
    expect(first.content).toBe('<p>你好</p>');

    // The storefront of A lists the published one; the platform's and B's do not.
    const onA = await t.post('/office-a/content/announcements', { page: 1, pageSize: 10 });
    expect(onA.json.data.list.map((a: { title: string }) => a.title)).toEqual(['A 站公告']);
    expect((await t.post('/office-a/content/announcement', { id })).json.data.title).toBe('A 站公告');
    const onPlatform = await t.post('/content/announcements', { page: 1, pageSize: 50 });
    expect(onPlatform.json.data.list.some((a: { id: number }) => a.id === id)).toBe(false);
    expect((await t.post('/office-b/content/announcement', { id })).json.code).toBe(1003);
    expect((await t.post(`${V}/announcements`, {}, ownerB.token)).json.data.total).toBe(0);

    // B cannot edit or delete A's; A can.
    expect((await t.post(`${V}/saveAnnouncement`, { id, title: '改', content: 'x' }, ownerB.token)).json.code).toBe(
      1003,
    );
    expect((await t.post(`${V}/deleteAnnouncement`, { id }, ownerB.token)).json.code).toBe(1003);
    const edited = await t.post(
      `${V}/saveAnnouncement`,
      { id, title: 'A 站新公告', content: '<b>新</b>' },
      ownerA.token,
    );
    expect(edited.json.code).toBe(1000);
    expect((await t.post('/office-a/content/announcement', { id })).json.data.title).toBe('A 站新公告');
    expect((await t.post(`${V}/saveAnnouncement`, { title: '', content: 'x' }, ownerA.token)).json.code).toBe(1001);
    expect((await t.post(`${V}/deleteAnnouncement`, { id: 'x' }, ownerA.token)).json.code).toBe(1001);
    expect((await t.post(`${V}/deleteAnnouncement`, { id }, ownerA.token)).json.code).toBe(1000);
    expect((await t.post('/office-a/content/announcement', { id })).json.code).toBe(1003);
  });

  it('desktop money follows the shares: released by the job, partly reversed by a refund', async () => {
    const before = (await t.post(`${V}/desktop`, {}, ownerA.token)).json.data.profit;
    const later = Date.now() + 8 * 86_400_000;
    while ((await releaseDueShares(t.deps.db, later - 7 * 86_400_000, later)) === 200);
    const released = (await t.post(`${V}/desktop`, {}, ownerA.token)).json.data.profit;
    expect(released).toMatchObject({ frozen: 0, released: before.frozen + before.released, reversed: 0 });
    // A full refund of A's first order takes its 2.00 back.
    const refund = await t.post(`${s.A}/orders/refund`, { orderNo: orderNos.a, reason: '测试退款' }, s.admin);
    expect(refund.json.code, refund.json.msg).toBe(1000);
    const after = (await t.post(`${V}/desktop`, {}, ownerA.token)).json.data;
    expect(after.profit).toMatchObject({ released: released.released - 200, reversed: 200 });
    expect(after.profit.earned).toBe(released.earned - 200);
    const shares = await sharesOf(siteA);
    const earned = shares
      .filter((r) => r.status !== 'pending' && r.status !== 'void')
      .reduce((a, r) => a + Number(r.amount) - Number(r.reversed_amount), 0);
    expect(after.profit.earned).toBe(earned);
    expect(after.periods.find((p: { key: string }) => p.key === 'month').profit).toBe(earned);
    const row = (await t.post(`${V}/orders`, { keyword: orderNos.a }, ownerA.token)).json.data.list[0];
    expect(row).toMatchObject({ status: 'refunded', myProfit: 0, myShareStatus: 'reversed', refundAmount: 2200 });
  });

  async function siteIdOf(path: string) {
    return (await t.deps.db.selectFrom('sites').select('id').where('path', '=', path).executeTakeFirst())?.id;
  }
});
