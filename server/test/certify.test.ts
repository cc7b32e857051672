import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminLogin, buildTestApp, dialects, registerMember, someLoopbackIp, type TestApp } from './helper.js';
import {
  alipayAnswer,
  alipayNotify,
  json,
  rsaKeys,
  startFake,
  type FakeServer,
  type Keys,
} from './payments/fake-gateways.js';

const W = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
/** A valid 18-digit ID number for a birth date and a sequence, with the right check digit. */
function idNo(seq: number, birth = '19900307'): string {
  const body = `110101${birth}${String(seq).padStart(3, '0')}`;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(body[i]) * W[i];
  return body + '10X98765432'[sum % 11];
}
const APP_ID = '2021000000000001';

describe.each(dialects())('real-name verification on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let merchant: Keys;
  let platform: Keys;
  let ali: FakeServer;
  const passed = new Set<string>();
  let forge = false;
  let seq = 0;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    admin = await adminLogin(t);
    merchant = rsaKeys();
    platform = rsaKeys();
    ali = await startFake((req, res) => {
      const method = req.query.get('method') ?? '';
      const biz = JSON.parse(Object.fromEntries(new URLSearchParams(req.body)).biz_content ?? '{}') as Record<
        string,
        string
      >;
      const signer = forge ? merchant : platform;
      if (method === 'alipay.user.certify.open.initialize')
        return json(
          res,
          alipayAnswer(method, { code: '10000', msg: 'Success', certify_id: `CID${biz.outer_order_no}` }, signer),
        );
      if (method === 'alipay.user.certify.open.query')
        return json(
          res,
          alipayAnswer(
            method,
            { code: '10000', msg: 'Success', passed: passed.has(biz.certify_id) ? 'T' : 'F' },
            signer,
          ),
        );
      res.writeHead(404).end();
    });
  });
  afterAll(async () => {
    await ali.close();
    await t.dispose();
  });

  const A = () => `/${t.adminPath}/certify`;
  const status = async (token: string) => (await t.post('/inside/certify/status', {}, token)).json;
  const reviewingRow = async (loginName: string) => {
    const r = await t.post(`${A()}/list`, { status: 'reviewing', keyword: loginName }, admin);
    expect(r.json.code).toBe(1000);
    return r.json.data.list[0] as { id: number; idNumber: string; realName: string; statusText: string };
  };

  it('manual: submit → reviewing (masked), approve → 已认证, cannot submit again; audited', async () => {
    const m = await registerMember(t);
    expect((await status(m.token)).data).toMatchObject({ status: 'none', alipayEnabled: false });
    const id = idNo(++seq);
    const r = await t.post('/inside/certify/submit', { realName: '张三', idNumber: id }, m.token);
    expect(r.json.code, JSON.stringify(r.json)).toBe(1000);
    expect(r.json.data).toMatchObject({
      status: 'reviewing',
      realName: '张三',
      idNumber: `1101${'*'.repeat(10)}${id.slice(-4)}`,
    });
    expect(JSON.stringify(r.json)).not.toContain(id);
    expect((await t.post('/inside/certify/submit', { realName: '张三', idNumber: id }, m.token)).json.code).toBe(1135);
    const row = await reviewingRow(m.loginName);
    expect(JSON.stringify(row)).not.toContain(id);
    expect((await t.post(`${A()}/approve`, { id: row.id }, admin)).json.code).toBe(1000);
    expect((await t.post(`${A()}/approve`, { id: row.id }, admin)).json.code).toBe(1142);
    expect((await status(m.token)).data).toMatchObject({ status: 'passed', statusText: '已认证' });
    expect(
      (await t.post('/inside/certify/submit', { realName: '张三', idNumber: idNo(++seq) }, m.token)).json.code,
    ).toBe(1134);
    const stored = await t.deps.db
      .selectFrom('certifications')
      .select(['id_no_enc', 'id_no_hash'])
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(stored.id_no_enc).not.toContain(id);
    expect(stored.id_no_hash).not.toContain(id);
    const audit = await t.deps.db
      .selectFrom('audit_logs')
      .select('action')
      .where('action', '=', 'certify.approve')
      .execute();
    expect(audit.length).toBeGreaterThan(0);
  });

  it('manual: reject with a reason → 未通过, the member may submit again', async () => {
    const m = await registerMember(t);
    expect(
      (await t.post('/inside/certify/submit', { realName: '李四', idNumber: idNo(++seq) }, m.token)).json.code,
    ).toBe(1000);
    const row = await reviewingRow(m.loginName);
    expect((await t.post(`${A()}/reject`, { id: row.id, reason: '' }, admin)).json.code).toBe(1001);
    expect((await t.post(`${A()}/reject`, { id: row.id, reason: '证件照片不清晰' }, admin)).json.code).toBe(1000);
    expect((await status(m.token)).data).toMatchObject({ status: 'failed', reason: '证件照片不清晰' });
    expect((await t.post('/inside/certify/submit', { realName: '李四', idNumber: idNo(seq) }, m.token)).json.code).toBe(
      1000,
    );
  });

  it('bad checksum, bad name and foreign photos are refused', async () => {
    const m = await registerMember(t);
    const good = idNo(++seq);
    const bad = good.slice(0, 17) + (good[17] === '0' ? '1' : '0');
    const r = await t.post('/inside/certify/submit', { realName: '王五', idNumber: bad }, m.token);
    expect(r.json.code).toBe(1001);
    expect(r.json.msg).toContain('身份证号码不正确');
    expect(
      (await t.post('/inside/certify/submit', { realName: '王五<script>', idNumber: good }, m.token)).json.code,
    ).toBe(1001);
    expect(
      (
        await t.post(
          '/inside/certify/submit',
          { realName: '王五', idNumber: good, images: ['/uploads/someone-else.png'] },
          m.token,
        )
      ).json.code,
    ).toBe(1141);
  });

  it('one ID number verifies one account only', async () => {
    const a = await registerMember(t);
    const b = await registerMember(t);
    const id = idNo(++seq);
    expect((await t.post('/inside/certify/submit', { realName: '赵六', idNumber: id }, a.token)).json.code).toBe(1000);
    expect(
      (await t.post('/inside/certify/submit', { realName: '赵六', idNumber: id.toLowerCase() }, b.token)).json.code,
    ).toBe(1000);
    const ra = await reviewingRow(a.loginName);
    const rb = await reviewingRow(b.loginName);
    expect((await t.post(`${A()}/approve`, { id: ra.id }, admin)).json.code).toBe(1000);
    expect((await t.post(`${A()}/approve`, { id: rb.id }, admin)).json.code).toBe(1140);
    const c = await registerMember(t);
    // per-IP budget: this file submits many times from one address
    expect(
      (await t.post('/inside/certify/submit', { realName: '赵六', idNumber: id }, c.token, someLoopbackIp())).json.code,
    ).toBe(1140);
  });

  it('foreign access: no session, member on admin calls, another member’s certifyId', async () => {
    const m = await registerMember(t);
    expect((await t.post('/inside/certify/status', {})).json.code).toBe(-2);
    expect((await t.post(`${A()}/list`, {}, m.token)).json.code).not.toBe(1000);
    expect((await t.post(`${A()}/approve`, { id: 1 }, m.token)).json.code).not.toBe(1000);
    expect((await t.post(`${A()}/settings`, {})).json.code).not.toBe(1000);
    expect((await t.post('/inside/certify/alipayResult', { certifyId: 'CIDnotmine' }, m.token)).json.code).toBe(1143);
  });

  it('Alipay face: settings write-only; initialize → certify URL; query decides; forged answers and notifies refused', async () => {
    const m = await registerMember(t);
    // not enabled yet
    expect(
      (await t.post('/inside/certify/alipayStart', { realName: '孙七', idNumber: idNo(++seq) }, m.token)).json.code,
    ).toBe(1137);
    const bad = await t.post(
      `${A()}/saveSettings`,
      {
        alipayEnabled: 1,
        appId: APP_ID,
        privateKey: 'not-a-key',
        alipayPublicKey: platform.publicBase64,
        gateway: `${ali.url}/gateway.do`,
      },
      admin,
    );
    expect(bad.json.code).toBe(1001);
    const saved = await t.post(
      `${A()}/saveSettings`,
      {
        alipayEnabled: 1,
        appId: APP_ID,
        privateKey: merchant.privatePkcs1Base64,
        alipayPublicKey: platform.publicBase64,
        gateway: `${ali.url}/gateway.do`,
      },
      admin,
    );
    expect(saved.json.code, JSON.stringify(saved.json)).toBe(1000);
    const view = await t.post(`${A()}/settings`, {}, admin);
    expect(view.json.data).toMatchObject({ alipayEnabled: true, appId: APP_ID, privateKeySet: true });
    expect(JSON.stringify(view.json)).not.toContain(merchant.privatePkcs1Base64.slice(20, 60));
    // empty privateKey keeps the stored one
    expect(
      (
        await t.post(
          `${A()}/saveSettings`,
          {
            alipayEnabled: 1,
            appId: APP_ID,
            privateKey: '',
            alipayPublicKey: platform.publicBase64,
            gateway: `${ali.url}/gateway.do`,
          },
          admin,
        )
      ).json.code,
    ).toBe(1000);
    const auditRows = await t.deps.db
      .selectFrom('audit_logs')
      .select(['before_json', 'after_json'])
      .where('action', '=', 'certify.settings')
      .execute();
    expect(JSON.stringify(auditRows)).not.toContain(merchant.privatePkcs1Base64.slice(20, 60));
    expect(t.deps.settings.get('certify.alipay')).not.toContain(merchant.privatePkcs1Base64.slice(20, 60));

    expect((await status(m.token)).data.alipayEnabled).toBe(true);
    const id = idNo(++seq);
    const start = await t.post('/inside/certify/alipayStart', { realName: '孙七', idNumber: id }, m.token);
    expect(start.json.code, JSON.stringify(start.json)).toBe(1000);
    const url = new URL(start.json.data.url as string);
    expect(url.origin).toBe(ali.url);
    expect(url.searchParams.get('method')).toBe('alipay.user.certify.open.certify');
    const certifyId = (JSON.parse(url.searchParams.get('biz_content') ?? '{}') as { certify_id: string }).certify_id;
    expect(certifyId).toMatch(/^CIDCERT/);
    const init = ali.requests.find((r) => r.query.get('method') === 'alipay.user.certify.open.initialize')!;
    const biz = JSON.parse(new URLSearchParams(init.body).get('biz_content')!) as {
      identity_param: { cert_no: string };
      merchant_config: { return_url: string };
    };
    expect(biz.identity_param.cert_no).toBe(id);
    expect(biz.merchant_config.return_url).toMatch(/\/certify\/alipayFaceResult$/);
    expect((await status(m.token)).data.status).toBe('pending');

    // a forged query answer (signed with the wrong key) changes nothing
    passed.add(certifyId);
    forge = true;
    expect((await t.post('/inside/certify/alipayResult', { certifyId }, m.token)).json.code).toBe(1144);
    forge = false;
    expect((await status(m.token)).data.status).toBe('pending');
    // a forged notify is refused
    const notifyPath = '/certify/alipayFaceNotify';
    const sendNotify = async (fields: Record<string, string>) =>
      (
        await t.app.inject({
          method: 'POST',
          url: notifyPath,
          payload: new URLSearchParams(fields).toString(),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        })
      ).body;
    expect(await sendNotify(alipayNotify(merchant, { app_id: APP_ID, certify_id: certifyId }))).toBe('fail');
    expect(await sendNotify(alipayNotify(platform, { app_id: '2021000000000999', certify_id: certifyId }))).toBe(
      'fail',
    );
    expect((await status(m.token)).data.status).toBe('pending');
    // the return page asks Alipay: passed → verified
    const result = await t.post('/inside/certify/alipayResult', { certifyId }, m.token);
    expect(result.json.code, JSON.stringify(result.json)).toBe(1000);
    expect(result.json.data).toMatchObject({
      status: 'passed',
      provider: 'alipay_face',
      idNumber: `1101${'*'.repeat(10)}${id.slice(-4)}`,
    });
    expect(JSON.stringify(result.json)).not.toContain(id);

    // a failed face check: query says F → 未通过; a signed notify for a passed one applies it
    const m2 = await registerMember(t);
    const s2 = await t.post('/inside/certify/alipayStart', { realName: '周八', idNumber: idNo(++seq) }, m2.token);
    const c2 = (
      JSON.parse(new URL(s2.json.data.url as string).searchParams.get('biz_content')!) as { certify_id: string }
    ).certify_id;
    expect((await t.post('/inside/certify/alipayResult', {}, m2.token)).json.data.status).toBe('failed');
    const s3 = await t.post('/inside/certify/alipayStart', { realName: '周八', idNumber: idNo(seq) }, m2.token);
    expect(s3.json.code).toBe(1000);
    const c3 = (
      JSON.parse(new URL(s3.json.data.url as string).searchParams.get('biz_content')!) as { certify_id: string }
    ).certify_id;
    expect(c3).not.toBe(c2);
    passed.add(c3);
    expect(await sendNotify(alipayNotify(platform, { app_id: APP_ID, certify_id: c3 }))).toBe('success');
    expect((await status(m2.token)).data.status).toBe('passed');
  });
});
