import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, adminLogin, buildTestApp, dialects, type TestApp } from '../helper.js';

/** Issue 10: every staff member, the super admin first, changes their own password. */
describe.each(dialects())('staff change their own password on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => {
    await t.dispose();
  });

  it('needs the current password, ends the other sessions, keeps this one, and is audited', async () => {
    const A = `/${t.adminPath}`;
    const here = await adminLogin(t);
    const elsewhere = await adminLogin(t);
    const change = (body: Record<string, unknown>) => t.post(`${A}/auth/changePassword`, body, here);
    expect(
      (await change({ currentPassword: 'nope-123', newPassword: 'New-Pass-2027', confirmPassword: 'New-Pass-2027' }))
        .json,
    ).toMatchObject({ code: 1107, msg: '当前密码错误' });
    expect(
      (await change({ currentPassword: ADMIN_PASSWORD, newPassword: 'New-Pass-2027', confirmPassword: 'Other-2027' }))
        .json.code,
    ).toBe(1001);
    expect(
      (await change({ currentPassword: ADMIN_PASSWORD, newPassword: 'short', confirmPassword: 'short' })).json.code,
    ).toBe(1001);
    const ok = await change({
      currentPassword: ADMIN_PASSWORD,
      newPassword: 'New-Pass-2027',
      confirmPassword: 'New-Pass-2027',
    });
    expect(ok.json).toMatchObject({ code: 1000, data: { endedSessions: 1 } });
    expect((await t.post(`${A}/auth/me`, {}, here)).json.code).toBe(1000);
    expect((await t.post(`${A}/auth/me`, {}, elsewhere)).json.code).toBe(-1);
    expect((await t.post(`${A}/auth/login`, { username: 'admin', password: ADMIN_PASSWORD })).json.code).not.toBe(1000);
    expect((await t.post(`${A}/auth/login`, { username: 'admin', password: 'New-Pass-2027' })).json.code).toBe(1000);
    const audit = await t.post(`${A}/audit/list`, { action: 'staff.changeOwnPassword' }, here);
    expect(audit.json.data.list).toHaveLength(1);
    expect(JSON.stringify(audit.json.data.list)).not.toContain('New-Pass-2027');
    // Anonymous callers cannot use it.
    expect(
      (
        await t.post(`${A}/auth/changePassword`, {
          currentPassword: 'x',
          newPassword: 'New-Pass-2028',
          confirmPassword: 'New-Pass-2028',
        })
      ).json.code,
    ).toBe(-1);
  });
});
