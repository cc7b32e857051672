import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shop } from '../commerce/commerce-helper.js';
import { startSmtpServer } from '../fakes/smtp.js';
import { buildSecondInstance, buildTestApp, dialects, drainJobs, someLoopbackIp, type TestApp } from '../helper.js';

/** Issue 10, security findings 4 (sale password guessing) and 9 (parallel wrong logins). */
describe.each(dialects())('password guards on %s', (dialect) => {
  let t: TestApp;
  let b: TestApp;
  let s: Awaited<ReturnType<typeof shop>>;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const I = '/inside/inter';
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    b = dialect === 'postgres' ? await buildSecondInstance(t) : t;
    s = await shop(t);
    smtp = await startSmtpServer();
    const saved = await t.post(
      `${s.A}/settings/smtp`,
      { host: '127.0.0.1', port: smtp.port, secure: 0, user: '', pass: '', from: 'Kapu <shop@example.com>' },
      s.admin,
    );
    expect(saved.json.code).toBe(1000);
  });
  afterAll(async () => {
    if (b !== t) await b.dispose();
    await t.dispose();
    await smtp.close();
  });

  async function memberWithSalePassword(email?: string) {
    const m = await s.member('50');
    expect(
      (await t.post(`${I}/setNewSalePwd`, { password: m.password, newSalePwd: '246810' }, m.token)).json.code,
    ).toBe(1000);
    expect((await t.post(`${I}/setSalePwdStatus`, { enabled: 1, salePwd: '246810' }, m.token)).json.code).toBe(1000);
    if (email) await t.deps.db.updateTable('users').set({ email }).where('id', '=', m.id).execute();
    return m;
  }

  it('locks the sale password after 5 wrong tries, says how long in Chinese, audits it and mails the member; across instances', async () => {
    const m = await memberWithSalePassword(`lock${Date.now()}@example.com`);
    const receiver = await s.member();
    const transfer = (app: TestApp, salePwd: string) =>
      app.post(
        '/inside/funds/transfer',
        { receiver: receiver.loginName, amount: '1', salePwd },
        m.token,
        someLoopbackIp(),
      );
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await transfer(i % 2 ? b : t, `00000${i}`)).json);
    expect(answers.slice(0, 4).map((a) => a.code)).toEqual([1110, 1110, 1110, 1110]);
    expect(answers[0].msg).toBe('交易密码错误，还可尝试 4 次');
    expect(answers[4].code).toBe(1160);
    expect(answers[4].msg).toMatch(/已锁定，请 30 分钟后再试/);
    // Locked: even the right password is refused, on either instance, with the time left.
    const right = await transfer(b, '246810');
    expect(right.json.code).toBe(1160);
    expect(right.json.data.minutesLeft).toBeGreaterThan(0);
    expect((await transfer(t, '246810')).json.code).toBe(1160);
    // Every place that checks it shares the lock (changing the protected operations too).
    expect((await t.post(`${I}/setSalePwd`, { ops: ['transfer'], salePwd: '246810' }, m.token)).json.code).toBe(1160);
    // The lock is an event: the audit log and the mail consume it (core/events.ts).
    await drainJobs(t);
    const audit = await t.deps.db
      .selectFrom('audit_logs')
      .selectAll()
      .where('action', '=', 'accounts.salePwdLocked')
      .where('target', '=', `user:${m.id}`)
      .execute();
    expect(audit).toHaveLength(1);
    await expect.poll(() => smtp.mails.some((mail) => mail.text.includes('交易密码已锁定'))).toBe(true);
    // Thirty minutes later (moved in the database, not slept) the right password works and clears the count.
    await t.deps.db
      .updateTable('login_failures')
      .set({ created_at: Date.now() - 31 * 60_000 })
      .where('area', '=', 'salepwd')
      .where('account', '=', String(m.id))
      .execute();
    expect((await transfer(t, '246810')).json.code).toBe(1000);
  });

  it('40 parallel guesses check the password at most 5 times', async () => {
    const m = await memberWithSalePassword();
    const receiver = await s.member();
    const guesses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        (i % 2 ? b : t).post(
          '/inside/funds/transfer',
          { receiver: receiver.loginName, amount: '1', salePwd: String(100000 + i) },
          m.token,
          someLoopbackIp(),
        ),
      ),
    );
    const codes = guesses.map((g) => g.json.code);
    expect(codes.filter((c) => c === 1110).length).toBeLessThanOrEqual(4);
    expect(codes.filter((c) => c === 1160).length).toBeGreaterThanOrEqual(36);
    expect(codes.every((c) => c === 1110 || c === 1160)).toBe(true);
  });

  it('parallel wrong logins cannot skip the captcha threshold', async () => {
    const m = await s.member();
    // captchaAfter is 3 (the default): of 20 parallel wrong logins at most 3 reach the password check.
    const tries = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? b : t).post(
          '/user/login',
          { account: m.loginName, password: `wrong-${i}-pass` },
          undefined,
          someLoopbackIp(),
        ),
      ),
    );
    const codes = tries.map((r) => r.json.code);
    expect(codes.filter((c) => c === 1102).length).toBeLessThanOrEqual(3);
    expect(codes.filter((c) => c === 1108).length).toBeGreaterThanOrEqual(17);
    // The same for staff logins.
    const staff = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? b : t).post(
          `${s.A}/auth/login`,
          { username: 'admin', password: `wrong-${i}-pass` },
          undefined,
          someLoopbackIp(),
        ),
      ),
    );
    const staffCodes = staff.map((r) => r.json.code);
    expect(staffCodes.filter((c) => c === 1108).length).toBeGreaterThanOrEqual(17);
  });
});
