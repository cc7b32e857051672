import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminLogin, buildTestApp, dialects, type TestApp } from '../helper.js';
import { call, member, setFundsSettings } from './funds-helper.js';

describe.each(dialects())('funds: transfer limits for the member on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    admin = await adminLogin(t);
  });
  afterAll(async () => {
    await t.close();
    await new Promise((r) => setTimeout(r, 500));
    await t.dispose();
  });

  it('answers the limits from the funds settings and what today used', async () => {
    await setFundsSettings(t, admin, { transferMin: '1.5', transferDailyAmount: '100', transferDailyCount: 5 });
    const a = await member(t, 20_000);
    const b = await member(t);
    const fresh = await call(t, '/inside/funds/transfer/config', {}, a.token);
    expect(fresh).toMatchObject({
      code: 1000,
      data: {
        enabled: 1,
        balance: 20_000,
        min: 150,
        dailyAmount: 10_000,
        dailyCount: 5,
        todayAmount: 0,
        todayCount: 0,
        remainingAmount: 10_000,
        remainingCount: 5,
      },
    });
    expect((await call(t, '/inside/funds/transfer', { receiver: b.loginName, amount: '12.34' }, a.token)).code).toBe(
      1000,
    );
    expect((await call(t, '/inside/funds/transfer', { receiver: b.loginName, amount: '2' }, a.token)).code).toBe(1000);
    const used = await call(t, '/inside/funds/transfer/config', {}, a.token);
    expect(used.data).toMatchObject({
      balance: 20_000 - 1434,
      todayAmount: 1434,
      todayCount: 2,
      remainingAmount: 10_000 - 1434,
      remainingCount: 3,
    });
    // The receiver's incoming transfers do not count against its own limits.
    expect((await call(t, '/inside/funds/transfer/config', {}, b.token)).data).toMatchObject({
      todayAmount: 0,
      todayCount: 0,
    });
  });

  it('says when transfers are closed, and needs a member session', async () => {
    await setFundsSettings(t, admin, { transferEnabled: 0 });
    const a = await member(t);
    expect((await call(t, '/inside/funds/transfer/config', {}, a.token)).data).toMatchObject({ enabled: 0 });
    expect((await call(t, '/inside/funds/transfer/config', {})).code).not.toBe(1000);
    await setFundsSettings(t, admin);
  });
});
