import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, dialects, someLoopbackIp, type TestApp } from '../helper.js';
import { epayV1Notify, rsaKeys, type Keys } from './fake-gateways.js';
import { formFieldsOf, startFakeEpay, storedName, type FakeEpay } from './fake-epay.js';
import { expectLedgersBalanced, orderOf, paymentOf, payShop, sendNotify } from './payments-helper.js';

const KEY = 'realEpayMd5Key2026';
/** A goods name the real server stores differently from what was posted: long, emoji, quotes, HTML. */
const AWKWARD_NAME =
  '【官方直充】腾讯视频VIP会员 12 个月 "年卡" 《超值》 🎉 赠送 & 叠加 — 一次到账，售后无忧，请认准官方店铺，谢谢';

describe.each(dialects())('易支付 against a server that behaves like the real one, on %s', (dialect) => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof payShop>>;
  let epay: FakeEpay;
  let merchant: Keys;
  let platform: Keys;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    s = await payShop(t);
    merchant = rsaKeys();
    platform = rsaKeys();
    epay = await startFakeEpay([
      { pid: '1001', key: KEY },
      { pid: '2001', merchantPublicPem: merchant.publicPem, platform },
    ]);
  });
  afterAll(async () => {
    await epay.close();
    await t.dispose();
  });
  afterEach(() => {
    vi.useRealTimers();
    epay.channel = 'html';
    epay.refundRefusal = null;
    return expectLedgersBalanced(t);
  });

  const v1 = (extra: Record<string, string> = {}) =>
    s.account('epay_v1', { baseUrl: epay.url, pid: '1001', key: KEY, type: 'alipay', ...extra });
  const v2 = (extra: Record<string, string> = {}) =>
    s.account('epay_v2', {
      baseUrl: epay.url,
      pid: '2001',
      merchantPrivateKey: merchant.privatePem,
      platformPublicKey: platform.publicPem,
      type: 'alipay',
      ...extra,
    });

  /** A visitor's order for a goods with an awkward name, paid with an account: the /pay/create answer. */
  async function visitorPayment(accountId: number, name = AWKWARD_NAME) {
    const goodsId = await s.goods({ name, price: '12.00' });
    await s.cards(goodsId, 2);
    const created = await t.post(
      '/inside/order/create',
      { goodsId, quantity: 1, contact: 'epay@example.com', queryPassword: 'look123456' },
      undefined,
      someLoopbackIp(),
    );
    expect(created.json.code, created.json.msg).toBe(1000);
    const pay = await s.pay({ accountId, orderNo: created.json.data.orderNo, queryPassword: 'look123456' });
    expect(pay.json.code, `${pay.json.msg} ${JSON.stringify(pay.json.data)}`).toBe(1000);
    return {
      orderNo: created.json.data.orderNo as string,
      paymentNo: pay.json.data.paymentNo as string,
      handoff: pay.json.data.handoff as { kind: string; url?: string },
    };
  }

  const go = (url: string, ua = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/130.0') =>
    t.app.inject({ method: 'GET', url, headers: { 'user-agent': ua } });

  /** Posts a hand-off page's form to the fake as the browser would; answers the page the payer sees. */
  async function postForm(html: string) {
    const f = formFieldsOf(html);
    const body = new URLSearchParams(f.fields).toString();
    const res =
      f.method === 'get'
        ? await fetch(`${f.action}?${body}`)
        : await fetch(f.action, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body,
          });
    return { fields: f.fields, page: await res.text() };
  }

  it('mapi.php answering html: handed off on a top-level page of ours with its own CSP, the bank form posted by our nonce script', async () => {
    const id = await v1({ mode: 'mapi' });
    const { paymentNo, handoff } = await visitorPayment(id);
    expect(handoff.kind).toBe('redirect');
    expect(handoff.url).toMatch(new RegExp(`^/pay/go/${paymentNo}\\?t=[\\w-]{20,}$`));
    const page = await go(handoff.url!);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-store');
    const csp = String(page.headers['content-security-policy']);
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain(`form-action ${epay.url} https:`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/sandbox allow-forms allow-scripts allow-top-navigation(;|$)/);
    expect(csp).not.toContain("unsafe-inline' 'nonce"); // scripts: the nonce only
    // The gateway's own page, its script without our nonce (blocked), ours with it.
    expect(page.body).toContain(`action="${epay.url}/bank/pay"`);
    expect(page.body).toContain(`<script nonce="${nonce}">`);
    expect(page.body).not.toContain('<iframe');
    // The link is tied to the payment: another number or a forged token is refused.
    expect((await go(handoff.url!.replace(/t=[\w-]+/, 't=forged-token-000000000000'))).statusCode).toBe(404);
  });

  it('V2 create answering html goes the same way', async () => {
    const id = await v2({ mode: 'create' });
    const { handoff } = await visitorPayment(id);
    const page = await go(handoff.url!);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`action="${epay.url}/bank/pay"`);
    expect(String(page.headers['content-security-policy'])).toContain(`form-action ${epay.url} https:`);
  });

  it('an empty type is refused when saved for mapi or create, caught by 测试 for older accounts, and allowed for submit (the cashier asks)', async () => {
    for (const [gateway, config] of [
      ['epay_v1', { baseUrl: epay.url, pid: '1001', key: KEY, mode: 'mapi', type: '' }],
      [
        'epay_v2',
        {
          baseUrl: epay.url,
          pid: '2001',
          merchantPrivateKey: merchant.privatePem,
          platformPublicKey: platform.publicPem,
          mode: 'create',
          type: '',
        },
      ],
    ] as const) {
      const res = await t.post(
        `${s.A}/payments/saveAccount`,
        { gateway, name: '空类型', enabled: 1, config: JSON.stringify(config) },
        s.admin,
      );
      expect(res.json.code).toBe(4007);
      expect(res.json.msg).toContain('必须选择支付方式');
    }
    // An account saved before the rule: 测试 says what is wrong before any payment fails.
    const old = await v1({ mode: 'mapi' });
    const row = await t.deps.db
      .selectFrom('payment_accounts')
      .select('config')
      .where('id', '=', old)
      .executeTakeFirstOrThrow();
    await t.deps.db
      .updateTable('payment_accounts')
      .set({ config: JSON.stringify({ ...JSON.parse(row.config), type: '' }) })
      .where('id', '=', old)
      .execute();
    const test = await t.post(`${s.A}/payments/testAccount`, { id: old }, s.admin);
    expect(test.json.code).toBe(4007);
    expect(test.json.msg).toContain('支付方式(type)不能为空');
    // submit with no type: the cashier page lets the buyer choose.
    const open = await v1({ type: '' });
    const { handoff } = await visitorPayment(open);
    const landed = await postForm((await go(handoff.url!)).body);
    expect(landed.page).toContain('请选择支付方式');
  });

  it('a form posted again (Back, reload) is accepted: plain short name, the same parameters', async () => {
    for (const id of [await v1(), await v2()]) {
      const { paymentNo, handoff } = await visitorPayment(id);
      const first = await postForm((await go(handoff.url!)).body);
      expect(first.page).toContain(`data-order="${paymentNo}"`);
      const again = await postForm((await go(handoff.url!)).body);
      expect(again.page).not.toContain('支付参数有变化');
      expect(again.page).toContain(`data-order="${paymentNo}"`);
      // The name the server keeps is the name we sent.
      const stored = [...epay.orders.values()].find((o) => o.outTradeNo === paymentNo)!;
      expect(stored.name).toBe(first.fields.name);
      expect(storedName(first.fields.name)).toBe(first.fields.name);
      expect(first.fields.name.startsWith('【官方直充】腾讯视频VIP会员 12 个月')).toBe(true);
      expect(first.fields.money).toBe('12.00');
      expect(again.fields.notify_url).toBe(first.fields.notify_url);
      expect(again.fields.return_url).toBe(first.fields.return_url);
    }
    // The fake is strict: the name as it was sent before this fix is refused on the second post.
    const { paymentNo } = await visitorPayment(await v1());
    const raw = {
      pid: '1001',
      type: 'alipay',
      out_trade_no: `${paymentNo}X`,
      notify_url: 'http://n',
      return_url: 'http://r',
      name: AWKWARD_NAME,
      money: '12.00',
    };
    const post = async () => {
      const { md5, canonical } = await import('./fake-gateways.js');
      const body = new URLSearchParams({ ...raw, sign: md5(canonical(raw) + KEY), sign_type: 'MD5' }).toString();
      return (
        await fetch(`${epay.url}/submit.php`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body,
        })
      ).text();
    };
    expect(await post()).toContain('易支付收银台');
    expect(await post()).toContain('支付参数有变化');
  });

  it('V2 forms are signed when the payer goes, not when the payment was made (the server allows 300 s)', async () => {
    const id = await v2();
    const { paymentNo, handoff } = await visitorPayment(id);
    // Six minutes later (the order holds stock for 15): both clocks move.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 6 * 60_000 });
    const page = await go(handoff.url!);
    expect(page.statusCode).toBe(200);
    const landed = await postForm(page.body);
    expect(landed.page).not.toContain('时间戳字段不正确');
    expect(landed.page).toContain(`data-order="${paymentNo}"`);
    expect(Math.abs(Number(landed.fields.timestamp) - Math.floor(Date.now() / 1000))).toBeLessThan(5);
  });

  it('a paid, closed or expired payment does not go to the gateway again', async () => {
    const id = await v1();
    const { paymentNo, handoff } = await visitorPayment(id);
    const paid = epayV1Notify(KEY, { pid: '1001', trade_no: `T${paymentNo}`, out_trade_no: paymentNo, money: '12.00' });
    expect((await sendNotify(t, `/pay/notify/epay_v1/${id}`, paid)).body).toBe('success');
    const after = await go(handoff.url!);
    expect(after.statusCode).toBe(303);
    expect(after.headers.location).toBe(`/pay/return_epay?paymentNo=${paymentNo}`);

    const late = await visitorPayment(id);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 60 * 60_000 });
    const expired = await go(late.handoff.url!);
    expect(expired.statusCode).toBe(410);
    expect(expired.body).toContain('支付单已失效');
  });

  it('V1 refunds go back through api.php?act=refund, in part and then the rest, once', async () => {
    const id = await v1();
    const { orderNo, paymentNo, handoff } = await visitorPayment(id);
    await postForm((await go(handoff.url!)).body);
    epay.markPaid(paymentNo);
    const tradeNo = [...epay.orders.values()].find((o) => o.outTradeNo === paymentNo)!.tradeNo;
    const notify = epayV1Notify(KEY, { pid: '1001', trade_no: tradeNo, out_trade_no: paymentNo, money: '12.00' });
    expect((await sendNotify(t, `/pay/notify/epay_v1/${id}`, notify)).body).toBe('success');
    expect((await orderOf(t, orderNo)).status).toBe('delivered');

    // The gateway refuses: nothing written, the reason shown.
    epay.refundRefusal = '商户未开启订单退款API接口';
    const refused = await t.post(`${s.A}/orders/refund`, { orderNo, reason: '差价', amount: '2.00' }, s.admin);
    expect(refused.json.code).toBe(4005);
    expect(JSON.stringify(refused.json)).toContain('商户未开启订单退款API接口');
    expect((await orderOf(t, orderNo)).refund_amount).toBe(0);
    expect((await paymentOf(t, paymentNo)).refunded_amount).toBe(0);
    epay.refundRefusal = null;

    const part = await t.post(`${s.A}/orders/refund`, { orderNo, reason: '差价', amount: '2.00' }, s.admin);
    expect(part.json.code, part.json.msg).toBe(1000);
    expect(epay.refunds.filter((r) => r.outTradeNo === paymentNo)).toEqual([{ outTradeNo: paymentNo, money: '2.00' }]);
    expect((await t.post(`${s.A}/orders/refund`, { orderNo, reason: '不要了' }, s.admin)).json.data.status).toBe(
      'refund_due',
    );
    const rest = await t.post(`${s.A}/payments/refund`, { paymentNo, via: 'gateway', reason: '不要了' }, s.admin);
    expect(rest.json.code, rest.json.msg).toBe(1000);
    expect(rest.json.data).toMatchObject({ amount: 1000, via: 'gateway' });
    expect(epay.refunds.filter((r) => r.outTradeNo === paymentNo).map((r) => r.money)).toEqual(['2.00', '10.00']);
    expect(await paymentOf(t, paymentNo)).toMatchObject({ status: 'refunded', refunded_amount: 1200 });
    expect(await orderOf(t, orderNo)).toMatchObject({ status: 'refunded', refund_amount: 1200 });
    expect(
      (await t.post(`${s.A}/payments/refund`, { paymentNo, via: 'gateway', reason: '再退' }, s.admin)).json.code,
    ).toBe(4009);
    expect(epay.refunds.filter((r) => r.outTradeNo === paymentNo)).toHaveLength(2);
  });
});
