import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/core/crypto.js';
import { applyPayment } from '../../src/flows/checkout.js';
import { buildTestApp, dialects, registerMember, someLoopbackIp, type TestApp } from '../helper.js';
import { balanceOf, shop, visitorBuy } from './commerce-helper.js';

describe.each(dialects())('catalog, stock and orders on %s', (dialect) => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof shop>>;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    s = await shop(t);
  });
  afterAll(() => t.dispose());

  it('seeds a demo shop on first start', async () => {
    const dirs = await t.post('/inside/goods/getDirs');
    expect(dirs.json.data.map((d: { name: string }) => d.name)).toContain('游戏点卡');
    const list = await t.post('/inside/goods/getList', { keyword: 'Steam' });
    expect(list.json.data.total).toBe(2);
    expect(list.json.data.list.find((g: { name: string }) => g.name.includes('50')).stock).toBe(20);
  });

  it('prices by level and wholesale tier, in lists, detail and /chajia', async () => {
    const levels = (await t.post(`${s.A}/catalog/levels`, {}, s.admin)).json.data as Array<{
      id: number;
      name: string;
    }>;
    const vip = levels.find((l) => l.name === 'VIP会员')!;
    const goodsId = await s.goods({
      price: '10.00',
      levelPrices: JSON.stringify([{ levelId: vip.id, price: '9.00' }]),
      wholesale: JSON.stringify([{ minQuantity: 5, price: '9.50' }]),
    });
    await s.cards(goodsId, 10);
    const visitor = await t.post('/inside/goods/getDetail', { goodsId });
    expect(visitor.json.data).toMatchObject({
      price: 1000,
      basePrice: 1000,
      stock: 10,
      wholesale: [{ minQuantity: 5, price: 950 }],
    });
    const m = await s.member('100');
    await t.deps.db.updateTable('users').set({ level_id: vip.id }).where('id', '=', m.id).execute();
    expect((await t.post('/inside/goods/getDetail', { goodsId }, m.token)).json.data.price).toBe(900);
    const chajia = await t.post('/inside/goods/priceList', { keyword: '' });
    const row = chajia.json.data.list.find((g: { id: number }) => g.id === goodsId);
    expect(row.prices.find((p: { levelId: number }) => p.levelId === vip.id).price).toBe(900);

    // A visitor buying 5 gets the tier price; the order snapshots it.
    const order = await visitorBuy(t, goodsId, { quantity: 5 });
    expect(order.json).toMatchObject({ code: 1000, data: { unitPrice: 950, amount: 4750, status: 'unpaid' } });
  });

  it('imports the three formats, dedupes in the batch and against stock, and stores secrets encrypted', async () => {
    const goodsId = await s.goods();
    const first = await t.post(
      `${s.A}/stock/import`,
      { goodsId, text: 'AAA111\nBBB222 pw2\nCCC333----pw3\nBBB222\tpw2\n\n' },
      s.admin,
    );
    expect(first.json.data).toMatchObject({ lines: 4, imported: 3, duplicates: 1 });
    const again = await t.post(`${s.A}/stock/import`, { goodsId, text: 'AAA111\nDDD444----pw4\nCCC333 pw3' }, s.admin);
    expect(again.json.data).toMatchObject({ imported: 1, duplicates: 2 });
    const raw = await t.deps.db
      .selectFrom('cards')
      .select(['secret', 'hmac'])
      .where('goods_id', '=', goodsId)
      .execute();
    expect(raw).toHaveLength(4);
    for (const r of raw) {
      expect(r.secret).not.toMatch(/AAA111|BBB222|CCC333|DDD444/);
      expect(r.hmac).toMatch(/^[0-9a-f]{64}$/);
    }
    const list = await t.post(`${s.A}/stock/list`, { goodsId }, s.admin);
    expect(list.json.data.list.map((c: { card: string }) => c.card).sort()).toEqual([
      'AAA111',
      'BBB222',
      'CCC333',
      'DDD444',
    ]);
    const found = await t.post(`${s.A}/stock/list`, { card: 'BBB222 pw2' }, s.admin);
    expect(found.json.data.total).toBe(1);
    expect((await t.post(`${s.A}/stock/import`, { goodsId, text: '\n \n' }, s.admin)).json.code).toBe(3017);
    const tooMany = Array.from({ length: 100_001 }, (_, i) => `X${i}`).join('\n');
    expect((await t.post(`${s.A}/stock/import`, { goodsId, text: tooMany }, s.admin)).json.code).toBe(3016);
    // void unsold
    const ids = list.json.data.list.slice(0, 2).map((c: { id: number }) => c.id);
    expect((await t.post(`${s.A}/stock/void`, { ids }, s.admin)).json.data.voided).toBe(2);
    expect((await t.post('/inside/goods/getDetail', { goodsId })).json.data.stock).toBe(2);
    const exported = await t.post(`${s.A}/stock/export`, { goodsId }, s.admin);
    expect(exported.json.data.count).toBe(2);
  });

  it('imports a large batch (sealed on a worker thread) with the same dedupe and encryption', async () => {
    const goodsId = await s.goods();
    const line = (i: number) => `BIG${i}----pw${i}`;
    expect(
      (await t.post(`${s.A}/stock/import`, { goodsId, text: [0, 1, 2].map(line).join('\n') }, s.admin)).json.data
        .imported,
    ).toBe(3);
    const text = Array.from({ length: 12_000 }, (_, i) => line(i)).join('\n');
    const big = await t.post(`${s.A}/stock/import`, { goodsId, text }, s.admin);
    expect(big.json.data).toMatchObject({ lines: 12_000, imported: 11_997, duplicates: 3 });
    const found = await t.post(`${s.A}/stock/list`, { card: 'BIG11999----pw11999' }, s.admin);
    expect(found.json.data.list).toMatchObject([{ card: 'BIG11999', password: 'pw11999' }]);
    const raw = await t.deps.db.selectFrom('cards').select('secret').where('goods_id', '=', goodsId).limit(5).execute();
    for (const r of raw) expect(r.secret).not.toMatch(/BIG/);
  }, 60_000);

  it('member buys with balance: one transaction debits, sells and delivers; ledger equals balance', async () => {
    const goodsId = await s.goods({ price: '3.00' });
    await s.cards(goodsId, 5, 'MEM');
    const m = await s.member('10');
    const order = await t.post('/inside/order/create', { goodsId, quantity: 2 }, m.token);
    expect(order.json.data).toMatchObject({ amount: 600, status: 'unpaid', cards: [] });
    const paid = await t.post('/inside/order/payByBalance', { orderNo: order.json.data.orderNo }, m.token);
    expect(paid.json.data.status).toBe('delivered');
    expect(paid.json.data.cards).toHaveLength(2);
    expect(paid.json.data.cards[0].card).toMatch(/^MEM-\d$/);
    expect(await balanceOf(t, m.id)).toEqual({ balance: 400, ledgerSum: 400 });
    // paying again is refused, nothing charged
    expect((await t.post('/inside/order/payByBalance', { orderNo: order.json.data.orderNo }, m.token)).json.code).toBe(
      3010,
    );
    // not enough balance for 2 more: refused, nothing delivered
    const big = await t.post('/inside/order/create', { goodsId, quantity: 2 }, m.token);
    const poor = await t.post('/inside/order/payByBalance', { orderNo: big.json.data.orderNo }, m.token);
    expect(poor.json).toMatchObject({ code: 5001, msg: '余额不足' });
    expect(
      (await t.post('/inside/order/getDetail', { orderNo: big.json.data.orderNo }, m.token)).json.data.status,
    ).toBe('unpaid');
    expect(await balanceOf(t, m.id)).toEqual({ balance: 400, ledgerSum: 400 });
    const listed = await t.post('/inside/order/getList', { status: 'delivered' }, m.token);
    expect(listed.json.data.total).toBe(1);
    const ledger = await t.post('/inside/funds/getLedger', {}, m.token);
    expect(ledger.json.data.list[0]).toMatchObject({ type: 'order_pay', amount: -600, balanceAfter: 400 });
  });

  it('member pays by balance while ordering: one step delivers, or refuses with nothing written', async () => {
    const goodsId = await s.goods({ price: '3.00' });
    await s.cards(goodsId, 3, 'ONE');
    const m = await s.member('10');
    const bought = await t.post('/inside/order/create', { goodsId, quantity: 2, payBy: 'balance' }, m.token);
    expect(bought.json).toMatchObject({ code: 1000, data: { amount: 600, status: 'delivered', payMethod: 'balance' } });
    expect(bought.json.data.cards.map((c: { card: string }) => c.card).sort()).toEqual(['ONE-0', 'ONE-1']);
    expect(bought.json.data.paidAt).not.toBe('');
    expect(await balanceOf(t, m.id)).toEqual({ balance: 400, ledgerSum: 400 });
    const ledger = await t.post('/inside/funds/getLedger', {}, m.token);
    expect(ledger.json.data.list[0]).toMatchObject({ type: 'order_pay', amount: -600, balanceAfter: 400 });
    // The answer shows the cards the sale returned; the order's page reads the same ones back.
    const detail = await t.post('/inside/order/getDetail', { orderNo: bought.json.data.orderNo }, m.token);
    expect(detail.json.data.cards).toHaveLength(2);
    expect(bought.json.data.cards).toEqual(detail.json.data.cards);

    // A loop (reusable) card is delivered without being used up: answered as it is stored.
    const loopId = await s.goods({ price: '1.00', loopCard: '1' });
    await s.cards(loopId, 1, 'LOOP');
    const looped = await t.post('/inside/order/create', { goodsId: loopId, quantity: 1, payBy: 'balance' }, m.token);
    expect(looped.json.data.cards).toHaveLength(1);
    expect(looped.json.data.cards[0].card).toBe('LOOP-0');
    const loopDetail = await t.post('/inside/order/getDetail', { orderNo: looped.json.data.orderNo }, m.token);
    expect(looped.json.data.cards).toEqual(loopDetail.json.data.cards);
    // Paid later (here: free, so paid as it is created), a loop card is linked at delivery and stays available.
    const freeLoopId = await s.goods({ price: '0.00', loopCard: '1' });
    await s.cards(freeLoopId, 1, 'FREELOOP');
    for (let i = 0; i < 2; i++) {
      const free = await t.post('/inside/order/create', { goodsId: freeLoopId, quantity: 1 }, m.token);
      expect(free.json).toMatchObject({ code: 1000, data: { amount: 0, status: 'delivered' } });
      expect(free.json.data.cards.map((c: { card: string }) => c.card)).toEqual(['FREELOOP-0']);
    }
    expect(await t.deps.db.selectFrom('cards').select('status').where('goods_id', '=', freeLoopId).execute()).toEqual([
      { status: 'available' },
    ]);

    // The loop card's price back, so the steps below see the balance they expect.
    expect(
      (await t.post(`${s.A}/funds/adjust`, { userId: m.id, amount: '1', reason: '测试充值' }, s.admin)).json.code,
    ).toBe(1000);

    const ordersBefore = await t.deps.db.selectFrom('orders').select('id').where('goods_id', '=', goodsId).execute();
    // Too little stock, too little balance: refused, no order, no charge, no card taken.
    expect(
      (await t.post('/inside/order/create', { goodsId, quantity: 2, payBy: 'balance' }, m.token)).json,
    ).toMatchObject({ code: 3001, msg: '库存不足' });
    const poor = await s.member('1');
    expect(
      (await t.post('/inside/order/create', { goodsId, quantity: 1, payBy: 'balance' }, poor.token)).json,
    ).toMatchObject({ code: 5001, msg: '余额不足' });
    expect(await t.deps.db.selectFrom('orders').select('id').where('goods_id', '=', goodsId).execute()).toHaveLength(
      ordersBefore.length,
    );
    expect(
      await t.deps.db
        .selectFrom('cards')
        .select('id')
        .where('goods_id', '=', goodsId)
        .where('status', '=', 'available')
        .execute(),
    ).toHaveLength(1);
    expect(await balanceOf(t, poor.id)).toEqual({ balance: 100, ledgerSum: 100 });

    // Visitors have no balance; an unknown payment method is bad input.
    expect((await visitorBuy(t, goodsId, { payBy: 'balance' })).json.code).toBe(5002);
    expect((await t.post('/inside/order/create', { goodsId, payBy: 'alipay' }, m.token)).json).toMatchObject({
      code: 1001,
      msg: '支付方式不正确',
    });

    // The sale password guards balance payments when the member switched it on for them.
    await t.deps.db
      .updateTable('users')
      .set({
        sale_pwd_hash: await hashPassword('135790'),
        sale_pwd_enabled: 1,
        sale_pwd_ops: JSON.stringify(['balancePay']),
      })
      .where('id', '=', m.id)
      .execute();
    expect((await t.post('/inside/order/create', { goodsId, payBy: 'balance' }, m.token)).json.code).toBe(1109);
    expect(
      (await t.post('/inside/order/create', { goodsId, payBy: 'balance', salePwd: '000000' }, m.token)).json.code,
    ).toBe(1110);
    expect(await balanceOf(t, m.id)).toEqual({ balance: 400, ledgerSum: 400 });
    expect(
      (await t.post('/inside/order/create', { goodsId, payBy: 'balance', salePwd: '135790' }, m.token)).json.data
        .status,
    ).toBe('delivered');
    // …and not when it protects other operations only.
    const other = await s.goods({ price: '1.00', type: 'manual' });
    await t.deps.db
      .updateTable('users')
      .set({ sale_pwd_ops: JSON.stringify(['transfer']) })
      .where('id', '=', m.id)
      .execute();
    const manual = await t.post('/inside/order/create', { goodsId: other, payBy: 'balance' }, m.token);
    expect(manual.json.data).toMatchObject({ status: 'pending', payMethod: 'balance', amount: 100 });
    expect(await balanceOf(t, m.id)).toEqual({ balance: 0, ledgerSum: 0 });
  });

  it('exports orders as CSV on the server: a member gets their own under the filters, staff all with buyer and IP', async () => {
    const goodsId = await s.goods({ price: '2.00', name: '=HYPERLINK("x")导出测试' });
    await s.cards(goodsId, 4, 'EXP');
    const a = await s.member('10');
    const b = await s.member('10');
    for (let i = 0; i < 2; i++) await t.post('/inside/order/create', { goodsId, payBy: 'balance' }, a.token);
    await t.post('/inside/order/create', { goodsId }, a.token);
    await t.post('/inside/order/create', { goodsId, payBy: 'balance' }, b.token);

    const mine = await t.post('/inside/order/export', {}, a.token);
    expect(mine.json.data).toMatchObject({
      count: 3,
      truncated: false,
      filename: expect.stringMatching(/^我的订单-\d{4}-\d{2}-\d{2}\.csv$/),
    });
    const lines = (mine.json.data.content as string)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('订单号,商品,类型,单价(元),数量,金额(元),状态,联系方式,支付方式,下单时间,支付时间');
    expect(lines).toHaveLength(4);
    // A goods name that a spreadsheet would run as a formula is written as text.
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"")导出测试"`);
    const delivered = await t.post('/inside/order/export', { status: 'delivered' }, a.token);
    expect(delivered.json.data.count).toBe(2);
    expect((await t.post('/inside/order/export', {})).json.code).toBe(-2);

    const all = await t.post(`${s.A}/orders/export`, { keyword: '导出测试' }, s.admin);
    expect(all.json.data.count).toBe(4);
    const staffLines = (all.json.data.content as string).trim().split('\r\n');
    expect(staffLines[0]).toContain('会员编号,会员登录名,成本单价(元),下单IP');
    // Staff see the member number and login name, never the internal id.
    const bNo = (await t.deps.db.selectFrom('users').select('user_no').where('id', '=', b.id).executeTakeFirstOrThrow())
      .user_no;
    expect(staffLines.slice(1).filter((l) => l.includes(`,${bNo},${b.loginName},`))).toHaveLength(1);
    expect((await t.post(`${s.A}/orders/export`, { status: 'nope' }, s.admin)).json.code).toBe(1001);
  });

  it('keeps orders private: members, visitors, lookups', async () => {
    const goodsId = await s.goods({ price: '0' });
    await s.cards(goodsId, 5, 'PRIV');
    const a = await s.member();
    const b = await s.member();
    const mine = await t.post('/inside/order/create', { goodsId }, a.token);
    expect(mine.json.data.status).toBe('delivered'); // zero amount completes at once
    expect((await t.post('/inside/order/getDetail', { orderNo: mine.json.data.orderNo }, b.token)).json.code).toBe(
      3009,
    );
    expect((await t.post('/inside/order/getList', {}, b.token)).json.data.total).toBe(0);

    const va = await visitorBuy(t, goodsId, { contact: 'a@example.com', queryPassword: 'secretA1' });
    const vb = await visitorBuy(t, goodsId, { contact: 'b@example.com', queryPassword: 'secretB1' });
    expect(va.json.data.cards).toHaveLength(1);
    const noA = va.json.data.orderNo;
    const ip = someLoopbackIp();
    expect(
      (await t.post('/visitor/order/lookup', { orderNo: noA, queryPassword: 'secretA1' }, undefined, ip)).json.data
        .cards[0].card,
    ).toBe(va.json.data.cards[0].card);
    expect(
      (await t.post('/visitor/order/lookup', { orderNo: noA, contact: 'A@example.com' }, undefined, ip)).json.code,
    ).toBe(1000);
    expect(
      (await t.post('/visitor/order/lookup', { orderNo: noA, queryPassword: 'secretB1' }, undefined, ip)).json.code,
    ).toBe(3012);
    expect(
      (await t.post('/visitor/order/lookup', { orderNo: noA, contact: 'b@example.com' }, undefined, ip)).json.code,
    ).toBe(3012);
    expect((await t.post('/visitor/order/lookup', { orderNo: noA }, undefined, ip)).json.code).toBe(1001);
    expect(
      (
        await t.post(
          '/visitor/order/lookup',
          { orderNo: vb.json.data.orderNo, queryPassword: 'secretA1' },
          undefined,
          ip,
        )
      ).json.code,
    ).toBe(3012);
    // visitors have no member pages
    expect((await t.post('/inside/order/getDetail', { orderNo: noA })).json.code).toBe(-2);
    // staff without cards.view see the order but not the cards
    const detail = await t.post(`${s.A}/orders/detail`, { orderNo: noA }, s.admin);
    expect(detail.json.data.cards).toHaveLength(1);
  });

  it('rate-limits lookups per order number', async () => {
    const goodsId = await s.goods({ price: '0' });
    await s.cards(goodsId, 1, 'RL');
    const v = await visitorBuy(t, goodsId);
    const codes: number[] = [];
    for (let i = 0; i < 11; i++)
      codes.push(
        (
          await t.post(
            '/visitor/order/lookup',
            { orderNo: v.json.data.orderNo, queryPassword: 'wrong-pass' },
            undefined,
            someLoopbackIp(),
          )
        ).json.code,
      );
    expect(codes.slice(0, 10).every((c) => c === 3012)).toBe(true);
    expect(codes[10]).toBe(1002);
  });

  it('refuses bad input on every field with a Chinese 1001 and writes nothing', async () => {
    const goodsId = await s.goods({ price: '1' });
    await s.cards(goodsId, 3);
    const before = await t.deps.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ goodsId: 'abc' }, 'goodsId'],
      [{ goodsId: -1 }, 'goodsId'],
      [{ goodsId, quantity: -1 }, 'quantity'],
      [{ goodsId, quantity: 0 }, 'quantity'],
      [{ goodsId, quantity: 1.5 }, 'quantity'],
      [{ goodsId, quantity: 99999999 }, 'quantity'],
      [{ goodsId, quantity: 'many' }, 'quantity'],
      [{ goodsId, contact: 'x'.repeat(101) }, 'contact'],
      [{ goodsId, queryPassword: '123' }, 'queryPassword'],
      [{ goodsId, rechargeInputs: '{bad json' }, 'rechargeInputs'],
      [{ goodsId, remark: '<script>alert(1)</script>' }, 'remark'],
      [{ goodsId, shipPhone: 'abc' }, 'shipPhone'],
    ];
    for (const [body, field] of cases) {
      const res = await t.post(
        '/inside/order/create',
        { contact: 'x@y.com', queryPassword: 'abcdef12', ...body },
        undefined,
        someLoopbackIp(),
      );
      expect(res.json.code, JSON.stringify(body)).toBe(1001);
      expect(res.json.msg).toMatch(/[\u4e00-\u9fa5]/);
      expect(res.json.data.field).toBe(field);
    }
    // business refusals, also nothing written
    expect((await visitorBuy(t, 999999)).json.code).toBe(3003);
    expect(
      (await t.post('/inside/order/create', { goodsId, quantity: 1 }, undefined, someLoopbackIp())).json.code,
    ).toBe(3007);
    expect(
      (await t.post('/inside/order/create', { goodsId, contact: 'a@b.com' }, undefined, someLoopbackIp())).json.code,
    ).toBe(3013);
    expect((await visitorBuy(t, goodsId, { quantity: 4 })).json.code).toBe(3001);
    expect((await visitorBuy(t, goodsId, { quantity: 101 })).json.code).toBe(3004);
    const after = await t.deps.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    // admin goods form
    const bad = await t.post(
      `${s.A}/catalog/saveGoods`,
      { dirId: s.dirId, name: 'x', type: 'card', faceValue: '1', price: '-1' },
      s.admin,
    );
    expect(bad.json).toMatchObject({ code: 1001, data: { field: 'price' } });
    const bad2 = await t.post(
      `${s.A}/catalog/saveGoods`,
      { dirId: s.dirId, name: 'x', type: 'card', faceValue: '1', price: '1.234' },
      s.admin,
    );
    expect(bad2.json.data.field).toBe('price');
  });

  it('validates recharge inputs against the template and refuses markup', async () => {
    const template = JSON.stringify([
      { key: 'account', label: '充值账号', type: 'text', required: true },
      { key: 'server', label: '区服', type: 'select', options: ['一区', '二区'], required: true },
      { key: 'amount', label: '数量', type: 'number', required: false },
    ]);
    const goodsId = await s.goods({ type: 'recharge', price: '5', rechargeTemplate: template });
    const m = await s.member('20');
    const buy = (inputs: unknown) =>
      t.post('/inside/order/create', { goodsId, rechargeInputs: JSON.stringify(inputs) }, m.token);
    expect((await buy({ account: '<img src=x onerror=alert(1)>', server: '一区' })).json.code).toBe(3008);
    expect((await buy({ server: '一区' })).json.msg).toBe('请填写充值账号');
    expect((await buy({ account: 'abc', server: '三区' })).json.code).toBe(3008);
    expect((await buy({ account: 'abc', server: '一区', amount: '12a' })).json.code).toBe(3008);
    expect((await buy({ account: 'abc', server: '一区', evil: 1 })).json.code).toBe(3008);
    const ok = await buy({ account: 'abc', server: '一区' });
    // The answers come back with the labels the buyer saw, never the template's raw keys.
    expect(ok.json.data.buyerInputs).toEqual([
      { key: 'account', label: '充值账号', type: 'text', value: 'abc' },
      { key: 'server', label: '区服', type: 'select', value: '一区' },
    ]);
    const staffView = await t.post(`${s.A}/orders/detail`, { orderNo: ok.json.data.orderNo }, s.admin);
    expect(staffView.json.data.buyerInputs.map((i: { label: string }) => i.label)).toEqual(['充值账号', '区服']);
    // pay → pending → staff delivers with a text
    const paid = await t.post('/inside/order/payByBalance', { orderNo: ok.json.data.orderNo }, m.token);
    expect(paid.json.data.status).toBe('pending');
    expect(
      (await t.post(`${s.A}/orders/deliver`, { orderNo: ok.json.data.orderNo, deliveryText: '已充值到账' }, s.admin))
        .json.data.status,
    ).toBe('delivered');
    expect(
      (await t.post('/inside/order/getDetail', { orderNo: ok.json.data.orderNo }, m.token)).json.data.deliveryText,
    ).toBe('已充值到账');
    // a second one fails → refund to balance
    const again = await buy({ account: 'abc', server: '二区' });
    await t.post('/inside/order/payByBalance', { orderNo: again.json.data.orderNo }, m.token);
    expect(
      (await t.post(`${s.A}/orders/refund`, { orderNo: again.json.data.orderNo, reason: '上游失败' }, s.admin)).json
        .data.status,
    ).toBe('refunded');
    expect(await balanceOf(t, m.id)).toEqual({ balance: 1500, ledgerSum: 1500 });
  });

  it('manual (人工) goods ask the buyer through an input template too', async () => {
    const template = JSON.stringify([{ key: 'note', label: '游戏角色名', type: 'text', required: true }]);
    const goodsId = await s.goods({ type: 'manual', price: '3', rechargeTemplate: template });
    const m = await s.member('10');
    const buy = (inputs: unknown) =>
      t.post('/inside/order/create', { goodsId, rechargeInputs: JSON.stringify(inputs) }, m.token);
    expect((await buy({})).json.msg).toBe('请填写游戏角色名');
    const ok = await buy({ note: '剑圣' });
    expect(ok.json.data.buyerInputs).toEqual([{ key: 'note', label: '游戏角色名', type: 'text', value: '剑圣' }]);
    // Goods without a template refuse inputs.
    const plainId = await s.goods({ type: 'manual', price: '3' });
    expect(
      (
        await t.post(
          '/inside/order/create',
          { goodsId: plainId, rechargeInputs: JSON.stringify({ note: 'x' }) },
          m.token,
        )
      ).json.code,
    ).toBe(3008);
  });

  it('ships physical goods with carrier and tracking number', async () => {
    const goodsId = await s.goods({ type: 'physical', price: '2', stock: 3 });
    const m = await s.member('10');
    expect((await t.post('/inside/order/create', { goodsId }, m.token)).json.code).toBe(3022);
    const o = await t.post(
      '/inside/order/create',
      { goodsId, shipName: '张三', shipPhone: '13800000000', shipAddress: '北京市朝阳区' },
      m.token,
    );
    expect(
      (
        await t.post(
          '/inside/order/create',
          { goodsId, quantity: 3, shipName: '张三', shipPhone: '13800000000', shipAddress: '北京' },
          m.token,
        )
      ).json.code,
    ).toBe(3001);
    await t.post('/inside/order/payByBalance', { orderNo: o.json.data.orderNo }, m.token);
    const shipped = await t.post(
      `${s.A}/orders/deliver`,
      { orderNo: o.json.data.orderNo, carrier: '顺丰', trackingNo: 'SF1234567890' },
      s.admin,
    );
    expect(shipped.json.data.status).toBe('shipped');
    const d = await t.post('/inside/order/getDetail', { orderNo: o.json.data.orderNo }, m.token);
    expect(d.json.data.express).toMatchObject({ carrier: '顺丰', trackingNo: 'SF1234567890' });
  });

  it('replaying a payment 100 times delivers once', async () => {
    const goodsId = await s.goods({ price: '8' });
    await s.cards(goodsId, 5, 'REPLAY');
    const v = await visitorBuy(t, goodsId);
    const orderId = (
      await t.deps.db
        .selectFrom('orders')
        .select('id')
        .where('order_no', '=', v.json.data.orderNo)
        .executeTakeFirstOrThrow()
    ).id;
    const outcomes = await Promise.all(
      Array.from({ length: 100 }, () =>
        t.deps.db
          .transaction()
          .execute((trx) => applyPayment(trx, orderId, { method: 'sandbox', amount: 800, ref: 'T1' })),
      ),
    );
    expect(outcomes.filter((o) => o.applied)).toHaveLength(1);
    const linked = await t.deps.db
      .selectFrom('order_cards')
      .select('card_id')
      .where('order_id', '=', orderId)
      .execute();
    expect(linked).toHaveLength(1);
    const sold = await t.deps.db
      .selectFrom('cards')
      .select('id')
      .where('goods_id', '=', goodsId)
      .where('status', '=', 'sold')
      .execute();
    expect(sold).toHaveLength(1);
    await expect(
      t.deps.db.transaction().execute((trx) => applyPayment(trx, orderId, { method: 'sandbox', amount: 1 })),
    ).resolves.toMatchObject({ applied: false });
  });

  // Runs every job due by `at` (a batch holds 10; other periodic jobs may be due too).
  const runDueUntilDone = async (at: number) => {
    for (let round = 0; round < 20 && (await t.deps.jobs.runDue(at)) > 0; round++);
  };

  it('expiry job releases reservations; paid after expiry is fulfilled when stock allows, else refunded or flagged', async () => {
    const goodsId = await s.goods({ price: '4' });
    await s.cards(goodsId, 1, 'EXP');
    const m = await s.member('10');
    const first = await t.post('/inside/order/create', { goodsId }, m.token);
    expect((await t.post('/inside/goods/getDetail', { goodsId })).json.data.stock).toBe(0);
    expect((await visitorBuy(t, goodsId)).json.code).toBe(3001);
    await runDueUntilDone(Date.now() + 16 * 60_000);
    expect(
      (await t.post('/inside/order/getDetail', { orderNo: first.json.data.orderNo }, m.token)).json.data.status,
    ).toBe('expired');
    expect((await t.post('/inside/goods/getDetail', { goodsId })).json.data.stock).toBe(1);
    expect((await t.post('/inside/order/payByBalance', { orderNo: first.json.data.orderNo }, m.token)).json.code).toBe(
      3011,
    );

    const idOf = async (no: string) =>
      (await t.deps.db.selectFrom('orders').select('id').where('order_no', '=', no).executeTakeFirstOrThrow()).id;
    // A gateway pays the expired order late: the card is still there → delivered.
    const firstId = await idOf(first.json.data.orderNo);
    const late = await t.deps.db
      .transaction()
      .execute((trx) => applyPayment(trx, firstId, { method: 'sandbox', amount: 400 }));
    expect(late).toEqual({ applied: true, status: 'delivered' });

    // Now stock is gone: a visitor's expired order paid late is flagged; a member's is refunded.
    await s.cards(goodsId, 2, 'EXP2');
    const v = await visitorBuy(t, goodsId);
    const m2 = await t.post('/inside/order/create', { goodsId }, m.token);
    await runDueUntilDone(Date.now() + 16 * 60_000);
    await t.post('/inside/order/create', { goodsId, quantity: 2 }, (await s.member()).token).then(async (r) => {
      expect(r.json.code).toBe(1000); // takes the two released cards
    });
    const vId = await idOf(v.json.data.orderNo);
    const mId = await idOf(m2.json.data.orderNo);
    const vOut = await t.deps.db
      .transaction()
      .execute((trx) => applyPayment(trx, vId, { method: 'sandbox', amount: 400 }));
    expect(vOut.status).toBe('refund_due');
    const before = await balanceOf(t, m.id);
    const mOut = await t.deps.db
      .transaction()
      .execute((trx) => applyPayment(trx, mId, { method: 'sandbox', amount: 400 }));
    expect(mOut.status).toBe('refunded');
    const after = await balanceOf(t, m.id);
    expect(after.balance - before.balance).toBe(400);
    expect(after.ledgerSum).toBe(after.balance);
    // staff confirm the visitor's refund was paid back
    expect(
      (await t.post(`${s.A}/orders/refund`, { orderNo: v.json.data.orderNo, reason: '已原路退回' }, s.admin)).json.data
        .status,
    ).toBe('refunded');
  });

  it('card repeal: requested by the buyer, approved by staff with a refund', async () => {
    const goodsId = await s.goods({ price: '5', allowRepeal: 1 });
    await s.cards(goodsId, 3, 'REP');
    const m = await s.member('20');
    const o = await t.post('/inside/order/create', { goodsId, quantity: 2 }, m.token);
    const paid = await t.post('/inside/order/payByBalance', { orderNo: o.json.data.orderNo }, m.token);
    const [c1, c2] = paid.json.data.cards;
    const other = await s.member();
    expect(
      (
        await t.post(
          '/inside/order/cardRepeal',
          { orderNo: o.json.data.orderNo, cardIds: c1.id, reason: '无法使用' },
          other.token,
        )
      ).json.code,
    ).toBe(3009);
    expect(
      (
        await t.post(
          '/inside/order/cardRepeal',
          { orderNo: o.json.data.orderNo, cardIds: [c1.id, c2.id], reason: '无法使用' },
          m.token,
        )
      ).json.data.requested,
    ).toBe(2);
    expect(
      (
        await t.post(
          '/inside/order/cardRepeal',
          { orderNo: o.json.data.orderNo, cardIds: c1.id, reason: '再次' },
          m.token,
        )
      ).json.code,
    ).toBe(3015);
    const list = await t.post(`${s.A}/orders/repeals`, { status: 'requested' }, s.admin);
    const mineIds = list.json.data.list
      .filter((r: { orderNo: string }) => r.orderNo === o.json.data.orderNo)
      .map((r: { id: number }) => r.id);
    expect(mineIds).toHaveLength(2);
    expect(
      (await t.post(`${s.A}/orders/handleRepeals`, { ids: mineIds[0], approve: 1 }, s.admin)).json.data.handled,
    ).toBe(1);
    expect(
      (await t.post(`${s.A}/orders/handleRepeals`, { ids: mineIds[0], approve: 1 }, s.admin)).json.data.handled,
    ).toBe(0);
    expect(
      (await t.post(`${s.A}/orders/handleRepeals`, { ids: mineIds[1], approve: 0, note: '已使用' }, s.admin)).json.data
        .handled,
    ).toBe(1);
    expect(await balanceOf(t, m.id)).toEqual({ balance: 1500, ledgerSum: 1500 });
    const d = await t.post('/inside/order/getDetail', { orderNo: o.json.data.orderNo }, m.token);
    expect(d.json.data.cards.map((c: { repealStatus: string }) => c.repealStatus).sort()).toEqual([
      'approved',
      'rejected',
    ]);
    expect(d.json.data.refundAmount).toBe(500);
  });

  it('favourites and the goods log of followed goods', async () => {
    const goodsId = await s.goods({ price: '5' });
    const m = await registerMember(t);
    expect((await t.post('/inside/favorite/add', { goodsId }, m.token)).json.code).toBe(1000);
    expect((await t.post('/inside/favorite/add', { goodsId: 99999999 }, m.token)).json.code).toBe(3003);
    expect((await t.post('/inside/favorite/getList', {}, m.token)).json.data.map((g: { id: number }) => g.id)).toEqual([
      goodsId,
    ]);
    const detail = (await t.post(`${s.A}/catalog/goodsDetail`, { goodsId }, s.admin)).json.data;
    const saved = await t.post(
      `${s.A}/catalog/saveGoods`,
      { id: goodsId, dirId: s.dirId, name: detail.name, type: 'card', faceValue: '10', price: '6.00' },
      s.admin,
    );
    expect(saved.json.code).toBe(1000);
    await t.post(`${s.A}/catalog/setGoodsStatus`, { ids: goodsId, status: 'paused' }, s.admin);
    const log = await t.post('/inside/goodsLog/getList', {}, m.token);
    expect(log.json.data.list.map((l: { kind: string; after: string }) => `${l.kind}:${l.after}`)).toEqual([
      'status:paused',
      'price:6.00',
    ]);
    expect((await visitorBuy(t, goodsId)).json.code).toBe(3002);
  });

  it('sanitises goods descriptions and checks staff permissions', async () => {
    const goodsId = await s.goods({
      description:
        '<p onclick="x()">好<script>alert(1)</script><img src="javascript:alert(1)"><a href="https://a.cn">链接</a></p>',
    });
    const d = (await t.post('/inside/goods/getDetail', { goodsId })).json.data.description;
    expect(d).not.toMatch(/script|onclick|javascript/);
    expect(d).toContain('<a href="https://a.cn">链接</a>');
    const m = await registerMember(t);
    expect((await t.post(`${s.A}/stock/list`, {}, m.token)).json.code).toBe(-1);
  });
});
