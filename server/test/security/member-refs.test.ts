import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shop } from '../commerce/commerce-helper.js';
import { buildTestApp, dialects, someLoopbackIp, type TestApp } from '../helper.js';

/** Issue 10: staff identify members by the member number and login name, never the internal id. */
describe.each(dialects())('members as staff see them on %s', (dialect) => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof shop>>;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    s = await shop(t);
  });
  afterAll(async () => {
    await t.dispose();
  });

  it('adjusts a balance by member number or login name; lists show both', async () => {
    const m = await s.member();
    const userNo = (
      await t.deps.db.selectFrom('users').select('user_no').where('id', '=', m.id).executeTakeFirstOrThrow()
    ).user_no;
    const byNo = await t.post(`${s.A}/funds/adjust`, { member: userNo, amount: '12.34', reason: '补偿' }, s.admin);
    expect(byNo.json).toMatchObject({ code: 1000, data: { balance: 1234 } });
    const byName = await t.post(
      `${s.A}/funds/adjust`,
      { member: m.loginName, amount: '-0.34', reason: '更正' },
      s.admin,
    );
    expect(byName.json.data.balance).toBe(1200);
    const unknown = await t.post(`${s.A}/funds/adjust`, { member: '99999999', amount: '1', reason: 'x' }, s.admin);
    expect(unknown.json.code).toBe(5004);
    expect((await t.post(`${s.A}/funds/adjust`, { amount: '1', reason: 'x' }, s.admin)).json.code).toBe(1001);

    const ledger = await t.post(`${s.A}/funds/ledger`, { member: userNo }, s.admin);
    expect(ledger.json.data.total).toBe(2);
    expect(ledger.json.data.list[0].member).toEqual({ userNo, loginName: m.loginName });

    const goodsId = await s.goods({ price: '1' });
    await s.cards(goodsId, 2);
    await t.post('/inside/order/create', { goodsId, quantity: 1, payBy: 'balance' }, m.token, someLoopbackIp());
    const orders = await t.post(`${s.A}/orders/list`, { member: m.loginName }, s.admin);
    expect(orders.json.data.total).toBe(1);
    expect(orders.json.data.list[0].member).toEqual({ userNo, loginName: m.loginName });
    expect(orders.json.data.list[0].userId).toBeUndefined();
    const detail = await t.post(`${s.A}/orders/detail`, { orderNo: orders.json.data.list[0].orderNo }, s.admin);
    expect(detail.json.data.member).toEqual({ userNo, loginName: m.loginName });
  });

  it('login logs and devices name browser, system and device instead of the raw user-agent', async () => {
    const m = await s.member();
    const ua =
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
    const login = await t.app.inject({
      method: 'POST',
      url: '/user/login',
      payload: `account=${m.loginName}&password=${m.password}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': ua },
      remoteAddress: someLoopbackIp(),
    });
    const token = login.json().data.authCode as string;
    const logs = await t.post('/inside/inter/getLoginLogs', {}, token);
    expect(logs.json.data.list[0].device).toBe('Chrome 120 · Windows 10 · 电脑');
    const sessions = await t.post('/inside/inter/getSessions', {}, token);
    expect(sessions.json.data.some((x: { device: string }) => x.device === 'Chrome 120 · Windows 10 · 电脑')).toBe(
      true,
    );
    const staffView = await t.post(`${s.A}/members/loginLogs`, { id: m.id }, s.admin);
    expect(staffView.json.data[0].device).toBe('Chrome 120 · Windows 10 · 电脑');
  });
});
