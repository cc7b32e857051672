import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releaseAllDue } from '../../src/modules/supply/index.js';
import { buildSecondInstance, buildTestApp, dialects, drainJobs, registerMember, type TestApp } from '../helper.js';
import { balanceOf, shop, visitorBuy } from '../commerce/commerce-helper.js';

const DAY = 86_400_000;

describe.each(dialects())('suppliers on %s', (dialect) => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof shop>>;
  type Member = Awaited<ReturnType<typeof s.member>>;
  let a: Member;
  let b: Member;
  let buyer: Member;

  const call = (path: string, body: Record<string, unknown>, token: string) => t.post(path, body, token);
  const admin = (path: string, body: Record<string, unknown> = {}) => t.post(`${s.A}/supply/${path}`, body, s.admin);
  const ok = async (res: Promise<{ json: { code: number; msg: string; data: unknown } }>) => {
    const r = await res;
    expect(r.json.code, r.json.msg).toBe(1000);
    return r.json.data as Record<string, unknown> & { list?: Array<Record<string, unknown>> };
  };
  async function makeSupplier(m: Member) {
    await ok(call('/supply/inter/apply', { contact: 'QQ 10001', intro: '游戏点卡与话费直充', agree: '1' }, m.token));
    const list = await ok(admin('suppliers', { status: 'pending' }));
    const row = list.list!.find((r) => r.userId === m.id)!;
    await ok(admin('decide', { id: row.id, action: 'approve', commissionBp: 1000, holdDays: 2 }));
    return row.id as number;
  }
  /** Creates a goods as the supplier and has the admin approve it at `price`. */
  async function approvedGoods(m: Member, body: Record<string, unknown>, price: string) {
    const saved = await ok(
      call(
        '/supply/inter/saveGoods',
        { dirId: s.dirId, name: `供货${Date.now()}`, type: 'card', cost: '8.00', ...body },
        m.token,
      ),
    );
    const reviews = await ok(admin('reviews', { status: 'pending' }));
    const review = reviews.list!.find((r) => r.goodsId === saved.id)!;
    await ok(admin('decideReview', { id: review.id, approve: '1', price }));
    return saved.id as number;
  }
  const entryOf = (orderNo: string) =>
    t.deps.db.selectFrom('supply_settlements').selectAll().where('order_no', '=', orderNo).executeTakeFirst();

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    s = await shop(t);
    a = await s.member();
    b = await s.member();
    buyer = await s.member('500');
  });
  afterAll(() => t.dispose());

  it('applications: a clear code for non-suppliers at each stage, bad input per field, admin decisions audited', async () => {
    const m = await s.member();
    expect((await call('/supply/inter/goods', {}, m.token)).json.code).toBe(7000);
    expect((await ok(call('/supply/inter/me', {}, m.token))).status).toBe('none');
    for (const [body, field] of [
      [{ contact: 'QQ 1', intro: '卖点卡卖点卡' }, 'agree'],
      [{ contact: '', intro: '卖点卡卖点卡', agree: '1' }, 'contact'],
      [{ contact: 'QQ 1', intro: '短', agree: '1' }, 'intro'],
      [{ contact: 'QQ <b>', intro: '卖点卡卖点卡', agree: '1' }, 'contact'],
    ] as const) {
      const res = await call('/supply/inter/apply', body, m.token);
      expect(res.json.code, field).toBe(1001);
      expect(res.json.data.field).toBe(field);
    }
    await ok(call('/supply/inter/apply', { contact: 'QQ 1', intro: '卖点卡卖点卡', agree: '1' }, m.token));
    expect((await call('/supply/inter/goods', {}, m.token)).json.code).toBe(7001);
    expect(
      (await call('/supply/inter/apply', { contact: 'QQ 1', intro: '再来一次的', agree: '1' }, m.token)).json.code,
    ).toBe(7004);
    const row = (await ok(admin('suppliers', { keyword: m.loginName }))).list![0];
    expect((await admin('decide', { id: row.id, action: 'reject' })).json.data.field).toBe('reason');
    await ok(admin('decide', { id: row.id, action: 'reject', reason: '资料不全' }));
    expect((await call('/supply/inter/goods', {}, m.token)).json.code).toBe(7002);
    expect(await ok(call('/supply/inter/me', {}, m.token))).toMatchObject({ status: 'rejected', reason: '资料不全' });
    await ok(call('/supply/inter/apply', { contact: 'QQ 2', intro: '补充了资料的', agree: '1' }, m.token));
    await ok(admin('decide', { id: row.id, action: 'approve' }));
    expect(await ok(call('/supply/inter/me', {}, m.token))).toMatchObject({
      status: 'active',
      commissionBp: 500,
      holdDays: 3,
    });
    await ok(admin('decide', { id: row.id, action: 'suspend', reason: '违规' }));
    expect((await call('/supply/inter/orders', {}, m.token)).json.code).toBe(7003);
    expect((await admin('decide', { id: row.id, action: 'suspend', reason: 'x' })).json.code).toBe(7007);
    await ok(admin('decide', { id: row.id, action: 'reinstate' }));
    const audit = await t.deps.db
      .selectFrom('audit_logs')
      .select('action')
      .where('action', '=', 'supply.decide')
      .execute();
    expect(audit.length).toBeGreaterThanOrEqual(4);
    // Not staff: the admin calls are refused to a member's token.
    expect((await t.post(`${s.A}/supply/suppliers`, {}, m.token)).json.code).not.toBe(1000);
  });

  it('goods go through review; supplier B never sees or touches A’s goods, cards, orders, tasks or entries', async () => {
    await makeSupplier(a);
    await makeSupplier(b);
    const saved = await ok(
      call(
        '/supply/inter/saveGoods',
        { dirId: s.dirId, name: 'A 的点卡', type: 'card', cost: '8.00', lowStockAt: '1' },
        a.token,
      ),
    );
    const goodsId = saved.id as number;
    expect(saved.review).toBe(true);
    // Off the shelf until approved.
    expect((await visitorBuy(t, goodsId)).json.code).not.toBe(1000);
    const review = (await ok(admin('reviews', { status: 'pending' }))).list!.find((r) => r.goodsId === goodsId)!;
    expect((await admin('decideReview', { id: review.id, approve: '1', price: '7.99' })).json.code).toBe(7014);
    await ok(admin('decideReview', { id: review.id, approve: '1', price: '10.00' }));
    const imported = await ok(
      call(
        '/supply/inter/importCards',
        { goodsId, text: 'AAA-1----p1\nAAA-2----p2\nAAA-1----p1\nAAA-3----p3' },
        a.token,
      ),
    );
    expect(imported).toMatchObject({ imported: 3, duplicates: 1 });
    expect(
      (await ok(call('/supply/inter/importCards', { goodsId, text: 'AAA-3----p3\nAAA-4----p4' }, a.token))).imported,
    ).toBe(1);
    // B: A's goods are "不存在" everywhere.
    expect(
      (
        await call(
          '/supply/inter/saveGoods',
          { id: goodsId, dirId: s.dirId, name: 'x', type: 'card', cost: '1' },
          b.token,
        )
      ).json.code,
    ).toBe(7010);
    expect((await call('/supply/inter/importCards', { goodsId, text: 'B-1' }, b.token)).json.code).toBe(7010);
    expect((await call('/supply/inter/goodsShelf', { id: goodsId, onSale: '0' }, b.token)).json.code).toBe(7010);
    expect((await call('/supply/inter/exportCards', { goodsId }, b.token)).json.code).toBe(7010);
    expect((await ok(call('/supply/inter/goods', {}, b.token))).total).toBe(0);
    expect((await ok(call('/supply/inter/cards', {}, b.token))).total).toBe(0);
    const aCards = await ok(call('/supply/inter/cards', { goodsId }, a.token));
    expect(aCards.total).toBe(4);
    const cardIds = aCards.list!.map((c) => c.id);
    expect((await ok(call('/supply/inter/voidCards', { ids: cardIds.join(',') }, b.token))).voided).toBe(0);
    expect((await ok(call('/supply/inter/voidCards', { ids: String(cardIds[0]) }, a.token))).voided).toBe(1);
    const csv = await ok(call('/supply/inter/exportCards', { goodsId }, a.token));
    expect(csv.count).toBe(3);
    expect(String(csv.content)).toContain('AAA-');

    // A buyer takes two cards: the entry is frozen in the same transaction, cost − 10 % commission.
    const order = await ok(call('/inside/order/create', { goodsId, quantity: 2, payBy: 'balance' }, buyer.token));
    const orderNo = order.orderNo as string;
    expect(await entryOf(orderNo)).toMatchObject({ status: 'frozen', cost: 1600, commission: 160, amount: 1440 });
    const aOrders = await ok(call('/supply/inter/orders', {}, a.token));
    expect(aOrders.list!.map((o) => o.orderNo)).toContain(orderNo);
    const row = aOrders.list!.find((o) => o.orderNo === orderNo)!;
    expect(row).not.toHaveProperty('contact');
    expect(JSON.stringify(row)).not.toContain(buyer.loginName);
    expect(row.settlement).toMatchObject({ amount: 1440, status: 'frozen' });
    expect((await ok(call('/supply/inter/orders', {}, b.token))).total).toBe(0);
    expect((await ok(call('/supply/inter/settlements', {}, b.token))).total).toBe(0);
    expect((await ok(call('/supply/inter/settlements', {}, a.token))).list![0]).toMatchObject({
      orderNo,
      amount: 1440,
    });
    const exported = await ok(call('/supply/inter/exportOrders', {}, a.token));
    expect(String(exported.content)).toContain(orderNo);
    expect(String(exported.content)).not.toContain(buyer.loginName);
    // The sale took the goods under A's threshold (2 left ≤ … no: 1 left after voiding one and selling two).
    const low = await t.deps.db
      .selectFrom('domain_events')
      .select('payload')
      .where('type', '=', 'supply.stockLow')
      .execute();
    expect(low.map((e) => JSON.parse(e.payload).userId)).toContain(a.id);

    // A cost rise waits for review off the shelf; a rejection puts it back at the old cost.
    await ok(
      call(
        '/supply/inter/saveGoods',
        { id: goodsId, dirId: s.dirId, name: 'A 的点卡', type: 'card', cost: '9.00' },
        a.token,
      ),
    );
    const goodsRow = async () =>
      t.deps.db
        .selectFrom('goods')
        .select(['status', 'cost', 'price'])
        .where('id', '=', goodsId)
        .executeTakeFirstOrThrow();
    expect(await goodsRow()).toMatchObject({ status: 'paused', cost: 800 });
    expect((await call('/supply/inter/goodsShelf', { id: goodsId, onSale: '1' }, a.token)).json.code).toBe(7011);
    const rise = (await ok(admin('reviews', { status: 'pending' }))).list!.find((r) => r.goodsId === goodsId)!;
    expect(rise).toMatchObject({ kind: 'cost_rise', cost: 900, previousCost: 800 });
    expect((await admin('decideReview', { id: rise.id, approve: '0' })).json.data.field).toBe('reason');
    await ok(admin('decideReview', { id: rise.id, approve: '0', reason: '涨幅过大' }));
    expect(await goodsRow()).toMatchObject({ status: 'on_sale', cost: 800, price: 1000 });
    // A lower cost applies at once.
    await ok(
      call(
        '/supply/inter/saveGoods',
        { id: goodsId, dirId: s.dirId, name: 'A 的点卡', type: 'card', cost: '7.50' },
        a.token,
      ),
    );
    expect(await goodsRow()).toMatchObject({ status: 'on_sale', cost: 750 });

    // Refunds reverse the entry in proportion (to the fen: floor(1440 × 300 / 2000) = 216), then the release pays what is left.
    await ok(t.post(`${s.A}/orders/refund`, { orderNo, reason: '部分退款', amount: '3.00' }, s.admin));
    expect(await entryOf(orderNo)).toMatchObject({ status: 'frozen', reversed_amount: 216 });
    expect(await releaseAllDue(t.deps.db, t.deps.holds, Date.now())).toBe(0); // not due yet (T+2)
    expect(await releaseAllDue(t.deps.db, t.deps.holds, Date.now() + 3 * DAY)).toBe(1);
    expect(await releaseAllDue(t.deps.db, t.deps.holds, Date.now() + 3 * DAY)).toBe(0);
    expect(await balanceOf(t, a.id)).toEqual({ balance: 1224, ledgerSum: 1224 });
    // The rest refunded after the release: clawed back from A's balance.
    await ok(t.post(`${s.A}/orders/refund`, { orderNo, reason: '全部退款' }, s.admin));
    expect(await entryOf(orderNo)).toMatchObject({ status: 'reversed', reversed_amount: 1440 });
    expect(await balanceOf(t, a.id)).toEqual({ balance: 0, ledgerSum: 0 });
    const summary = await ok(call('/supply/inter/settlementSummary', {}, a.token));
    expect(summary).toMatchObject({ balance: 0, frozen: 0, released: 0, reversed: 1440 });
  });

  it('manual and recharge tasks: accept, done (buyer sees the result), failed (refund), timeout back to platform or refunded', async () => {
    const manual = await approvedGoods(a, { type: 'manual', cost: '5.00', name: '代充服务' }, '6.00');
    const buy = async () => {
      const o = await ok(call('/inside/order/create', { goodsId: manual, quantity: 1, payBy: 'balance' }, buyer.token));
      await drainJobs(t);
      const tasks = await ok(call('/supply/inter/tasks', { orderNo: o.orderNo }, a.token));
      return { orderNo: o.orderNo as string, task: tasks.list![0] };
    };
    const one = await buy();
    expect(one.task).toMatchObject({ status: 'waiting', goodsType: 'manual' });
    const taskId = one.task.id;
    expect((await call('/supply/inter/acceptTask', { id: taskId }, b.token)).json.code).toBe(7040);
    expect((await ok(call('/supply/inter/tasks', {}, b.token))).total).toBe(0);
    expect((await call('/supply/inter/finishTask', { id: taskId, result: 'x' }, a.token)).json.code).toBe(7041);
    await ok(call('/supply/inter/acceptTask', { id: taskId }, a.token));
    expect((await call('/supply/inter/finishTask', { id: taskId }, a.token)).json.code).toBe(7042);
    expect(
      (await call('/supply/inter/finishTask', { id: taskId, proofs: '["http://evil/x.png"]' }, a.token)).json.code,
    ).toBe(1001);
    await ok(call('/supply/inter/finishTask', { id: taskId, result: '已充值到账，流水号 123' }, a.token));
    const detail = await ok(call('/inside/order/getDetail', { orderNo: one.orderNo }, buyer.token));
    expect(detail).toMatchObject({ status: 'delivered', deliveryText: '已充值到账，流水号 123' });
    expect(await entryOf(one.orderNo)).toMatchObject({ status: 'frozen', amount: 450 });

    const two = await buy();
    const before = (await balanceOf(t, buyer.id)).balance;
    expect((await call('/supply/inter/failTask', { id: two.task.id, reason: '' }, a.token)).json.code).toBe(1001);
    await ok(call('/supply/inter/failTask', { id: two.task.id, reason: '账号不存在' }, a.token));
    expect((await balanceOf(t, buyer.id)).balance).toBe(before + 600);
    expect((await ok(call('/inside/order/getDetail', { orderNo: two.orderNo }, buyer.token))).status).toBe('refunded');
    expect(await entryOf(two.orderNo)).toBeUndefined();

    // Not accepted within 24 hours: back to the platform (default), staff deliver, the entry is written then.
    const three = await buy();
    await t.deps.jobs.runDue(Date.now() + 25 * 3_600_000);
    expect((await ok(call('/supply/inter/tasks', { orderNo: three.orderNo }, a.token))).list![0].status).toBe(
      'returned',
    );
    expect((await call('/supply/inter/acceptTask', { id: three.task.id }, a.token)).json.code).toBe(7041);
    await ok(t.post(`${s.A}/orders/deliver`, { orderNo: three.orderNo, deliveryText: '平台代发' }, s.admin));
    expect((await ok(call('/supply/inter/tasks', { orderNo: three.orderNo }, a.token))).list![0].status).toBe('closed');
    expect(await entryOf(three.orderNo)).toMatchObject({ status: 'frozen' });

    // …or refunded, when 供货设置 says so.
    await ok(
      admin('saveSettings', {
        defaultCommissionBp: '500',
        holdDays: '3',
        taskTimeoutHours: '2',
        timeoutAction: 'refund',
      }),
    );
    const bad = await admin('saveSettings', {
      defaultCommissionBp: '10001',
      holdDays: '3',
      taskTimeoutHours: '2',
      timeoutAction: 'refund',
    });
    expect(bad.json.data.field).toBe('defaultCommissionBp');
    const four = await buy();
    await t.deps.jobs.runDue(Date.now() + 3 * 3_600_000);
    expect((await ok(call('/supply/inter/tasks', { orderNo: four.orderNo }, a.token))).list![0].status).toBe(
      'refunded',
    );
    expect((await ok(call('/inside/order/getDetail', { orderNo: four.orderNo }, buyer.token))).status).toBe('refunded');
    await ok(
      admin('saveSettings', {
        defaultCommissionBp: '500',
        holdDays: '3',
        taskTimeoutHours: '24',
        timeoutAction: 'platform',
      }),
    );
  });

  it('staff cannot put a supplier’s goods on sale past the review', async () => {
    const m = await s.member();
    await makeSupplier(m);
    const saved = await ok(
      call('/supply/inter/saveGoods', { dirId: s.dirId, name: '待审核的点卡', type: 'card', cost: '8.00' }, m.token),
    );
    const setStatus = (status: string) => t.post(`${s.A}/catalog/setGoodsStatus`, { ids: [saved.id], status }, s.admin);
    const refused = (await setStatus('on_sale')).json;
    expect(refused.code).toBe(3046);
    expect(refused.msg).toContain('待审核的点卡');
    const status = async () =>
      (
        await t.deps.db
          .selectFrom('goods')
          .select('status')
          .where('id', '=', saved.id as number)
          .executeTakeFirstOrThrow()
      ).status;
    expect(await status()).toBe('paused');
    // Banning needs no review; once approved, staff may list it again.
    expect((await setStatus('banned')).json.code).toBe(1000);
    const review = (await ok(admin('reviews', { status: 'pending' }))).list!.find((r) => r.goodsId === saved.id)!;
    await ok(admin('decideReview', { id: review.id, approve: '1', price: '10.00' }));
    expect((await setStatus('on_sale')).json.code).toBe(1000);
    expect(await status()).toBe('on_sale');
  });

  it('suspension pauses the goods on sale; reinstatement puts back exactly those', async () => {
    const m = await s.member();
    const supplierId = await makeSupplier(m);
    const selling = await approvedGoods(m, { name: '在售的点卡' }, '10.00');
    const resting = await approvedGoods(m, { name: '自己下架的点卡' }, '10.00');
    await ok(call('/supply/inter/goodsShelf', { id: resting, onSale: '0' }, m.token));
    const status = async (id: number) =>
      (await t.deps.db.selectFrom('goods').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
    expect([await status(selling), await status(resting)]).toEqual(['on_sale', 'paused']);

    await ok(admin('decide', { id: supplierId, action: 'suspend', reason: '违规' }));
    expect([await status(selling), await status(resting)]).toEqual(['paused', 'paused']);
    await ok(admin('decide', { id: supplierId, action: 'reinstate' }));
    expect([await status(selling), await status(resting)]).toEqual(['on_sale', 'paused']);
    // The audit says which goods each decision moved.
    const afters = (
      await t.deps.db
        .selectFrom('audit_logs')
        .select('after_json')
        .where('target', '=', `supplier:${supplierId}`)
        .orderBy('id')
        .execute()
    ).map((r) => JSON.parse(r.after_json ?? '{}') as Record<string, unknown>);
    expect(afters.at(-2)).toMatchObject({ status: 'suspended', goodsPaused: [selling] });
    expect(afters.at(-1)).toMatchObject({ status: 'active', goodsRelisted: [selling] });
  });

  it('an open hold keeps the entry frozen past its due time', async () => {
    const goodsId = await approvedGoods(a, { name: '冻结测试卡' }, '9.00');
    await ok(call('/supply/inter/importCards', { goodsId, text: 'HOLD-1' }, a.token));
    const o = await ok(call('/inside/order/create', { goodsId, quantity: 1, payBy: 'balance' }, buyer.token));
    const entry = (await entryOf(o.orderNo as string))!;
    t.deps.holds.register((db) =>
      db.selectFrom('supply_settlements').select('order_id').where('order_id', '=', entry.order_id),
    );
    await releaseAllDue(t.deps.db, t.deps.holds, Date.now() + 10 * DAY);
    expect(await entryOf(o.orderNo as string)).toMatchObject({ status: 'frozen' });
    const listed = await ok(call('/supply/inter/settlements', { orderNo: o.orderNo }, a.token));
    expect(listed.list![0]).toMatchObject({ held: true, statusText: '投诉冻结' });
  });

  it('a refund racing the release on two instances never both refunds and releases', async () => {
    const second = await buildSecondInstance(t);
    try {
      const goodsId = await approvedGoods(b, { name: '竞争卡', cost: '3.33' }, '5.00');
      const lines = Array.from({ length: 12 }, (_, i) => `RACE-${i}`).join('\n');
      await ok(call('/supply/inter/importCards', { goodsId, text: lines }, b.token));
      const orders: string[] = [];
      for (let i = 0; i < 6; i++)
        orders.push(
          (await ok(call('/inside/order/create', { goodsId, quantity: 2, payBy: 'balance' }, buyer.token)))
            .orderNo as string,
        );
      const due = Date.now() + 5 * DAY;
      // The release on the second instance while the first refunds every order (some in part).
      await Promise.all([
        releaseAllDue(second.deps.db, second.deps.holds, due, 2),
        ...orders.map((orderNo, i) =>
          ok(
            t.post(`${s.A}/orders/refund`, { orderNo, reason: '竞争', ...(i % 2 ? { amount: '1.11' } : {}) }, s.admin),
          ),
        ),
      ]);
      await releaseAllDue(t.deps.db, t.deps.holds, due);
      let expected = 0;
      for (const orderNo of orders) {
        const e = (await entryOf(orderNo))!;
        expect(e.status).not.toBe('frozen');
        if (e.status === 'released') expected += Number(e.amount) - Number(e.reversed_amount);
        // 333 × 2 less 10 % (66.6 → 67) = 599; a part of 1.11 of 10.00 reverses floor(599 × 111 / 1000) = 66.
        expect(Number(e.reversed_amount)).toBe(e.status === 'reversed' ? 599 : 66);
      }
      expect(await balanceOf(t, b.id)).toEqual({ balance: expected, ledgerSum: expected });
    } finally {
      await second.dispose();
    }
  });

  it('a visitor never reaches the supplier calls', async () => {
    const m = await registerMember(t);
    expect((await t.post('/supply/inter/me', {})).json.code).not.toBe(1000);
    expect((await call('/supply/inter/settlements', {}, m.token)).json.code).toBe(7000);
  });
});
