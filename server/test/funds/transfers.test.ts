import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminLogin, buildTestApp, dialects, type TestApp } from '../helper.js';
import {
  SALE_PWD,
  assertLedgerMatches,
  balance,
  call,
  fundsRowCounts,
  member,
  setFundsSettings,
} from './funds-helper.js';

describe.each(dialects())('funds: ledger and transfers on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    admin = await adminLogin(t);
  });
  afterEach(async () => {
    await assertLedgerMatches(t);
    await setFundsSettings(t, admin);
  });
  afterAll(async () => {
    // pg-pool resolves end() before its sockets close; let them go before the database is dropped.
    await t.close();
    await new Promise((r) => setTimeout(r, 500));
    await t.dispose();
  });

  it('previews the receiver with a masked name, by member number or login name', async () => {
    const me = await member(t);
    const zhang = await member(t, 0, { nickname: '张小三' });
    const plain = await member(t);
    const byNo = await call(t, '/inside/funds/transfer/preview', { receiver: zhang.userNo }, me.token);
    expect(byNo).toMatchObject({ code: 1000, data: { userNo: zhang.userNo, maskedName: '张*三' } });
    const byName = await call(t, '/inside/funds/transfer/preview', { receiver: plain.loginName }, me.token);
    expect(byName.code).toBe(1000);
    const name = plain.loginName;
    expect(byName.data.maskedName).toBe(`${name[0]}${'*'.repeat(Math.min(name.length - 2, 6))}${name.at(-1)}`);
    expect(JSON.stringify(byName.data)).not.toContain(name);
  });

  it('moves money in one transaction: debit, credit, two ledger rows referencing one transfer', async () => {
    const a = await member(t, 10_000);
    const b = await member(t, 500);
    const res = await call(
      t,
      '/inside/funds/transfer',
      { receiver: b.loginName, amount: '12.34', memo: '货款' },
      a.token,
    );
    expect(res).toMatchObject({ code: 1000, data: { amount: 1234, balance: 8766 } });
    expect(await balance(t, a.id)).toBe(8766);
    expect(await balance(t, b.id)).toBe(1734);
    const no = res.data.transferNo as string;
    const transfer = await t.deps.db
      .selectFrom('transfers')
      .selectAll()
      .where('transfer_no', '=', no)
      .executeTakeFirstOrThrow();
    expect(transfer).toMatchObject({ from_user_id: a.id, to_user_id: b.id, memo: '货款' });
    expect(Number(transfer.amount)).toBe(1234);
    const rows = await t.deps.db
      .selectFrom('ledger_entries')
      .selectAll()
      .where('ref_type', '=', 'transfer')
      .where('ref_id', '=', no)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.user_id, r.type, Number(r.amount), Number(r.balance_after)])).toEqual([
      [a.id, 'transfer_out', -1234, 8766],
      [b.id, 'transfer_in', 1234, 1734],
    ]);
    const ledger = await call(t, '/inside/funds/getLedger', { type: 'transfer_in' }, b.token);
    expect(ledger.data).toMatchObject({ balance: 1734, total: 1 });
    expect(ledger.data.list[0]).toMatchObject({ typeText: '转账转入', amount: 1234, refId: no });
  });

  it('refuses self, unknown and disabled receivers and a short balance, writing nothing', async () => {
    const a = await member(t, 1_000);
    const disabled = await member(t, 0, { status: 'disabled' });
    const before = await fundsRowCounts(t);
    expect(await call(t, '/inside/funds/transfer', { receiver: a.loginName, amount: '1' }, a.token)).toMatchObject({
      code: 5006,
      msg: '不能给自己转账',
    });
    expect(await call(t, '/inside/funds/transfer', { receiver: a.userNo, amount: '1' }, a.token)).toMatchObject({
      code: 5006,
    });
    expect(await call(t, '/inside/funds/transfer', { receiver: 'nobody_here', amount: '1' }, a.token)).toMatchObject({
      code: 5005,
    });
    expect(
      await call(t, '/inside/funds/transfer', { receiver: disabled.loginName, amount: '1' }, a.token),
    ).toMatchObject({ code: 5007 });
    expect(await call(t, '/inside/funds/transfer/preview', { receiver: disabled.loginName }, a.token)).toMatchObject({
      code: 5007,
    });
    const b = await member(t);
    const mid = await fundsRowCounts(t);
    expect(await call(t, '/inside/funds/transfer', { receiver: b.loginName, amount: '10.01' }, a.token)).toMatchObject({
      code: 5001,
      msg: '余额不足',
    });
    expect(await fundsRowCounts(t)).toEqual(mid);
    expect(mid.transfers).toBe(before.transfers);
    expect(mid.ledger).toBe(before.ledger);
  });

  it('asks for the sale password when the member protects transfers', async () => {
    const a = await member(t, 1_000, { salePwd: true });
    const b = await member(t);
    const loose = await member(t, 1_000, { salePwd: true, saleOps: ['withdraw'] });
    expect(await call(t, '/inside/funds/transfer', { receiver: b.loginName, amount: '1' }, a.token)).toMatchObject({
      code: 1109,
    });
    expect(
      await call(t, '/inside/funds/transfer', { receiver: b.loginName, amount: '1', salePwd: '000000' }, a.token),
    ).toMatchObject({ code: 1110 });
    expect(await balance(t, a.id)).toBe(1_000);
    expect(
      await call(t, '/inside/funds/transfer', { receiver: b.loginName, amount: '1', salePwd: SALE_PWD }, a.token),
    ).toMatchObject({ code: 1000 });
    // Protection chosen for withdrawals only: transfers pass without it.
    expect(await call(t, '/inside/funds/transfer', { receiver: b.loginName, amount: '1' }, loose.token)).toMatchObject({
      code: 1000,
    });
    expect(await balance(t, b.id)).toBe(200);
  });

  it('keeps the daily count and amount limits', async () => {
    await setFundsSettings(t, admin, { transferDailyCount: 2, transferDailyAmount: '100' });
    const a = await member(t, 50_000);
    const b = await member(t);
    expect((await call(t, '/inside/funds/transfer', { receiver: b.loginName, amount: '60' }, a.token)).code).toBe(1000);
    expect(await call(t, '/inside/funds/transfer', { receiver: b.loginName, amount: '50' }, a.token)).toMatchObject({
      code: 5008,
      msg: '超出今日转账额度，今日还可转 40.00 元',
    });
    expect(await call(t, '/inside/funds/transfer', { receiver: b.loginName, amount: '100.01' }, a.token)).toMatchObject(
      { code: 5008 },
    );
    expect((await call(t, '/inside/funds/transfer', { receiver: b.loginName, amount: '40' }, a.token)).code).toBe(1000);
    expect(await call(t, '/inside/funds/transfer', { receiver: b.loginName, amount: '0.01' }, a.token)).toMatchObject({
      code: 5009,
    });
    expect(await balance(t, a.id)).toBe(40_000);
    await setFundsSettings(t, admin, { transferEnabled: 0 });
    expect(await call(t, '/inside/funds/transfer', { receiver: b.loginName, amount: '1' }, a.token)).toMatchObject({
      code: 5010,
    });
  });

  it('answers 1001 in Chinese for bad input on every field and writes nothing', async () => {
    const a = await member(t, 1_000);
    const b = await member(t);
    const before = await fundsRowCounts(t);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ amount: '1' }, 'receiver'],
      [{ receiver: '', amount: '1' }, 'receiver'],
      [{ receiver: '<script>', amount: '1' }, 'receiver'],
      [{ receiver: 'x'.repeat(33), amount: '1' }, 'receiver'],
      [{ receiver: b.loginName }, 'amount'],
      [{ receiver: b.loginName, amount: '' }, 'amount'],
      [{ receiver: b.loginName, amount: 'abc' }, 'amount'],
      [{ receiver: b.loginName, amount: '-1' }, 'amount'],
      [{ receiver: b.loginName, amount: '0' }, 'amount'],
      [{ receiver: b.loginName, amount: '0.00' }, 'amount'],
      [{ receiver: b.loginName, amount: '1.234' }, 'amount'],
      [{ receiver: b.loginName, amount: '1e3' }, 'amount'],
      [{ receiver: b.loginName, amount: '1', salePwd: '9'.repeat(40) }, 'salePwd'],
      [{ receiver: b.loginName, amount: '1', memo: '<b>hi</b>' }, 'memo'],
      [{ receiver: b.loginName, amount: '1', memo: '长'.repeat(51) }, 'memo'],
    ];
    for (const [body, field] of cases) {
      const res = await call(t, '/inside/funds/transfer', body, a.token);
      expect(res.code, JSON.stringify(body)).toBe(1001);
      expect(res.data.field).toBe(field);
      expect(res.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
    const ledgerCases: Array<Record<string, unknown>> = [
      { type: 'nope' },
      { from: '2026-13-01' },
      { to: '2026-02-30' },
      { from: '2026-05-02', to: '2026-05-01' },
      { page: 0 },
      { pageSize: 1000 },
      { keyword: 'k'.repeat(51) },
    ];
    for (const body of ledgerCases)
      expect((await call(t, '/inside/funds/getLedger', body, a.token)).code, JSON.stringify(body)).toBe(1001);
    expect(await fundsRowCounts(t)).toEqual(before);
  });

  it('filters, pages and exports only the member’s own ledger', async () => {
    const a = await member(t, 10_000);
    const b = await member(t, 10_000);
    const sent = await call(
      t,
      '/inside/funds/transfer',
      { receiver: b.loginName, amount: '1', memo: '第一笔,含"引号"' },
      a.token,
    );
    await call(t, '/inside/funds/transfer', { receiver: b.loginName, amount: '2' }, a.token);
    const bToA = await call(t, '/inside/funds/transfer', { receiver: a.loginName, amount: '3' }, b.token);
    const all = await call(t, '/inside/funds/getLedger', { pageSize: 2 }, a.token);
    expect(all.data).toMatchObject({ total: 4, page: 1, pageSize: 2 });
    expect(all.data.list).toHaveLength(2);
    expect(all.data.list.every((r: { userId: number }) => r.userId === a.id)).toBe(true);
    expect((await call(t, '/inside/funds/getLedger', { type: 'transfer_out' }, a.token)).data.total).toBe(2);
    expect((await call(t, '/inside/funds/getLedger', { keyword: sent.data.transferNo }, a.token)).data.total).toBe(1);
    expect((await call(t, '/inside/funds/getLedger', { keyword: '引号' }, a.token)).data.total).toBe(1);
    expect((await call(t, '/inside/funds/getLedger', { keyword: '100%' }, a.token)).data.total).toBe(0);
    // b's transfer number finds a's own transfer_in row, never b's row.
    const other = await call(t, '/inside/funds/getLedger', { keyword: bToA.data.transferNo }, a.token);
    expect(other.data.list.map((r: { type: string }) => r.type)).toEqual(['transfer_in']);
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: t.config.timeZone }).format(new Date());
    expect((await call(t, '/inside/funds/getLedger', { from: today, to: today }, a.token)).data.total).toBe(4);
    expect(
      (await call(t, '/inside/funds/getLedger', { from: '2000-01-01', to: '2000-01-02' }, a.token)).data.total,
    ).toBe(0);

    const res = await call(t, '/inside/funds/exportLedger', { type: 'transfer_out' }, a.token);
    expect(res.data).toMatchObject({
      count: 2,
      truncated: false,
      filename: expect.stringMatching(/^资金明细-\d{4}-\d{2}-\d{2}\.csv$/),
    });
    const content = res.data.content as string;
    expect(content.startsWith('\uFEFF')).toBe(true);
    const lines = content
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('时间,类型,金额(元),变动后余额(元),关联单号,备注');
    expect(lines).toHaveLength(3);
    expect(lines[2]).toContain('-1.00');
    expect(lines[2]).toContain('"转账给');
    expect(lines[2]).toContain('""引号""');
    expect(content).not.toContain(bToA.data.transferNo);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/inside/funds/exportLedger',
      payload: { from: 'x' },
      headers: { authorization: a.token },
    });
    expect(bad.json()).toMatchObject({ code: 1001 });
    const anon = await t.app.inject({ method: 'POST', url: '/inside/funds/exportLedger', payload: {} });
    expect(anon.json().code).toBe(-2);
  });

  it('100 concurrent transfers from one balance never overdraw; the receiver gets exactly what left', async () => {
    await setFundsSettings(t, admin, { transferDailyCount: 1000 });
    const a = await member(t, 5_000);
    const b = await member(t);
    const results = await Promise.all(
      Array.from({ length: 100 }, () =>
        call(t, '/inside/funds/transfer', { receiver: b.loginName, amount: '1' }, a.token),
      ),
    );
    const ok = results.filter((r) => r.code === 1000);
    expect(ok).toHaveLength(50);
    expect(results.filter((r) => r.code !== 1000).every((r) => r.code === 5001)).toBe(true);
    expect(await balance(t, a.id)).toBe(0);
    expect(await balance(t, b.id)).toBe(5_000);
    const transfers = await t.deps.db.selectFrom('transfers').select('id').where('from_user_id', '=', a.id).execute();
    expect(transfers).toHaveLength(50);
  });

  it('opposite concurrent transfers between two members do not deadlock', async () => {
    await setFundsSettings(t, admin, { transferDailyCount: 1000 });
    const a = await member(t, 2_000);
    const b = await member(t, 2_000);
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        i % 2
          ? call(t, '/inside/funds/transfer', { receiver: b.loginName, amount: '1' }, a.token)
          : call(t, '/inside/funds/transfer', { receiver: a.loginName, amount: '1' }, b.token),
      ),
    );
    expect(results.every((r) => r.code === 1000)).toBe(true);
    expect((await balance(t, a.id)) + (await balance(t, b.id))).toBe(4_000);
  });
});
