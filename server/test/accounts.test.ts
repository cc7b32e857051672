import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../src/core/crypto.js';
import { buildTestApp, dialects, registerMember, solvedCaptcha, someLoopbackIp, type TestApp } from './helper.js';

describe.each(dialects())('member accounts on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(() => t.dispose());

  it('registers, logs in by name, mobile or email, and answers getAccount without secrets', async () => {
    const reg = await t.post('/user/register', {
      ...(await solvedCaptcha(t)),
      loginName: 'Alice01',
      password: 'abc12345',
      email: 'Alice@Example.com',
      mobile: '13812345678',
    });
    expect(reg.json.code).toBe(1000);
    expect(reg.json.data.authCode).toMatch(/^[A-Za-z0-9_-]{43}$/);

    for (const account of ['Alice01', '13812345678', 'alice@example.com']) {
      const login = await t.post('/user/login', { account, password: 'abc12345' });
      expect(login.json.code, account).toBe(1000);
    }
    const me = await t.post('/inside/inter/getAccount', {}, reg.json.data.authCode);
    expect(me.json.code).toBe(1000);
    expect(me.json.data).toMatchObject({
      loginName: 'Alice01',
      email: 'al***@example.com',
      mobile: '138****5678',
      balance: 0,
      levelName: '普通会员',
      salePwdEnabled: false,
      avatar: '/static/public/images/user.png',
      access: ['member'],
    });
    expect(me.json.data.userNo).toMatch(/^\d{8}$/);
    const text = JSON.stringify(me.json);
    expect(text).not.toContain('password');
    expect(text).not.toContain('scrypt');
  });

  it('refuses duplicate login names, emails and mobiles with Chinese messages', async () => {
    await t.post('/user/register', {
      ...(await solvedCaptcha(t)),
      loginName: 'dupname1',
      password: 'abc12345',
      email: 'd@x.com',
      mobile: '13900000001',
    });
    expect(
      (await t.post('/user/register', { ...(await solvedCaptcha(t)), loginName: 'dupname1', password: 'abc12345' }))
        .json,
    ).toMatchObject({ code: 1101, msg: '该登录名已被注册' });
    expect(
      (
        await t.post('/user/register', {
          ...(await solvedCaptcha(t)),
          loginName: 'dupname2',
          password: 'abc12345',
          email: 'D@x.com',
        })
      ).json.code,
    ).toBe(1105);
    expect(
      (
        await t.post('/user/register', {
          ...(await solvedCaptcha(t)),
          loginName: 'dupname3',
          password: 'abc12345',
          mobile: '13900000001',
        })
      ).json.code,
    ).toBe(1106);
  });

  it('validates every field and writes nothing on bad input', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ loginName: '1abc', password: 'abc12345' }, 'loginName'],
      [{ loginName: 'ab', password: 'abc12345' }, 'loginName'],
      [{ loginName: 'abc<script>', password: 'abc12345' }, 'loginName'],
      [{ loginName: 'goodname', password: 'short1' }, 'password'],
      [{ loginName: 'goodname', password: 'lettersonly' }, 'password'],
      [{ loginName: 'goodname', password: '12345678' }, 'password'],
      [{ loginName: 'goodname', password: 'abc12345', email: 'not-mail' }, 'email'],
      [{ loginName: 'goodname', password: 'abc12345', mobile: '12345' }, 'mobile'],
      [{ password: 'abc12345' }, 'loginName'],
    ];
    for (const [body, field] of cases) {
      const res = await t.post('/user/register', { ...body, ...(await solvedCaptcha(t)) }, undefined, someLoopbackIp());
      expect(res.status).toBe(200);
      expect(res.json.code, JSON.stringify(body)).toBe(1001);
      expect(res.json.msg).toMatch(/[\u4e00-\u9fa5]/);
      expect(res.json.data.field).toBe(field);
    }
    const row = await t.deps.db
      .selectFrom('users')
      .select('id')
      .where('login_name', '=', 'goodname')
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('accepts JSON bodies as well as forms', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/user/register',
      payload: { loginName: 'jsonuser', password: 'abc12345', ...(await solvedCaptcha(t)) },
      remoteAddress: someLoopbackIp(),
    });
    expect(res.json().code).toBe(1000);
  });

  it('answers wrong passwords and unknown accounts alike', async () => {
    await registerMember(t, 'wrongpw1');
    const a = await t.post('/user/login', { account: 'wrongpw1', password: 'nope12345' });
    const b = await t.post('/user/login', { account: 'nobody99', password: 'nope12345' });
    expect(a.json).toEqual({ code: 1102, msg: '账号或密码错误', data: { captchaRequired: false } });
    expect(b.json).toEqual(a.json);
  });

  it('answers -2 for a missing, unknown, revoked or expired session', async () => {
    const m = await registerMember(t);
    expect((await t.post('/inside/inter/getAccount')).json.code).toBe(-2);
    expect((await t.post('/inside/inter/getAccount', {}, 'forged-token')).json).toMatchObject({
      code: -2,
      msg: '登录已失效，请重新登录',
    });

    const other = await t.post('/user/login', { account: m.loginName, password: m.password });
    await t.deps.db
      .updateTable('sessions')
      .set({ expires_at: Date.now() - 1 })
      .where('token_hash', '=', sha256(other.json.data.authCode))
      .execute();
    expect((await t.post('/inside/inter/getAccount', {}, other.json.data.authCode)).json.code).toBe(-2);

    expect((await t.post('/user/logout', {}, m.token)).json.code).toBe(1000);
    expect((await t.post('/inside/inter/getAccount', {}, m.token)).json.code).toBe(-2);
  });

  it('logs a disabled member out with the reason', async () => {
    const m = await registerMember(t);
    await t.deps.db.updateTable('users').set({ status: 'disabled' }).where('login_name', '=', m.loginName).execute();
    expect((await t.post('/inside/inter/getAccount', {}, m.token)).json).toMatchObject({
      code: -2,
      msg: '账号已被禁用，请联系客服',
    });
    expect((await t.post('/user/login', { account: m.loginName, password: m.password })).json.code).toBe(1103);
  });

  it('keeps the last two logins with IP, address and time', async () => {
    const reg = await t.post(
      '/user/register',
      { ...(await solvedCaptcha(t)), loginName: 'loglogin1', password: 'abc12345' },
      undefined,
      '127.0.0.1',
    );
    const m = { loginName: 'loglogin1', password: 'abc12345', token: reg.json.data.authCode as string };
    const first = await t.post('/inside/inter/getLastTwoLoginLog', {}, m.token);
    expect(first.json.code).toBe(1000);
    expect(first.json.data.logs.current).toMatchObject({ IP: '127.0.0.1', Address: '本机地址' });
    expect(first.json.data.logs.current.LoginTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(first.json.data.logs.last).toBeNull();

    const again = await t.app.inject({
      method: 'POST',
      url: '/user/login',
      payload: { account: m.loginName, password: m.password },
      remoteAddress: '120.24.78.68',
    });
    const token = again.json().data.authCode;
    const two = await t.post('/inside/inter/getLastTwoLoginLog', {}, token);
    expect(two.json.data.logs.current.IP).toBe('120.24.78.68');
    expect(two.json.data.logs.current.Address).toContain('深圳');
    expect(two.json.data.logs.last.Address).toBe('本机地址');
  });

  it('never lets a member token act in the admin or service areas', async () => {
    const m = await registerMember(t);
    expect((await t.post(`/${t.adminPath}/auth/me`, {}, m.token)).json.code).toBe(-1);
    expect((await t.post('/other/auth/me', {}, m.token)).json.code).toBe(-3);
  });

  it('limits login attempts per account: past the lockout, the request budget still caps the calls', async () => {
    const m = await registerMember(t);
    const codes: number[] = [];
    for (let i = 0; i < 32; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/user/login',
        payload: { account: m.loginName, password: 'wrong1234' },
        remoteAddress: `10.0.${Math.floor(i / 200)}.${(i % 200) + 1}`,
      });
      codes.push(res.json().code);
      if (res.statusCode === 429) expect(res.json().msg).toMatch(/操作过于频繁，请 \d+ 秒后再试/);
    }
    expect(codes.slice(0, 3)).toEqual([1102, 1102, 1102]);
    expect(codes.slice(3, 30).every((c) => c === 1108)).toBe(true);
    expect(codes.slice(30)).toEqual([1002, 1002]);
  });

  it('registers concurrently without duplicates: one winner per name', async () => {
    const captchas = await Promise.all(Array.from({ length: 8 }, () => solvedCaptcha(t)));
    const results = await Promise.all(
      captchas.map((c, i) =>
        t.app.inject({
          method: 'POST',
          url: '/user/register',
          payload: { loginName: 'racename', password: 'abc12345', ...c },
          remoteAddress: `10.1.0.${i}`,
        }),
      ),
    );
    const codes = results.map((r) => r.json().code);
    expect(codes.filter((c) => c === 1000)).toHaveLength(1);
    expect(codes.filter((c) => c === 1101)).toHaveLength(7);
  });
});
