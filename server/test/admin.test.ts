import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTotp } from '../src/modules/staff/staff.service.js';
import { startSmtpServer } from './fakes/smtp.js';
import {
  ADMIN_PASSWORD,
  adminLogin,
  buildTestApp,
  dialects,
  registerMember,
  solvedCaptcha,
  someLoopbackIp,
  type TestApp,
} from './helper.js';

describe.each(dialects())('admin back office on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const A = () => `/${t.adminPath}`;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    smtp = await startSmtpServer();
    admin = await adminLogin(t);
  });
  afterAll(async () => {
    await t.dispose();
    await smtp.close();
  });

  it('manages roles and staff with permission codes; every write lands in the audit log with secrets masked', async () => {
    expect(
      (await t.post(`${A()}/roles/save`, { name: '运营', permissions: ['members.view', 'nope.perm'] }, admin)).json
        .code,
    ).toBe(1001);
    const role = await t.post(
      `${A()}/roles/save`,
      { name: '运营', permissions: ['members.view', 'audit.view'] },
      admin,
    );
    expect(role.json.code).toBe(1000);
    const staff = await t.post(
      `${A()}/staff/save`,
      { username: 'yunying1', password: 'yy-pass-123', roleId: role.json.data.id },
      admin,
    );
    expect(staff.json.code).toBe(1000);
    const login = await t.post(`${A()}/auth/login`, { username: 'yunying1', password: 'yy-pass-123' });
    const token = login.json.data.authCode;
    expect((await t.post(`${A()}/members/list`, {}, token)).json.code).toBe(1000);
    expect((await t.post(`${A()}/members/setStatus`, { id: 1, status: 'disabled' }, token)).json.code).toBe(403);
    expect((await t.post(`${A()}/staff/list`, {}, token)).json.code).toBe(403);
    expect((await t.post(`${A()}/roles/delete`, { id: role.json.data.id }, admin)).json.code).toBe(1210);

    const logs = await t.post(`${A()}/audit/list`, { action: 'staff.create' }, token);
    expect(logs.json.data.total).toBe(1);
    expect(logs.json.data.list[0]).toMatchObject({
      staffName: 'admin',
      target: `staff:${staff.json.data.id}`,
      ip: '127.0.0.1',
    });
    expect(logs.json.data.list[0].after.password).toBe('***');
    expect(JSON.stringify(logs.json)).not.toContain('yy-pass-123');

    // Disabling a staff member ends their sessions; the super admin is protected.
    await t.post(
      `${A()}/staff/save`,
      { id: staff.json.data.id, username: 'yunying1', status: 'disabled', roleId: role.json.data.id },
      admin,
    );
    expect((await t.post(`${A()}/auth/me`, {}, token)).json.code).toBe(-1);
    expect((await t.post(`${A()}/staff/delete`, { id: 1 }, admin)).json.code).toBe(1214);
  });

  it('never lets a staff manager grant or edit permissions beyond their own', async () => {
    const hr = await t.post(
      `${A()}/roles/save`,
      { name: '人事', permissions: ['staff.manage', 'members.view'] },
      admin,
    );
    const finance = await t.post(
      `${A()}/roles/save`,
      { name: '财务主管', permissions: ['funds.manage', 'members.view'] },
      admin,
    );
    await t.post(`${A()}/staff/save`, { username: 'renshi1', password: 'rs-pass-123', roleId: hr.json.data.id }, admin);
    const cfo = await t.post(
      `${A()}/staff/save`,
      { username: 'caiwu9', password: 'cw-pass-123', roleId: finance.json.data.id },
      admin,
    );
    const token = (await t.post(`${A()}/auth/login`, { username: 'renshi1', password: 'rs-pass-123' })).json.data
      .authCode;

    const beyond = { code: 1215, msg: '不能授予或修改超出自己权限范围的角色', data: null };
    // A new role with a permission the manager lacks, or every permission.
    expect(
      (await t.post(`${A()}/roles/save`, { name: '越权', permissions: ['members.view', 'settings.edit'] }, token)).json,
    ).toEqual(beyond);
    // Widening an existing role, or renaming one above them.
    expect(
      (
        await t.post(
          `${A()}/roles/save`,
          { id: hr.json.data.id, name: '人事', permissions: ['staff.manage', 'members.view', 'funds.manage'] },
          token,
        )
      ).json,
    ).toEqual(beyond);
    expect(
      (
        await t.post(
          `${A()}/roles/save`,
          { id: finance.json.data.id, name: '财务', permissions: ['members.view'] },
          token,
        )
      ).json,
    ).toEqual(beyond);
    // Giving a staff member a stronger role, or touching staff above them.
    expect(
      (
        await t.post(
          `${A()}/staff/save`,
          { username: 'sneaky1', password: 'sn-pass-123', roleId: finance.json.data.id },
          token,
        )
      ).json,
    ).toEqual(beyond);
    expect(
      (
        await t.post(
          `${A()}/staff/save`,
          { id: cfo.json.data.id, username: 'caiwu9', status: 'disabled', roleId: hr.json.data.id },
          token,
        )
      ).json,
    ).toEqual(beyond);
    // Deleting is a write like any other: staff and roles above them stay (issue 10, finding 6).
    expect((await t.post(`${A()}/staff/delete`, { id: cfo.json.data.id }, token)).json).toEqual(beyond);
    const unusedStrong = await t.post(
      `${A()}/roles/save`,
      { name: '系统管理', permissions: ['settings.edit', 'members.view'] },
      admin,
    );
    expect((await t.post(`${A()}/roles/delete`, { id: unusedStrong.json.data.id }, token)).json).toEqual(beyond);
    expect(
      await t.deps.db.selectFrom('staff').select('id').where('id', '=', cfo.json.data.id).executeTakeFirst(),
    ).toBeDefined();
    expect(
      await t.deps.db.selectFrom('roles').select('id').where('id', '=', unusedStrong.json.data.id).executeTakeFirst(),
    ).toBeDefined();
    // Within their own permissions it works.
    const small = await t.post(`${A()}/roles/save`, { name: '客服助理', permissions: ['members.view'] }, token);
    expect(small.json.code).toBe(1000);
    const zhuli = await t.post(
      `${A()}/staff/save`,
      { username: 'zhuli1', password: 'zl-pass-123', roleId: small.json.data.id },
      token,
    );
    expect(zhuli.json.code).toBe(1000);
    const spare = await t.post(`${A()}/roles/save`, { name: '临时', permissions: ['members.view'] }, token);
    expect((await t.post(`${A()}/roles/delete`, { id: spare.json.data.id }, token)).json.code).toBe(1000);
    expect((await t.post(`${A()}/staff/delete`, { id: zhuli.json.data.id }, token)).json.code).toBe(1000);
    const roles = await t.deps.db.selectFrom('roles').select('name').where('name', '=', '越权').execute();
    expect(roles).toHaveLength(0);
  });

  it('searches, disables, resets and logs out members', async () => {
    const m = await registerMember(t);
    const list = await t.post(`${A()}/members/list`, { keyword: m.loginName }, admin);
    expect(list.json.data.total).toBe(1);
    const id = list.json.data.list[0].id;
    expect(JSON.stringify(list.json)).not.toMatch(/password|scrypt/);
    expect((await t.post(`${A()}/members/loginLogs`, { id }, admin)).json.data).toHaveLength(1);
    expect((await t.post(`${A()}/members/forceLogout`, { id }, admin)).json.data.revokedSessions).toBe(1);
    expect((await t.post('/inside/inter/getAccount', {}, m.token)).json.code).toBe(-2);
    expect((await t.post(`${A()}/members/resetPassword`, { id, password: 'reset9876' }, admin)).json.code).toBe(1000);
    expect((await t.post('/user/login', { account: m.loginName, password: 'reset9876' })).json.code).toBe(1000);
    expect((await t.post(`${A()}/members/setStatus`, { id, status: 'disabled' }, admin)).json.code).toBe(1000);
    expect((await t.post('/user/login', { account: m.loginName, password: 'reset9876' })).json.code).toBe(1103);
    expect((await t.post(`${A()}/members/detail`, { id: 999999 }, admin)).json.code).toBe(1003);
  });

  it('locks the admin login after failures and asks for the captcha', async () => {
    const ip = someLoopbackIp();
    for (let i = 0; i < 3; i++)
      expect(
        (await t.post(`${A()}/auth/login`, { username: 'admin', password: 'wrong' }, undefined, ip)).json.code,
      ).toBe(1201);
    expect(
      (await t.post(`${A()}/auth/login`, { username: 'admin', password: ADMIN_PASSWORD }, undefined, ip)).json.code,
    ).toBe(1108);
    expect((await t.post(`${A()}/auth/captcha`)).json.data.svg).toMatch(/^<svg/);
    expect(
      (
        await t.post(
          `${A()}/auth/login`,
          { username: 'admin', password: ADMIN_PASSWORD, ...(await solvedCaptcha(t)) },
          undefined,
          ip,
        )
      ).json.code,
    ).toBe(1000);
  });

  it('turns TOTP on and requires it at login', async () => {
    const setup = await t.post(`${A()}/auth/totp/setup`, {}, admin);
    expect(setup.json.data.uri).toMatch(/^otpauth:\/\/totp\//);
    const secret: string = setup.json.data.secret;
    expect((await t.post(`${A()}/auth/totp/enable`, { code: '000000' }, admin)).json.code).toBe(1206);
    expect((await t.post(`${A()}/auth/totp/enable`, { code: await generateTotp({ secret }) }, admin)).json.code).toBe(
      1000,
    );
    const row = await t.deps.db
      .selectFrom('staff')
      .select('totp_secret')
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    expect(row.totp_secret).not.toContain(secret);
    expect(
      (await t.post(`${A()}/auth/login`, { username: 'admin', password: ADMIN_PASSWORD }, undefined, someLoopbackIp()))
        .json.code,
    ).toBe(1205);
    const ok = await t.post(
      `${A()}/auth/login`,
      { username: 'admin', password: ADMIN_PASSWORD, totp: await generateTotp({ secret }) },
      undefined,
      someLoopbackIp(),
    );
    expect(ok.json.code).toBe(1000);
    expect((await t.post(`${A()}/auth/totp/disable`, { code: await generateTotp({ secret }) }, admin)).json.code).toBe(
      1000,
    );
  });

  it('changes settings: site title, admin path (old one stops), SMTP with a test mail, secrets never answered', async () => {
    expect((await t.post(`${A()}/settings/site`, { title: '新站名' }, admin)).json.code).toBe(1000);
    expect((await t.post('/site/info')).json.data.title).toBe('新站名');

    for (const bad of ['ab', 'has-dash', 'x'.repeat(33)])
      expect((await t.post(`${A()}/settings/adminPath`, { adminPath: bad }, admin)).json.code).toBe(1203);
    for (const reserved of ['inside', 'openapi', 'Uploads'])
      expect((await t.post(`${A()}/settings/adminPath`, { adminPath: reserved }, admin)).json.code).toBe(1212);

    expect(
      (
        await t.post(
          `${A()}/settings/smtp`,
          {
            host: '127.0.0.1',
            port: smtp.port,
            secure: 0,
            user: 'mailer',
            pass: 'mail-pass-1',
            from: 'noreply@kapu.test',
          },
          admin,
        )
      ).json.code,
    ).toBe(1000);
    expect((await t.post(`${A()}/settings/testMail`, { to: 'boss@kapu.test' }, admin)).json.code).toBe(1000);
    expect(smtp.mails.at(-1)!.to).toEqual(['boss@kapu.test']);
    await t.post(
      `${A()}/settings/sms`,
      { provider: 'aliyun', accessKeyId: 'AK', accessKeySecret: 'sms-secret-9', signName: '卡铺', templateCode: 'T1' },
      admin,
    );
    const got = await t.post(`${A()}/settings/get`, {}, admin);
    expect(got.json.data.smtp).toMatchObject({ host: '127.0.0.1', passSet: true });
    expect(got.json.data.sms).toMatchObject({ accessKeySecretSet: true });
    const text = JSON.stringify(got.json) + JSON.stringify((await t.post(`${A()}/audit/list`, {}, admin)).json);
    expect(text).not.toContain('mail-pass-1');
    expect(text).not.toContain('sms-secret-9');

    const old = t.adminPath;
    expect((await t.post(`${A()}/settings/adminPath`, { adminPath: 'Houtai2026' }, admin)).json.code).toBe(1000);
    expect((await t.post(`/${old}/auth/me`, {}, admin)).status).toBe(404);
    expect((await t.post('/Houtai2026/auth/me', {}, admin)).json.code).toBe(1000);
    await t.post('/Houtai2026/settings/adminPath', { adminPath: old }, admin);
  });

  it('writes announcements with sanitised rich text and serves them and the service contacts publicly', async () => {
    const saved = await t.post(
      `${A()}/announcements/save`,
      {
        title: '开业公告',
        content:
          '<p onclick="x()">欢迎<script>alert(1)</script><a href="javascript:alert(1)">点</a><img src=x onerror=alert(1)></p>',
        pinned: 1,
        popup: 1,
      },
      admin,
    );
    expect(saved.json.code).toBe(1000);
    await t.post(`${A()}/announcements/save`, { title: '草稿', content: 'x', status: 'draft' }, admin);
    const list = await t.post('/content/announcements', { page: 1 });
    expect(list.json.data.total).toBe(1);
    const detail = await t.post('/content/announcement', { id: saved.json.data.id });
    expect(detail.json.data).toMatchObject({ title: '开业公告', pinned: true, popup: true });
    expect(detail.json.data.content).not.toMatch(/script|onclick|onerror|javascript:/);
    expect(detail.json.data.content).toContain('欢迎');
    expect((await t.post('/content/popupAnnouncement')).json.data.id).toBe(saved.json.data.id);

    await t.post(`${A()}/settings/service`, { qq: '800800', phone: '400-000-0000', hours: '9:00-22:00' }, admin);
    expect((await t.post('/content/service')).json.data).toEqual({
      qq: '800800',
      phone: '400-000-0000',
      hours: '9:00-22:00',
    });
    const m = await registerMember(t);
    expect((await t.post(`${A()}/announcements/save`, { title: 'x', content: 'y' }, m.token)).json.code).toBe(-1);
  });
});
