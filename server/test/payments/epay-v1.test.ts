import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expireOrder } from '../../src/flows/checkout.js';
import { buildTestApp, dialects, type TestApp } from '../helper.js';
import { balanceOf, visitorBuy } from '../commerce/commerce-helper.js';
import { canonical, epayV1Notify, json, md5, startFake, type FakeServer } from './fake-gateways.js';
import {
  cardsOf,
  expectLedgersBalanced,
  handoffForm,
  notifyLogs,
  orderOf,
  paymentOf,
  payShop,
  sendNotify,
} from './payments-helper.js';

const KEY = 'k3yForEpayV1Test';
const OTHER_KEY = 'anotherMerchantKey';

describe.each(dialects())('易支付 V1 (MD5) on %s', (dialect) => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof payShop>>;
  let fake: FakeServer;
  /** Payments the fake gateway reports as paid on api.php?act=order. */
  const paidAtGateway = new Map<string, string>();
  let accountId: number;
  let otherAccountId: number;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    s = await payShop(t);
    fake = await startFake((req, res) => {
      if (req.path === '/mapi.php') {
        const p = Object.fromEntries(new URLSearchParams(req.body));
        return json(res, {
          code: 1,
          msg: 'ok',
          trade_no: `T${p.out_trade_no}`,
          payurl: `${fake.url}/pay/${p.out_trade_no}`,
        });
      }
      if (req.path === '/api.php') {
        const no = req.query.get('out_trade_no') ?? '';
        if (req.query.get('key') !== KEY) return json(res, { code: -1, msg: 'KEY校验失败' });
        const money = paidAtGateway.get(no);
        return json(res, { code: 1, out_trade_no: no, trade_no: `T${no}`, money: money ?? '0', status: money ? 1 : 0 });
      }
      res.writeHead(404).end();
    });
    accountId = await s.account('epay_v1', {
      baseUrl: `${fake.url}/submit.php`,
      pid: '1001',
      key: KEY,
      type: 'alipay',
    });
    otherAccountId = await s.account('epay_v1', {
      baseUrl: `${fake.url}/`,
      pid: '1002',
      key: OTHER_KEY,
      type: 'wxpay',
    });
  });
  afterAll(async () => {
    await fake.close();
    await t.dispose();
  });
  afterEach(() => expectLedgersBalanced(t));

  const notifyPath = (id = accountId) => `/pay/notify/epay_v1/${id}`;

  async function memberPayment(price = '9.50') {
    const m = await s.member();
    const goodsId = await s.cardGoods(price, 3);
    const order = await s.memberOrder(m.token, goodsId);
    const res = await s.pay({ accountId, orderNo: order.orderNo }, m.token);
    expect(res.json.code, res.json.msg).toBe(1000);
    return {
      m,
      goodsId,
      order,
      payment: res.json.data as { paymentNo: string; amount: number; handoff: { kind: string; url?: string } },
    };
  }

  it('hands off to submit.php with a signed form, whatever form the base URL was given in', async () => {
    const { payment, order } = await memberPayment();
    // The form is posted from our own hand-off page (/pay/go), made when the browser goes there.
    const form = await handoffForm(t, payment.handoff);
    expect(form.method).toBe('post');
    expect(form.action).toBe(`${fake.url}/submit.php`);
    const f = form.fields;
    expect(f).toMatchObject({
      pid: '1001',
      type: 'alipay',
      out_trade_no: payment.paymentNo,
      money: '9.50',
      sign_type: 'MD5',
    });
    expect(f.notify_url).toMatch(new RegExp(`/pay/notify/epay_v1/${accountId}$`));
    expect(f.sign).toBe(md5(canonical(f) + KEY));
    expect(payment.paymentNo).toMatch(/^\d{32}$/);
    expect((await orderOf(t, order.orderNo)).status).toBe('unpaid');

    for (const baseUrl of [fake.url, `${fake.url}/`, `${fake.url}/submit.php`, `${fake.url}//`]) {
      const id = await s.account('epay_v1', { baseUrl, pid: '1001', key: KEY, submitMethod: 'GET' });
      const m = await s.member();
      const o = await s.memberOrder(m.token, await s.cardGoods('1', 1));
      const r = await s.pay({ accountId: id, orderNo: o.orderNo }, m.token);
      expect(r.json.data.handoff.kind).toBe('redirect');
      expect(r.json.data.handoff.url.startsWith(`${fake.url}/submit.php?`)).toBe(true);
    }
  });

  it('uses mapi.php when configured and answers the gateway payurl', async () => {
    const id = await s.account('epay_v1', { baseUrl: fake.url, pid: '1001', key: KEY, mode: 'mapi', type: 'alipay' });
    const m = await s.member();
    const o = await s.memberOrder(m.token, await s.cardGoods('2', 1));
    const r = await s.pay({ accountId: id, orderNo: o.orderNo }, m.token);
    expect(r.json.data.handoff).toEqual({ kind: 'redirect', url: `${fake.url}/pay/${r.json.data.paymentNo}` });
    const sent = Object.fromEntries(new URLSearchParams(fake.requests.at(-1)!.body));
    expect(sent).toMatchObject({ pid: '1001', money: '2.00', device: 'pc', sign_type: 'MD5' });
    expect(sent.clientip).toBeTruthy();
  });

  it('applies a valid GET notify once; 100 replays answer success and change nothing', async () => {
    const { payment, order } = await memberPayment();
    const params = epayV1Notify(KEY, {
      pid: '1001',
      trade_no: 'GW001',
      out_trade_no: payment.paymentNo,
      money: '9.50',
    });
    const first = await sendNotify(t, notifyPath(), params, 'GET');
    expect(first).toEqual({ status: 200, body: 'success' });
    const o = await orderOf(t, order.orderNo);
    expect(o.status).toBe('delivered');
    expect(await cardsOf(t, o.id)).toHaveLength(1);
    for (let i = 0; i < 100; i++)
      expect((await sendNotify(t, notifyPath(), params, i % 2 ? 'GET' : 'POST')).body).toBe('success');
    expect(await cardsOf(t, o.id)).toHaveLength(1);
    const p = await paymentOf(t, payment.paymentNo);
    expect(p).toMatchObject({ status: 'paid', trade_no: 'GW001' });
    const logs = await notifyLogs(t, payment.paymentNo);
    expect(logs).toHaveLength(101);
    expect(logs.filter((l) => l.verdict === 'applied')).toHaveLength(1);
    expect(logs[0]).toMatchObject({ method: 'GET', ip: '10.1.2.3' });
  });

  it('20 concurrent duplicate notifies fulfil once', async () => {
    const { payment, order } = await memberPayment();
    const params = epayV1Notify(KEY, {
      pid: '1001',
      trade_no: 'GW002',
      out_trade_no: payment.paymentNo,
      money: '9.50',
    });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => sendNotify(t, notifyPath(), params, i % 2 ? 'GET' : 'POST')),
    );
    expect(answers.every((a) => a.body === 'success')).toBe(true);
    const o = await orderOf(t, order.orderNo);
    expect(o.status).toBe('delivered');
    expect(await cardsOf(t, o.id)).toHaveLength(1);
    expect((await notifyLogs(t, payment.paymentNo)).filter((l) => l.verdict === 'applied')).toHaveLength(1);
  });

  it('accepts POST notifies (form and JSON) and money "1" for 1.00', async () => {
    const a = await memberPayment('1');
    expect(a.payment.amount).toBe(100);
    const r1 = await sendNotify(
      t,
      notifyPath(),
      epayV1Notify(KEY, { pid: '1001', trade_no: 'GW1', out_trade_no: a.payment.paymentNo, money: '1' }),
      'POST',
    );
    expect(r1.body).toBe('success');
    expect((await orderOf(t, a.order.orderNo)).status).toBe('delivered');

    const b = await memberPayment('1');
    const r2 = await sendNotify(
      t,
      notifyPath(),
      epayV1Notify(KEY, { pid: '1001', trade_no: 'GW2', out_trade_no: b.payment.paymentNo, money: '1.00' }),
      'POST',
      true,
    );
    expect(r2.body).toBe('success');
    expect((await orderOf(t, b.order.orderNo)).status).toBe('delivered');
  });

  it('refuses wrong sign, wrong amount, unknown payment and another account’s key; logs each; changes nothing', async () => {
    const { payment, order } = await memberPayment();
    const good = { pid: '1001', trade_no: 'GW3', out_trade_no: payment.paymentNo, money: '9.50' };
    const tampered = { ...epayV1Notify(KEY, good), money: '0.01' };
    const cases: Array<[string, Record<string, string>, number, string]> = [
      ['invalid_sign', tampered, accountId, 'wrong sign'],
      ['invalid_sign', epayV1Notify('guessed-key', good), accountId, 'wrong key'],
      ['amount_mismatch', epayV1Notify(KEY, { ...good, money: '9.49' }), accountId, 'wrong amount'],
      [
        'unknown_payment',
        epayV1Notify(KEY, { ...good, out_trade_no: '20990101000000000123451234512345' }),
        accountId,
        'unknown',
      ],
      ['invalid_sign', epayV1Notify(OTHER_KEY, { ...good, pid: '1002' }), accountId, 'other key on this account'],
      ['account_mismatch', epayV1Notify(OTHER_KEY, { ...good, pid: '1002' }), otherAccountId, 'other account'],
      ['unknown_account', epayV1Notify(KEY, good), 999999, 'no such account'],
    ];
    for (const [verdict, params, id, label] of cases) {
      const res = await sendNotify(t, notifyPath(id), params, 'POST');
      expect(res.body, label).toBe('fail');
      const last = await t.deps.db
        .selectFrom('notify_logs')
        .selectAll()
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirstOrThrow();
      expect(last.verdict, label).toBe(verdict);
    }
    expect((await paymentOf(t, payment.paymentNo)).status).toBe('unpaid');
    expect((await orderOf(t, order.orderNo)).status).toBe('unpaid');
    // a notify that says "not paid" is acknowledged and changes nothing
    expect(
      (await sendNotify(t, notifyPath(), epayV1Notify(KEY, { ...good, trade_status: 'WAIT_BUYER_PAY' }))).body,
    ).toBe('success');
    expect((await paymentOf(t, payment.paymentNo)).status).toBe('unpaid');
    // secrets never reach the log
    const logs = await t.deps.db.selectFrom('notify_logs').select('params').execute();
    expect(logs.some((l) => l.params.includes(KEY))).toBe(false);
  });

  it('late payment after expiry: delivers when stock allows, else refunds a member to balance or flags a visitor order', async () => {
    // stock still there
    const a = await memberPayment();
    const aOrder = await orderOf(t, a.order.orderNo);
    expect(await expireOrder(t.deps.db, aOrder.id)).toBe(true);
    await sendNotify(
      t,
      notifyPath(),
      epayV1Notify(KEY, { pid: '1001', trade_no: 'L1', out_trade_no: a.payment.paymentNo, money: '9.50' }),
    );
    expect((await orderOf(t, a.order.orderNo)).status).toBe('delivered');

    // stock gone: member → refunded to balance
    const m = await s.member();
    const goodsId = await s.cardGoods('5', 1);
    const o = await s.memberOrder(m.token, goodsId);
    const pay = await s.pay({ accountId, orderNo: o.orderNo }, m.token);
    await expireOrder(t.deps.db, (await orderOf(t, o.orderNo)).id);
    const other = await s.member('10');
    expect((await t.post('/inside/order/create', { goodsId, quantity: 1 }, other.token)).json.code).toBe(1000);
    await sendNotify(
      t,
      notifyPath(),
      epayV1Notify(KEY, { pid: '1001', trade_no: 'L2', out_trade_no: pay.json.data.paymentNo, money: '5.00' }),
    );
    expect((await orderOf(t, o.orderNo)).status).toBe('refunded');
    expect((await balanceOf(t, m.id)).balance).toBe(500);

    // stock gone: visitor → refund_due
    const g2 = await s.cardGoods('6', 1);
    const v = await visitorBuy(t, g2);
    const vp = await s.pay({ accountId, orderNo: v.json.data.orderNo, queryPassword: 'look123456' });
    expect(vp.json.code, vp.json.msg).toBe(1000);
    await expireOrder(t.deps.db, (await orderOf(t, v.json.data.orderNo)).id);
    expect((await visitorBuy(t, g2)).json.code).toBe(1000);
    await sendNotify(
      t,
      notifyPath(),
      epayV1Notify(KEY, { pid: '1001', trade_no: 'L3', out_trade_no: vp.json.data.paymentNo, money: '6.00' }),
    );
    expect((await orderOf(t, v.json.data.orderNo)).status).toBe('refund_due');
  });

  it('visitors pay with the query password or the pay token; others cannot', async () => {
    const goodsId = await s.cardGoods('3', 2);
    const v = await visitorBuy(t, goodsId);
    const orderNo = v.json.data.orderNo as string;
    expect((await s.pay({ accountId, orderNo, queryPassword: 'wrong-pass' })).json.code).toBe(3012);
    expect((await s.pay({ accountId, orderNo })).json.code).toBe(3012);
    expect((await s.pay({ accountId, orderNo, payToken: 'forged-token-1234567890' })).json.code).toBe(3012);
    const ok = await s.pay({ accountId, orderNo, queryPassword: 'look123456' });
    expect(ok.json.code).toBe(1000);
    const again = await s.pay({ accountId, orderNo, payToken: ok.json.data.payToken });
    expect(again.json.code).toBe(1000);
    const stranger = await s.member();
    expect((await s.pay({ accountId, orderNo }, stranger.token)).json.code).toBe(3012);
    // a member's order is not payable by another member
    const m = await s.member();
    const mo = await s.memberOrder(m.token, goodsId);
    expect((await s.pay({ accountId, orderNo: mo.orderNo }, stranger.token)).json.code).toBe(3012);
  });

  it('the active query job marks a payment paid when the gateway says paid', async () => {
    const { payment, order } = await memberPayment();
    expect(await t.deps.jobs.runDue(Date.now() + 61_000)).toBeGreaterThan(0);
    expect((await paymentOf(t, payment.paymentNo)).status).toBe('unpaid');
    paidAtGateway.set(payment.paymentNo, '9.5');
    // Earlier tests left other jobs queued; the runner takes them in batches.
    for (let i = 0; i < 30 && (await paymentOf(t, payment.paymentNo)).status === 'unpaid'; i++)
      await t.deps.jobs.runDue(Date.now() + 3_600_000);
    expect((await paymentOf(t, payment.paymentNo)).status).toBe('paid');
    expect((await orderOf(t, order.orderNo)).status).toBe('delivered');
    // a notify arriving afterwards is a replay
    expect(
      (
        await sendNotify(
          t,
          notifyPath(),
          epayV1Notify(KEY, { pid: '1001', trade_no: 'Q1', out_trade_no: payment.paymentNo, money: '9.50' }),
        )
      ).body,
    ).toBe('success');
    expect((await notifyLogs(t, payment.paymentNo)).map((l) => l.verdict)).toEqual(['applied', 'duplicate']);
  });

  it('a second payment of an already paid order goes back to the member’s balance', async () => {
    const m = await s.member();
    const o = await s.memberOrder(m.token, await s.cardGoods('4', 2));
    const p1 = (await s.pay({ accountId, orderNo: o.orderNo }, m.token)).json.data.paymentNo as string;
    const p2 = (await s.pay({ accountId, orderNo: o.orderNo }, m.token)).json.data.paymentNo as string;
    await sendNotify(
      t,
      notifyPath(),
      epayV1Notify(KEY, { pid: '1001', trade_no: 'D1', out_trade_no: p1, money: '4.00' }),
    );
    await sendNotify(
      t,
      notifyPath(),
      epayV1Notify(KEY, { pid: '1001', trade_no: 'D2', out_trade_no: p2, money: '4.00' }),
    );
    expect((await orderOf(t, o.orderNo)).status).toBe('delivered');
    expect((await paymentOf(t, p2)).status).toBe('refunded');
    expect((await balanceOf(t, m.id)).balance).toBe(400);
  });
});
