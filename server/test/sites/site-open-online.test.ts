import { Codes } from '@kapu/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminLogin, buildTestApp, dialects, drainJobs, someLoopbackIp, type TestApp } from '../helper.js';
import { assertLedgerMatches, balance, call, member, newPath, siteOf, version, type Member } from './sites-helper.js';

/**
 * Opening a sub-site paid online (/inside/selfCreatVip): the member's choice is checked and kept, they
 * recharge the shortfall through a payment channel (the sandbox cashier here, a real gateway's notify in
 * production), and the site opens from the balance when the recharge is credited.
 */
describe.each(dialects())('sub-sites: opening paid online on %s', (dialect) => {
  let t: TestApp;
  let adminToken: string;
  let v: { id: number; levelId: number };
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    adminToken = await adminLogin(t);
    v = await version(t, adminToken); // 30.00 a month
  });
  afterEach(async () => {
    await assertLedgerMatches(t);
  });
  afterAll(async () => {
    await t.close();
    await new Promise((r) => setTimeout(r, 300));
    await t.dispose();
  });

  /** Pays `yuan` into the member's balance through the sandbox cashier, then lets the jobs run. */
  async function rechargeOnline(who: Member, yuan: string) {
    const channels = (await call(t, '/pay/getChannels', { client: 'pc' })).data as Array<{
      id: number;
      gateway: string;
    }>;
    const sandbox = channels.find((c) => c.gateway === 'sandbox')!;
    const created = await t.post('/pay/create', { accountId: sandbox.id, amount: yuan }, who.token, someLoopbackIp());
    expect(created.json.code, created.json.msg).toBe(1000);
    const url = new URL(created.json.data.handoff.url as string, 'http://x');
    const confirm = await t.post('/pay/sandbox/confirm', {
      paymentNo: url.searchParams.get('sandbox'),
      token: url.searchParams.get('token'),
    });
    expect(confirm.json.code, confirm.json.msg).toBe(1000);
    await drainJobs(t);
  }
  const request = (who: Member) => call(t, '/inside/site/options', {}, who.token).then((r) => r.data.openRequest);

  it('keeps the choice, and opens the site from the balance as soon as the recharge of the shortfall is credited', async () => {
    const m = await member(t, 1_000, { salePwd: true });
    const path = newPath();
    const asked = await call(
      t,
      '/inside/site/openOnline',
      { versionId: v.id, period: 'month', title: '在线开通的店', path, markupPercent: '5' },
      m.token,
    );
    expect(asked, asked.msg).toMatchObject({ code: 1000, data: { price: 3_000, shortfall: 2_000 } });
    expect(await request(m)).toMatchObject({ title: '在线开通的店', path, price: 3_000, status: 'waiting' });
    expect(await siteOf(t, m.id)).toBeUndefined();

    await rechargeOnline(m, '20');
    const site = await siteOf(t, m.id);
    expect(site).toMatchObject({ path, title: '在线开通的店', status: 'active', version_id: v.id });
    // Paid online: no sale password was asked; the balance paid the whole price, nothing left over.
    expect(await balance(t, m.id)).toMatchObject({ balance: 0, levelId: v.levelId });
    expect(await request(m)).toMatchObject({ status: 'done', statusText: '已开通' });
    // A second delivery of the same event (at least once) changes nothing.
    await rechargeOnline(m, '1');
    expect(await balance(t, m.id)).toMatchObject({ balance: 100 });
    expect((await call(t, `/${path}/inside/goods/getList`, {})).code).toBe(1000);
  });

  it('refused by the time the money arrives (the path was taken): the money stays on the balance and the member sees why', async () => {
    const m = await member(t, 0);
    const path = newPath();
    expect(
      (await call(t, '/inside/site/openOnline', { versionId: v.id, period: 'month', title: '慢一步', path }, m.token))
        .data,
    ).toEqual({ price: 3_000, shortfall: 3_000 });
    const quicker = await member(t, 3_000);
    expect(
      (await call(t, '/inside/site/open', { versionId: v.id, period: 'month', title: '快一步', path }, quicker.token))
        .code,
    ).toBe(1000);
    await rechargeOnline(m, '30');
    expect(await siteOf(t, m.id)).toBeUndefined();
    expect(await balance(t, m.id)).toMatchObject({ balance: 3_000 });
    const failed = await request(m);
    expect(failed).toMatchObject({ status: 'failed', statusText: '开通失败' });
    expect(failed.reason).toContain(Codes.SITE_PATH_TAKEN.msg);
    expect(failed.reason).toContain('余额');
  });

  it('paying less than the shortfall keeps the choice waiting until the balance covers it', async () => {
    const m = await member(t, 0);
    const path = newPath();
    await call(t, '/inside/site/openOnline', { versionId: v.id, period: 'month', title: '分两次付', path }, m.token);
    await rechargeOnline(m, '10');
    expect(await request(m)).toMatchObject({ status: 'waiting', reason: expect.stringContaining('仍不足') });
    await rechargeOnline(m, '20');
    expect(await siteOf(t, m.id)).toMatchObject({ path });
    expect(await request(m)).toMatchObject({ status: 'done' });
  });

  it('refuses what the opening would refuse, answers “pay from the balance” when it is enough, and cancels', async () => {
    const rich = await member(t, 5_000);
    const choice = { versionId: v.id, period: 'month', title: '有钱', path: newPath() };
    expect((await call(t, '/inside/site/openOnline', choice, rich.token)).code).toBe(Codes.SITE_PAY_FROM_BALANCE.code);
    const poor = await member(t, 0);
    for (const [body, code] of [
      [{ ...choice, path: 'a' }, Codes.BAD_INPUT.code],
      [{ ...choice, versionId: 999_999 }, Codes.SITE_VERSION_NOT_FOUND.code],
      [{ ...choice, period: 'week' }, Codes.BAD_INPUT.code],
    ] as const)
      expect((await call(t, '/inside/site/openOnline', body, poor.token)).code).toBe(code);
    expect(await request(poor)).toBeNull();
    expect((await call(t, '/inside/site/cancelOpenRequest', {}, poor.token)).code).toBe(
      Codes.SITE_OPEN_REQUEST_NOT_FOUND.code,
    );
    expect((await call(t, '/inside/site/openOnline', choice, poor.token)).code).toBe(1000);
    expect((await call(t, '/inside/site/cancelOpenRequest', {}, poor.token)).code).toBe(1000);
    expect(await request(poor)).toBeNull();
    await rechargeOnline(poor, '30');
    expect(await siteOf(t, poor.id)).toBeUndefined(); // cancelled: the money is just balance
    expect((await call(t, '/inside/site/openOnline', choice, undefined)).code).toBe(Codes.USER_SESSION_ENDED.code);
  });
});
