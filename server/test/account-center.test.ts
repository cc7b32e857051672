import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDACT_PATHS } from '../src/core/logger.js';
import { openApiCredentials, requireSalePassword } from '../src/modules/accounts/index.js';
import { MAIL_SETTING, SMS_SETTING, secretBoxFor } from '../src/modules/verification/index.js';
import { startFakeSmsGateway } from './fakes/sms-gateway.js';
import { startSmtpServer } from './fakes/smtp.js';
import { buildTestApp, dialects, registerMember, solvedCaptcha, someLoopbackIp, type TestApp } from './helper.js';

const SMS_SECRET = 'sms-secret-for-tests';
const I = '/inside/inter';

describe.each(dialects())('member account center on %s', (dialect) => {
  let t: TestApp;
  let sms: Awaited<ReturnType<typeof startFakeSmsGateway>>;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

  async function useSms(provider: 'aliyun' | 'tencent') {
    const box = secretBoxFor(t.config.dataDir);
    await t.deps.settings.set(
      SMS_SETTING,
      JSON.stringify({
        provider,
        accessKeyId: 'AKIDtest',
        secretEnc: box.seal(SMS_SECRET),
        signName: '卡铺',
        templateCode: 'SMS_1',
        sdkAppId: '1400',
        region: '',
        endpoint: sms.url,
      }),
    );
  }
  /** Lets the next code for a target go out at once (the 60 s rule is tested on its own). */
  async function forgetResendWait(target: string) {
    await t.deps.db
      .updateTable('verification_codes')
      .set({ created_at: Date.now() - 61_000 })
      .where('target', '=', target.toLowerCase())
      .execute();
  }
  const lastSms = (mobile: string) => [...sms.sent].reverse().find((s) => s.mobile === mobile)!.code;
  const lastMail = (to: string) => {
    const mail = [...smtp.mails].reverse().find((m) => m.to.includes(to))!;
    return /验证码：(\d{6})/.exec(mail.text)![1];
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    sms = await startFakeSmsGateway(SMS_SECRET);
    smtp = await startSmtpServer();
    await useSms('aliyun');
    const box = secretBoxFor(t.config.dataDir);
    await t.deps.settings.set(
      MAIL_SETTING,
      JSON.stringify({
        host: '127.0.0.1',
        port: smtp.port,
        secure: false,
        user: 'mailer',
        passEnc: box.seal('mail-pass-1'),
        from: '卡铺 <noreply@kapu.test>',
      }),
    );
  });
  afterAll(async () => {
    await t.dispose();
    await sms.close();
    await smtp.close();
  });

  it('serves one-use image captchas and requires one to register', async () => {
    const cap = await t.post('/user/captcha');
    expect(cap.json.code).toBe(1000);
    expect(cap.json.data.svg).toMatch(/^<svg/);
    expect(cap.json.data.captchaId).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(JSON.stringify(cap.json)).not.toMatch(/text|answer/);
    const row = await t.deps.db
      .selectFrom('captchas')
      .selectAll()
      .where('id', '=', cap.json.data.captchaId)
      .executeTakeFirstOrThrow();
    expect(row.answer_hash).toMatch(/^[0-9a-f]{64}$/);

    expect(
      (await t.post('/user/register', { loginName: 'nocaptcha', password: 'abc12345' }, undefined, someLoopbackIp()))
        .json.code,
    ).toBe(1108);
    expect(
      (
        await t.post(
          '/user/register',
          { loginName: 'nocaptcha', password: 'abc12345', captchaId: cap.json.data.captchaId, captcha: 'zzzz' },
          undefined,
          someLoopbackIp(),
        )
      ).json.code,
    ).toBe(1006);
    const solved = await solvedCaptcha(t);
    expect(
      (
        await t.post(
          '/user/register',
          { loginName: 'withcaptcha', password: 'abc12345', ...solved },
          undefined,
          someLoopbackIp(),
        )
      ).json.code,
    ).toBe(1000);
    // The same captcha cannot be used twice.
    expect(
      (
        await t.post(
          '/user/register',
          { loginName: 'withcaptch2', password: 'abc12345', ...solved },
          undefined,
          someLoopbackIp(),
        )
      ).json.code,
    ).toBe(1006);
  });

  it('stores the inviter from an invite code and refuses unknown codes', async () => {
    const inviter = await registerMember(t);
    const sec = await t.post(`${I}/getAccountSecurity`, {}, inviter.token);
    const code: string = sec.json.data.inviteCode;
    expect(code).toMatch(/^[A-Za-z0-9]{8}$/);
    const bad = await t.post(
      '/user/register',
      { loginName: 'invitee0', password: 'abc12345', inviteCode: 'NOPE1234', ...(await solvedCaptcha(t)) },
      undefined,
      someLoopbackIp(),
    );
    expect(bad.json.code).toBe(1112);
    await registerMember(t, 'invitee1', 'abc12345', { inviteCode: code });
    const rows = await t.deps.db
      .selectFrom('users')
      .select(['login_name', 'id', 'inviter_id'])
      .where('login_name', 'in', [inviter.loginName, 'invitee1'])
      .execute();
    const byName = Object.fromEntries(rows.map((r) => [r.login_name, r]));
    expect(byName.invitee1.inviter_id).toBe(byName[inviter.loginName].id);
  });

  it('asks for the captcha after 3 failures and locks account+IP after 10', async () => {
    const m = await registerMember(t);
    const ip = someLoopbackIp();
    const login = async (extra: Record<string, unknown> = {}, from = ip, password = 'wrong1234') =>
      (await t.post('/user/login', { account: m.loginName, password, ...extra }, undefined, from)).json;
    for (let i = 0; i < 2; i++) expect(await login()).toMatchObject({ code: 1102, data: { captchaRequired: false } });
    expect(await login()).toMatchObject({ code: 1102, data: { captchaRequired: true } });
    expect(await login()).toMatchObject({ code: 1108, data: { captchaRequired: true } });
    expect((await login({ captchaId: (await solvedCaptcha(t)).captchaId, captcha: 'xxxx' })).code).toBe(1006);
    // Even the right password needs the captcha now, and the mobile/email forms count alike.
    expect((await login({}, ip, m.password)).code).toBe(1108);
    for (let i = 3; i < 10; i++) expect((await login(await solvedCaptcha(t))).code).toBe(1102);
    const locked = await login(await solvedCaptcha(t), ip, m.password);
    expect(locked).toMatchObject({ code: 1104, msg: '登录失败次数过多，请 15 分钟后再试' });
    // Another IP is not locked, but still needs the captcha; success clears the counter.
    expect((await login(await solvedCaptcha(t), someLoopbackIp(), m.password)).code).toBe(1000);
    expect((await login({}, someLoopbackIp(), m.password)).code).toBe(1000);
    // After the lock window the pair may try again.
    await t.deps.db
      .updateTable('login_failures')
      .set({ created_at: Date.now() - 16 * 60_000 })
      .execute();
    expect((await login({}, ip, m.password)).code).toBe(1000);
  });

  it('takes the thresholds from settings', async () => {
    const m = await registerMember(t);
    await t.deps.settings.set('security.captcha_after', '1');
    try {
      expect((await t.post('/user/login', { account: m.loginName, password: 'wrong1234' })).json.data).toEqual({
        captchaRequired: true,
      });
      expect((await t.post('/user/login', { account: m.loginName, password: m.password })).json.code).toBe(1108);
    } finally {
      await t.deps.settings.set('security.captcha_after', '3');
    }
  });

  it('updates the profile as plain text, refusing control characters, long values and foreign avatars', async () => {
    const m = await registerMember(t);
    const other = await registerMember(t);
    const xss = '<img src=x onerror=alert(1)>';
    const ok = await t.post(
      `${I}/updateFrontCustomer`,
      { nickname: '<b>小明</b>', qq: '12345678', contact: xss },
      m.token,
    );
    expect(ok.json.code).toBe(1000);
    const me = await t.post(`${I}/getAccount`, {}, m.token);
    expect(me.json.data.nickname).toBe('<b>小明</b>'); // stored as typed; the web renders text
    expect((await t.post(`${I}/getAccountSecurity`, {}, m.token)).json.data).toMatchObject({
      qq: '12345678',
      contact: xss,
    });

    for (const body of [
      { nickname: 'a\u0000b' },
      { contact: 'line1\nline2' },
      { nickname: 'x'.repeat(21) },
      { contact: 'y'.repeat(101) },
      { qq: 'abc' },
    ]) {
      const res = await t.post(`${I}/updateFrontCustomer`, body, m.token);
      expect(res.json.code, JSON.stringify(body)).toBe(1001);
    }
    // Avatars: only this member's own upload or the default picture.
    await t.deps.db
      .insertInto('uploads')
      .values({
        owner_area: 'user',
        owner_id: 999999,
        path: '2026/01/foreign.png',
        mime: 'image/png',
        size: 1,
        sha256: 'x',
        created_at: Date.now(),
      })
      .execute();
    const meRow = await t.deps.db
      .selectFrom('users')
      .select('id')
      .where('login_name', '=', m.loginName)
      .executeTakeFirstOrThrow();
    await t.deps.db
      .insertInto('uploads')
      .values({
        owner_area: 'user',
        owner_id: meRow.id,
        path: '2026/01/mine.png',
        mime: 'image/png',
        size: 1,
        sha256: 'x',
        created_at: Date.now(),
      })
      .execute();
    for (const avatar of [
      '/uploads/2026/01/foreign.png',
      'javascript:alert(1)',
      'https://evil.example/a.png',
      '/uploads/../kapu.sqlite',
    ]) {
      expect((await t.post(`${I}/updateFrontCustomer`, { avatar }, m.token)).json.code, avatar).toBe(1117);
    }
    expect(
      (await t.post(`${I}/updateFrontCustomer`, { avatar: '/uploads/2026/01/mine.png' }, other.token)).json.code,
    ).toBe(1117);
    expect((await t.post(`${I}/updateFrontCustomer`, { avatar: '/uploads/2026/01/mine.png' }, m.token)).json.code).toBe(
      1000,
    );
    expect((await t.post(`${I}/getAccount`, {}, m.token)).json.data.avatar).toBe('/uploads/2026/01/mine.png');
    // The other member's profile is untouched by all of this.
    expect((await t.post(`${I}/getAccount`, {}, other.token)).json.data.nickname).toBe(other.loginName);
  });

  it('changes the login password only with the old one and logs out the other sessions', async () => {
    const m = await registerMember(t);
    const second = (await t.post('/user/login', { account: m.loginName, password: m.password })).json.data.authCode;
    expect(
      (await t.post(`${I}/updateFrontLoginPwd`, { oldPassword: 'nope12345', newPassword: 'newpass123' }, m.token)).json,
    ).toMatchObject({ code: 1107, msg: '原密码错误' });
    expect(
      (await t.post(`${I}/updateFrontLoginPwd`, { oldPassword: m.password, newPassword: 'weak' }, m.token)).json.code,
    ).toBe(1001);
    const changed = await t.post(
      `${I}/updateFrontLoginPwd`,
      { oldPassword: m.password, newPassword: 'newpass123' },
      m.token,
    );
    expect(changed.json).toMatchObject({ code: 1000, data: { revokedSessions: 1 } });
    expect((await t.post(`${I}/getAccount`, {}, second)).json.code).toBe(-2);
    expect((await t.post(`${I}/getAccount`, {}, m.token)).json.code).toBe(1000);
    expect((await t.post('/user/login', { account: m.loginName, password: m.password })).json.code).toBe(1102);
    expect((await t.post('/user/login', { account: m.loginName, password: 'newpass123' })).json.code).toBe(1000);
  });

  it('sets the sale password, its switch and the operations it protects (repeated form keys)', async () => {
    const m = await registerMember(t);
    const id = (
      await t.deps.db.selectFrom('users').select('id').where('login_name', '=', m.loginName).executeTakeFirstOrThrow()
    ).id;
    expect((await t.post(`${I}/setSalePwdStatus`, { enabled: 1, salePwd: '123456' }, m.token)).json.code).toBe(1111);
    expect(
      (await t.post(`${I}/setNewSalePwd`, { password: 'wrong1234', newSalePwd: '123456' }, m.token)).json.code,
    ).toBe(1107);
    expect((await t.post(`${I}/setNewSalePwd`, { password: m.password, newSalePwd: '12ab' }, m.token)).json.code).toBe(
      1001,
    );
    expect(
      (await t.post(`${I}/setNewSalePwd`, { password: m.password, newSalePwd: '246810' }, m.token)).json.code,
    ).toBe(1000);
    await expect(
      requireSalePassword(t.deps.db, { memberId: id, ip: '127.0.0.1', name: 'test' }, undefined),
    ).rejects.toMatchObject({ code: 1109 });
    await expect(
      requireSalePassword(t.deps.db, { memberId: id, ip: '127.0.0.1', name: 'test' }, '000000', 'transfer'),
    ).rejects.toMatchObject({ code: 1110 });
    await expect(
      requireSalePassword(t.deps.db, { memberId: id, ip: '127.0.0.1', name: 'test' }, '246810', 'transfer'),
    ).resolves.toBeUndefined();

    const ops = await t.post(`${I}/setSalePwd`, { ops: ['transfer', 'withdraw'], salePwd: '246810' }, m.token);
    expect(ops.json).toMatchObject({ code: 1000, data: { ops: ['transfer', 'withdraw'] } });
    expect((await t.post(`${I}/getAccountSecurity`, {}, m.token)).json.data.salePwdOps).toEqual([
      'transfer',
      'withdraw',
    ]);
    await expect(
      requireSalePassword(t.deps.db, { memberId: id, ip: '127.0.0.1', name: 'test' }, undefined, 'balancePay'),
    ).resolves.toBeUndefined();
    await expect(
      requireSalePassword(t.deps.db, { memberId: id, ip: '127.0.0.1', name: 'test' }, undefined, 'withdraw'),
    ).rejects.toMatchObject({ code: 1109 });
    expect(
      (await t.post(`${I}/setSalePwd`, { ops: ['transfer', 'steal'], salePwd: '246810' }, m.token)).json.code,
    ).toBe(1001);
    expect((await t.post(`${I}/setSalePwd`, { ops: 'api', salePwd: '000000' }, m.token)).json.code).toBe(1110);

    expect((await t.post(`${I}/setSalePwdStatus`, { enabled: 0, salePwd: '246810' }, m.token)).json.code).toBe(1000);
    await expect(
      requireSalePassword(t.deps.db, { memberId: id, ip: '127.0.0.1', name: 'test' }, undefined, 'withdraw'),
    ).resolves.toBeUndefined();
    const text = JSON.stringify((await t.post(`${I}/getAccountSecurity`, {}, m.token)).json);
    expect(text).not.toContain('246810');
    expect(text).not.toContain('scrypt');
  });

  it('binds and unbinds a mobile with SMS codes through the Aliyun adapter', async () => {
    const m = await registerMember(t);
    const mobile = '13700000001';
    expect((await t.post(`${I}/sendUnbindMobileCode`, {}, m.token)).json.code).toBe(1119);
    const sent = await t.post(`${I}/sendBindMobileCode`, { mobile }, m.token);
    expect(sent.json).toMatchObject({ code: 1000, data: { resendAfter: 60 } });
    expect(JSON.stringify(sent.json)).not.toContain(lastSms(mobile));
    // 60 s between codes for one number.
    const again = await t.post(`${I}/sendBindMobileCode`, { mobile }, m.token);
    expect(again.json.code).toBe(1115);
    expect(again.json.msg).toMatch(/请 \d+ 秒后再试/);

    const row = await t.deps.db
      .selectFrom('verification_codes')
      .selectAll()
      .where('target', '=', mobile)
      .executeTakeFirstOrThrow();
    expect(row.code_hash).not.toContain(lastSms(mobile));
    expect(
      (await t.post(`${I}/doMobileBind`, { mobile, code: '000000' === lastSms(mobile) ? '111111' : '000000' }, m.token))
        .json.code,
    ).toBe(1113);
    expect((await t.post(`${I}/doMobileBind`, { mobile, code: lastSms(mobile) }, m.token)).json.code).toBe(1000);
    expect((await t.post(`${I}/getAccount`, {}, m.token)).json.data.mobile).toBe('137****0001');
    // A used code does not work twice.
    expect((await t.post(`${I}/doMobileBind`, { mobile, code: lastSms(mobile) }, m.token)).json.code).toBe(1120);

    // Another member cannot take the number, nor use this member's code.
    const other = await registerMember(t);
    expect((await t.post(`${I}/sendBindMobileCode`, { mobile }, other.token)).json.code).toBe(1106);

    await forgetResendWait(mobile);
    expect((await t.post(`${I}/sendUnbindMobileCode`, {}, m.token)).json.code).toBe(1000);
    expect((await t.post(`${I}/doMobileUnbind`, { code: lastSms(mobile) }, other.token)).json.code).toBe(1119);
    expect((await t.post(`${I}/doMobileUnbind`, { code: lastSms(mobile) }, m.token)).json.code).toBe(1000);
    expect((await t.post(`${I}/getAccount`, {}, m.token)).json.data.mobile).toBe('');
  });

  it('voids a code after 5 wrong tries and expires it after 5 minutes', async () => {
    const m = await registerMember(t);
    const mobile = '13700000002';
    await t.post(`${I}/sendBindMobileCode`, { mobile }, m.token);
    const right = lastSms(mobile);
    const wrong = right === '999999' ? '888888' : '999999';
    const codes: number[] = [];
    for (let i = 0; i < 5; i++)
      codes.push((await t.post(`${I}/doMobileBind`, { mobile, code: wrong }, m.token)).json.code);
    expect(codes).toEqual([1113, 1113, 1113, 1113, 1116]);
    expect((await t.post(`${I}/doMobileBind`, { mobile, code: right }, m.token)).json.code).toBe(1114);

    await forgetResendWait(mobile);
    await t.post(`${I}/sendBindMobileCode`, { mobile }, m.token);
    await t.deps.db
      .updateTable('verification_codes')
      .set({ expires_at: Date.now() - 1 })
      .where('target', '=', mobile)
      .execute();
    expect((await t.post(`${I}/doMobileBind`, { mobile, code: lastSms(mobile) }, m.token)).json.code).toBe(1114);
  });

  it('sends through the Tencent Cloud adapter and reports a failed delivery', async () => {
    await useSms('tencent');
    try {
      const m = await registerMember(t);
      const mobile = '13700000003';
      expect((await t.post(`${I}/sendBindMobileCode`, { mobile }, m.token, someLoopbackIp())).json.code).toBe(1000);
      expect(sms.sent.at(-1)).toMatchObject({ provider: 'tencent', mobile });
      expect(
        (await t.post(`${I}/doMobileBind`, { mobile, code: lastSms(mobile) }, m.token, someLoopbackIp())).json.code,
      ).toBe(1000);

      const m2 = await registerMember(t);
      sms.failNext();
      expect(
        (await t.post(`${I}/sendBindMobileCode`, { mobile: '13700000004' }, m2.token, someLoopbackIp())).json,
      ).toMatchObject({ code: 1123, msg: '验证码发送失败，请稍后再试' });
    } finally {
      await useSms('aliyun');
    }
  });

  it('limits code sending per IP', async () => {
    const m = await registerMember(t);
    const ip = someLoopbackIp();
    const codes: number[] = [];
    for (let i = 0; i < 7; i++)
      codes.push((await t.post(`${I}/sendBindMobileCode`, { mobile: `1360000010${i}` }, m.token, ip)).json.code);
    expect(codes.slice(0, 5).every((c) => c === 1000)).toBe(true);
    expect(codes.slice(5)).toEqual([1002, 1002]);
  });

  it('binds an email with a code sent through real SMTP', async () => {
    const m = await registerMember(t);
    const email = 'bind-me@kapu.test';
    expect((await t.post(`${I}/getEmailBind`, {}, m.token)).json.data).toEqual({ bound: false, email: '' });
    const sent = await t.post(`${I}/doEmailBind`, { email }, m.token);
    expect(sent.json).toMatchObject({ code: 1000, data: { sent: true } });
    const code = lastMail(email);
    expect(smtp.mails.at(-1)!.raw).toContain('Subject:');
    expect((await t.post(`${I}/doEmailBind`, { email, code }, m.token)).json).toMatchObject({
      code: 1000,
      data: { bound: true, email: 'bi***@kapu.test' },
    });
    expect((await t.post(`${I}/getEmailBind`, {}, m.token)).json.data).toEqual({
      bound: true,
      email: 'bi***@kapu.test',
    });
    const other = await registerMember(t);
    expect((await t.post(`${I}/doEmailBind`, { email }, other.token)).json.code).toBe(1105);
  });

  it('resets a forgotten password by email code, ending every session, without telling who is a member', async () => {
    const m = await registerMember(t);
    const email = 'forgot@kapu.test';
    await t.deps.db.updateTable('users').set({ email }).where('login_name', '=', m.loginName).execute();
    expect((await t.post('/user/forget/sendCode', { channel: 'email', target: email })).json.code).toBe(1108);
    const unknown = await t.post('/user/forget/sendCode', {
      channel: 'email',
      target: 'nobody@kapu.test',
      ...(await solvedCaptcha(t)),
    });
    const known = await t.post(
      '/user/forget/sendCode',
      { channel: 'email', target: email, ...(await solvedCaptcha(t)) },
      undefined,
      someLoopbackIp(),
    );
    expect(unknown.json).toEqual(known.json);
    const code = lastMail(email);
    expect(
      (await t.post('/user/forget/reset', { channel: 'email', target: email, code, newPassword: 'reset1234' })).json
        .code,
    ).toBe(1000);
    expect((await t.post(`${I}/getAccount`, {}, m.token)).json.code).toBe(-2);
    expect((await t.post('/user/login', { account: m.loginName, password: 'reset1234' })).json.code).toBe(1000);
    expect(
      (await t.post('/user/forget/reset', { channel: 'email', target: email, code, newPassword: 'again1234' })).json
        .code,
    ).toBe(1114);
  });

  it('resets a forgotten password by SMS code', async () => {
    const m = await registerMember(t);
    const mobile = '13700000005';
    await t.deps.db.updateTable('users').set({ mobile }).where('login_name', '=', m.loginName).execute();
    expect(
      (
        await t.post(
          '/user/forget/sendCode',
          { channel: 'sms', target: mobile, ...(await solvedCaptcha(t)) },
          undefined,
          someLoopbackIp(),
        )
      ).json.code,
    ).toBe(1000);
    expect(
      (
        await t.post('/user/forget/reset', {
          channel: 'sms',
          target: mobile,
          code: lastSms(mobile),
          newPassword: 'bysms1234',
        })
      ).json.code,
    ).toBe(1000);
    expect((await t.post('/user/login', { account: mobile, password: 'bysms1234' })).json.code).toBe(1000);
  });

  it('opens the open API with the secret shown once, encrypted at rest, rotatable with the password', async () => {
    const m = await registerMember(t);
    expect((await t.post(`${I}/doOpenApiStatus`, { enabled: 1 }, m.token)).json.code).toBe(1122);
    expect((await t.post(`${I}/doOpenApi`, { ipAllowlist: '1.2.3.4, not-an-ip' }, m.token)).json.code).toBe(1001);
    const opened = await t.post(`${I}/doOpenApi`, { ipAllowlist: '1.2.3.4\n5.6.7.8' }, m.token);
    expect(opened.json.code).toBe(1000);
    const { appId, appSecret } = opened.json.data;
    expect(appId).toMatch(/^kp[0-9a-f]{16}$/);
    expect(appSecret).toMatch(/^[A-Za-z0-9_-]{32}$/);

    const again = await t.post(`${I}/doOpenApi`, { ipAllowlist: '' }, m.token);
    expect(again.json.data).toEqual({ appId, created: false });
    const sec = await t.post(`${I}/getAccountSecurity`, {}, m.token);
    expect(sec.json.data.openApi).toEqual({ created: true, enabled: true, appId, ipAllowlist: [] });
    expect(JSON.stringify(sec.json)).not.toContain(appSecret);

    const row = await t.deps.db
      .selectFrom('open_api_keys')
      .selectAll()
      .where('app_id', '=', appId)
      .executeTakeFirstOrThrow();
    expect(row.secret_enc).not.toContain(appSecret);
    expect(row.secret_enc).toMatch(/^[A-Za-z0-9_-]{60,}$/); // base64url(iv | tag | ciphertext)
    expect((await openApiCredentials(t.deps, appId))!.appSecret).toBe(appSecret);

    expect((await t.post(`${I}/doOpenApiKey`, { password: 'wrong1234' }, m.token)).json.code).toBe(1107);
    const rotated = await t.post(`${I}/doOpenApiKey`, { password: m.password }, m.token);
    expect(rotated.json.data.appId).toBe(appId);
    expect(rotated.json.data.appSecret).not.toBe(appSecret);
    expect((await openApiCredentials(t.deps, appId))!.appSecret).toBe(rotated.json.data.appSecret);

    expect((await t.post(`${I}/doOpenApiStatus`, { enabled: 0 }, m.token)).json.code).toBe(1000);
    expect((await openApiCredentials(t.deps, appId))!.enabled).toBe(false);
    // Another member's calls only ever touch their own key.
    const other = await registerMember(t);
    expect((await t.post(`${I}/doOpenApiKey`, { password: other.password }, other.token)).json.code).toBe(1122);
  });

  it('sets the shop price display and renames the login once per 30 days', async () => {
    const m = await registerMember(t);
    expect((await t.post(`${I}/doShopPrice`, { mode: 'free' }, m.token)).json.code).toBe(1001);
    expect((await t.post(`${I}/doShopPrice`, { mode: 'retail' }, m.token)).json.code).toBe(1000);
    expect((await t.post(`${I}/getAccountSecurity`, {}, m.token)).json.data.shopPriceMode).toBe('retail');

    const taken = await registerMember(t);
    expect(
      (await t.post(`${I}/doUpdateLoginName`, { loginName: taken.loginName, password: m.password }, m.token)).json.code,
    ).toBe(1101);
    const newName = `rn${m.loginName.slice(4)}`;
    expect(
      (await t.post(`${I}/doUpdateLoginName`, { loginName: newName, password: m.password }, m.token)).json.code,
    ).toBe(1000);
    expect((await t.post(`${I}/getAccount`, {}, m.token)).json.data.loginName).toBe(newName);
    expect(
      (await t.post(`${I}/doUpdateLoginName`, { loginName: `${newName}x`, password: m.password }, m.token)).json.code,
    ).toBe(1118);
    await t.deps.db
      .updateTable('users')
      .set({ login_name_changed_at: Date.now() - 31 * 24 * 3600_000 })
      .where('login_name', '=', newName)
      .execute();
    expect(
      (await t.post(`${I}/doUpdateLoginName`, { loginName: `${newName}x`, password: m.password }, m.token)).json.code,
    ).toBe(1000);
  });

  it('lists sessions, logs out other devices and refuses a foreign session id', async () => {
    const m = await registerMember(t);
    const second = (
      await t.post('/user/login', { account: m.loginName, password: m.password }, undefined, '120.24.78.68')
    ).json.data.authCode;
    const list = await t.post(`${I}/getSessions`, {}, m.token);
    expect(list.json.data).toHaveLength(2);
    expect(list.json.data.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect(JSON.stringify(list.json)).not.toMatch(/token|hash/i);

    const other = await registerMember(t);
    const foreign = (await t.post(`${I}/getSessions`, {}, other.token)).json.data[0].id;
    expect((await t.post(`${I}/revokeSession`, { sessionId: foreign }, m.token)).json.code).toBe(1003);
    expect((await t.post(`${I}/getAccount`, {}, other.token)).json.code).toBe(1000);

    expect((await t.post(`${I}/logoutOtherSessions`, {}, m.token)).json.data).toEqual({ revokedSessions: 1 });
    expect((await t.post(`${I}/getAccount`, {}, second)).json.code).toBe(-2);
    const logs = await t.post(`${I}/getLoginLogs`, { page: 1, pageSize: 10 }, m.token);
    expect(logs.json.data.total).toBe(2);
    expect(logs.json.data.list[0]).toMatchObject({ IP: '120.24.78.68' });
    expect(logs.json.data.list[0].Address).toContain('深圳');
  });

  it('unbinds third-party accounts only of the caller', async () => {
    const m = await registerMember(t);
    const other = await registerMember(t);
    const ids = await t.deps.db
      .selectFrom('users')
      .select(['id', 'login_name'])
      .where('login_name', 'in', [m.loginName, other.loginName])
      .execute();
    const idOf = (n: string) => ids.find((r) => r.login_name === n)!.id;
    await t.deps.db
      .insertInto('oauth_bindings')
      .values({
        user_id: idOf(other.loginName),
        provider: 'qq',
        openid: `o-${other.loginName}`,
        nickname: '',
        created_at: Date.now(),
      })
      .execute();
    expect((await t.post(`${I}/doUnbindQq`, {}, m.token)).json.code).toBe(1121);
    expect((await t.post(`${I}/getAccountSecurity`, {}, other.token)).json.data.bindings.qq).toBe(true);
    expect((await t.post(`${I}/doUnbindQq`, {}, other.token)).json.code).toBe(1000);
    for (const call of ['doUnbindWx', 'doUnbindMn', 'doUnbindWc', 'doWeixinBindDelete'])
      expect((await t.post(`${I}/${call}`, {}, m.token)).json.code, call).toBe(1121);
    expect((await t.post(`${I}/getWeixinBind`, {}, m.token)).json.data).toMatchObject({ bound: false });
  });

  it('answers -2 on every account call without a live session', async () => {
    for (const call of [
      'updateFrontCustomer',
      'updateFrontLoginPwd',
      'setNewSalePwd',
      'setSalePwdStatus',
      'setSalePwd',
      'getWeixinBind',
      'doWeixinBind',
      'doUnbindQq',
      'sendBindMobileCode',
      'doMobileBind',
      'getEmailBind',
      'doEmailBind',
      'doOpenApiStatus',
      'doOpenApi',
      'doOpenApiKey',
      'doShopPrice',
      'doUpdateLoginName',
      'getSessions',
    ]) {
      expect((await t.post(`${I}/${call}`, {}, 'revoked-or-forged')).json.code, call).toBe(-2);
    }
  });
});

describe('log redaction', () => {
  it('blanks passwords, codes, secrets and tokens', () => {
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk: Buffer, _enc, cb) => (lines.push(chunk.toString()), cb()) });
    const log = pino({ redact: { paths: REDACT_PATHS, censor: '[已隐藏]' } }, sink);
    log.info({
      req: { headers: { authorization: 'tok-123', cookie: 'c=1' } },
      body: {
        password: 'abc12345',
        newPassword: 'n1',
        code: '123456',
        captcha: 'K7M2',
        appSecret: 'sec-1',
        salePwd: '246810',
        newSalePwd: '135790',
        pass: 'smtp-1',
        accessKeySecret: 'ak-1',
        totp: '111222',
      },
    });
    const out = lines.join('');
    for (const secret of [
      'tok-123',
      'abc12345',
      '123456',
      'K7M2',
      'sec-1',
      '246810',
      '135790',
      'smtp-1',
      'ak-1',
      '111222',
    ])
      expect(out).not.toContain(secret);
    expect(out).toContain('[已隐藏]');
  });
});
