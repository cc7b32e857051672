import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acgFakaClient, acgPost, AcgFakaError, cloneItem, type AcgShared } from '../fakes/acg-faka-client.js';
import { balanceOf, shop } from '../commerce/commerce-helper.js';
import { dialects, type TestApp, buildTestApp, solvedCaptcha, someLoopbackIp } from '../helper.js';
import { seedSite } from '../sites/sites-fixture.js';
import { acgFakaDriver } from '../../src/modules/docking/drivers/acg-faka.js';

/** The error an acg-faka shop would show (SharedService throws the answer's msg). */
async function refusal(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(AcgFakaError);
    return (e as Error).message;
  }
  throw new Error('expected a refusal');
}

describe.each(dialects())('acg-faka 共享店铺 served by Kapu on %s', (dialect) => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof shop>>;
  let domain: string;
  let goodsId: number;
  let member: Awaited<ReturnType<Awaited<ReturnType<typeof shop>>['member']>>;
  let shared: AcgShared;

  /** A member who opened the open API (its app id and secret are what an acg-faka admin enters). */
  async function apiMember(balance: string) {
    const m = await s.member(balance);
    const res = await t.post('/inside/inter/doOpenApi', { ipAllowlist: '' }, m.token);
    expect(res.json.code, res.json.msg).toBe(1000);
    return { ...m, shared: { domain, app_id: res.json.data.appId, app_key: res.json.data.appSecret } as AcgShared };
  }
  const count = async (table: 'orders' | 'shared_store_trades' | 'ledger_entries') =>
    Number(
      (
        await t.deps.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    s = await shop(t);
    goodsId = await s.goods({ price: '12.30' });
    await s.cards(goodsId, 5, 'ACG');
    domain = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const m = await apiMember('100');
    member = m;
    shared = m.shared;
  });
  afterAll(() => t.dispose());

  it('connect: the shop name and the member balance; a wrong key or id is refused in acg-faka words', async () => {
    const c = await acgFakaClient.connect(domain, shared.app_id, shared.app_key);
    expect(c).toEqual({ shopName: expect.any(String), balance: '100.00' });
    expect(await refusal(acgFakaClient.connect(domain, shared.app_id, `${shared.app_key}x`))).toBe('密钥错误');
    expect(await refusal(acgFakaClient.connect(domain, 'kp0000000000000000', shared.app_key))).toBe('商户ID不存在');
    // A tampered field (the signature no longer matches what was posted).
    const res = await fetch(`${domain}/shared/authentication/connect`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `app_id=${shared.app_id}&app_key=${shared.app_key}&sign=0e1234`,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ code: 0, msg: '密钥错误' });
    // A repeated field is no text: refused like acg-faka's is_scalar check.
    const arr = await fetch(`${domain}/shared/authentication/connect`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `app_id=${shared.app_id}&app_id=2&sign=x`,
    });
    expect(await arr.json()).toEqual({ code: 0, msg: '商户ID不存在' });
  });

  it('items and inventory: the goods at the member price, as acg-faka imports them', async () => {
    const detail = await t.post('/inside/goods/getDetail', { goodsId }, member.token);
    const memberPrice = detail.json.data.price as number;
    const items = await acgFakaClient.items(shared);
    const children = items.flatMap((c) => c.children as Array<Record<string, unknown>>);
    const mine = children.find((c) => c.code === String(goodsId))!;
    expect(mine).toMatchObject({ delivery_way: 0, price: '12.30', factory_price: memberPrice / 100, config: '' });
    expect(typeof items[0]!.name).toBe('string');
    const local = cloneItem(shared, mine, 1);
    expect(local).toMatchObject({ price: 13.3, shared_code: String(goodsId), factory_price: memberPrice / 100 });

    const one = await acgPost(`${domain}/shared/commodity/item`, shared.app_id, shared.app_key, {
      sharedCode: String(goodsId),
    });
    expect((one as Array<{ children: unknown[] }>)[0]!.children).toHaveLength(1);
    expect(
      await acgPost(`${domain}/shared/commodity/item`, shared.app_id, shared.app_key, { sharedCode: '999999' }),
    ).toEqual([]);

    const inv = await acgFakaClient.inventory(shared, String(goodsId));
    expect(inv).toMatchObject({ count: 5, delivery_way: 0, is_category: false, factory_price: memberPrice / 100 });
    expect(await acgFakaClient.inventoryState(shared, String(goodsId), 0, 5, '')).toBe(true);
    expect(await refusal(acgFakaClient.inventoryState(shared, String(goodsId), 0, 6, ''))).toBe('库存不足');
    expect(await refusal(acgFakaClient.inventory(shared, ''))).toBe('商品代码不能为空');
    expect(await refusal(acgFakaClient.inventory(shared, 'abc'))).toBe('商品不存在');
    expect(await refusal(acgFakaClient.draftCard(shared, String(goodsId), 10, 1, ''))).toBe('该商品不支持预选');
  });

  it('trade: balance debited, cards delivered, stock taken; query answers the same; a request_no buys once', async () => {
    const before = await balanceOf(t, member.id);
    const secret = await acgFakaClient.trade(shared, String(goodsId), '-', 2, 0, 0, '', '', null, 'ACG-REQ-1');
    const cards = secret.split('\n');
    expect(cards).toHaveLength(2);
    for (const c of cards) expect(c).toMatch(/^ACG-\d----pw\d$/);
    const order = await t.deps.db
      .selectFrom('orders')
      .selectAll()
      .where('user_id', '=', member.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({ status: 'delivered', pay_method: 'balance', quantity: 2 });
    const after = await balanceOf(t, member.id);
    expect(after.balance).toBe(before.balance - Number(order.amount));
    expect(after.balance).toBe(after.ledgerSum);
    expect((await acgFakaClient.inventory(shared, String(goodsId))).count).toBe(3);

    const q = (await acgPost(`${domain}/shared/commodity/query`, shared.app_id, shared.app_key, {
      tradeNo: order.order_no,
    })) as Record<string, unknown>;
    expect(q).toEqual({ secret, widget: null, status: 1 });

    const orders = await count('orders');
    expect(
      await refusal(acgFakaClient.trade(shared, String(goodsId), '-', 1, 0, 0, '', '', null, 'ACG-REQ-1')),
    ).toMatch(/The request ID already exists/);
    expect(await count('orders')).toBe(orders);
    expect((await balanceOf(t, member.id)).balance).toBe(after.balance);

    // Another member cannot read the order.
    const other = await apiMember('0');
    expect(
      await refusal(
        acgPost(`${domain}/shared/commodity/query`, other.shared.app_id, other.shared.app_key, {
          tradeNo: order.order_no,
        }),
      ),
    ).toBe('订单不存在');
  });

  it('refusals leave nothing behind: too little balance, too little stock, bad input', async () => {
    const poor = await apiMember('1');
    const orders = await count('orders');
    const claims = await count('shared_store_trades');
    const msg = await refusal(acgFakaClient.trade(poor.shared, String(goodsId), '-', 1, 0, 0, '', '', null, 'POOR-1'));
    expect(msg).toMatch(/余额不足/);
    expect(await refusal(acgFakaClient.trade(shared, String(goodsId), '-', 50, 0, 0, '', '', null, 'BIG-1'))).toBe(
      '库存不足',
    );
    expect(await refusal(acgFakaClient.trade(shared, String(goodsId), '-', 0, 0, 0, '', '', null, 'ZERO-1'))).toBe(
      '至少购买1个',
    );
    expect(await refusal(acgFakaClient.trade(shared, 'x', '-', 1, 0, 0, '', '', null, 'BAD-1'))).toBe('商品不存在');
    expect(await count('orders')).toBe(orders);
    expect(await count('shared_store_trades')).toBe(claims);
    expect((await balanceOf(t, poor.id)).balance).toBe(100);
    // The refused request may come again once the balance is there.
    await t.post(`${s.A}/funds/adjust`, { userId: poor.id, amount: '50', reason: '测试充值' }, s.admin);
    const secret = await acgFakaClient.trade(poor.shared, String(goodsId), '-', 1, 0, 0, '', '', null, 'POOR-1');
    expect(secret).toMatch(/^ACG-/);
  });

  it('a member with a sale password trades only through a key opted in to API 下单免交易密码', async () => {
    const m = await apiMember('100');
    // The sale password, set as the member sets it.
    const set = await t.post('/inside/inter/setNewSalePwd', { password: m.password, newSalePwd: '246810' }, m.token);
    expect(set.json.code, set.json.msg).toBe(1000);
    const g = await s.goods({ price: '2.00' });
    await s.cards(g, 3, 'PWD');
    const orders = await count('orders');
    const claims = await count('shared_store_trades');
    // acg-faka cannot send the password: the answer tells the member how to go on, in acg-faka's shape.
    const msg = await refusal(acgFakaClient.trade(m.shared, String(g), '-', 1, 0, 0, '', '', null, 'PWD-1'));
    expect(msg).toContain('API 下单免交易密码');
    expect(await count('orders')).toBe(orders);
    expect(await count('shared_store_trades')).toBe(claims);
    // The open API's order/create without salePwd is refused the same way (its own code).
    const keys = await t.post('/inside/openapi/keys', {}, m.token);
    const key = (keys.json.data as Array<{ id: number; appId: string; noSalePwd: boolean; isDefault: boolean }>).find(
      (k) => k.appId === m.shared.app_id,
    )!;
    expect(key).toMatchObject({ id: 0, isDefault: true, noSalePwd: false });
    const apiOrder = (salePwd?: string) =>
      t.post(
        '/inside/openapi/try',
        {
          appId: m.shared.app_id,
          path: 'order/create',
          body: JSON.stringify({
            goodsId: g,
            count: 1,
            outerNumber: `PWD-${Math.random()}`,
            ...(salePwd ? { salePwd } : {}),
          }),
        },
        m.token,
      );
    expect(((await apiOrder()).json.data.answer as { code: number }).code).toBe(2421);

    // Turning it on needs the sale password; it is audited.
    const toggle = (enabled: number, salePwd?: string) =>
      t.post('/inside/openapi/setNoSalePwd', { id: key.id, enabled, ...(salePwd ? { salePwd } : {}) }, m.token);
    expect((await toggle(1)).json.code).toBe(1109);
    expect((await toggle(1, '000000')).json.code).toBe(1110);
    expect((await t.post('/inside/openapi/keys', {}, m.token)).json.data[0].noSalePwd).toBe(false);
    expect((await toggle(1, '246810')).json.code).toBe(1000);
    expect((await t.post('/inside/openapi/keys', {}, m.token)).json.data[0].noSalePwd).toBe(true);
    const audit = await t.deps.db
      .selectFrom('audit_logs')
      .selectAll()
      .where('action', '=', 'openapi.setNoSalePwd')
      .execute();
    expect(audit.length).toBeGreaterThan(0);
    expect(JSON.stringify(audit)).not.toContain('246810');

    // Now acg-faka trades, and the API orders without salePwd; a wrong salePwd sent is still refused.
    const secret = await acgFakaClient.trade(m.shared, String(g), '-', 1, 0, 0, '', '', null, 'PWD-2');
    expect(secret).toMatch(/^PWD-/);
    expect(((await apiOrder()).json.data.answer as { code: number }).code).toBe(1000);
    expect(((await apiOrder('000000')).json.data.answer as { code: number }).code).toBe(1110);
    const paid = await t.deps.db.selectFrom('orders').select('amount').where('user_id', '=', m.id).execute();
    expect(paid).toHaveLength(2);
    const left = await balanceOf(t, m.id);
    expect(left).toEqual({
      balance: 10_000 - paid.reduce((sum, o) => sum + Number(o.amount), 0),
      ledgerSum: left.balance,
    });

    // Off again: refused again.
    expect((await toggle(0, '246810')).json.code).toBe(1000);
    expect(await refusal(acgFakaClient.trade(m.shared, String(g), '-', 1, 0, 0, '', '', null, 'PWD-3'))).toContain(
      'API 下单免交易密码',
    );
    // Another member's key cannot be changed.
    const other = await apiMember('0');
    const extra = await t.post(
      '/inside/openapi/createKey',
      { name: '第二个', scopes: ['goods', 'orders'] },
      other.token,
    );
    expect(extra.json.code, extra.json.msg).toBe(1000);
    expect(
      (await t.post('/inside/openapi/setNoSalePwd', { id: extra.json.data.id, enabled: 1, salePwd: '246810' }, m.token))
        .json.code,
    ).toBe(2413);
    // A member's extra key: its own switch (no sale password set: none asked).
    expect(
      (await t.post('/inside/openapi/setNoSalePwd', { id: extra.json.data.id, enabled: 1 }, other.token)).json.code,
    ).toBe(1000);
    const otherKeys = (await t.post('/inside/openapi/keys', {}, other.token)).json.data as Array<{
      id: number;
      noSalePwd: boolean;
    }>;
    expect(otherKeys.map((k) => [k.id === 0, k.noSalePwd])).toEqual([
      [true, false],
      [false, true],
    ]);
  });

  it('ten parallel trades for the last three cards: exactly three succeed, no card twice', async () => {
    const g = await s.goods({ price: '1.00' });
    await s.cards(g, 3, 'LAST');
    const rich = await apiMember('100');
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        acgFakaClient.trade(rich.shared, String(g), '-', 1, 0, 0, '', '', null, `PAR-${i}`),
      ),
    );
    const won = results
      .filter((r): r is PromiseFulfilledResult<string> => r.status === 'fulfilled')
      .map((r) => r.value);
    expect(won).toHaveLength(3);
    expect(new Set(won).size).toBe(3);
    for (const r of results) if (r.status === 'rejected') expect((r.reason as Error).message).toMatch(/库存不足|繁忙/);
    const paid = await t.deps.db.selectFrom('orders').select('amount').where('user_id', '=', rich.id).execute();
    expect(paid).toHaveLength(3);
    const bal = await balanceOf(t, rich.id);
    expect(bal.balance).toBe(10000 - paid.reduce((a, o) => a + Number(o.amount), 0));
    expect(bal.balance).toBe(bal.ledgerSum);
  });

  it('buyer fields travel as acg-faka widgets; the order waits for staff and query shows the fields', async () => {
    const template = JSON.stringify([{ key: 'account', label: '充值账号', type: 'text', required: true }]);
    const g = await s.goods({ type: 'recharge', price: '5', rechargeTemplate: template });
    const inv = await acgFakaClient.inventory(shared, String(g));
    expect(inv).toMatchObject({ delivery_way: 1, count: 0 });
    const one = (await acgPost(`${domain}/shared/commodity/item`, shared.app_id, shared.app_key, {
      sharedCode: String(g),
    })) as Array<{ children: Array<{ widget: string }> }>;
    const widget = JSON.parse(one[0]!.children[0]!.widget) as Array<Record<string, string>>;
    expect(widget).toEqual([expect.objectContaining({ cn: '充值账号', name: 'account' })]);
    // The downstream's order keeps {name: {value, cn}} and posts each value under its name.
    expect(await refusal(acgFakaClient.trade(shared, String(g), '-', 1, 0, 0, '', '', null, 'W-0'))).toBe(
      '请填写充值账号',
    );
    const secret = await acgFakaClient.trade(
      shared,
      String(g),
      '-',
      1,
      0,
      0,
      '',
      '',
      JSON.stringify({ account: { value: '10086', cn: '充值账号' } }),
      'W-1',
    );
    expect(secret).toContain('正在发货中');
    const o = await t.deps.db.selectFrom('orders').selectAll().where('goods_id', '=', g).executeTakeFirstOrThrow();
    expect(o.status).toBe('pending');
    const q = await acgPost(`${domain}/shared/commodity/query`, shared.app_id, shared.app_key, { tradeNo: o.order_no });
    expect(q).toEqual({ secret, widget: { account: { value: '10086', cn: '充值账号' } }, status: 1 });
  });

  it('a paused goods, a closed API and an IP outside the allowlist are refused', async () => {
    const g = await s.goods({ price: '2' });
    await s.cards(g, 1);
    await t.post(`${s.A}/catalog/setGoodsStatus`, { ids: g, status: 'paused' }, s.admin);
    expect(await refusal(acgFakaClient.inventory(shared, String(g)))).toBe('当前商品已停售');
    expect(
      await acgPost(`${domain}/shared/commodity/item`, shared.app_id, shared.app_key, { sharedCode: String(g) }),
    ).toEqual([]);

    const m = await apiMember('10');
    await t.post('/inside/inter/doOpenApiStatus', { enabled: '0' }, m.token);
    expect(await refusal(acgFakaClient.connect(domain, m.shared.app_id, m.shared.app_key))).toMatch(/已关闭/);
    await t.post('/inside/inter/doOpenApiStatus', { enabled: '1' }, m.token);
    await t.post('/inside/inter/doOpenApi', { ipAllowlist: '203.0.113.9' }, m.token);
    expect(await refusal(acgFakaClient.connect(domain, m.shared.app_id, m.shared.app_key))).toMatch(/白名单/);
    await t.post('/inside/inter/doOpenApi', { ipAllowlist: '127.0.0.1' }, m.token);
    expect((await acgFakaClient.connect(domain, m.shared.app_id, m.shared.app_key)).balance).toBe('10.00');
  });

  it("Kapu's own acg-faka driver docks to Kapu: the two sides agree", async () => {
    const g = await s.goods({ price: '3.30' });
    await s.cards(g, 3, 'DRV');
    const m = await apiMember('20');
    const endpoint = {
      baseUrl: domain,
      appId: m.shared.app_id,
      secret: m.shared.app_key,
      trusted: false,
      hosts: 'any' as const,
    };
    expect(await acgFakaDriver.account(endpoint)).toEqual({ balance: 2000, name: expect.any(String) });
    const list = await acgFakaDriver.listGoods(endpoint);
    const price = (await t.post('/inside/goods/getDetail', { goodsId: g }, m.token)).json.data.price as number;
    expect(list.find((x) => x.ref === String(g))).toMatchObject({ kind: 'card', price, onSale: true });
    expect(await acgFakaDriver.goods(endpoint, String(g))).toMatchObject({ stock: 3, price });
    const placed = await acgFakaDriver.placeOrder(endpoint, {
      goodsRef: String(g),
      quantity: 2,
      outerNumber: 'KAPU-P-1',
      maxUnitPrice: price,
      fields: [],
    });
    expect(placed).toMatchObject({ state: 'delivered', charged: price * 2 });
    expect(placed.cards).toHaveLength(2);
    for (const c of placed.cards) expect(c).toMatch(/^DRV-\d----pw\d$/);
    expect(
      await acgFakaDriver.queryOrder(endpoint, { outerNumber: 'KAPU-P-1', upstreamOrderNo: placed.upstreamOrderNo }),
    ).toMatchObject({
      state: 'delivered',
      cards: placed.cards,
    });
    const again = acgFakaDriver.placeOrder(endpoint, {
      goodsRef: String(g),
      quantity: 1,
      outerNumber: 'KAPU-P-1',
      maxUnitPrice: price,
      fields: [],
    });
    await expect(again).rejects.toThrow(/KAPU-P-1.*切勿重复下单/);
    expect(await acgFakaDriver.goods(endpoint, String(g))).toMatchObject({ stock: 1 });
  });

  it('one request_no sent five times at once buys once', async () => {
    const g = await s.goods({ price: '1.00' });
    await s.cards(g, 10, 'DUP');
    const m = await apiMember('50');
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () => acgFakaClient.trade(m.shared, String(g), '-', 1, 0, 0, '', '', null, 'SAME-REQ')),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results)
      if (r.status === 'rejected') expect((r.reason as Error).message).toMatch(/The request ID already exists/);
    expect(await t.deps.db.selectFrom('orders').select('id').where('user_id', '=', m.id).execute()).toHaveLength(1);
    expect((await acgFakaClient.inventory(m.shared, String(g))).count).toBe(9);
  });

  it("a sub-site's member docks through the sub-site's address and buys at its price", async () => {
    const owner = await s.member('0');
    const siteId = await seedSite(t, { ownerId: owner.id, path: 'acgsub', buyer: [{ kind: 'fixed', value: 200 }] });
    const loginName = `sub${Date.now() % 1_000_000}`;
    const reg = await t.post(
      '/acgsub/user/register',
      { loginName, password: 'abc12345', ...(await solvedCaptcha(t)) },
      undefined,
      someLoopbackIp(),
    );
    expect(reg.json.code, reg.json.msg).toBe(1000);
    const token = reg.json.data.authCode as string;
    const key = await t.post('/acgsub/inside/inter/doOpenApi', { ipAllowlist: '' }, token);
    expect(key.json.code, key.json.msg).toBe(1000);
    const userId = (
      await t.deps.db.selectFrom('users').select('id').where('login_name', '=', loginName).executeTakeFirstOrThrow()
    ).id;
    await t.post(`${s.A}/funds/adjust`, { userId, amount: '100', reason: '测试充值' }, s.admin);
    const sub: AcgShared = {
      domain: `${domain}/acgsub`,
      app_id: key.json.data.appId,
      app_key: key.json.data.appSecret,
    };

    const g = await s.goods({ price: '4.00' });
    await s.cards(g, 2, 'SUB');
    const sitePrice = (await t.post('/acgsub/inside/goods/getDetail', { goodsId: g }, token)).json.data.price as number;
    expect(sitePrice).toBeGreaterThan(400);
    const inv = await acgFakaClient.inventory(sub, String(g));
    expect(inv.factory_price).toBe(sitePrice / 100);
    const secret = await acgFakaClient.trade(sub, String(g), '-', 1, 0, 0, '', '', null, 'SUB-1');
    expect(secret).toMatch(/^SUB-/);
    const o = await t.deps.db.selectFrom('orders').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
    expect(o).toMatchObject({ site_id: siteId, amount: sitePrice, status: 'delivered' });
    // The platform's address is not this member's shop.
    expect(await refusal(acgFakaClient.connect(domain, sub.app_id, sub.app_key))).toBe('商户ID不存在');

    // On a version with a goods limit (decision 0019) the site sells only its shelf: a goods off it
    // is not found through /shared either, and cannot be bought.
    const version = (
      await t.deps.db.selectFrom('sites').select('version_id').where('id', '=', siteId).executeTakeFirstOrThrow()
    ).version_id!;
    await t.deps.db.updateTable('site_versions').set({ max_goods: 1 }).where('id', '=', version).execute();
    await t.deps.db.deleteFrom('site_goods').where('site_id', '=', siteId).execute();
    await t.deps.db
      .insertInto('site_goods')
      .values({ site_id: siteId, goods_id: goodsId, hidden: 0, sort: null, updated_at: Date.now() })
      .execute();
    await t.deps.caches.changed('site-rules');
    expect(await refusal(acgFakaClient.inventory(sub, String(g)))).toBe('商品不存在');
    expect(await refusal(acgFakaClient.trade(sub, String(g), '-', 1, 0, 0, '', '', null, 'SUB-2'))).toMatch(
      /商品不存在/,
    );
    expect((await acgFakaClient.inventory(sub, String(goodsId))).factory_price).toBeGreaterThan(0);
  });

  it('the /shared paths are no web pages', async () => {
    const res = await fetch(`${domain}/shared/commodity/items`);
    expect(res.headers.get('content-type')).toMatch(/json/);
    expect(res.status).toBe(404);
  });
});
