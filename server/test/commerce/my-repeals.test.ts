import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, type TestApp } from '../helper.js';
import { shop } from './commerce-helper.js';

describe.each(dialects())('commerce: the member’s own card void requests on %s', (dialect) => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof shop>>;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    s = await shop(t);
  });
  afterAll(() => t.dispose());

  it('lists only the member’s own requests with status, card number, reason and the staff reply, paged', async () => {
    const goodsId = await s.goods({ price: '5', allowRepeal: 1 });
    await s.cards(goodsId, 4, 'MYREP');
    const m = await s.member('50');
    const other = await s.member('50');
    const o = await t.post('/inside/order/create', { goodsId, quantity: 3 }, m.token);
    const orderNo = o.json.data.orderNo as string;
    const paid = await t.post('/inside/order/payByBalance', { orderNo }, m.token);
    const [c1, c2] = paid.json.data.cards as { id: number; card: string }[];
    const o2 = await t.post('/inside/order/create', { goodsId, quantity: 1 }, other.token);
    const p2 = await t.post('/inside/order/payByBalance', { orderNo: o2.json.data.orderNo }, other.token);
    await t.post(
      '/inside/order/cardRepeal',
      { orderNo: o2.json.data.orderNo, cardIds: p2.json.data.cards[0].id, reason: '别人的' },
      other.token,
    );

    expect((await t.post('/inside/order/repeals', {}, m.token)).json.data).toMatchObject({
      list: [],
      total: 0,
      page: 1,
    });
    expect(
      (await t.post('/inside/order/cardRepeal', { orderNo, cardIds: [c1.id, c2.id], reason: '无法使用' }, m.token)).json
        .data.requested,
    ).toBe(2);
    const admin = await t.post(`${s.A}/orders/repeals`, { status: 'requested' }, s.admin);
    const c1Request = admin.json.data.list.find(
      (r: { orderNo: string; id: number }) => r.orderNo === orderNo && r.id === c1.id,
    );
    expect(
      (await t.post(`${s.A}/orders/handleRepeals`, { ids: c1Request.id, approve: 0, note: '卡密已被使用' }, s.admin))
        .json.data.handled,
    ).toBe(1);
    const decided = (
      await t.deps.db.selectFrom('domain_events').select('payload').where('type', '=', 'repeal.decided').execute()
    )
      .map((e) => JSON.parse(e.payload) as { linkId: number; orderNo: string; decision: string; refunded: number })
      .filter((e) => e.orderNo === orderNo);
    expect(decided).toEqual([expect.objectContaining({ linkId: c1Request.id, decision: 'rejected', refunded: 0 })]);

    const all = await t.post('/inside/order/repeals', {}, m.token);
    expect(all.json.code).toBe(1000);
    expect(all.json.data.total).toBe(2);
    const byCard = Object.fromEntries(all.json.data.list.map((r: { cardId: number }) => [r.cardId, r]));
    expect(byCard[c1.id]).toMatchObject({
      orderNo,
      card: c1.card,
      amount: 500,
      status: 'rejected',
      statusText: '已驳回',
      reason: '无法使用',
      note: '卡密已被使用',
    });
    expect(byCard[c1.id].handledAt).toMatch(/^\d{4}-\d{2}-\d{2} /);
    expect(byCard[c2.id]).toMatchObject({ status: 'requested', statusText: '待审核', note: '', handledAt: '' });
    expect(byCard[c2.id].requestedAt).toMatch(/^\d{4}-\d{2}-\d{2} /);
    expect(byCard[c2.id].goodsName).toMatch(/^商品/);
    expect(JSON.stringify(all.json.data)).not.toContain('别人的');
    expect(JSON.stringify(all.json.data)).not.toContain('pw');

    const pending = await t.post('/inside/order/repeals', { status: 'requested' }, m.token);
    expect(pending.json.data.list.map((r: { cardId: number }) => r.cardId)).toEqual([c2.id]);
    const paged = await t.post('/inside/order/repeals', { page: 2, pageSize: 1 }, m.token);
    expect(paged.json.data).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(paged.json.data.list).toHaveLength(1);
    expect((await t.post('/inside/order/repeals', { orderNo: o2.json.data.orderNo }, m.token)).json.data.total).toBe(0);
  });

  it('refuses bad filters in Chinese and needs a member session', async () => {
    const m = await s.member();
    expect((await t.post('/inside/order/repeals', { status: 'void' }, m.token)).json).toMatchObject({
      code: 1001,
      msg: '不支持的撤销状态',
    });
    expect((await t.post('/inside/order/repeals', { orderNo: '<x>' }, m.token)).json).toMatchObject({
      code: 1001,
      msg: '订单号格式不正确',
    });
    expect((await t.post('/inside/order/repeals', { pageSize: 500 }, m.token)).json.code).toBe(1001);
    expect((await t.post('/inside/order/repeals', {})).json.code).not.toBe(1000);
  });
});
