import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_URL_SETTING } from '../../src/modules/payments/index.js';
import { buildTestApp, dialects, type TestApp } from '../helper.js';
import { handoffForm, payShop } from './payments-helper.js';

describe.each(dialects())('payments: the public URL for notify/return on %s', (dialect) => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof payShop>>;
  let accountId: number;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    s = await payShop(t);
    // Form hand-off: the gateway is never called while creating the payment.
    accountId = await s.account('epay_v1', {
      baseUrl: 'http://127.0.0.1:9/submit.php',
      pid: '1001',
      key: 'k3yForPublicUrl',
      type: 'alipay',
    });
  });
  afterAll(() => t.dispose());

  async function handoffFields() {
    const m = await s.member();
    const order = await s.memberOrder(m.token, await s.cardGoods('1', 1));
    const res = await s.pay({ accountId, orderNo: order.orderNo }, m.token);
    expect(res.json.code, res.json.msg).toBe(1000);
    return (await handoffForm(t, res.json.data.handoff)).fields;
  }

  it('is empty by default: notify and return URLs use the request origin', async () => {
    expect((await t.post(`${s.A}/payments/publicUrl`, {}, s.admin)).json.data).toMatchObject({ publicUrl: '' });
    const f = await handoffFields();
    expect(f.notify_url).toMatch(new RegExp(`^http://localhost(:80)?/pay/notify/epay_v1/${accountId}$`));
  });

  it('saves a validated origin, audited, and created payments call back to it', async () => {
    const saved = await t.post(`${s.A}/payments/savePublicUrl`, { publicUrl: ' HTTPS://Pay.Example.com/ ' }, s.admin);
    expect(saved.json).toMatchObject({ code: 1000, data: { publicUrl: 'https://pay.example.com' } });
    expect(t.deps.settings.get(PUBLIC_URL_SETTING)).toBe('https://pay.example.com');
    expect((await t.post(`${s.A}/payments/publicUrl`, {}, s.admin)).json.data.publicUrl).toBe(
      'https://pay.example.com',
    );
    const f = await handoffFields();
    expect(f.notify_url).toBe(`https://pay.example.com/pay/notify/epay_v1/${accountId}`);
    expect(f.return_url).toMatch(/^https:\/\/pay\.example\.com\/pay\/return_epay\?paymentNo=\d+$/);
    const audit = await t.deps.db
      .selectFrom('audit_logs')
      .selectAll()
      .where('action', '=', 'payments.publicUrl')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(audit)).toContain('https://pay.example.com');
  });

  it('refuses paths, queries, credentials and other schemes in Chinese, keeping the stored value', async () => {
    for (const publicUrl of [
      'ftp://pay.example.com',
      'https://pay.example.com/shop',
      'https://a:b@pay.example.com',
      'https://pay.example.com?x=1',
      'pay.example.com',
      'https://',
    ]) {
      const res = await t.post(`${s.A}/payments/savePublicUrl`, { publicUrl }, s.admin);
      expect(res.json.code, publicUrl).toBe(1001);
      expect(res.json.msg).toContain('站点公网地址');
    }
    expect(t.deps.settings.get(PUBLIC_URL_SETTING)).toBe('https://pay.example.com');
    // Cleared: back to the request origin.
    expect((await t.post(`${s.A}/payments/savePublicUrl`, { publicUrl: '' }, s.admin)).json.data.publicUrl).toBe('');
    expect((await handoffFields()).notify_url).not.toContain('pay.example.com');
  });

  it('needs the payments permission', async () => {
    const m = await s.member();
    expect(
      (await t.post(`${s.A}/payments/savePublicUrl`, { publicUrl: 'https://evil.example.com' }, m.token)).json.code,
    ).not.toBe(1000);
    expect(
      (await t.post(`${s.A}/payments/savePublicUrl`, { publicUrl: 'https://evil.example.com' })).json.code,
    ).not.toBe(1000);
  });
});
