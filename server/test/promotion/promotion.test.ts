import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, drainJobs, solvedCaptcha, someLoopbackIp, type TestApp } from '../helper.js';
import { balanceOf, shop } from '../commerce/commerce-helper.js';
import { seedSite } from '../sites/sites-fixture.js';

/**
 * Promotion through the real app: an invite chain of four members, commissions written when the
 * bottom one's order is delivered (three levels, exact fen), reversed by a partial and a full refund
 * (a collected one clawed back from the balance), collects (more than collectable refused, parallel
 * collects race-free), self-invites, the daily cap, same-IP blocking, a site owner's extra rates, the
 * poster.
 */
describe.each(dialects())('promotion on %s', (dialect) => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof shop>>;
  const I = '/inside/inter';

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    s = await shop(t);
  });
  afterAll(() => t.dispose());

  const settings = (over: Record<string, unknown> = {}) =>
    t.post(
      `${s.A}/promotion/settings/save`,
      {
        enabled: 1,
        level1: '10',
        level2: '5',
        level3: '2',
        freezeDays: 7,
        dailyCap: '0',
        blockSameIp: 1,
        blockSameSubnet: 0,
        ...over,
      },
      s.admin,
    );
  const idOf = async (loginName: string) =>
    Number(
      (await t.deps.db.selectFrom('users').select('id').where('login_name', '=', loginName).executeTakeFirstOrThrow())
        .id,
    );
  async function invited(inviterToken: string | undefined, balanceYuan = '0', ip = someLoopbackIp()) {
    const inviteCode = inviterToken
      ? (await t.post(`${I}/getPromotionLink`, {}, inviterToken)).json.data.inviteCode
      : '';
    const name = `p${Math.random().toString(36).slice(2, 10)}`;
    const res = await t.post(
      '/user/register',
      { loginName: name, password: 'abc12345', inviteCode, ...(await solved()) },
      undefined,
      ip,
    );
    expect(res.json.code, res.json.msg).toBe(1000);
    const id = await idOf(name);
    if (balanceYuan !== '0')
      await t.post(`${s.A}/funds/adjust`, { userId: id, amount: balanceYuan, reason: '测试' }, s.admin);
    return { id, token: res.json.data.authCode as string, loginName: name };
  }
  const solved = () => solvedCaptcha(t);
  const buy = async (token: string, goodsId: number, prefix = '') => {
    const res = await t.post(`${prefix}/inside/order/create`, { goodsId, quantity: 1, payBy: 'balance' }, token);
    expect(res.json.code, res.json.msg).toBe(1000);
    await drainJobs(t);
    const order = await t.deps.db
      .selectFrom('orders')
      .select(['id', 'status'])
      .where('order_no', '=', res.json.data.orderNo)
      .executeTakeFirstOrThrow();
    expect(order.status).toBe('delivered');
    return { orderNo: res.json.data.orderNo as string, orderId: Number(order.id) };
  };
  const refund = async (orderNo: string, amount?: string) => {
    const res = await t.post(
      `${s.A}/orders/refund`,
      { orderNo, reason: '测试退款', ...(amount ? { amount } : {}) },
      s.admin,
    );
    expect(res.json.code, res.json.msg).toBe(1000);
    await drainJobs(t);
  };
  const commissions = (orderId: number) =>
    t.deps.db
      .selectFrom('promotion_commissions')
      .select(['user_id', 'level', 'source', 'amount', 'reversed_amount', 'collected_amount', 'status', 'block_reason'])
      .where('order_id', '=', orderId)
      .orderBy('level')
      .orderBy('source')
      .execute()
      .then((rows) =>
        rows.map((r) => ({
          user: Number(r.user_id),
          level: Number(r.level),
          source: r.source,
          amount: Number(r.amount),
          reversed: Number(r.reversed_amount),
          collected: Number(r.collected_amount),
          status: r.status,
          block: r.block_reason,
        })),
      );
  const summary = async (token: string) => (await t.post(`${I}/getPromotionCollect`, {}, token)).json.data;

  /** For every member: balance = ledger sum, and collected commissions = collects − claw-backs = ledger of both types. */
  async function assertBooks() {
    const ledger = await sql<{ user_id: number; total: string }>`
      select user_id, sum(amount) as total from ledger_entries
      where type in ('promotion_commission', 'promotion_clawback') group by user_id`.execute(t.deps.db);
    for (const row of ledger.rows) {
      const uid = Number(row.user_id);
      const collects = await t.deps.db
        .selectFrom('promotion_collects')
        .select((eb) => eb.fn.sum<string>('amount').as('s'))
        .where('user_id', '=', uid)
        .executeTakeFirst();
      const collected = await t.deps.db
        .selectFrom('promotion_commissions')
        .select((eb) => eb.fn.sum<string>('collected_amount').as('s'))
        .where('user_id', '=', uid)
        .executeTakeFirst();
      expect(Number(collects?.s ?? 0)).toBe(Number(row.total));
      expect(Number(collected?.s ?? 0)).toBe(Number(row.total));
      const b = await balanceOf(t, uid);
      expect(b.balance).toBe(b.ledgerSum);
    }
    const broken = await t.deps.db
      .selectFrom('promotion_commissions')
      .select('id')
      .where(sql<boolean>`reversed_amount + collected_amount > amount or reversed_amount < 0 or collected_amount < 0`)
      .execute();
    expect(broken).toEqual([]);
  }

  it('pays three levels exactly, reverses a partial and a full refund, claws back what was collected', async () => {
    expect((await settings()).json.code).toBe(1000);
    const a = await invited(undefined);
    const b = await invited(a.token);
    const c = await invited(b.token);
    const d = await invited(c.token, '100');
    const goodsId = await s.goods({ price: '33.33' });
    await s.cards(goodsId, 5);

    const { orderNo, orderId } = await buy(d.token, goodsId);
    // floor(3333 × 10 %) = 333, floor(3333 × 5 %) = 166, floor(3333 × 2 %) = 66.
    expect(await commissions(orderId)).toEqual([
      { user: c.id, level: 1, source: 'platform', amount: 333, reversed: 0, collected: 0, status: 'held', block: '' },
      { user: b.id, level: 2, source: 'platform', amount: 166, reversed: 0, collected: 0, status: 'held', block: '' },
      { user: a.id, level: 3, source: 'platform', amount: 66, reversed: 0, collected: 0, status: 'held', block: '' },
    ]);
    expect(await summary(c.token)).toMatchObject({ collectable: 0, frozen: 333, collected: 0, freezeDays: 7 });
    // Frozen: nothing to collect yet.
    expect((await t.post(`${I}/doPromotionCollect`, {}, c.token)).json.code).toBe(8202);
    // The credited events, one per earner.
    const events = await t.deps.db
      .selectFrom('domain_events')
      .select('payload')
      .where('type', '=', 'promotion.credited')
      .execute();
    const mine = events.map((e) => JSON.parse(e.payload)).filter((p) => p.orderId === orderId);
    expect(mine.map((p) => [p.userId, p.level, p.amount])).toEqual([
      [c.id, 1, 333],
      [b.id, 2, 166],
      [a.id, 3, 66],
    ]);

    // A partial refund of 10.00: floor(333 × 1000 / 3333) = 99, floor(166 × 1000 / 3333) = 49, floor(66 × 1000 / 3333) = 19.
    await refund(orderNo, '10.00');
    expect((await commissions(orderId)).map((r) => r.reversed)).toEqual([99, 49, 19]);
    // The same refund event handled again reverses nothing more (cumulative targets).
    const refundEvent = await t.deps.db
      .selectFrom('domain_events')
      .selectAll()
      .where('type', '=', 'order.refunded')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const { reverseCommissions } = await import('../../src/modules/promotion/commissions.js');
    await t.deps.db.transaction().execute((trx) =>
      reverseCommissions(trx, {
        id: Number(refundEvent.id),
        type: 'order.refunded',
        payload: JSON.parse(refundEvent.payload),
        createdAt: Number(refundEvent.created_at),
      }),
    );
    expect((await commissions(orderId)).map((r) => r.reversed)).toEqual([99, 49, 19]);

    // Time passes: the freeze days set to 0 make them collectable now.
    expect((await settings({ freezeDays: 0 })).json.code).toBe(1000);
    expect(await summary(c.token)).toMatchObject({ collectable: 234, frozen: 0, reversed: 99 });
    const tooMuch = await t.post(`${I}/doPromotionCollect`, { amount: '2.35' }, c.token);
    expect(tooMuch.json).toMatchObject({ code: 8201, msg: '领取金额超过可领取的佣金（最多 ¥2.34）' });
    for (const bad of ['0', '-1', 'abc', '1.001'])
      expect((await t.post(`${I}/doPromotionCollect`, { amount: bad }, c.token)).json.code).toBe(1001);
    const before = (await balanceOf(t, c.id)).balance;
    const got = await t.post(`${I}/doPromotionCollect`, {}, c.token);
    expect(got.json).toMatchObject({ code: 1000, data: { amount: 234, balance: before + 234 } });
    expect(await summary(c.token)).toMatchObject({ collectable: 0, collected: 234 });
    // B collects a part only: 1.00 of 1.17.
    expect((await t.post(`${I}/doPromotionCollect`, { amount: '1.00' }, b.token)).json.data.amount).toBe(100);

    // The rest refunded: every commission reversed whole; C's and B's collected money comes back from their balances.
    await refund(orderNo);
    expect(await commissions(orderId)).toEqual([
      {
        user: c.id,
        level: 1,
        source: 'platform',
        amount: 333,
        reversed: 333,
        collected: 0,
        status: 'reversed',
        block: '',
      },
      {
        user: b.id,
        level: 2,
        source: 'platform',
        amount: 166,
        reversed: 166,
        collected: 0,
        status: 'reversed',
        block: '',
      },
      {
        user: a.id,
        level: 3,
        source: 'platform',
        amount: 66,
        reversed: 66,
        collected: 0,
        status: 'reversed',
        block: '',
      },
    ]);
    expect((await balanceOf(t, c.id)).balance).toBe(before);
    const history = (await t.post(`${I}/getPromotionCollects`, {}, c.token)).json.data;
    expect(history.list.map((r: { kind: string; amount: number }) => [r.kind, r.amount])).toEqual([
      ['clawback', -234],
      ['collect', 234],
    ]);
    const totals = (await t.post(`${I}/getAllPromotionTotal`, {}, c.token)).json.data;
    expect(totals).toMatchObject({ total: 0, orders: 1 });
    await assertBooks();
  });

  it('a buyer nobody invited earns nobody anything, and on PostgreSQL costs promotion no delivery', async () => {
    expect((await settings()).json.code).toBe(1000);
    const alone = await invited(undefined, '100');
    const goodsId = await s.goods({ price: '5' });
    await s.cards(goodsId, 3);
    const { orderId } = await buy(alone.token, goodsId);
    expect(await commissions(orderId)).toEqual([]);
    const delivered = (
      await t.deps.db
        .selectFrom('domain_events')
        .select(['id', 'payload'])
        .where('type', '=', 'order.delivered')
        .execute()
    ).find((e) => (JSON.parse(e.payload) as { orderId: number }).orderId === orderId);
    const consumers = await t.deps.db
      .selectFrom('event_consumptions')
      .select('consumer')
      .where('event_id', '=', delivered!.id)
      .execute();
    // The inbox told the buyer either way.
    expect(consumers.map((c) => c.consumer)).toContain('messages.inbox');
    // The one-statement checkout (PostgreSQL) read with the debit that nobody invited the buyer.
    if (dialect === 'postgres') expect(consumers.map((c) => c.consumer)).not.toContain('promotion.commissions');
  });

  it('two collects at once take the collectable money once', async () => {
    expect((await settings({ freezeDays: 0 })).json.code).toBe(1000);
    const a = await invited(undefined);
    const b = await invited(a.token, '100');
    const goodsId = await s.goods({ price: '20.00' });
    await s.cards(goodsId, 5);
    for (let i = 0; i < 3; i++) await buy(b.token, goodsId);
    expect(await summary(a.token)).toMatchObject({ collectable: 600 });
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => t.post(`${I}/doPromotionCollect`, { amount: '2.50' }, a.token)),
    );
    const codes = answers.map((r) => r.json.code).sort();
    // 2 × 2.50 fit in 6.00, a third would need 7.50.
    expect(codes.filter((c) => c === 1000)).toHaveLength(2);
    for (const code of codes) expect([1000, 8201]).toContain(code);
    expect(await summary(a.token)).toMatchObject({ collectable: 100, collected: 500 });
    const all = await Promise.all(Array.from({ length: 4 }, () => t.post(`${I}/doPromotionCollect`, {}, a.token)));
    expect(all.filter((r) => r.json.code === 1000).map((r) => r.json.data.amount)).toEqual([100]);
    expect(await summary(a.token)).toMatchObject({ collectable: 0, collected: 600 });
    await assertBooks();
  });

  it('refuses a self-invite and writes nothing', async () => {
    const a = await invited(undefined);
    const code = (await t.post(`${I}/getPromotionLink`, {}, a.token)).json.data.inviteCode;
    const count = async () =>
      Number((await sql<{ n: string }>`select count(*) as n from users`.execute(t.deps.db)).rows[0].n);
    const users = await count();
    const res = await t.post(
      '/user/register',
      { loginName: `self${Date.now() % 100000}`, password: 'abc12345', inviteCode: code, ...(await solved()) },
      a.token,
      someLoopbackIp(),
    );
    expect(res.json).toMatchObject({ code: 8200, msg: '不能使用自己的邀请码注册新账户' });
    expect(await count()).toBe(users);
    expect(
      (
        await t.post('/user/register', {
          loginName: 'bad1x',
          password: 'abc12345',
          inviteCode: 'NOPE0000',
          ...(await solved()),
        })
      ).json.code,
    ).toBe(1112);
  });

  it('blocks commissions between accounts registered from one IP, and caps each earner per day', async () => {
    expect((await settings({ freezeDays: 0, dailyCap: '3.00' })).json.code).toBe(1000);
    const ip = someLoopbackIp();
    const a = await invited(undefined, '0', ip);
    const same = await invited(a.token, '100', ip);
    const other = await invited(a.token, '100');
    const goodsId = await s.goods({ price: '20.00' });
    await s.cards(goodsId, 5);
    const first = await buy(same.token, goodsId);
    expect(await commissions(first.orderId)).toMatchObject([
      { user: a.id, amount: 200, status: 'blocked', block: 'same_ip' },
    ]);
    // 2.00 fits under 3.00; the next one pays the 1.00 left; the third is over the cap.
    const o1 = await buy(other.token, goodsId);
    const o2 = await buy(other.token, goodsId);
    const o3 = await buy(other.token, goodsId);
    expect((await commissions(o1.orderId))[0]).toMatchObject({ amount: 200, status: 'held' });
    expect((await commissions(o2.orderId))[0]).toMatchObject({ amount: 100, status: 'held' });
    expect((await commissions(o3.orderId))[0]).toMatchObject({ amount: 200, status: 'blocked', block: 'daily_cap' });
    expect(await summary(a.token)).toMatchObject({ collectable: 300 });
    const details = (await t.post(`${I}/getAllPromotionDetails`, { status: 'blocked' }, a.token)).json.data;
    expect(details.list.map((r: { blockReason: string }) => r.blockReason).sort()).toEqual([
      '与下单会员注册 IP 相同',
      '超出每日佣金上限',
    ]);
    const status = (await t.post(`${I}/getPromotionCustomerStatus`, {}, a.token)).json.data;
    expect(status).toMatchObject({ level1: 2, level2: 0, total: 2, bought: 2 });
    const list = (await t.post(`${I}/getPromotionCustomerList`, {}, a.token)).json.data;
    expect(list.total).toBe(2);
    expect(list.list.find((r: { orders: number }) => r.orders === 3)).toMatchObject({
      status: 'bought',
      commission: 300,
    });
    // The admin list sees them all, with the earner named.
    const adminList = (await t.post(`${s.A}/promotion/commissions`, { keyword: a.loginName }, s.admin)).json.data;
    expect(adminList.total).toBe(4);
    expect(adminList.sums).toMatchObject({ held: 300, blocked: 400 });
  });

  it("pays a site owner's extra rate from their balance, within their margin, and gives it back on refund", async () => {
    expect((await settings({ freezeDays: 0, dailyCap: '0', level1: '1', level2: '0', level3: '0' })).json.code).toBe(
      1000,
    );
    const owner = await invited(undefined, '50');
    const siteId = await seedSite(t, { ownerId: owner.id, path: 'promo-site', buyer: [{ kind: 'fixed', value: 300 }] });
    const extra = await t.post('/vip/promotion/saveRates', { level1: '10', level2: '0', level3: '0' }, owner.token);
    expect(extra.json.code, extra.json.msg).toBe(1000);
    expect((await t.post('/vip/promotion/rates', {}, owner.token)).json.data).toMatchObject({
      siteId,
      rates: [1000, 0, 0],
    });
    // A member without a site has no extra rates to set.
    const nobody = await invited(undefined);
    expect((await t.post('/vip/promotion/rates', {}, nobody.token)).json.code).toBe(6007);

    // The inviter and their invitee are customers of the site (registered on its path).
    const inviterCode = (await t.post(`${I}/getPromotionLink`, {}, nobody.token)).json.data.inviteCode;
    const buyerName = `sc${Date.now() % 1000000}`;
    const reg = await t.post(
      '/promo-site/user/register',
      { loginName: buyerName, password: 'abc12345', inviteCode: inviterCode, ...(await solved()) },
      undefined,
      someLoopbackIp(),
    );
    expect(reg.json.code, reg.json.msg).toBe(1000);
    const buyerToken = reg.json.data.authCode as string;
    const buyerId = await idOf(buyerName);
    await t.post(`${s.A}/funds/adjust`, { userId: buyerId, amount: '100', reason: '测试' }, s.admin);
    const goodsId = await s.goods({ price: '10.00' });
    await s.cards(goodsId, 3);
    const ownerBefore = (await balanceOf(t, owner.id)).balance;
    // The buyer pays 13.00 (10.00 + the owner's 3.00 markup): platform 1 % = 13, owner's extra 10 % = 130 (≤ the 300 margin).
    const { orderNo, orderId } = await buy(buyerToken, goodsId, '/promo-site');
    expect(await commissions(orderId)).toEqual([
      {
        user: nobody.id,
        level: 1,
        source: 'platform',
        amount: 13,
        reversed: 0,
        collected: 0,
        status: 'held',
        block: '',
      },
      { user: nobody.id, level: 1, source: 'site', amount: 130, reversed: 0, collected: 0, status: 'held', block: '' },
    ]);
    expect((await balanceOf(t, owner.id)).balance).toBe(ownerBefore - 130);
    // Half refunded: floor(130 × 650 / 1300) = 65 back to the owner.
    await refund(orderNo, '6.50');
    expect((await balanceOf(t, owner.id)).balance).toBe(ownerBefore - 65);
    expect((await commissions(orderId)).map((r) => r.reversed)).toEqual([6, 65]);
    await assertBooks();
  });

  it('draws the poster as a PNG with the link, and answers the link with its QR code', async () => {
    const a = await invited(undefined);
    const link = (await t.post(`${I}/getPromotionLink`, {}, a.token)).json.data;
    expect(link.link).toMatch(new RegExp(`/register\\?inv=${link.inviteCode}$`));
    expect(link.qrCode).toMatch(/^data:image\/png;base64,/);
    const poster = await t.post(`${I}/getPromotionPoster`, {}, a.token);
    expect(poster.json.code, poster.json.msg).toBe(1000);
    const png = Buffer.from(poster.json.data.dataUrl.split(',')[1], 'base64');
    expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(png.readUInt32BE(16)).toBe(750);
    expect(poster.json.data.fileName).toBe(`推广海报-${link.inviteCode}.png`);
  });

  it('refuses bad settings and overrides with clear messages, and audits the good ones', async () => {
    const tooHigh = await settings({ level1: '40', level2: '10', level3: '1' });
    expect(tooHigh.json).toMatchObject({ code: 1001, msg: '三级佣金比例合计不能超过 50%' });
    expect((await settings({ level1: '5.555' })).json.code).toBe(1001);
    const dirOverride = await t.post(
      `${s.A}/promotion/overrides/save`,
      { scope: 'dir', targetId: s.dirId, level1: '20', level2: '0', level3: '0' },
      s.admin,
    );
    expect(dirOverride.json.code, dirOverride.json.msg).toBe(1000);
    const missing = await t.post(
      `${s.A}/promotion/overrides/save`,
      { scope: 'goods', targetId: 999999, level1: '1', level2: '0', level3: '0' },
      s.admin,
    );
    expect(missing.json.code).toBe(8204);
    expect((await t.post(`${s.A}/promotion/overrides/delete`, { id: 999999 }, s.admin)).json.code).toBe(8205);
    // The directory's 20 % applies to its goods.
    expect((await settings({ freezeDays: 0, level1: '1', level2: '0', level3: '0' })).json.code).toBe(1000);
    const a = await invited(undefined);
    const b = await invited(a.token, '50');
    const goodsId = await s.goods({ price: '10.00' });
    await s.cards(goodsId, 1);
    const { orderId } = await buy(b.token, goodsId);
    expect((await commissions(orderId))[0]).toMatchObject({ amount: 200 });
    expect(
      (await t.post(`${s.A}/promotion/overrides/delete`, { id: dirOverride.json.data.id }, s.admin)).json.code,
    ).toBe(1000);
    const audit = await t.deps.db
      .selectFrom('audit_logs')
      .select('action')
      .where('action', 'like', 'promotion.%')
      .execute();
    expect(new Set(audit.map((r) => r.action))).toEqual(
      new Set(['promotion.settings', 'promotion.saveOverride', 'promotion.deleteOverride']),
    );
  });
});
