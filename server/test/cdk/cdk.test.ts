import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, drainJobs, someLoopbackIp, type Envelope, type TestApp } from '../helper.js';
import { balanceOf, shop } from '../commerce/commerce-helper.js';
import { seedSite } from '../sites/sites-fixture.js';

/** A generated admin batch's codes, read from its CSV (the only place they are shown). */
function codesOf(gen: Envelope): string[] {
  expect(gen.code, gen.msg).toBe(1000);
  const lines = (gen.data.file.content as string)
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n')
    .slice(1);
  return lines.map((l) => l.split(',')[0]!);
}

describe.each(dialects())('redemption codes (CDK) on %s', (dialect) => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof shop>>;
  let goodsId: number;
  const A = () => `/${t.adminPath}`;
  const call = async (url: string, body: Record<string, unknown>, token?: string) =>
    (await t.post(url, body, token, someLoopbackIp())).json;
  const generate = (body: Record<string, unknown>) =>
    call(`${A()}/cdk/generate`, { name: '测试批次', count: 1, uses: 1, ...body }, s.admin);
  const count = async (table: string) =>
    Number(
      (await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(t.deps.db)).rows[0]!.n,
    );
  const written = async () => ({
    ledger: await count('ledger_entries'),
    redemptions: await count('cdk_redemptions'),
    orders: await count('orders'),
    codes: await count('cdk_codes'),
    batches: await count('cdk_batches'),
  });

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    s = await shop(t);
    goodsId = await s.goods({ price: '10.00' });
    await s.cards(goodsId, 60);
  });
  afterAll(() => t.dispose());

  it('admin generates a balance batch: codes shown once in the CSV, stored only as keyed hashes; a member redeems one', async () => {
    const gen = await generate({ kind: 'balance', amount: '12.34', count: 3 });
    const codes = codesOf(gen);
    expect(codes).toHaveLength(3);
    for (const c of codes) expect(c).toMatch(/^[2-9A-HJ-NP-Z]{4}(-[2-9A-HJ-NP-Z]{4}){5}$/);
    expect(gen.data.batch).toMatchObject({ kind: 'balance', amount: 1234, count: 3, open: 3, redeemed: 0 });
    // Nothing in the table is the code: only hashes, short ids and a hint.
    const rows = await t.deps.db
      .selectFrom('cdk_codes')
      .selectAll()
      .where('batch_id', '=', gen.data.batch.id)
      .execute();
    const plain = codes.map((c) => c.replace(/-/g, ''));
    for (const r of rows) {
      expect(r.code_sealed).toBeNull();
      expect(plain).not.toContain(r.code_hash);
      expect(JSON.stringify(r)).not.toContain(plain[0]!.slice(4, 20));
    }
    const audit = await t.deps.db
      .selectFrom('audit_logs')
      .select('action')
      .where('action', '=', 'cdk.generate')
      .execute();
    expect(audit).toHaveLength(1);

    const m = await s.member();
    // Lower case and spaces are forgiven.
    const typed = codes[0]!.toLowerCase().replace(/-/g, ' ');
    const res = await call('/cdk/redeemBalance', { code: typed }, m.token);
    expect(res.code, res.msg).toBe(1000);
    expect(res.data).toEqual({ amount: 1234, balance: 1234 });
    expect(await balanceOf(t, m.id)).toEqual({ balance: 1234, ledgerSum: 1234 });
    const again = await call('/cdk/redeemBalance', { code: codes[0] }, m.token);
    expect([again.code, again.msg]).toEqual([8102, '该兑换码已被使用']);
    // The event is published in the redemption's transaction.
    const events = await t.deps.db
      .selectFrom('domain_events')
      .select('payload')
      .where('type', '=', 'cdk.redeemed')
      .execute();
    expect(events.map((e) => JSON.parse(e.payload))).toEqual([
      expect.objectContaining({ kind: 'balance', amount: 1234, userId: m.id, orderId: null }),
    ]);
    // Balance codes need a member.
    expect((await call('/cdk/redeemBalance', { code: codes[1] })).code).toBe(-2);
    // The admin's list shows the codes masked, with their status and who redeemed.
    const list = await call(`${A()}/cdk/codes`, { batchId: gen.data.batch.id }, s.admin);
    expect(list.data.total).toBe(3);
    const used = list.data.list.find((c: { status: string }) => c.status === 'used');
    expect(used.masked).toBe(`${plain[0]!.slice(0, 4)}-****-****-****-****-${plain[0]!.slice(-4)}`);
    expect(used.lastRedeemer).toContain(m.loginName);
  });

  it('a single-use code redeemed by 50 members at once is redeemed exactly once', async () => {
    const [code] = codesOf(await generate({ kind: 'balance', amount: '5', count: 1 }));
    const members = await Promise.all(Array.from({ length: 50 }, () => s.member()));
    const before = await written();
    const answers = await Promise.all(members.map((m) => call('/cdk/redeemBalance', { code }, m.token)));
    const won = answers.filter((a) => a.code === 1000);
    expect(won).toHaveLength(1);
    expect(new Set(answers.filter((a) => a.code !== 1000).map((a) => a.code))).toEqual(new Set([8102]));
    const after = await written();
    expect(after.ledger - before.ledger).toBe(1);
    expect(after.redemptions - before.redemptions).toBe(1);
    const balances = await Promise.all(members.map((m) => balanceOf(t, m.id)));
    expect(balances.reduce((sum, b) => sum + b.balance, 0)).toBe(500);
  });

  it('a goods code redeemed by 50 visitors at once makes one order and sells its cards once', async () => {
    const [code] = codesOf(await generate({ kind: 'goods', goodsId, quantity: 2 }));
    const before = await written();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call('/cdk/redeemGoods', { code, contact: `v${i}@example.com`, queryPassword: 'look123456' }),
      ),
    );
    const won = answers.filter((a) => a.code === 1000);
    expect(won).toHaveLength(1);
    expect(new Set(answers.filter((a) => a.code !== 1000).map((a) => a.code))).toEqual(new Set([8102]));
    expect((await written()).orders - before.orders).toBe(1);
    const order = won[0]!.data;
    expect(order).toMatchObject({ status: 'delivered', quantity: 2, amount: 0, goodsId });
    expect(order.cards).toHaveLength(2);
    expect(order.accessToken).toBeTruthy();
    // The visitor finds it again with the contact's query password.
    const look = await call('/visitor/order/lookup', { orderNo: order.orderNo, queryPassword: 'look123456' });
    expect(look.code, look.msg).toBe(1000);
    expect(look.data.cards).toHaveLength(2);
    const row = await t.deps.db
      .selectFrom('orders')
      .select(['pay_method', 'pay_ref', 'paid_amount'])
      .where('order_no', '=', order.orderNo)
      .executeTakeFirstOrThrow();
    expect(row.pay_method).toBe('cdk');
    expect(row.pay_ref).toMatch(/^cdk:[2-9A-HJ-NP-Z]{10}$/);
    expect(Number(row.paid_amount)).toBe(0);
  });

  it('a member redeems goods into their own order list', async () => {
    const [code] = codesOf(await generate({ kind: 'goods', goodsId, quantity: 1 }));
    const m = await s.member();
    const res = await call('/cdk/redeemGoods', { code }, m.token);
    expect(res.code, res.msg).toBe(1000);
    const mine = await call('/inside/order/getList', {}, m.token);
    expect(mine.data.list.map((o: { orderNo: string }) => o.orderNo)).toEqual([res.data.orderNo]);
  });

  it('a goods code without stock writes nothing and stays usable; manual goods wait for staff', async () => {
    const empty = await s.goods({ price: '3.00' });
    const [code] = codesOf(await generate({ kind: 'goods', goodsId: empty }));
    const m = await s.member();
    const before = await written();
    const short = await call('/cdk/redeemGoods', { code }, m.token);
    expect([short.code, short.msg]).toEqual([3001, '库存不足']);
    expect(await written()).toEqual(before);
    await s.cards(empty, 1);
    const later = await call('/cdk/redeemGoods', { code }, m.token);
    expect(later.code, later.msg).toBe(1000);
    expect(later.data.status).toBe('delivered');

    const manual = await s.goods({ type: 'manual', price: '8.00', stock: 5 });
    const [service] = codesOf(await generate({ kind: 'goods', goodsId: manual, quantity: 2 }));
    const res = await call('/cdk/redeemGoods', { code: service, remark: '周末处理' }, m.token);
    expect(res.code, res.msg).toBe(1000);
    expect(res.data).toMatchObject({ status: 'pending', quantity: 2, amount: 0 });
  });

  it('voiding a gift code while it is redeemed: exactly one of the two wins, the money stays exact', async () => {
    for (let round = 0; round < 5; round++) {
      const m = await s.member('10');
      const friend = await s.member();
      const made = await call('/inside/cdk/create', { kind: 'balance', amount: '4', count: 1 }, m.token);
      expect(made.code, made.msg).toBe(1000);
      const { id, code } = made.data.codes[0] as { id: number; code: string };
      const [voided, redeemed] = await Promise.all([
        call('/inside/cdk/void', { id }, m.token),
        call('/cdk/redeemBalance', { code }, friend.token),
      ]);
      expect([voided.code, redeemed.code].filter((c) => c === 1000)).toHaveLength(1);
      const mine = await balanceOf(t, m.id);
      const theirs = await balanceOf(t, friend.id);
      expect(mine.balance).toBe(mine.ledgerSum);
      expect(theirs.balance).toBe(theirs.ledgerSum);
      // Either the creator got the 4.00 back or the friend got it: never both, never neither.
      expect(mine.balance + theirs.balance).toBe(1000);
    }
  });

  it('a limited-use code: N redemptions, one per member; visitors may not use it', async () => {
    const [code] = codesOf(await generate({ kind: 'balance', amount: '1', uses: 3 }));
    const ms = await Promise.all(Array.from({ length: 4 }, () => s.member()));
    expect((await call('/cdk/redeemBalance', { code }, ms[0]!.token)).code).toBe(1000);
    const twice = await call('/cdk/redeemBalance', { code }, ms[0]!.token);
    expect([twice.code, twice.msg]).toEqual([8105, '你已经兑换过这个兑换码，每位会员限兑一次']);
    expect((await call('/cdk/redeemBalance', { code }, ms[1]!.token)).code).toBe(1000);
    const check = await call('/cdk/check', { code });
    expect(check.data).toMatchObject({ status: 'active', usesLeft: 1, loginRequired: true, amount: 100 });
    expect((await call('/cdk/redeemBalance', { code }, ms[2]!.token)).code).toBe(1000);
    expect((await call('/cdk/redeemBalance', { code }, ms[3]!.token)).code).toBe(8102);
    expect((await balanceOf(t, ms[0]!.id)).balance).toBe(100);
    expect((await balanceOf(t, ms[3]!.id)).balance).toBe(0);

    const [goods] = codesOf(await generate({ kind: 'goods', goodsId, uses: 2 }));
    const visitor = await call('/cdk/redeemGoods', {
      code: goods,
      contact: 'x@example.com',
      queryPassword: 'look123456',
    });
    expect([visitor.code, visitor.msg]).toEqual([8109, '请先登录，再兑换该兑换码']);
  });

  it('expired, used, voided, malformed, unknown and wrong-kind codes: each its message, nothing written', async () => {
    const [expired, voided, balance] = codesOf(
      await generate({ kind: 'balance', amount: '3', count: 3, expiresAt: Date.now() + 3_600_000 }),
    );
    // Time passes through the timestamp: the code's time is now behind us.
    const hashOf = await t.deps.db
      .selectFrom('cdk_codes')
      .select(['id', 'expires_at'])
      .orderBy('id', 'desc')
      .limit(3)
      .execute();
    const expiredId = hashOf[2]!.id;
    await t.deps.db
      .updateTable('cdk_codes')
      .set({ expires_at: Date.now() - 1 })
      .where('id', '=', expiredId)
      .execute();
    const batch = await t.deps.db
      .selectFrom('cdk_codes')
      .select('batch_id')
      .where('id', '=', expiredId)
      .executeTakeFirstOrThrow();
    // The second code is voided by the admin, one code at a time.
    const v = await call(`${A()}/cdk/voidCode`, { id: hashOf[1]!.id }, s.admin);
    expect(v.code, v.msg).toBe(1000);
    const [goods] = codesOf(await generate({ kind: 'goods', goodsId }));

    const m = await s.member();
    const before = await written();
    const cases: Array<[string, Record<string, unknown>, number, string]> = [
      ['/cdk/redeemBalance', { code: expired }, 8103, '该兑换码已过期'],
      ['/cdk/redeemBalance', { code: voided }, 8104, '该兑换码已作废'],
      [
        '/cdk/redeemBalance',
        { code: 'ABCD-EFGH' },
        8100,
        expect.stringContaining('兑换码格式不正确') as unknown as string,
      ],
      ['/cdk/redeemBalance', { code: 'O0O0-1111-IIII-0000-OOOO-1111' }, 8100, expect.any(String) as unknown as string],
      ['/cdk/redeemBalance', { code: '2222-3333-4444-5555-6666-7777' }, 8101, '兑换码不存在，请检查是否输入正确'],
      ['/cdk/redeemBalance', { code: '' }, 1001, '请输入兑换码'],
      ['/cdk/redeemBalance', { code: goods }, 8107, '这是商品兑换码，请在“兑换商品”页面兑换'],
      ['/cdk/redeemGoods', { code: balance }, 8106, '这是余额兑换码，请在“兑换码充值”页面兑换'],
      ['/cdk/redeemGoods', { code: expired }, 8106, expect.any(String) as unknown as string],
    ];
    for (const [url, body, code, msg] of cases) {
      const res = await call(url, body, m.token);
      expect([res.code, res.msg], JSON.stringify(body)).toEqual([code, msg]);
    }
    expect(await written()).toEqual(before);
    // The batch lists one open code left (the third), one voided, one expired.
    const listed = await call(`${A()}/cdk/codes`, { batchId: batch.batch_id, status: 'expired' }, s.admin);
    expect(listed.code, listed.msg).toBe(1000);
    expect(listed.data.list.map((c: { id: number }) => c.id)).toEqual([expiredId]);
    // Voiding the whole batch stops the rest.
    const vb = await call(`${A()}/cdk/voidBatch`, { id: batch.batch_id }, s.admin);
    expect(vb.code, vb.msg).toBe(1000);
    expect(vb.data).toMatchObject({ status: 'voided', open: 0 });
    expect((await call('/cdk/redeemBalance', { code: balance }, m.token)).code).toBe(8104);
    expect((await call(`${A()}/cdk/voidBatch`, { id: batch.batch_id }, s.admin)).code).toBe(8113);
    // Bad admin input.
    expect((await generate({ kind: 'goods' })).msg).toBe('请选择要兑换的商品');
    expect((await generate({ kind: 'balance', amount: '0' })).msg).toBe('余额兑换码的面值须大于 0');
    expect((await generate({ kind: 'balance', amount: '1', count: 100001 })).msg).toBe('生成数量不能大于 100000');
    expect((await generate({ kind: 'balance', amount: '1', expiresAt: Date.now() - 1000 })).code).toBe(8116);
    // A member cannot reach the admin calls.
    expect((await call(`${A()}/cdk/batches`, {}, m.token)).code).toBe(-1);
  });

  it('a member buys gift codes from the balance, copies one later, voids one for an exact refund', async () => {
    const m = await s.member('100');
    const other = await s.member();
    const created = await call('/inside/cdk/create', { kind: 'balance', amount: '7.77', count: 2, uses: 3 }, m.token);
    expect(created.code, created.msg).toBe(1000);
    expect(created.data.paid).toBe(777 * 3 * 2);
    expect(created.data.balance).toBe(10_000 - 4662);
    const [first, second] = created.data.codes as Array<{ id: number; code: string; link: string }>;
    expect(first!.link).toBe(`/cdk/short/${first!.link.split('/')[3]!.split('#')[0]}#${first!.code}`);
    // Copy it again later: only its creator can open it.
    const shown = await call('/inside/cdk/reveal', { id: first!.id }, m.token);
    expect(shown.data.code).toBe(first!.code);
    expect((await call('/inside/cdk/reveal', { id: first!.id }, other.token)).code).toBe(8111);
    expect((await call('/inside/cdk/void', { id: first!.id }, other.token)).code).toBe(8111);
    // One redemption of the second, then it is voided: two unused redemptions come back.
    expect((await call('/cdk/redeemBalance', { code: second!.code }, other.token)).code).toBe(1000);
    const voided = await call('/inside/cdk/void', { id: second!.id }, m.token);
    expect(voided.data).toEqual({ refunded: 777 * 2, balance: 10_000 - 4662 + 1554 });
    expect((await call('/inside/cdk/void', { id: second!.id }, m.token)).code).toBe(8112);
    expect((await call('/cdk/redeemBalance', { code: second!.code }, m.token)).code).toBe(8104);
    expect(await balanceOf(t, m.id)).toEqual({ balance: 10_000 - 4662 + 1554, ledgerSum: 10_000 - 4662 + 1554 });
    expect(await balanceOf(t, other.id)).toEqual({ balance: 777, ledgerSum: 777 });
    const list = await call('/inside/cdk/list', {}, m.token);
    expect(list.data.total).toBe(2);
    expect(list.data.list.map((r: { status: string; used: number }) => [r.status, r.used])).toEqual([
      ['voided', 1],
      ['active', 0],
    ]);
    expect((await call('/inside/cdk/list', {}, other.token)).data.total).toBe(0);
    // A goods gift code costs the member's own price; too little balance writes nothing.
    const poor = await s.member('5');
    const before = await written();
    const short = await call('/inside/cdk/create', { kind: 'goods', goodsId, quantity: 1, count: 1 }, poor.token);
    expect([short.code, short.msg]).toEqual([5001, '余额不足']);
    expect(await written()).toEqual(before);
    const gift = await call('/inside/cdk/create', { kind: 'goods', goodsId, quantity: 2, count: 1 }, m.token);
    expect(gift.code, gift.msg).toBe(1000);
    expect(gift.data.paid).toBe(2000);
  });

  it('a site owner buys codes for their site at its cost; they redeem there only, the ancestors are paid their margin', async () => {
    const owners = [await s.member(), await s.member('100')];
    // 1 → a (child +1.00, buyer +10 %) → b (buyer +2.00)
    const a = await seedSite(t, {
      ownerId: owners[0]!.id,
      path: 'cdk-a',
      buyer: [{ value: 1000 }],
      child: [{ kind: 'fixed', value: 100 }],
    });
    await seedSite(t, { ownerId: owners[1]!.id, path: 'cdk-b', parentId: a, buyer: [{ kind: 'fixed', value: 200 }] });
    const made = await call(
      '/inside/cdk/create',
      { kind: 'goods', goodsId, quantity: 1, count: 1, forSite: 1 },
      owners[1]!.token,
    );
    expect(made.code, made.msg).toBe(1000);
    // b's cost: the platform's 10.00 plus a's 1.00 to its child; b's own 2.00 is not paid to itself.
    expect(made.data.paid).toBe(1100);
    expect(made.data.codes[0].link).toMatch(/^\/cdk-b\/cdk\/short\//);
    const code = made.data.codes[0].code as string;
    const onPlatform = await call('/cdk/redeemGoods', { code, contact: 'v@example.com', queryPassword: 'look123456' });
    expect([onPlatform.code, onPlatform.msg]).toEqual([8108, '该兑换码不能在本站兑换，请到发放它的店铺兑换']);
    const onSite = await call('/cdk-b/cdk/redeemGoods', {
      code,
      contact: 'v@example.com',
      queryPassword: 'look123456',
    });
    expect(onSite.code, onSite.msg).toBe(1000);
    const order = await t.deps.db
      .selectFrom('orders')
      .select(['id', 'site_id', 'amount'])
      .where('order_no', '=', onSite.data.orderNo)
      .executeTakeFirstOrThrow();
    const site = await t.deps.db.selectFrom('sites').select('id').where('path', '=', 'cdk-b').executeTakeFirstOrThrow();
    expect(order.site_id).toBe(site.id);
    const shares = await t.deps.db
      .selectFrom('profit_shares')
      .select(['user_id', 'amount', 'status'])
      .where('order_id', '=', order.id)
      .where('ref_type', '=', 'order')
      .execute();
    expect(shares.map((r) => [r.user_id, Number(r.amount), r.status])).toEqual([[owners[0]!.id, 100, 'frozen']]);
    // A customer's gift code on b costs b's price, and every link of the chain is paid its margin once redeemed.
    const buyer = await s.member('50');
    const gift = await call('/cdk-b/inside/cdk/create', { kind: 'goods', goodsId, quantity: 1, count: 1 }, buyer.token);
    expect(gift.code, gift.msg).toBe(1000);
    expect(gift.data.paid).toBe(1300);
    const friend = await s.member();
    const got = await call('/cdk-b/cdk/redeemGoods', { code: gift.data.codes[0].code }, friend.token);
    expect(got.code, got.msg).toBe(1000);
    const giftOrder = await t.deps.db
      .selectFrom('orders')
      .select('id')
      .where('order_no', '=', got.data.orderNo)
      .executeTakeFirstOrThrow();
    const giftShares = await t.deps.db
      .selectFrom('profit_shares')
      .select(['user_id', 'amount'])
      .where('order_id', '=', giftOrder.id)
      .where('ref_type', '=', 'order')
      .orderBy('depth')
      .execute();
    expect(giftShares.map((r) => [r.user_id, Number(r.amount)])).toEqual([
      [owners[0]!.id, 100],
      [owners[1]!.id, 200],
    ]);
    expect(await balanceOf(t, buyer.id)).toEqual({ balance: 5000 - 1300, ledgerSum: 5000 - 1300 });
    // A member who owns no site cannot buy site codes.
    const plain = await s.member('50');
    expect(
      (await call('/inside/cdk/create', { kind: 'balance', amount: '1', count: 1, forSite: 1 }, plain.token)).code,
    ).toBe(6007);
  });

  it('a short link tells what its code redeems but cannot redeem it; guessing is limited per IP and per member', async () => {
    const gen = await generate({ kind: 'balance', amount: '2' });
    const [code] = codesOf(gen);
    const short = (gen.data.file.content as string).split('\r\n')[1]!.split(',')[1]!;
    const info = await call('/cdk/short', { short });
    expect(info.code, info.msg).toBe(1000);
    expect(info.data).toMatchObject({ kind: 'balance', amount: 200, status: 'active' });
    expect(JSON.stringify(info.data)).not.toContain(code!.replace(/-/g, '').slice(4, 20));
    expect((await call('/cdk/short', { short: 'ZZZZZZZZZZ' })).code).toBe(8114);
    // One IP: 30 guesses in ten minutes, whichever call they go through.
    const ip = someLoopbackIp();
    let last: Envelope | undefined;
    for (let i = 0; i < 31; i++)
      last = (await t.post('/cdk/check', { code: `2222-3333-4444-5555-6666-${7000 + i}` }, undefined, ip)).json;
    expect(last!.code).toBe(1002);
    // One member: 20, from any number of addresses.
    const m = await s.member();
    for (let i = 0; i < 21; i++) last = await call('/cdk/redeemBalance', { code: 'ABCD' }, m.token);
    expect(last!.code).toBe(1002);
    await drainJobs(t);
  });
});
