import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/core/crypto.js';
import {
  ADMIN_PASSWORD,
  adminLogin,
  buildTestApp,
  dialects,
  solvedCaptcha,
  someLoopbackIp,
  type TestApp,
} from './helper.js';

describe.each(dialects())('staff areas on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(() => t.dispose());

  it('creates a random admin path on first start and answers calls only there', async () => {
    expect(t.adminPath).toMatch(/^[a-z0-9]{10}$/);
    expect((await t.post(`/${t.adminPath}/auth/probe`)).json.code).toBe(1000);
    const wrong = await t.post('/notadmin/auth/probe');
    expect(wrong.status).toBe(404);
    const internal = await t.post('/__admin/auth/probe');
    expect(internal.status).toBe(404);
  });

  it('logs the super admin in and tells the web its roles and access', async () => {
    const token = await adminLogin(t);
    const me = await t.post(`/${t.adminPath}/auth/me`, {}, token);
    expect(me.json.data).toMatchObject({
      username: 'admin',
      verifyRole: false,
      roleIds: [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 16, 17, 19, 24, 25],
    });
    expect(me.json.data.access).toContain('settings.edit');
    const summary = await t.post(`/${t.adminPath}/dashboard/summary`, {}, token);
    expect(summary.json.code).toBe(1000);
    expect(summary.json.data).toMatchObject({ staffCount: 1 });
  });

  it('refuses wrong passwords and unknown staff alike', async () => {
    const a = await t.post(`/${t.adminPath}/auth/login`, { username: 'admin', password: 'wrong' });
    const b = await t.post(`/${t.adminPath}/auth/login`, { username: 'ghost', password: ADMIN_PASSWORD });
    expect(a.json).toEqual({ code: 1201, msg: '用户名或密码错误', data: { captchaRequired: false } });
    expect(b.json).toEqual(a.json);
  });

  it('answers -1 without an admin session and 403 without the permission', async () => {
    expect((await t.post(`/${t.adminPath}/dashboard/summary`)).json).toMatchObject({
      code: -1,
      msg: '管理员登录已失效，请重新登录',
    });
    const role = await t.deps.db.selectFrom('roles').select('id').where('name', '=', '客服').executeTakeFirstOrThrow();
    await t.deps.db
      .insertInto('staff')
      .values({
        username: 'kefu01',
        password_hash: await hashPassword('kefu-pass-1'),
        nickname: '客服小王',
        role_id: role.id,
        is_super: 0,
        status: 'active',
        totp_secret: null,
        created_at: Date.now(),
        last_login_at: null,
      })
      .execute();
    const login = await t.post(`/${t.adminPath}/auth/login`, { username: 'kefu01', password: 'kefu-pass-1' });
    const token = login.json.data.authCode;
    const me = await t.post(`/${t.adminPath}/auth/me`, {}, token);
    expect(me.json.data).toMatchObject({
      verifyRole: true,
      roleIds: [2, 17],
      access: ['service.desk', 'members.view'],
    });
    expect((await t.post(`/${t.adminPath}/dashboard/summary`, {}, token)).json).toEqual({
      code: 403,
      msg: '没有权限执行此操作',
      data: null,
    });

    // The same staff member may open the service desk (other area) with its own session.
    const desk = await t.post('/other/auth/login', { username: 'kefu01', password: 'kefu-pass-1' });
    expect(desk.json.code).toBe(1000);
    expect((await t.post('/other/auth/me', {}, desk.json.data.authCode)).json.data.username).toBe('kefu01');
    // An admin token is not an other-area token.
    expect((await t.post('/other/auth/me', {}, token)).json.code).toBe(-3);
  });

  it('asks the service desk login for a captcha after 3 failures, and accepts it solved', async () => {
    const ip = someLoopbackIp();
    for (let i = 0; i < 3; i++) {
      const wrong = await t.post('/other/auth/login', { username: 'admin', password: 'wrong-pass' }, undefined, ip);
      expect(wrong.json.code).toBe(1201);
    }
    const blocked = await t.post('/other/auth/login', { username: 'admin', password: ADMIN_PASSWORD }, undefined, ip);
    expect([1108, 1006]).toContain(blocked.json.code);
    const picture = await t.post('/other/auth/captcha');
    expect(picture.json.data.svg).toContain('<svg');
    const ok = await t.post(
      '/other/auth/login',
      { username: 'admin', password: ADMIN_PASSWORD, ...(await solvedCaptcha(t)) },
      undefined,
      ip,
    );
    expect(ok.json.code, ok.json.msg).toBe(1000);
  });

  it('keeps staff without the service-desk permission out of the other area', async () => {
    const role = await t.deps.db
      .insertInto('roles')
      .values({ name: '财务', permissions: '["funds.manage"]', created_at: Date.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.deps.db
      .insertInto('staff')
      .values({
        username: 'caiwu',
        password_hash: await hashPassword('caiwu-pass-1'),
        nickname: '',
        role_id: role.id,
        is_super: 0,
        status: 'active',
        totp_secret: null,
        created_at: Date.now(),
        last_login_at: null,
      })
      .execute();
    expect((await t.post('/other/auth/login', { username: 'caiwu', password: 'caiwu-pass-1' })).json.code).toBe(1204);
  });

  it('ends the admin session on logout', async () => {
    const token = await adminLogin(t);
    expect((await t.post(`/${t.adminPath}/auth/logout`, {}, token)).json.code).toBe(1000);
    expect((await t.post(`/${t.adminPath}/auth/me`, {}, token)).json.code).toBe(-1);
  });

  it('follows a changed admin path: the old one stops working', async () => {
    const token = await adminLogin(t);
    const old = t.adminPath;
    await t.deps.settings.set('core.admin_path', 'newpath2026');
    expect((await t.post(`/${old}/auth/me`, {}, token)).status).toBe(404);
    expect((await t.post('/newpath2026/auth/me', {}, token)).json.code).toBe(1000);
    await t.deps.settings.set('core.admin_path', old);
  });
});
