import { frozenProfitOf } from '../../src/modules/profits/index.js';
import { Codes } from '@kapu/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, drainJobs, someLoopbackIp, type TestApp } from '../helper.js';
import { balanceOf } from '../commerce/commerce-helper.js';
import { epayV1Notify } from '../payments/fake-gateways.js';
import { startFakeEpay, type FakeEpay } from '../payments/fake-epay.js';
import {
  expectLedgersBalanced,
  handoffForm,
  orderOf,
  paymentOf,
  payShop,
  sendNotify,
} from '../payments/payments-helper.js';
import { seedSite } from './sites-fixture.js';

const KEY_A = 'ownerAlphaMd5Key2026';
const KEY_B = 'ownerBetaMd5Key2026';
const PLATFORM_KEY = 'platformMd5Key2026';

/**
 * Own payment channels of sub-sites (decision 0010): buyers pay the owner's own 易支付 merchant (a fake
 * that speaks the real protocol); the owner's prepaid balance pays the site's cost at delivery.
 */
describe.each(dialects())('sub-sites with their own payment channels on %s', (dialect) => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof payShop>>;
  let epay: FakeEpay;
  let goodsId: number;
  let platformAccount: number;
  type Owner = { id: number; token: string };
  let parentOwner: Owner;
  let ownerA: Owner;
  let ownerB: Owner;
  let ownerC: Owner;
  let siteP: number;
  let siteA: number;
  let siteB: number;
  let accountA: number;
  let accountB: number;

  const allowOwnPayment = async (siteId: number) => {
    const site = await t.deps.db
      .selectFrom('sites')
      .select('version_id')
      .where('id', '=', siteId)
      .executeTakeFirstOrThrow();
    await t.deps.db.updateTable('site_versions').set({ own_payment: 1 }).where('id', '=', site.version_id!).execute();
  };
  const epayConfig = (pid: string, key: string, extra: Record<string, string> = {}) =>
    JSON.stringify({ baseUrl: epay.url, pid, key, type: 'alipay', ...extra });
  const saveOwn = (owner: Owner, body: Record<string, unknown>) =>
    t.post('/vip/payAccount/save', { name: '我的易支付', displayName: '支付宝', ...body }, owner.token);
  const adjust = async (userId: number, yuan: string) => {
    const res = await t.post(`${s.A}/funds/adjust`, { userId, amount: yuan, reason: '站长预存' }, s.admin);
    expect(res.json.code, res.json.msg).toBe(1000);
  };
  const sharesOf = (orderId: number) =>
    t.deps.db
      .selectFrom('profit_shares')
      .select(['user_id', 'amount', 'reversed_amount', 'status'])
      .where('ref_type', '=', 'order')
      .where('order_id', '=', orderId)
      .orderBy('depth')
      .execute();
  const frozenOf = (userId: number) => frozenProfitOf(t.deps.db, userId);
  const ledgerOf = (userId: number, type: string) =>
    t.deps.db
      .selectFrom('ledger_entries')
      .select(['amount', 'ref_id'])
      .where('user_id', '=', userId)
      .where('type', '=', type)
      .orderBy('id')
      .execute();
  const availableCards = async () =>
    Number(
      (
        await t.deps.db
          .selectFrom('cards')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('goods_id', '=', goodsId)
          .where('status', '=', 'available')
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** A visitor's order on a site's path: its number and amount. */
  async function visitorOrder(path: string, quantity = 1, goods = goodsId) {
    const res = await t.post(
      `/${path}/inside/order/create`,
      { goodsId: goods, quantity, contact: 'buyer@example.com', queryPassword: 'look123456' },
      undefined,
      someLoopbackIp(),
    );
    expect(res.json.code, res.json.msg).toBe(1000);
    return (await orderOf(t, res.json.data.orderNo)) as Awaited<ReturnType<typeof orderOf>>;
  }
  async function memberOrder(path: string, token: string, goods = goodsId) {
    const res = await t.post(`/${path}/inside/order/create`, { goodsId: goods, quantity: 1 }, token, someLoopbackIp());
    expect(res.json.code, res.json.msg).toBe(1000);
    return orderOf(t, res.json.data.orderNo);
  }
  const payOn = (path: string, body: Record<string, unknown>, token?: string) =>
    t.post(`/${path}/pay/create`, body, token, someLoopbackIp());
  /** The buyer's browser takes the hand-off to the merchant, who takes the order and (here) its money. */
  async function payAtMerchant(created: { paymentNo: string; handoff: { kind: string; url?: string } }) {
    const form = await handoffForm(t, created.handoff);
    const landed = await fetch(form.action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form.fields).toString(),
    });
    expect(await landed.text()).toContain(`data-order="${created.paymentNo}"`);
    epay.markPaid(created.paymentNo);
    return form;
  }
  /** The gateway's notify for a payment, signed with a merchant key, sent where the account says. */
  async function notifyPaid(accountId: number, paymentNo: string, pid: string, key: string) {
    const p = await paymentOf(t, paymentNo);
    const money = (p.amount / 100).toFixed(2);
    // The merchant's own trade number when it took the order (refunds name it), else one of ours.
    const tradeNo = [...epay.orders.values()].find((o) => o.outTradeNo === paymentNo)?.tradeNo ?? `T${paymentNo}`;
    const params = epayV1Notify(key, { pid, trade_no: tradeNo, out_trade_no: paymentNo, money });
    return sendNotify(t, `/pay/notify/epay_v1/${accountId}`, params);
  }

  beforeAll(async () => {
    t = await buildTestApp(dialect, { ownerGatewayHosts: 'any' });
    s = await payShop(t);
    epay = await startFakeEpay([
      { pid: '3001', key: KEY_A },
      { pid: '3002', key: KEY_B },
      { pid: '1001', key: PLATFORM_KEY },
    ]);
    goodsId = await s.goods({ price: '10.00', allowRepeal: 1 });
    await s.cards(goodsId, 30);
    platformAccount = await s.account('epay_v1', { baseUrl: epay.url, pid: '1001', key: PLATFORM_KEY, type: 'alipay' });
    parentOwner = await s.member();
    ownerA = await s.member();
    ownerB = await s.member();
    ownerC = await s.member();
    // 1 → P (sells to its children at +1.00) → A (sells at +2.00); B and C under the platform.
    siteP = await seedSite(t, { ownerId: parentOwner.id, path: 'own-p', child: [{ kind: 'fixed', value: 100 }] });
    siteA = await seedSite(t, {
      ownerId: ownerA.id,
      path: 'own-a',
      parentId: siteP,
      buyer: [{ kind: 'fixed', value: 200 }],
    });
    siteB = await seedSite(t, { ownerId: ownerB.id, path: 'own-b', buyer: [{ kind: 'fixed', value: 100 }] });
    await seedSite(t, { ownerId: ownerC.id, path: 'own-c' });
    await allowOwnPayment(siteA);
    await allowOwnPayment(siteB);
  });
  afterAll(async () => {
    await epay?.close();
    await t?.dispose();
  });
  afterEach(() => expectLedgersBalanced(t));

  it('an owner keeps their own accounts: secrets sealed and never answered; nobody else sees or changes them', async () => {
    const saved = await saveOwn(ownerA, { gateway: 'epay_v1', enabled: 1, config: epayConfig('3001', KEY_A) });
    expect(saved.json.code, saved.json.msg).toBe(1000);
    accountA = saved.json.data.id;
    expect(saved.json.data.config.key).toBe('已设置');
    expect(JSON.stringify(saved.json)).not.toContain(KEY_A);
    const row = await t.deps.db
      .selectFrom('payment_accounts')
      .select(['site_id', 'config'])
      .where('id', '=', accountA)
      .executeTakeFirstOrThrow();
    expect(Number(row.site_id)).toBe(siteA);
    expect(row.config).not.toContain(KEY_A);

    const list = await t.post('/vip/payAccount/getList', {}, ownerA.token);
    expect(list.json.code, list.json.msg).toBe(1000);
    expect(list.json.data).toMatchObject({ siteId: siteA, allowed: true, active: true, balance: 0 });
    expect(list.json.data.accounts.map((a: { id: number }) => a.id)).toEqual([accountA]);
    expect(list.json.data.gateways.map((g: { name: string }) => g.name)).toEqual(['epay_v1', 'epay_v2', 'alipay']);
    expect(JSON.stringify(list.json)).not.toContain(KEY_A);

    // Saving again with the key left empty keeps it; a wrong gateway type is refused.
    const renamed = await saveOwn(ownerA, {
      id: accountA,
      gateway: 'epay_v1',
      name: '改名',
      enabled: 1,
      config: epayConfig('3001', ''),
    });
    expect(renamed.json.code, renamed.json.msg).toBe(1000);
    expect(renamed.json.data.config.key).toBe('已设置');
    expect((await saveOwn(ownerA, { gateway: 'sandbox', enabled: 0, config: '{}' })).json.code).toBe(1001);

    // B: own accounts of its own; A's are unknown to B, whatever the call.
    const b = await saveOwn(ownerB, { gateway: 'epay_v1', enabled: 0, config: epayConfig('3002', '') });
    expect(b.json.code, b.json.msg).toBe(1000);
    accountB = b.json.data.id;
    expect((await t.post('/vip/payAccount/getList', {}, ownerB.token)).json.data.accounts).toHaveLength(1);
    for (const [path, body] of [
      ['/vip/payAccount/save', { id: accountA, gateway: 'epay_v1', name: 'x', config: epayConfig('3002', KEY_B) }],
      ['/vip/payAccount/setEnabled', { id: accountA, enabled: 0 }],
      ['/vip/payAccount/delete', { id: accountA }],
      ['/vip/payAccount/test', { id: accountA }],
    ] as const) {
      const res = await t.post(path, body, ownerB.token);
      expect(res.json.code, path).toBe(4006);
    }
    // B switching on an account without its key: the missing setting is named.
    const missing = await t.post('/vip/payAccount/setEnabled', { id: accountB, enabled: 1 }, ownerB.token);
    expect(missing.json.code).toBe(4007);
    expect(missing.json.msg).toContain('商户密钥');
    // The admin's list is the platform's; an owner's account is not the admin's to edit there.
    const admin = await t.post(`${s.A}/payments/accounts`, {}, s.admin);
    expect(admin.json.data.map((a: { id: number }) => a.id)).not.toContain(accountA);
    const adminEdit = await t.post(
      `${s.A}/payments/saveAccount`,
      { id: accountA, gateway: 'epay_v1', name: 'x', enabled: 0, config: '{}' },
      s.admin,
    );
    expect(adminEdit.json.code).toBe(4006);

    // A version without the feature, and a member without a site, get clear codes.
    const c = await saveOwn(ownerC, { gateway: 'epay_v1', enabled: 0, config: epayConfig('3003', 'k') });
    expect(c.json.code).toBe(4090);
    expect((await t.post('/vip/payAccount/getList', {}, ownerC.token)).json.data).toMatchObject({
      allowed: false,
      active: false,
      accounts: [],
    });
    const nobody = await s.member();
    expect((await t.post('/vip/payAccount/getList', {}, nobody.token)).json.code).toBe(6007);
    expect((await t.post('/vip/payAccount/getList', {})).json.code).toBe(-2);
  });

  it('the test payment goes through the owner’s own merchant and answers no secret', async () => {
    const res = await t.post('/vip/payAccount/test', { id: accountA }, ownerA.token);
    expect(res.json.code, res.json.msg).toBe(1000);
    expect(JSON.stringify(res.json)).not.toContain(KEY_A);
    const payment = await paymentOf(t, res.json.data.paymentNo);
    expect(payment).toMatchObject({ purpose: 'test', site_id: siteA, account_id: accountA, amount: 1 });
    expect(res.json.data.handoff.kind).toBe('form');
    expect(res.json.data.handoff.fields.pid).toBe('3001');
    expect(res.json.data.handoff.fields.notify_url).toMatch(new RegExp(`/pay/notify/epay_v1/${accountA}$`));
  });

  it('the site’s own channels (and the balance for members) on its orders; the platform’s everywhere else', async () => {
    const ids = async (path: string, purpose: string, token?: string) => {
      const res = await t.post(`${path}/pay/getChannels`, { client: 'pc', purpose }, token);
      expect(res.json.code, res.json.msg).toBe(1000);
      return (res.json.data as Array<{ id: number; gateway: string }>).map((c) =>
        c.gateway === 'balance' ? 'balance' : c.id,
      );
    };
    const buyer = await s.member();
    expect(await ids('/own-a', 'order')).toEqual([accountA]);
    expect(await ids('/own-a', 'order', buyer.token)).toEqual(['balance', accountA]);
    expect(await ids('/own-a', 'recharge', buyer.token)).not.toContain(accountA);
    expect(await ids('/own-a', 'recharge', buyer.token)).toContain(platformAccount);
    // B's account is switched off, C's version has no own channels, the platform has its own.
    expect(await ids('/own-b', 'order')).toContain(platformAccount);
    expect(await ids('/own-c', 'order')).toContain(platformAccount);
    expect(await ids('', 'order')).not.toContain(accountA);

    // /pay/create holds the same rule: another channel is refused, nothing is written.
    await adjust(ownerA.id, '100');
    const order = await visitorOrder('own-a');
    for (const accountId of [platformAccount, accountB]) {
      const res = await payOn('own-a', { accountId, orderNo: order.order_no, queryPassword: 'look123456' });
      expect(res.json.code).toBe(4001);
    }
    const recharge = await t.post('/pay/create', { accountId: accountA, amount: '10' }, buyer.token);
    expect(recharge.json.code).toBe(4001);
    expect(await t.deps.db.selectFrom('payments').select('id').where('order_id', '=', order.id).execute()).toHaveLength(
      0,
    );
  });

  it('a visitor pays into the owner’s account: delivered, the owner pays the cost, the parent’s share freezes, the sum is exact', async () => {
    const before = (await balanceOf(t, ownerA.id)).balance;
    const order = await visitorOrder('own-a', 2);
    expect(order.amount).toBe(2 * 1300);
    const pay = await payOn('own-a', { accountId: accountA, orderNo: order.order_no, queryPassword: 'look123456' });
    expect(pay.json.code, pay.json.msg).toBe(1000);
    const paymentNo = pay.json.data.paymentNo as string;
    // The buyer's browser goes to the owner's merchant with the owner's pid and our notify address.
    const form = await payAtMerchant(pay.json.data);
    expect(form.action).toBe(`${epay.url}/submit.php`);
    expect(form.fields).toMatchObject({ pid: '3001', money: '26.00', out_trade_no: paymentNo });
    expect(form.fields.notify_url).toMatch(new RegExp(`/pay/notify/epay_v1/${accountA}$`));
    // …and comes back to the site's own pages (its path), where the order is.
    expect(form.fields.return_url).toMatch(new RegExp(`/own-a/pay/return_epay\\?paymentNo=${paymentNo}$`));

    // A notify signed with another merchant's key, or sent to another account, changes nothing.
    expect((await notifyPaid(accountA, paymentNo, '3001', KEY_B)).body).not.toBe('success');
    expect((await notifyPaid(platformAccount, paymentNo, '1001', PLATFORM_KEY)).body).not.toBe('success');
    expect((await orderOf(t, order.order_no)).status).toBe('unpaid');

    expect((await notifyPaid(accountA, paymentNo, '3001', KEY_A)).body).toBe('success');
    expect((await notifyPaid(accountA, paymentNo, '3001', KEY_A)).body).toBe('success'); // replay: once
    const paid = await orderOf(t, order.order_no);
    expect(paid).toMatchObject({ status: 'delivered', payee_site_id: siteA, site_cost: 2 * 1100 });
    const cards = await t.deps.db
      .selectFrom('order_cards')
      .select('card_id')
      .where('order_id', '=', order.id)
      .execute();
    expect(cards).toHaveLength(2);

    // The owner paid the platform its base and the parent's margin; they keep their own margin.
    expect((await balanceOf(t, ownerA.id)).balance).toBe(before - 2200);
    expect((await ledgerOf(ownerA.id, 'site_cost')).at(-1)).toMatchObject({ amount: -2200, ref_id: order.order_no });
    const shares = await sharesOf(order.id);
    expect(shares.map((r) => [r.user_id, Number(r.amount), r.status])).toEqual([
      [parentOwner.id, 200, 'frozen'],
      [ownerA.id, 400, 'kept'],
    ]);
    expect(await frozenOf(parentOwner.id)).toBe(200);
    expect(await frozenOf(ownerA.id)).toBe(0);
    // What the owner paid is the platform's base (2 × 10.00) and the parent's share; with the owner's
    // kept margin it is exactly what the buyer paid.
    const parentShare = Number(shares[0]!.amount);
    const kept = Number(shares[1]!.amount);
    expect(paid.site_cost - parentShare).toBe(2 * 1000);
    expect(paid.site_cost + kept).toBe(paid.amount);
  });

  it('the active query asks the owner’s merchant with the owner’s keys', async () => {
    const order = await visitorOrder('own-a');
    const pay = await payOn('own-a', { accountId: accountA, orderNo: order.order_no, queryPassword: 'look123456' });
    const paymentNo = pay.json.data.paymentNo as string;
    await payAtMerchant(pay.json.data);
    // The first query is due a minute after the payment started (well before the order's deadline).
    for (let i = 0; i < 5 && (await paymentOf(t, paymentNo)).status === 'unpaid'; i++)
      await t.deps.jobs.runDue(Date.now() + 61_000 + i * 31_000);
    expect(epay.requests.some((r) => r.path === '/api.php' && r.query.get('pid') === '3001')).toBe(true);
    expect(await orderOf(t, order.order_no)).toMatchObject({ status: 'delivered', site_cost: 1100 });
  });

  it('a payment that arrives after the order expired still delivers and charges only the cost', async () => {
    const order = await visitorOrder('own-a');
    const pay = await payOn('own-a', { accountId: accountA, orderNo: order.order_no, queryPassword: 'look123456' });
    await payAtMerchant(pay.json.data);
    const { expireOrder } = await import('../../src/flows/checkout.js');
    expect(await expireOrder(t.deps.db, order.id)).toBe(true);
    expect((await sharesOf(order.id)).map((r) => r.status)).toEqual(['void', 'void']);
    expect((await notifyPaid(accountA, pay.json.data.paymentNo, '3001', KEY_A)).body).toBe('success');
    expect(await orderOf(t, order.order_no)).toMatchObject({ status: 'delivered', site_cost: 1100 });
    expect((await sharesOf(order.id)).map((r) => r.status)).toEqual(['frozen', 'kept']);
  });

  it('refuses the payment before it starts when the owner’s balance cannot cover the cost; nothing written', async () => {
    const enabled = await t.post(
      '/vip/payAccount/save',
      {
        id: accountB,
        gateway: 'epay_v1',
        name: 'B 的易支付',
        enabled: 1,
        config: epayConfig('3002', KEY_B),
      },
      ownerB.token,
    );
    expect(enabled.json.code, enabled.json.msg).toBe(1000);
    expect((await balanceOf(t, ownerB.id)).balance).toBe(0);
    const order = await visitorOrder('own-b');
    const requests = epay.requests.length;
    const res = await payOn('own-b', { accountId: accountB, orderNo: order.order_no, queryPassword: 'look123456' });
    expect(res.json.code).toBe(4091);
    expect(res.json.msg).toBe('分站余额不足，暂时无法下单，请联系站长');
    expect(await t.deps.db.selectFrom('payments').select('id').where('order_id', '=', order.id).execute()).toEqual([]);
    expect(epay.requests.length).toBe(requests);
    expect((await orderOf(t, order.order_no)).status).toBe('unpaid');

    // A member may still pay from the platform balance: the platform has the money, B's share freezes as usual.
    const buyer = await s.member('50');
    const mine = await memberOrder('own-b', buyer.token);
    const balanceAccount = (
      await t.deps.db
        .selectFrom('payment_accounts')
        .select('id')
        .where('gateway', '=', 'balance')
        .executeTakeFirstOrThrow()
    ).id;
    const paid = await payOn('own-b', { accountId: balanceAccount, orderNo: mine.order_no }, buyer.token);
    expect(paid.json.code, paid.json.msg).toBe(1000);
    expect(await orderOf(t, mine.order_no)).toMatchObject({ status: 'delivered', payee_site_id: null, site_cost: 0 });
    expect((await sharesOf(mine.id)).map((r) => r.status)).toEqual(['frozen']);
    expect((await balanceOf(t, ownerB.id)).balance).toBe(0);
  });

  it('two paid orders and a balance for one: no overdraft; the other waits for the owner, who pays it back through the gateway', async () => {
    await adjust(ownerB.id, '10'); // the cost of one order (B sells at 11.00, costs 10.00)
    const first = await visitorOrder('own-b');
    const second = await visitorOrder('own-b');
    const pays = [];
    for (const o of [first, second]) {
      const res = await payOn('own-b', { accountId: accountB, orderNo: o.order_no, queryPassword: 'look123456' });
      expect(res.json.code, res.json.msg).toBe(1000);
      pays.push(res.json.data.paymentNo as string);
      await payAtMerchant(res.json.data);
    }
    const cardsBefore = await availableCards();
    const answers = await Promise.all(pays.map((no) => notifyPaid(accountB, no, '3002', KEY_B)));
    expect(answers.map((a) => a.body)).toEqual(['success', 'success']);
    const orders = [await orderOf(t, first.order_no), await orderOf(t, second.order_no)];
    const statuses = orders.map((o) => o.status).sort();
    expect(statuses).toEqual(['delivered', 'refund_due']);
    expect((await balanceOf(t, ownerB.id)).balance).toBe(0);
    const waiting = orders.find((o) => o.status === 'refund_due')!;
    expect(waiting.refund_reason).toContain('站长余额不足');
    expect(waiting.site_cost).toBe(0);
    // Its cards went back to stock; its shares lapsed; the owner is told through an event.
    expect(await availableCards()).toBe(cardsBefore + 1);
    expect((await sharesOf(waiting.id)).map((r) => r.status)).toEqual(['void']);
    const events = await t.deps.db
      .selectFrom('domain_events')
      .select('payload')
      .where('type', '=', 'order.ownerRefundDue')
      .execute();
    expect(events.map((e) => JSON.parse(e.payload))).toContainEqual(
      expect.objectContaining({ orderNo: waiting.order_no, ownerId: ownerB.id, cause: 'cost_short', amount: 1100 }),
    );

    // The owner sees the order to pay back, and sends the money back through their own merchant.
    const due = await t.post('/vip/payRefund/getList', {}, ownerB.token);
    expect(due.json.code, due.json.msg).toBe(1000);
    expect(due.json.data.list).toEqual([
      expect.objectContaining({ orderNo: waiting.order_no, dueAmount: 1100, canGateway: true }),
    ]);
    expect((await t.post('/vip/payRefund/getList', {}, ownerA.token)).json.data.list).toEqual([]);
    expect(
      (await t.post('/vip/payRefund/confirm', { orderNo: waiting.order_no, via: 'manual' }, ownerA.token)).json.code,
    ).toBe(Codes.ORDER_NOT_FOUND.code);
    const back = await t.post('/vip/payRefund/confirm', { orderNo: waiting.order_no, via: 'gateway' }, ownerB.token);
    expect(back.json.code, back.json.msg).toBe(1000);
    expect(epay.refunds.filter((r) => r.outTradeNo === waiting.pay_ref)).toEqual([
      { outTradeNo: waiting.pay_ref, money: '11.00' },
    ]);
    expect(await orderOf(t, waiting.order_no)).toMatchObject({ status: 'refunded', refund_amount: 1100 });
    expect((await paymentOf(t, waiting.pay_ref!)).status).toBe('refunded');
    expect((await balanceOf(t, ownerB.id)).balance).toBe(0);
  });

  it('a staff refund gives the owner the cost back, reverses the parent, and leaves the buyer’s money to the owner', async () => {
    await drainJobs(t);
    const buyer = await s.member('20');
    const order = await memberOrder('own-a', buyer.token);
    const pay = await payOn('own-a', { accountId: accountA, orderNo: order.order_no }, buyer.token);
    expect(pay.json.code, pay.json.msg).toBe(1000);
    await payAtMerchant(pay.json.data);
    expect((await notifyPaid(accountA, pay.json.data.paymentNo, '3001', KEY_A)).body).toBe('success');
    expect(await orderOf(t, order.order_no)).toMatchObject({ status: 'delivered', site_cost: 1100 });
    const ownerBefore = (await balanceOf(t, ownerA.id)).balance;
    const parentFrozen = await frozenOf(parentOwner.id);

    // A card void request is not the way to a refund of this order: its money is in the owner's account.
    const [link] = await t.deps.db.selectFrom('order_cards').select('id').where('order_id', '=', order.id).execute();
    const asked = await t.post(
      '/own-a/inside/order/cardRepeal',
      { orderNo: order.order_no, cardIds: link!.id, reason: '无法使用' },
      buyer.token,
    );
    expect(asked.json.code, asked.json.msg).toBe(1000);
    const requests = await t.post(`${s.A}/orders/repeals`, { status: 'requested' }, s.admin);
    const request = requests.json.data.list.find((r: { orderNo: string }) => r.orderNo === order.order_no);
    const approve = await t.post(`${s.A}/orders/handleRepeals`, { ids: request.id, approve: 1 }, s.admin);
    expect(approve.json.code).toBe(4093);
    expect((await balanceOf(t, buyer.id)).balance).toBe(2000);
    expect((await orderOf(t, order.order_no)).refund_amount).toBe(0);

    // A part: back through the owner's merchant; the owner gets the matching part of the cost.
    // 3.00 of 13.00: the owner's margin gives floor(200 × 300 / 1300) = 46, the parent floor(100 × 300 / 1300) = 23.
    const part = await t.post(
      `${s.A}/orders/refund`,
      { orderNo: order.order_no, reason: '差价', amount: '3.00' },
      s.admin,
    );
    expect(part.json.code, part.json.msg).toBe(1000);
    expect(epay.refunds.filter((r) => r.outTradeNo === pay.json.data.paymentNo)).toEqual([
      { outTradeNo: pay.json.data.paymentNo, money: '3.00' },
    ]);
    expect((await balanceOf(t, ownerA.id)).balance).toBe(ownerBefore + 254);
    expect(await frozenOf(parentOwner.id)).toBe(parentFrozen - 23);
    expect((await orderOf(t, order.order_no)).site_cost).toBe(1100 - 254);
    expect((await balanceOf(t, buyer.id)).balance).toBe(2000 - 0); // the buyer's balance is not the refund's way

    // The rest: the order waits for the owner; the owner has the whole cost back, the parent nothing left.
    const whole = await t.post(`${s.A}/orders/refund`, { orderNo: order.order_no, reason: '不要了' }, s.admin);
    expect(whole.json.code, whole.json.msg).toBe(1000);
    expect(whole.json.data.status).toBe('refund_due');
    expect((await balanceOf(t, ownerA.id)).balance).toBe(ownerBefore + 1100);
    expect((await ledgerOf(ownerA.id, 'site_cost_refund')).map((e) => Number(e.amount)).slice(-2)).toEqual([254, 846]);
    expect(await frozenOf(parentOwner.id)).toBe(parentFrozen - 100);
    expect((await sharesOf(order.id)).map((r) => r.status)).toEqual(['reversed', 'reversed']);
    expect((await balanceOf(t, buyer.id)).balance).toBe(2000);
    const row = await orderOf(t, order.order_no);
    expect(row).toMatchObject({ status: 'refund_due', site_cost: 0 });
    // Staff cannot pay it back from the platform's balance either: the platform never had this money.
    const toBalance = await t.post(
      `${s.A}/payments/refund`,
      { paymentNo: pay.json.data.paymentNo, via: 'balance', reason: '退余额' },
      s.admin,
    );
    expect(toBalance.json.code).toBe(4093);

    // The owner paid the rest back by hand and says so.
    const due = await t.post('/vip/payRefund/getList', {}, ownerA.token);
    expect(due.json.data.list).toContainEqual(expect.objectContaining({ orderNo: order.order_no, dueAmount: 1000 }));
    const done = await t.post(
      '/vip/payRefund/confirm',
      { orderNo: order.order_no, via: 'manual', reason: '已微信转账' },
      ownerA.token,
    );
    expect(done.json.code, done.json.msg).toBe(1000);
    expect(await orderOf(t, order.order_no)).toMatchObject({ status: 'refunded', refund_amount: 1300 });
    expect((await balanceOf(t, buyer.id)).balance).toBe(2000);
    expect((await balanceOf(t, ownerA.id)).balance).toBe(ownerBefore + 1100);
  });

  it('an owner’s gateway address must be a public host: refused when saved, and before every call to it', async () => {
    t.deps.config.ownerGatewayHosts = 'public';
    try {
      const loopback = await saveOwn(ownerA, { gateway: 'epay_v1', enabled: 1, config: epayConfig('3001', KEY_A) });
      expect(loopback.json.code).toBe(4095);
      expect(loopback.json.msg).toContain('内网');
      const metadata = await saveOwn(ownerA, {
        gateway: 'epay_v1',
        enabled: 0,
        config: JSON.stringify({ baseUrl: 'http://169.254.169.254/latest', pid: '1', key: 'k' }),
      });
      expect(metadata.json.code).toBe(4095);
      const icon = await saveOwn(ownerA, {
        gateway: 'epay_v1',
        enabled: 0,
        icon: 'javascript:alert(1)',
        config: epayConfig('3001', KEY_A),
      });
      expect(icon.json.code).toBe(1001);
      // Account A was saved while such addresses were allowed: the server still does not call it.
      const order = await visitorOrder('own-a');
      const requests = epay.requests.length;
      const pay = await payOn('own-a', { accountId: accountA, orderNo: order.order_no, queryPassword: 'look123456' });
      expect(pay.json.code).toBe(4005);
      expect(JSON.stringify(pay.json)).toContain('内网');
      expect((await t.post('/vip/payAccount/test', { id: accountA }, ownerA.token)).json.code).toBe(4095);
      expect(epay.requests.length).toBe(requests);
    } finally {
      t.deps.config.ownerGatewayHosts = 'any';
    }
  });

  it('a manual goods waits at delivery while the owner’s balance is short, then takes the cost when staff deliver', async () => {
    const manual = await s.goods({ type: 'manual', price: '5.00', stock: 10 });
    const buyer = await s.member();
    const order = await memberOrder('own-b', buyer.token, manual);
    await adjust(ownerB.id, '5');
    const pay = await payOn('own-b', { accountId: accountB, orderNo: order.order_no }, buyer.token);
    expect(pay.json.code, pay.json.msg).toBe(1000);
    expect((await notifyPaid(accountB, pay.json.data.paymentNo, '3002', KEY_B)).body).toBe('success');
    expect(await orderOf(t, order.order_no)).toMatchObject({ status: 'pending', payee_site_id: siteB, site_cost: 0 });
    // Meanwhile the owner spent the balance: the delivery waits, nothing changes.
    const spend = await t.post(`${s.A}/funds/adjust`, { userId: ownerB.id, amount: '-5', reason: '扣回' }, s.admin);
    expect(spend.json.code, spend.json.msg).toBe(1000);
    const refused = await t.post(`${s.A}/orders/deliver`, { orderNo: order.order_no, deliveryText: '已发' }, s.admin);
    expect(refused.json.code).toBe(4094);
    expect(await orderOf(t, order.order_no)).toMatchObject({ status: 'pending', site_cost: 0 });
    await adjust(ownerB.id, '5');
    const delivered = await t.post(`${s.A}/orders/deliver`, { orderNo: order.order_no, deliveryText: '已发' }, s.admin);
    expect(delivered.json.code, delivered.json.msg).toBe(1000);
    expect(await orderOf(t, order.order_no)).toMatchObject({ status: 'delivered', site_cost: 500 });
    expect((await balanceOf(t, ownerB.id)).balance).toBe(0);
    expect((await sharesOf(order.id)).map((r) => r.status)).toEqual(['kept']);
  });
  it('a site’s own goods (decision 0018) paid into the owner’s account: the seller owes nothing; a child owes the owner’s price', async () => {
    /** A goods the site owns (as a docking import leaves it; its forwarding is docking's, not tested here). */
    const ownGoods = async (siteId: number, price: number) => {
      const now = Date.now();
      const row = await t.deps.db
        .insertInto('goods')
        .values({
          site_id: siteId,
          owner_user_id: null,
          dir_id: s.dirId,
          brand_id: null,
          name: `自有商品${siteId}`,
          images: '[]',
          description: '',
          type: 'manual',
          face_value: 0,
          price,
          cost: 0,
          stock: 10,
          sold_count: 0,
          recharge_template: '[]',
          min_quantity: 1,
          max_quantity: 10,
          multiple: 1,
          per_user_limit: 0,
          visitor_allowed: 1,
          contact_type: 'any',
          status: 'on_sale',
          sort: 0,
          hot: 0,
          recommended: 0,
          loop_card: 0,
          allow_repeal: 0,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    };
    const deliver = async (orderNo: string) => {
      const res = await t.post(`${s.A}/orders/deliver`, { orderNo, deliveryText: '已发' }, s.admin);
      expect(res.json.code, res.json.msg).toBe(1000);
      return orderOf(t, orderNo);
    };

    // B sells its own goods (8.00, +1.00 to its buyers) and its balance is empty: nothing to cover.
    const mine = await ownGoods(siteB, 800);
    const buyer = await s.member();
    const before = await balanceOf(t, ownerB.id);
    const order = await memberOrder('own-b', buyer.token, mine);
    expect(order.amount).toBe(900);
    const pay = await payOn('own-b', { accountId: accountB, orderNo: order.order_no }, buyer.token);
    expect(pay.json.code, pay.json.msg).toBe(1000);
    expect((await notifyPaid(accountB, pay.json.data.paymentNo, '3002', KEY_B)).body).toBe('success');
    expect(await deliver(order.order_no)).toMatchObject({ status: 'delivered', payee_site_id: siteB, site_cost: 0 });
    expect(await balanceOf(t, ownerB.id)).toEqual(before);
    expect((await sharesOf(order.id)).map((r) => [r.user_id, Number(r.amount), r.status])).toEqual([
      [ownerB.id, 900, 'kept'],
    ]);

    // P owns goods at 6.00 and sells them to its child A at +1.00; A's buyer pays 6 + 1 + 2 into A's
    // account, and A pays the platform P's price (7.00), which freezes for P: the platform keeps nothing.
    const parents = await ownGoods(siteP, 600);
    await adjust(ownerA.id, '7');
    const a0 = (await balanceOf(t, ownerA.id)).balance;
    const child = await visitorOrder('own-a', 1, parents);
    expect(child.amount).toBe(900);
    const paid = await payOn('own-a', { accountId: accountA, orderNo: child.order_no, queryPassword: 'look123456' });
    expect(paid.json.code, paid.json.msg).toBe(1000);
    expect((await notifyPaid(accountA, paid.json.data.paymentNo, '3001', KEY_A)).body).toBe('success');
    expect(await deliver(child.order_no)).toMatchObject({ status: 'delivered', payee_site_id: siteA, site_cost: 700 });
    expect((await balanceOf(t, ownerA.id)).balance).toBe(a0 - 700);
    const shares = await sharesOf(child.id);
    expect(shares.map((r) => [r.user_id, Number(r.amount), r.status])).toEqual([
      [parentOwner.id, 700, 'frozen'],
      [ownerA.id, 200, 'kept'],
    ]);
    // The owner's cost is exactly the owning parent's share: base and margin, nothing for the platform.
    expect(700 + 200).toBe(child.amount);
    // Not sold on the platform or on B.
    expect((await t.post('/inside/goods/getDetail', { goodsId: parents })).json.code).toBe(3003);
    expect((await t.post('/own-b/inside/goods/getDetail', { goodsId: parents })).json.code).toBe(3003);
  });
});
