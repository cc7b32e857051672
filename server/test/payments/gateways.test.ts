import { createVerify } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, type TestApp } from '../helper.js';
import { balanceOf } from '../commerce/commerce-helper.js';
import {
  alipayAnswer,
  alipayNotify,
  canonical,
  epayV2Signed,
  json,
  rsaKeys,
  startFake,
  wechatHeaders,
  wechatNotifyBody,
  type FakeServer,
  type Keys,
} from './fake-gateways.js';
import { expectLedgersBalanced, notifyLogs, orderOf, paymentOf, payShop, sendNotify } from './payments-helper.js';

const APIV3_KEY = '0123456789abcdef0123456789ABCDEF';

describe.each(dialects())('易支付 V2, Alipay, WeChat v3, sandbox, balance and recharge on %s', (dialect) => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof payShop>>;
  let merchant: Keys;
  let platform: Keys;
  let epay2: FakeServer;
  let ali: FakeServer;
  let wx: FakeServer;
  const paid = new Set<string>();
  /** Refund requests the 易支付 V2 fake accepted: out_trade_no and money. */
  const epayRefunds: { no: string; money: string }[] = [];

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    s = await payShop(t);
    merchant = rsaKeys();
    platform = rsaKeys();
    epay2 = await startFake((req, res) => {
      const p = Object.fromEntries(new URLSearchParams(req.body));
      const valid = createVerify('RSA-SHA256')
        .update(canonical(p))
        .verify(merchant.publicPem, p.sign ?? '', 'base64');
      if (!valid) return json(res, { code: -1, msg: '签名错误' });
      if (req.path === '/api/pay/create')
        return json(
          res,
          epayV2Signed(platform, {
            code: '0',
            trade_no: `V2${p.out_trade_no}`,
            pay_type: 'qrcode',
            pay_info: `weixin://wxpay/${p.out_trade_no}`,
          }),
        );
      if (req.path === '/api/pay/query')
        return json(
          res,
          epayV2Signed(platform, {
            code: '0',
            out_trade_no: p.out_trade_no,
            trade_no: `V2${p.out_trade_no}`,
            money: '9.50',
            status: paid.has(p.out_trade_no) ? '1' : '0',
          }),
        );
      if (req.path === '/api/pay/refund') {
        epayRefunds.push({ no: p.out_trade_no, money: p.money });
        return json(res, epayV2Signed(platform, { code: '0', refund_no: `RF${p.out_trade_no}`, money: p.money }));
      }
      res.writeHead(404).end();
    });
    ali = await startFake((req, res) => {
      const method = req.query.get('method') ?? '';
      const biz = JSON.parse(Object.fromEntries(new URLSearchParams(req.body)).biz_content ?? '{}') as Record<
        string,
        string
      >;
      if (method === 'alipay.trade.precreate')
        return json(
          res,
          alipayAnswer(
            method,
            {
              code: '10000',
              msg: 'Success',
              out_trade_no: biz.out_trade_no,
              qr_code: `https://qr.alipay.com/${biz.out_trade_no}`,
            },
            platform,
          ),
        );
      if (method === 'alipay.trade.query')
        return json(
          res,
          alipayAnswer(
            method,
            {
              code: '10000',
              msg: 'Success',
              out_trade_no: biz.out_trade_no,
              trade_no: `A${biz.out_trade_no}`,
              trade_status: paid.has(biz.out_trade_no) ? 'TRADE_SUCCESS' : 'WAIT_BUYER_PAY',
              total_amount: '9.50',
            },
            platform,
          ),
        );
      res.writeHead(404).end();
    });
    wx = await startFake((req, res) => {
      const answer = (body: unknown) => {
        const text = JSON.stringify(body);
        json(res, text, wechatHeaders(platform, text));
      };
      if (req.path === '/v3/pay/transactions/native') {
        expect(String(req.headers.authorization)).toMatch(/^WECHATPAY2-SHA256-RSA2048 mchid="1900000001"/);
        return answer({
          code_url: `weixin://wxpay/bizpayurl?pr=${(JSON.parse(req.body) as { out_trade_no: string }).out_trade_no}`,
        });
      }
      const m = /^\/v3\/pay\/transactions\/out-trade-no\/(\w+)$/.exec(req.path);
      if (m)
        return answer({
          mchid: '1900000001',
          out_trade_no: m[1],
          transaction_id: `W${m[1]}`,
          trade_state: paid.has(m[1]) ? 'SUCCESS' : 'NOTPAY',
          amount: { total: 950 },
        });
      res.writeHead(404).end();
    });
  });
  afterAll(async () => {
    await Promise.all([epay2.close(), ali.close(), wx.close()]);
    await t.dispose();
  });
  afterEach(() => expectLedgersBalanced(t));

  async function memberOrder(price = '9.50') {
    const m = await s.member();
    const order = await s.memberOrder(m.token, await s.cardGoods(price, 2));
    return { m, order };
  }

  it('易支付 V2: RSA create answers a QR; signed notify applies once; stale timestamp or wrong key is refused', async () => {
    const id = await s.account('epay_v2', {
      baseUrl: `${epay2.url}/`,
      pid: '2001',
      merchantPrivateKey: merchant.privatePkcs1Base64,
      platformPublicKey: platform.publicBase64,
      mode: 'create',
      type: 'wxpay',
    });
    const { m, order } = await memberOrder();
    const res = await s.pay({ accountId: id, orderNo: order.orderNo }, m.token);
    expect(res.json.code, res.json.msg).toBe(1000);
    const no = res.json.data.paymentNo as string;
    expect(res.json.data.handoff).toEqual({ kind: 'qrcode', code: `weixin://wxpay/${no}` });
    const path = `/pay/notify/epay_v2/${id}`;
    const fields = {
      pid: '2001',
      trade_no: `V2${no}`,
      out_trade_no: no,
      type: 'wxpay',
      name: 'x',
      money: '9.50',
      trade_status: 'TRADE_SUCCESS',
    };
    expect((await sendNotify(t, path, epayV2Signed(platform, fields, Math.floor(Date.now() / 1000) - 301))).body).toBe(
      'fail',
    );
    expect((await sendNotify(t, path, epayV2Signed(merchant, fields))).body).toBe('fail');
    expect((await paymentOf(t, no)).status).toBe('unpaid');
    const good = epayV2Signed(platform, fields);
    expect((await sendNotify(t, path, good, 'GET')).body).toBe('success');
    expect((await sendNotify(t, path, good, 'POST')).body).toBe('success');
    expect((await orderOf(t, order.orderNo)).status).toBe('delivered');
    expect((await notifyLogs(t, no)).map((l) => l.verdict)).toEqual([
      'invalid_sign',
      'invalid_sign',
      'applied',
      'duplicate',
    ]);
  });

  it('易支付 V2: active query settles a payment the gateway reports paid', async () => {
    const id = await s.account('epay_v2', {
      baseUrl: epay2.url,
      pid: '2001',
      merchantPrivateKey: merchant.privatePem,
      platformPublicKey: platform.publicPem,
      mode: 'create',
      type: 'wxpay',
    });
    const { m, order } = await memberOrder();
    const no = (await s.pay({ accountId: id, orderNo: order.orderNo }, m.token)).json.data.paymentNo as string;
    paid.add(no);
    expect(await t.deps.jobs.runDue(Date.now() + 61_000)).toBeGreaterThan(0);
    for (let i = 0; i < 30 && (await paymentOf(t, no)).status === 'unpaid'; i++)
      await t.deps.jobs.runDue(Date.now() + 3_600_000);
    expect((await paymentOf(t, no)).status).toBe('paid');
    expect((await orderOf(t, order.orderNo)).status).toBe('delivered');
  });

  it('Alipay: precreate QR verified by alipay-sdk; checkNotifySign notifies; TRADE_FINISHED counts; forged or other app refused', async () => {
    const id = await s.account('alipay', {
      appId: '2021000000000001',
      privateKey: merchant.privatePkcs1Base64,
      alipayPublicKey: platform.publicBase64,
      gateway: `${ali.url}/gateway.do`,
      mode: 'precreate',
    });
    const { m, order } = await memberOrder();
    const res = await s.pay({ accountId: id, orderNo: order.orderNo }, m.token);
    expect(res.json.code, JSON.stringify(res.json)).toBe(1000);
    const no = res.json.data.paymentNo as string;
    expect(res.json.data.handoff).toEqual({ kind: 'qrcode', code: `https://qr.alipay.com/${no}` });
    const path = `/pay/notify/alipay/${id}`;
    const fields = {
      app_id: '2021000000000001',
      out_trade_no: no,
      trade_no: `A${no}`,
      total_amount: '9.50',
      trade_status: 'TRADE_FINISHED',
      gmt_payment: '2026-01-01 10:00:00',
    };
    expect((await sendNotify(t, path, alipayNotify(merchant, fields), 'POST')).body).toBe('fail');
    expect(
      (await sendNotify(t, path, alipayNotify(platform, { ...fields, app_id: '2021000000000999' }), 'POST')).body,
    ).toBe('fail');
    expect((await sendNotify(t, path, alipayNotify(platform, { ...fields, total_amount: '9.40' }), 'POST')).body).toBe(
      'fail',
    );
    expect((await paymentOf(t, no)).status).toBe('unpaid');
    expect((await sendNotify(t, path, alipayNotify(platform, fields), 'POST')).body).toBe('success');
    expect((await orderOf(t, order.orderNo)).status).toBe('delivered');

    // page pay: a signed redirect to the configured gateway
    const page = await s.account('alipay', {
      appId: '2021000000000001',
      privateKey: merchant.privatePem,
      alipayPublicKey: platform.publicPem,
      gateway: `${ali.url}/gateway.do`,
      mode: 'page',
    });
    const o2 = await memberOrder();
    const r2 = await s.pay({ accountId: page, orderNo: o2.order.orderNo }, o2.m.token);
    expect(r2.json.data.handoff.kind).toBe('redirect');
    const url = new URL(r2.json.data.handoff.url as string);
    expect(url.origin).toBe(ali.url);
    expect(url.searchParams.get('method')).toBe('alipay.trade.page.pay');
    // query through the SDK: the fake answers TRADE_SUCCESS → paid
    paid.add(r2.json.data.paymentNo);
    for (let i = 0; i < 30 && (await paymentOf(t, r2.json.data.paymentNo)).status === 'unpaid'; i++)
      await t.deps.jobs.runDue(Date.now() + 3_600_000);
    expect((await orderOf(t, o2.order.orderNo)).status).toBe('delivered');
  });

  it('WeChat v3 Native: QR, notify decrypted with the APIv3 key and verified with the platform key', async () => {
    const id = await s.account('wechat_v3', {
      mchId: '1900000001',
      appId: 'wx0000000001',
      serialNo: 'MERCHANTSERIAL',
      merchantPrivateKey: merchant.privatePem,
      apiV3Key: APIV3_KEY,
      platformPublicKey: platform.publicPem,
      apiBase: wx.url,
    });
    const { m, order } = await memberOrder();
    const res = await s.pay({ accountId: id, orderNo: order.orderNo }, m.token);
    expect(res.json.code, JSON.stringify(res.json)).toBe(1000);
    const no = res.json.data.paymentNo as string;
    expect(res.json.data.handoff.code).toBe(`weixin://wxpay/bizpayurl?pr=${no}`);
    const path = `/pay/notify/wechat_v3/${id}`;
    const tx = {
      mchid: '1900000001',
      appid: 'wx0000000001',
      out_trade_no: no,
      transaction_id: `W${no}`,
      trade_state: 'SUCCESS',
      amount: { total: 950, payer_total: 950, currency: 'CNY' },
    };
    const post = async (body: string, headers: Record<string, string>) => {
      const r = await t.app.inject({
        method: 'POST',
        url: path,
        payload: body,
        headers: { 'content-type': 'application/json', ...headers },
      });
      return r.statusCode;
    };
    const forged = wechatNotifyBody(APIV3_KEY, tx);
    expect(await post(forged, wechatHeaders(merchant, forged))).toBe(400);
    const wrongKey = wechatNotifyBody('ffffffffffffffffffffffffffffffff', tx);
    expect(await post(wrongKey, wechatHeaders(platform, wrongKey))).toBe(400);
    const cheap = wechatNotifyBody(APIV3_KEY, { ...tx, amount: { total: 1 } });
    expect(await post(cheap, wechatHeaders(platform, cheap))).toBe(400);
    expect((await paymentOf(t, no)).status).toBe('unpaid');
    const body = wechatNotifyBody(APIV3_KEY, tx);
    expect(await post(body, wechatHeaders(platform, body))).toBe(200);
    expect(await post(body, wechatHeaders(platform, body))).toBe(200);
    expect((await orderOf(t, order.orderNo)).status).toBe('delivered');
    expect((await notifyLogs(t, no)).map((l) => l.verdict)).toEqual(['amount_mismatch', 'applied', 'duplicate']);
    // a notify that fails the signature is not decrypted, so it is logged by account only
    const refused = await t.deps.db
      .selectFrom('notify_logs')
      .select(['verdict', 'params'])
      .where('account_id', '=', id)
      .where('payment_no', 'is', null)
      .execute();
    expect(refused.map((l) => l.verdict)).toEqual(['invalid_sign', 'invalid_sign']);
    expect(refused[0].params).toContain('ciphertext');
  });

  it('sandbox cashier: redirect to the SPA page; confirm with the one-time token pays through the notify path', async () => {
    const channels = await t.post('/pay/getChannels', { client: 'pc' });
    const sandbox = (channels.json.data as Array<{ id: number; gateway: string }>).find(
      (c) => c.gateway === 'sandbox',
    )!;
    expect(sandbox).toBeTruthy();
    expect((channels.json.data as Array<{ gateway: string }>).some((c) => c.gateway === 'balance')).toBe(false);
    const { m, order } = await memberOrder();
    const res = await s.pay({ accountId: sandbox.id, orderNo: order.orderNo }, m.token);
    const url = new URL(res.json.data.handoff.url as string, 'http://x');
    expect(url.pathname).toBe('/pay/payInterface');
    const no = url.searchParams.get('sandbox')!;
    expect((await t.post('/pay/sandbox/confirm', { paymentNo: no, token: 'not-the-right-token-000' })).json.code).toBe(
      4008,
    );
    expect((await t.post('/pay/status', { paymentNo: no })).json.data.status).toBe('unpaid');
    const ok = await t.post('/pay/sandbox/confirm', { paymentNo: no, token: url.searchParams.get('token')! });
    expect(ok.json.code).toBe(1000);
    expect((await t.post('/pay/status', { paymentNo: no })).json.data).toMatchObject({
      status: 'paid',
      refNo: order.orderNo,
    });
    expect((await orderOf(t, order.orderNo)).status).toBe('delivered');
    expect((await notifyLogs(t, no)).map((l) => l.verdict)).toEqual(['invalid_sign', 'applied']);
    expect(JSON.stringify(await notifyLogs(t, no))).not.toContain(url.searchParams.get('token')!);
  });

  it('balance channel pays with the sale password rules and one ledger row', async () => {
    const channels = await t.post('/pay/getChannels', { client: 'mobile' }, (await s.member()).token);
    const balance = (channels.json.data as Array<{ id: number; gateway: string }>).find(
      (c) => c.gateway === 'balance',
    )!;
    const m = await s.member('20');
    const order = await s.memberOrder(m.token, await s.cardGoods('9.50', 1));
    const res = await s.pay({ accountId: balance.id, orderNo: order.orderNo }, m.token);
    expect(res.json.code, res.json.msg).toBe(1000);
    expect(res.json.data.handoff).toEqual({ kind: 'paid' });
    expect((await orderOf(t, order.orderNo)).status).toBe('delivered');
    expect((await balanceOf(t, m.id)).balance).toBe(2000 - 950);
    const poor = await s.member('1');
    const o2 = await s.memberOrder(poor.token, await s.cardGoods('9.50', 1));
    expect((await s.pay({ accountId: balance.id, orderNo: o2.orderNo }, poor.token)).json.code).toBe(5001);
    expect((await orderOf(t, o2.orderNo)).status).toBe('unpaid');
  });

  it('recharge: admin min/max and bonus tiers; paying credits amount and bonus with ledger rows', async () => {
    const saved = await t.post(
      `${s.A}/payments/saveRechargeSettings`,
      {
        min: '10',
        max: '1000',
        tiers: JSON.stringify([
          { min: '100', bonus: '5' },
          { min: '500', bonus: '50' },
        ]),
      },
      s.admin,
    );
    expect(saved.json.code, saved.json.msg).toBe(1000);
    expect((await t.post('/pay/recharge/config')).json.data).toEqual({
      min: 1000,
      max: 100000,
      tiers: [
        { min: 10000, bonus: 500 },
        { min: 50000, bonus: 5000 },
      ],
    });
    const id = await s.account(
      'epay_v2',
      {
        baseUrl: epay2.url,
        pid: '2001',
        merchantPrivateKey: merchant.privatePem,
        platformPublicKey: platform.publicPem,
        mode: 'create',
        type: 'wxpay',
      },
      { feeRate: 100 },
    );
    const m = await s.member();
    expect((await s.pay({ accountId: id, amount: '5' }, m.token)).json.code).toBe(4002);
    expect((await s.pay({ accountId: id, amount: '1000.01' }, m.token)).json.code).toBe(4002);
    expect((await s.pay({ accountId: id, amount: '100' })).json.code).toBe(4011);
    const r = await s.pay({ accountId: id, amount: '100' }, m.token);
    expect(r.json.data).toMatchObject({ amount: 10100, fee: 100, bonus: 500 });
    const no = r.json.data.paymentNo as string;
    const fields = { pid: '2001', trade_no: `V2${no}`, out_trade_no: no, money: '101', trade_status: 'TRADE_SUCCESS' };
    for (let i = 0; i < 5; i++)
      expect((await sendNotify(t, `/pay/notify/epay_v2/${id}`, epayV2Signed(platform, fields))).body).toBe('success');
    expect(await balanceOf(t, m.id)).toEqual({ balance: 10500, ledgerSum: 10500 });
    const ledger = await t.deps.db
      .selectFrom('ledger_entries')
      .select(['type', 'amount', 'memo'])
      .where('user_id', '=', m.id)
      .orderBy('id')
      .execute();
    expect(ledger.map((l) => [l.type, l.amount])).toEqual([
      ['recharge', 10000],
      ['recharge_bonus', 500],
    ]);
    // recharge through the gateway refund takes the credited money back
    const refund = await t.post(
      `${s.A}/payments/refund`,
      { paymentNo: no, via: 'gateway', reason: '测试退款' },
      s.admin,
    );
    expect(refund.json.code, refund.json.msg).toBe(1000);
    expect((await balanceOf(t, m.id)).balance).toBe(0);
    expect((await paymentOf(t, no)).status).toBe('refunded');
  });

  it("refunds a visitor's paid order back through the gateway once staff flagged it for refund", async () => {
    const id = await s.account('epay_v2', {
      baseUrl: epay2.url,
      pid: '2001',
      merchantPrivateKey: merchant.privatePem,
      platformPublicKey: platform.publicPem,
      mode: 'create',
      type: 'wxpay',
    });
    const goodsId = await s.cardGoods('9.50', 1);
    const created = await t.post('/inside/order/create', {
      goodsId,
      quantity: 1,
      contact: 'refund-me@example.com',
      queryPassword: 'look123456',
    });
    expect(created.json.code, created.json.msg).toBe(1000);
    const orderNo = created.json.data.orderNo as string;
    const pay = await s.pay({ accountId: id, orderNo, queryPassword: 'look123456' });
    expect(pay.json.code, pay.json.msg).toBe(1000);
    const no = pay.json.data.paymentNo as string;
    const fields = { pid: '2001', trade_no: `V2${no}`, out_trade_no: no, money: '9.50', trade_status: 'TRADE_SUCCESS' };
    expect((await sendNotify(t, `/pay/notify/epay_v2/${id}`, epayV2Signed(platform, fields))).body).toBe('success');
    expect((await orderOf(t, orderNo)).status).toBe('delivered');

    // A used payment cannot go back on its own: staff first refund the order (a visitor has no balance).
    expect(
      (await t.post(`${s.A}/payments/refund`, { paymentNo: no, via: 'gateway', reason: '客户投诉' }, s.admin)).json
        .code,
    ).not.toBe(1000);
    expect((await t.post(`${s.A}/orders/refund`, { orderNo, reason: '卡密无效' }, s.admin)).json.code).toBe(1000);
    expect((await orderOf(t, orderNo)).status).toBe('refund_due');
    expect(
      (await t.post(`${s.A}/payments/refund`, { paymentNo: no, via: 'balance', reason: '卡密无效' }, s.admin)).json
        .code,
    ).not.toBe(1000);
    const refund = await t.post(
      `${s.A}/payments/refund`,
      { paymentNo: no, via: 'gateway', reason: '卡密无效' },
      s.admin,
    );
    expect(refund.json.code, refund.json.msg).toBe(1000);
    expect(refund.json.data).toMatchObject({ paymentNo: no, amount: 950, via: 'gateway', ref: `RF${no}` });
    expect((await paymentOf(t, no)).status).toBe('refunded');
    expect((await orderOf(t, orderNo)).status).toBe('refunded');
    // Only once.
    expect(
      (await t.post(`${s.A}/payments/refund`, { paymentNo: no, via: 'gateway', reason: '再退一次' }, s.admin)).json
        .code,
    ).not.toBe(1000);
  });

  it("refunds part of a visitor's order through the gateway, never more than was paid, then the rest", async () => {
    const id = await s.account('epay_v2', {
      baseUrl: epay2.url,
      pid: '2001',
      merchantPrivateKey: merchant.privatePem,
      platformPublicKey: platform.publicPem,
      mode: 'create',
      type: 'wxpay',
    });
    const goodsId = await s.cardGoods('9.50', 1);
    const created = await t.post('/inside/order/create', {
      goodsId,
      quantity: 1,
      contact: 'part-refund@example.com',
      queryPassword: 'look123456',
    });
    const orderNo = created.json.data.orderNo as string;
    const pay = await s.pay({ accountId: id, orderNo, queryPassword: 'look123456' });
    const no = pay.json.data.paymentNo as string;
    const fields = { pid: '2001', trade_no: `V2${no}`, out_trade_no: no, money: '9.50', trade_status: 'TRADE_SUCCESS' };
    expect((await sendNotify(t, `/pay/notify/epay_v2/${id}`, epayV2Signed(platform, fields))).body).toBe('success');

    const part = await t.post(`${s.A}/orders/refund`, { orderNo, reason: '差价', amount: '2.00' }, s.admin);
    expect(part.json, part.json.msg).toMatchObject({ code: 1000, data: { status: 'delivered', refunded: 200 } });
    expect(epayRefunds.filter((r) => r.no === no)).toEqual([{ no, money: '2.00' }]);
    expect(await orderOf(t, orderNo)).toMatchObject({ status: 'delivered', refund_amount: 200 });
    expect(await paymentOf(t, no)).toMatchObject({ status: 'paid', refunded_amount: 200 });
    // More than is left: refused, nothing sent to the gateway, nothing written.
    const tooMuch = await t.post(`${s.A}/orders/refund`, { orderNo, reason: '再退', amount: '7.51' }, s.admin);
    expect(tooMuch.json).toMatchObject({ code: 3032, msg: '退款金额超过可退金额（最多 ¥7.50）' });
    expect(epayRefunds.filter((r) => r.no === no)).toHaveLength(1);
    expect((await orderOf(t, orderNo)).refund_amount).toBe(200);
    // The rest: the order is flagged, and the payment's refund sends only what is left.
    expect((await t.post(`${s.A}/orders/refund`, { orderNo, reason: '买家不要了' }, s.admin)).json.data.status).toBe(
      'refund_due',
    );
    const rest = await t.post(
      `${s.A}/payments/refund`,
      { paymentNo: no, via: 'gateway', reason: '买家不要了' },
      s.admin,
    );
    expect(rest.json.data).toMatchObject({ amount: 750 });
    expect(epayRefunds.filter((r) => r.no === no).map((r) => r.money)).toEqual(['2.00', '7.50']);
    expect(await paymentOf(t, no)).toMatchObject({ status: 'refunded', refunded_amount: 950 });
    expect(await orderOf(t, orderNo)).toMatchObject({ status: 'refunded', refund_amount: 950 });
  });

  it('refuses a partial refund of a visitor order paid where the gateway cannot refund', async () => {
    const goodsId = await s.cardGoods('9.50', 1);
    const created = await t.post('/inside/order/create', {
      goodsId,
      quantity: 1,
      contact: 'no-gw@example.com',
      queryPassword: 'look123456',
    });
    const orderNo = created.json.data.orderNo as string;
    // Paid with the sandbox cashier, which has no refund.
    const channels = await t.post('/pay/getChannels', { client: 'pc' });
    const sandbox = (channels.json.data as Array<{ id: number; gateway: string }>).find(
      (c) => c.gateway === 'sandbox',
    )!;
    const url = new URL(
      (await s.pay({ accountId: sandbox.id, orderNo, queryPassword: 'look123456' })).json.data.handoff.url as string,
      'http://x',
    );
    expect(
      (
        await t.post('/pay/sandbox/confirm', {
          paymentNo: url.searchParams.get('sandbox')!,
          token: url.searchParams.get('token')!,
        })
      ).json.code,
    ).toBe(1000);
    expect((await orderOf(t, orderNo)).status).toBe('delivered');
    const res = await t.post(`${s.A}/orders/refund`, { orderNo, reason: '差价', amount: '1.00' }, s.admin);
    expect(res.json.code).toBe(4009);
    expect((await orderOf(t, orderNo)).refund_amount).toBe(0);
  });

  it('admin: secrets are write-only, test payment hand-off, lists and audit', async () => {
    const id = await s.account('epay_v1', { baseUrl: 'https://pay.example.com', pid: '9', key: 'super-secret-key' });
    const list = await t.post(`${s.A}/payments/accounts`, {}, s.admin);
    const acc = (list.json.data as Array<{ id: number; config: Record<string, string> }>).find((a) => a.id === id)!;
    expect(acc.config).toMatchObject({ key: '已设置', pid: '9' });
    expect(JSON.stringify(list.json.data)).not.toContain('super-secret-key');
    const raw = await t.deps.db
      .selectFrom('payment_accounts')
      .select('config')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(raw.config).not.toContain('super-secret-key');
    // editing without the secret keeps it
    const edit = await t.post(
      `${s.A}/payments/saveAccount`,
      {
        id,
        gateway: 'epay_v1',
        name: '改名',
        enabled: 1,
        config: JSON.stringify({ baseUrl: 'https://pay.example.com', pid: '9', key: '' }),
      },
      s.admin,
    );
    expect(edit.json.data.config.key).toBe('已设置');
    const test = await t.post(`${s.A}/payments/testAccount`, { id }, s.admin);
    expect(test.json.code, test.json.msg).toBe(1000);
    expect(test.json.data).toMatchObject({
      amount: 1,
      handoff: { kind: 'form', action: 'https://pay.example.com/submit.php' },
    });
    expect(test.json.data.handoff.fields.money).toBe('0.01');
    const payments = await t.post(`${s.A}/payments/list`, { purpose: 'test' }, s.admin);
    expect(payments.json.data.list[0].paymentNo).toBe(test.json.data.paymentNo);
    const logs = await t.post(`${s.A}/payments/notifyLogs`, { verdict: 'applied' }, s.admin);
    expect(logs.json.data.total).toBeGreaterThan(0);
    const audits = await t.deps.db
      .selectFrom('audit_logs')
      .select(['action', 'after_json'])
      .where('action', 'like', 'payments.%')
      .execute();
    expect(audits.map((a) => a.action)).toEqual(
      expect.arrayContaining([
        'payments.createAccount',
        'payments.updateAccount',
        'payments.testAccount',
        'payments.rechargeSettings',
      ]),
    );
    expect(JSON.stringify(audits)).not.toContain('super-secret-key');
    const member = await s.member();
    expect((await t.post(`${s.A}/payments/accounts`, {}, member.token)).json.code).toBe(-1);
  });
});
