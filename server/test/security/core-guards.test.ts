import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  adminLogin,
  buildTestApp,
  dialects,
  registerMember,
  someLoopbackIp,
  type TestApp,
} from '../helper.js';

/** Issue 10, security findings 2, 7, 8 and 9 (ids, /metrics, reserved admin paths): the shared guards. */
describe.each(dialects())('core security guards on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let member: string;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    admin = await adminLogin(t);
    member = (await registerMember(t)).token;
  });
  afterAll(async () => {
    await t.dispose();
  });

  const inject = (url: string, payload = '', headers: Record<string, string> = {}, remoteAddress = someLoopbackIp()) =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      remoteAddress,
    });

  it('the internal admin prefix is unreachable in any spelling; the secret path still works', async () => {
    const body = `username=admin&password=${ADMIN_PASSWORD}`;
    for (const prefix of [
      '/__admin',
      '/%5F%5Fadmin',
      '/%5f%5fadmin',
      '/_%5Fadmin',
      '/%5F_admin',
      '/__%61dmin',
      '/__ADMIN',
      '/__Admin',
      '/%5F%5FADMIN',
      '/%255F%255Fadmin',
      '/%E0%A4%A',
    ]) {
      const res = await inject(`${prefix}/auth/login`, body);
      expect(res.statusCode, prefix).toBe(404);
      expect(res.json().data?.authCode, prefix).toBeUndefined();
    }
    // With a valid admin token, the encoded prefix does not open admin calls either.
    const list = await inject('/%5F%5Fadmin/members/list', '', { authorization: admin });
    expect(list.json().code).not.toBe(1000);
    expect((await inject(`/${t.adminPath}/auth/login`, body)).json().code).toBe(1000);
    // The admin path written with percent-encoding reaches the same calls as written plainly.
    const encoded = `/${[...t.adminPath].map((c) => `%${c.charCodeAt(0).toString(16)}`).join('')}`;
    expect((await inject(`${encoded}/members/list`, '', { authorization: admin })).json().code).toBe(1000);
  });

  it('the CSP asks browsers to upgrade asset requests only for requests that came over HTTPS', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/' });
    expect(plain.headers['content-security-policy']).toBeDefined();
    expect(plain.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    // A forwarded-proto header from an untrusted client changes nothing (TRUST_PROXY is off).
    const spoofed = await t.app.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(spoofed.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });

  it('behind a trusted proxy that says https, the CSP upgrades and HSTS is sent', async () => {
    const proxied = await buildTestApp(dialect, { trustProxy: true });
    try {
      const viaTls = await proxied.app.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' } });
      expect(viaTls.headers['content-security-policy']).toContain('upgrade-insecure-requests');
      expect(viaTls.headers['strict-transport-security']).toBeDefined();
      const viaHttp = await proxied.app.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'http' } });
      expect(viaHttp.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    } finally {
      await proxied.dispose();
    }
  });

  it('control characters in any text field answer the bad-input code, never HTTP 500 (the 16 calls that failed on PostgreSQL)', async () => {
    const A = `/${t.adminPath}`;
    const calls: [string, string, string | undefined][] = [
      ['/inside/goods/getList', 'keyword', undefined],
      ['/inside/goods/priceList', 'keyword', undefined],
      ['/user/login', 'loginName', undefined],
      ['/user/register', 'loginName', undefined],
      ['/user/forget/sendCode', 'account', undefined],
      ['/visitor/order/lookup', 'orderNo', undefined],
      ['/visitor/order/lookup', 'contact', undefined],
      ['/inside/order/create', 'contact', undefined],
      ['/pay/create', 'orderNo', undefined],
      ['/pay/status', 'paymentNo', undefined],
      ['/inside/certify/alipayResult', 'certifyId', member],
      ['/inside/order/getList', 'keyword', member],
      ['/inside/funds/getLedger', 'keyword', member],
      ['/inside/order/export', 'keyword', member],
      [`${A}/members/list`, 'keyword', admin],
      [`${A}/audit/list`, 'action', admin],
      [`${A}/auth/login`, 'username', undefined],
    ];
    for (const [url, field, token] of calls) {
      for (const value of ['\u0000', 'ab\u0000cd', '\u0007', '\u001b[31m']) {
        const res = await inject(url, `${field}=${encodeURIComponent(value)}`, token ? { authorization: token } : {});
        expect(res.statusCode, `${url} ${field}`).toBe(200);
        expect(res.json().code, `${url} ${field}`).toBe(1001);
        expect(res.json().msg).toContain('控制字符');
      }
      // JSON bodies and nested values are checked the same way.
      const json = await t.app.inject({
        method: 'POST',
        url,
        payload: JSON.stringify({ [field]: 'x\u0000' }),
        headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
        remoteAddress: someLoopbackIp(),
      });
      expect(json.json().code, `${url} json`).toBe(1001);
    }
    // Query strings too (payment notifies arrive by GET).
    const notify = await t.app.inject({ method: 'GET', url: '/pay/notify/epay/1?out_trade_no=%00x' });
    expect(notify.statusCode).toBeLessThan(500);
    // Multi-line text keeps its line breaks and tabs.
    const ok = await inject('/inside/goods/getList', `keyword=${encodeURIComponent('a\tb')}`);
    expect(ok.json().code).toBe(1000);
  });

  it('ids are positive safe integers in decimal digits only', async () => {
    const A = `/${t.adminPath}`;
    for (const bad of [
      'true',
      '0x1',
      '1e0',
      '1.0',
      '+1',
      '-1',
      '0',
      ' ',
      '９',
      '007',
      '9007199254740993',
      'NaN',
      'Infinity',
    ]) {
      const res = await inject(`${A}/members/setStatus`, `id=${encodeURIComponent(bad)}&status=disabled`, {
        authorization: admin,
      });
      expect(res.json().code, bad).toBe(1001);
    }
    for (const bad of [true, [1], { a: 1 }, 1.5, -1, 0, 2 ** 60]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/inside/goods/getDetail',
        payload: JSON.stringify({ goodsId: bad }),
        headers: { 'content-type': 'application/json' },
      });
      expect(res.json().code, JSON.stringify(bad)).toBe(1001);
    }
    // Decimal digits, as a form string or a JSON number, are ids.
    expect((await inject('/inside/goods/getDetail', 'goodsId=1')).json().code).not.toBe(1001);
    const asNumber = await t.app.inject({
      method: 'POST',
      url: '/inside/goods/getDetail',
      payload: JSON.stringify({ goodsId: 1 }),
      headers: { 'content-type': 'application/json' },
    });
    expect(asNumber.json().code).not.toBe(1001);
  });

  it('/metrics answers loopback scrapers and token holders only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' })).statusCode).toBe(403);
    // A local reverse proxy relaying an outside client does not make it local.
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/metrics',
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': '203.0.113.9' },
        })
      ).statusCode,
    ).toBe(403);
    const withToken = await buildTestApp(dialect, { metricsToken: 'scrape-secret-123' });
    try {
      expect(
        (
          await withToken.app.inject({
            method: 'GET',
            url: '/metrics',
            remoteAddress: '203.0.113.9',
            headers: { authorization: 'Bearer scrape-secret-123' },
          })
        ).statusCode,
      ).toBe(200);
      expect(
        (
          await withToken.app.inject({
            method: 'GET',
            url: '/metrics',
            remoteAddress: '203.0.113.9',
            headers: { authorization: 'Bearer wrong' },
          })
        ).statusCode,
      ).toBe(403);
    } finally {
      await withToken.dispose();
    }
  });

  it('no first path segment the app serves can become the admin path (taken from the route table)', async () => {
    const A = `/${t.adminPath}`;
    for (const taken of [
      'visitor',
      'Visitor',
      'inside',
      'content',
      'pay',
      'user',
      'other',
      'certify',
      'healthz',
      'metrics',
      'uploads',
      'static',
      'assets',
      'myQqNotify',
      'chadan',
      'index',
    ]) {
      const res = await t.post(`${A}/settings/adminPath`, { adminPath: taken }, admin);
      expect([1212, 1203], taken).toContain(res.json.code);
    }
    expect(t.app.isReservedPath('visitor')).toBe(true);
    expect(t.app.isReservedPath('shopadmin42')).toBe(false);
  });
});
