import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, registerMember, type TestApp } from './helper.js';

// A real 1×1 PNG and GIF: the type is sniffed from these bytes, never from the name.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

function multipart(name: string, filename: string, content: Buffer, type: string) {
  const boundary = '----kapu-test-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe.each(dialects())('platform plumbing on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    const web = path.join(process.env.TMPDIR ?? '/tmp', `kapu-web-${process.pid}-${dialect}`);
    mkdirSync(path.join(web, 'assets'), { recursive: true });
    writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>卡铺</title><div id="root"></div>');
    writeFileSync(path.join(web, 'assets', 'app-abc123.js'), 'console.log(1)');
    t = await buildTestApp(dialect, { webDist: web });
  });
  afterAll(() => t.dispose());

  it('answers health and Prometheus metrics', async () => {
    const health = await t.app.inject({ url: '/healthz' });
    expect(health.json()).toMatchObject({ status: 'ok', db: dialect });
    await t.post('/site/info');
    const metrics = await t.app.inject({ url: '/metrics' });
    expect(metrics.body).toContain('kapu_http_request_duration_seconds_bucket');
    expect(metrics.body).toContain('kapu_process_resident_memory_bytes');
  });

  it('serves the SPA for every page path (history mode) and real files for assets', async () => {
    for (const url of [
      '/',
      '/inside/inter/myaccount',
      '/vip/vipGoods?x=1',
      `/${t.adminPath}/index`,
      '/cdk/short/AbC',
      '/no/such/page',
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    const asset = await t.app.inject({ url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await t.app.inject({ url: '/assets/missing.js' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/uploads/2026/01/none.png' })).statusCode).toBe(404);
  });

  it('answers an unknown call with HTTP 404 and the envelope', async () => {
    const res = await t.post('/inside/inter/noSuchCall');
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ code: 1005, msg: '接口不存在', data: null });
  });

  it('sends security headers with a CSP', async () => {
    const res = await t.app.inject({ url: '/' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    // API answers carry them too (computed once, applied to every reply).
    const api = await t.app.inject({
      method: 'POST',
      url: '/inside/goods/getList',
      payload: 'page=1&pageSize=20',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(api.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    expect(api.json()).toMatchObject({ code: 1000, msg: expect.any(String), data: { page: 1, pageSize: 20 } });
  });

  it('turns malformed bodies into transport errors, never a 500', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/user/login',
      payload: '{"account":',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe(1001);
    const big = await t.app.inject({
      method: 'POST',
      url: '/user/login',
      payload: `account=${'x'.repeat(3 * 1024 * 1024)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(big.statusCode).toBe(413);
    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/user/login',
      payload: 'x',
      headers: { 'content-type': 'text/xml' },
    });
    expect(wrongType.statusCode).toBe(415);
    const arrays = await t.post('/user/login', { account: ['a', 'b'], password: 'x' });
    expect(arrays.json.code).toBe(1001);
  });

  it('uploads images for members only, sniffing the type from the bytes', async () => {
    const m = await registerMember(t);
    const noAuth = await t.app.inject({
      method: 'POST',
      url: '/inside/uploadFile',
      ...multipart('file', 'a.png', PNG, 'image/png'),
    });
    expect(noAuth.json().code).toBe(-2);

    const up = multipart('file', 'avatar.png', PNG, 'image/png');
    const ok = await t.app.inject({
      method: 'POST',
      url: '/inside/uploadFile',
      payload: up.payload,
      headers: { ...up.headers, authorization: m.token },
    });
    expect(ok.json().code).toBe(1000);
    const url: string = ok.json().data.url;
    expect(url).toMatch(/^\/uploads\/\d{4}\/\d{2}\/[A-Za-z0-9_-]{16}\.png$/);
    const served = await t.app.inject({ url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);

    const html = multipart('file', 'evil.png', Buffer.from('<script>alert(1)</script>'), 'image/png');
    const refused = await t.app.inject({
      method: 'POST',
      url: '/inside/uploadFile',
      payload: html.payload,
      headers: { ...html.headers, authorization: m.token },
    });
    expect(refused.json()).toMatchObject({ code: 1302, msg: '只能上传图片（JPG、PNG、GIF、WEBP）' });

    const huge = multipart('file', 'big.png', Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)]), 'image/png');
    const tooBig = await t.app.inject({
      method: 'POST',
      url: '/inside/uploadFile',
      payload: huge.payload,
      headers: { ...huge.headers, authorization: m.token },
    });
    expect([1303, 1001]).toContain(tooBig.json().code);

    const none = await t.post('/inside/uploadFile', {}, m.token);
    expect(none.json.code).toBe(1301);
    const rows = await t.deps.db.selectFrom('uploads').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ owner_area: 'user', mime: 'image/png', size: PNG.length });
  });

  it('answers the site info for page titles', async () => {
    const res = await t.post('/site/info');
    expect(res.json.data).toMatchObject({ title: '卡铺演示店' });
  });
});
