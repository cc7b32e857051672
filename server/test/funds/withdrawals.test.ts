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
  type Member,
} from './funds-helper.js';

describe.each(dialects())('funds: payee accounts, withdrawals and reconciliation on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let A: string;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    admin = await adminLogin(t);
    A = `/${t.adminPath}`;
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

  async function alipay(m: Member) {
    const res = await call(
      t,
      '/inside/payInfo/save',
      { kind: 'alipay', realName: '张三', account: '13812345678' },
      m.token,
    );
    expect(res.code).toBe(1000);
    return res.data.id as number;
  }
  async function upload(ownerId: number, area = 'user') {
    const rel = `2026/01/qr${ownerId}${area}${Date.now()}.png`;
    await t.deps.db
      .insertInto('uploads')
      .values({
        owner_area: area,
        owner_id: ownerId,
        path: rel,
        mime: 'image/png',
        size: 10,
        sha256: 'x',
        created_at: Date.now(),
      })
      .execute();
    return `/uploads/${rel}`;
  }

  it('saves Alipay, bank card and QR payee accounts; answers numbers masked and stores them sealed', async () => {
    const m = await member(t);
    await alipay(m);
    const bank = await call(
      t,
      '/inside/payInfo/save',
      {
        kind: 'bank',
        realName: '李四',
        bankName: '工商银行',
        bankBranch: '杭州西湖支行',
        cardNo: '6222 0212 3456 7890 123',
      },
      m.token,
    );
    expect(bank).toMatchObject({
      code: 1000,
      data: { kind: 'bank', kindText: '银行卡', account: '6222 **** **** 0123' },
    });
    const qr = await call(
      t,
      '/inside/payInfo/save',
      { kind: 'qr', realName: '李四', qrType: 'wechat', qrImage: await upload(m.id) },
      m.token,
    );
    expect(qr.code).toBe(1000);
    const list = await call(t, '/inside/payInfo/list', {}, m.token);
    expect(list.data).toHaveLength(3);
    expect(JSON.stringify(list.data)).not.toContain('6222021234567890123');
    expect(list.data.find((p: { kind: string }) => p.kind === 'alipay').account).toBe('138****5678');
    const stored = await t.deps.db
      .selectFrom('payee_accounts')
      .select('account_sealed')
      .where('id', '=', bank.data.id)
      .executeTakeFirstOrThrow();
    expect(stored.account_sealed).not.toContain('6222');
    // edit in place
    const edited = await call(
      t,
      '/inside/payInfo/save',
      {
        id: bank.data.id,
        kind: 'bank',
        realName: '李四',
        bankName: '建设银行',
        bankBranch: '总行',
        cardNo: '6217000011112222',
      },
      m.token,
    );
    expect(edited).toMatchObject({
      code: 1000,
      data: { id: bank.data.id, bankName: '建设银行', account: '6217 **** **** 2222' },
    });
  });

  it('refuses a QR image the member does not own and other members’ payee ids', async () => {
    const m = await member(t);
    const other = await member(t, 5_000);
    const before = await fundsRowCounts(t);
    expect(
      await call(
        t,
        '/inside/payInfo/save',
        { kind: 'qr', realName: '李四', qrType: 'alipay', qrImage: await upload(other.id) },
        m.token,
      ),
    ).toMatchObject({ code: 5013 });
    expect(
      await call(
        t,
        '/inside/payInfo/save',
        { kind: 'qr', realName: '李四', qrType: 'alipay', qrImage: await upload(m.id, 'admin') },
        m.token,
      ),
    ).toMatchObject({ code: 5013 });
    expect(
      await call(
        t,
        '/inside/payInfo/save',
        { kind: 'qr', realName: '李四', qrType: 'alipay', qrImage: '/uploads/2026/01/missing.png' },
        m.token,
      ),
    ).toMatchObject({ code: 5013 });
    expect(await fundsRowCounts(t)).toEqual(before);
    const foreign = await alipay(other);
    expect(await call(t, '/inside/payInfo/delete', { id: foreign }, m.token)).toMatchObject({ code: 5012 });
    expect(
      await call(
        t,
        '/inside/payInfo/save',
        { id: foreign, kind: 'alipay', realName: '王五', account: 'a@b.com' },
        m.token,
      ),
    ).toMatchObject({ code: 5012 });
    await t.deps.db.transaction().execute(async () => undefined);
    const mine = await member(t, 5_000);
    expect(await call(t, '/inside/withdraw/create', { payeeId: foreign, amount: '20' }, mine.token)).toMatchObject({
      code: 5012,
    });
    expect(await balance(t, mine.id)).toBe(5_000);
    expect((await call(t, '/inside/payInfo/list', {}, other.token)).data).toHaveLength(1);
    expect(await call(t, '/inside/payInfo/delete', { id: foreign }, other.token)).toMatchObject({ code: 1000 });
  });

  it('answers 1001 in Chinese for bad payee and withdrawal input and writes nothing', async () => {
    const m = await member(t, 5_000);
    const payeeId = await alipay(m);
    const before = await fundsRowCounts(t);
    const payeeCases: Array<[Record<string, unknown>, string]> = [
      [{ realName: '张三', account: '13812345678' }, 'kind'],
      [{ kind: 'wechat', realName: '张三' }, 'kind'],
      [{ kind: 'alipay', account: '13812345678' }, 'realName'],
      [{ kind: 'alipay', realName: '张', account: '13812345678' }, 'realName'],
      [{ kind: 'alipay', realName: '<b>张三</b>', account: '13812345678' }, 'realName'],
      [{ kind: 'alipay', realName: '张三', account: 'not an account' }, 'account'],
      [{ kind: 'alipay', realName: '张三' }, 'account'],
      [{ kind: 'bank', realName: '张三', bankBranch: '支行', cardNo: '6222021234567890' }, 'bankName'],
      [{ kind: 'bank', realName: '张三', bankName: '工行', cardNo: '6222021234567890' }, 'bankBranch'],
      [{ kind: 'bank', realName: '张三', bankName: '工行', bankBranch: '支行', cardNo: '1234' }, 'cardNo'],
      [{ kind: 'bank', realName: '张三', bankName: '工行', bankBranch: '支行', cardNo: '6222abc234567890' }, 'cardNo'],
      [{ kind: 'qr', realName: '张三', qrImage: '/uploads/2026/01/a.png' }, 'qrType'],
      [{ kind: 'qr', realName: '张三', qrType: 'alipay', qrImage: 'https://evil.example/a.png' }, 'qrImage'],
      [{ kind: 'qr', realName: '张三', qrType: 'alipay', qrImage: '/uploads/../../etc/passwd' }, 'qrImage'],
      [{ id: 'x', kind: 'alipay', realName: '张三', account: '13812345678' }, 'id'],
    ];
    for (const [body, field] of payeeCases) {
      const res = await call(t, '/inside/payInfo/save', body, m.token);
      expect(res.code, JSON.stringify(body)).toBe(1001);
      expect(res.data.field, JSON.stringify(body)).toBe(field);
      expect(res.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect((await call(t, '/inside/payInfo/delete', { id: '-1' }, m.token)).code).toBe(1001);
    const withdrawCases: Array<[Record<string, unknown>, string]> = [
      [{ amount: '20' }, 'payeeId'],
      [{ payeeId: 'abc', amount: '20' }, 'payeeId'],
      [{ payeeId }, 'amount'],
      [{ payeeId, amount: '-20' }, 'amount'],
      [{ payeeId, amount: '0' }, 'amount'],
      [{ payeeId, amount: '20.001' }, 'amount'],
      [{ payeeId, amount: '二十' }, 'amount'],
      [{ payeeId, amount: '20', salePwd: 'x'.repeat(33) }, 'salePwd'],
    ];
    for (const [body, field] of withdrawCases) {
      const res = await call(t, '/inside/withdraw/create', body, m.token);
      expect(res.code, JSON.stringify(body)).toBe(1001);
      expect(res.data.field).toBe(field);
    }
    expect((await call(t, '/inside/withdraw/cancel', { id: '' }, m.token)).code).toBe(1001);
    expect((await call(t, '/inside/withdraw/list', { status: 'paid' }, m.token)).code).toBe(1001);
    expect((await t.post(`${A}/withdrawals/approve`, { id: 1 }, admin)).json).toMatchObject({
      code: 1001,
      data: { field: 'payoutRef' },
    });
    expect((await t.post(`${A}/withdrawals/reject`, { id: 1, reason: '' }, admin)).json).toMatchObject({
      code: 1001,
      data: { field: 'reason' },
    });
    for (const patch of [
      { feePercent: '101' },
      { feePercent: '0.123' },
      { withdrawMin: '-1' },
      { withdrawDailyCount: 0 },
      { transferDailyAmount: '0' },
    ]) {
      const res = await t.post(
        `${A}/funds/settings/save`,
        {
          withdrawEnabled: 1,
          withdrawMin: '10',
          withdrawMax: '0',
          feePercent: '0',
          feeMin: '0',
          withdrawDailyCount: 3,
          transferEnabled: 1,
          transferMin: '0.01',
          transferDailyAmount: '50000',
          transferDailyCount: 20,
          ...patch,
        },
        admin,
      );
      expect(res.json.code, JSON.stringify(patch)).toBe(1001);
    }
    expect(await fundsRowCounts(t)).toEqual(before);
  });

  it('creates a withdrawal: balance debited at once, fee rounded up to the fen, status visible', async () => {
    await setFundsSettings(t, admin, { withdrawMin: '1', feePercent: '0.6', feeMin: '0.01' });
    const m = await member(t, 10_000);
    const payeeId = await alipay(m);
    const cfg = await call(t, '/inside/withdraw/config', {}, m.token);
    expect(cfg.data).toMatchObject({
      enabled: 1,
      balance: 10_000,
      min: 100,
      feeBasisPoints: 60,
      feeMin: 1,
      todayCount: 0,
    });
    const res = await call(t, '/inside/withdraw/create', { payeeId, amount: '10.01' }, m.token);
    // 1001 fen × 0.6 % = 6.006 fen → 7 fen (rounded up).
    expect(res).toMatchObject({
      code: 1000,
      data: { amount: 1001, fee: 7, actualAmount: 994, status: 'pending', statusText: '待审核', balance: 8_999 },
    });
    expect(await balance(t, m.id)).toBe(8_999);
    const row = await t.deps.db
      .selectFrom('ledger_entries')
      .selectAll()
      .where('ref_type', '=', 'withdrawal')
      .where('ref_id', '=', res.data.withdrawNo)
      .executeTakeFirstOrThrow();
    expect([row.type, Number(row.amount)]).toEqual(['withdraw', -1001]);
    // minimum fee applies to small amounts
    const small = await call(t, '/inside/withdraw/create', { payeeId, amount: '1' }, m.token);
    expect(small.data).toMatchObject({ fee: 1, actualAmount: 99 });
    const list = await call(t, '/inside/withdraw/list', {}, m.token);
    expect(list.data.total).toBe(2);
    expect(list.data.list[0].payee).toMatchObject({ kind: 'alipay', account: '138****5678' });
    expect(await call(t, '/inside/withdraw/create', { payeeId, amount: '0.99' }, m.token)).toMatchObject({
      code: 5016,
    });
    await setFundsSettings(t, admin, { withdrawMin: '0.01', feeMin: '1' });
    expect(await call(t, '/inside/withdraw/create', { payeeId, amount: '1' }, m.token)).toMatchObject({ code: 5021 });
    await setFundsSettings(t, admin, { withdrawMax: '50' });
    expect(await call(t, '/inside/withdraw/create', { payeeId, amount: '50.01' }, m.token)).toMatchObject({
      code: 5017,
    });
    await setFundsSettings(t, admin, { withdrawEnabled: 0 });
    expect(await call(t, '/inside/withdraw/create', { payeeId, amount: '20' }, m.token)).toMatchObject({ code: 5015 });
    expect(await call(t, '/inside/withdraw/create', { payeeId, amount: '90' }, m.token)).toMatchObject({ code: 5015 });
    await setFundsSettings(t, admin);
    expect(await call(t, '/inside/withdraw/create', { payeeId, amount: '90' }, m.token)).toMatchObject({ code: 5001 });
  });

  it('cancel while pending returns the money once; foreign withdrawal ids are refused', async () => {
    const m = await member(t, 5_000);
    const other = await member(t, 5_000);
    const payeeId = await alipay(m);
    const w = await call(t, '/inside/withdraw/create', { payeeId, amount: '20' }, m.token);
    expect(await balance(t, m.id)).toBe(3_000);
    expect(await call(t, '/inside/withdraw/cancel', { id: w.data.id }, other.token)).toMatchObject({ code: 5019 });
    expect(await call(t, '/inside/withdraw/list', {}, other.token)).toMatchObject({ data: { total: 0 } });
    const cancelled = await call(t, '/inside/withdraw/cancel', { id: w.data.id }, m.token);
    expect(cancelled).toMatchObject({
      code: 1000,
      data: { status: 'cancelled', statusText: '已取消', balance: 5_000 },
    });
    expect(await call(t, '/inside/withdraw/cancel', { id: w.data.id }, m.token)).toMatchObject({ code: 5020 });
    expect(await t.post(`${A}/withdrawals/approve`, { id: w.data.id, payoutRef: 'X1' }, admin)).toMatchObject({
      json: { code: 5020 },
    });
    expect(await balance(t, m.id)).toBe(5_000);
  });

  it('keeps the daily withdrawal count and asks for the sale password when protected', async () => {
    await setFundsSettings(t, admin, { withdrawDailyCount: 2 });
    const m = await member(t, 10_000, { salePwd: true });
    const payeeId = await alipay(m);
    expect(await call(t, '/inside/withdraw/create', { payeeId, amount: '10' }, m.token)).toMatchObject({ code: 1109 });
    expect(
      await call(t, '/inside/withdraw/create', { payeeId, amount: '10', salePwd: '111111' }, m.token),
    ).toMatchObject({ code: 1110 });
    expect((await call(t, '/inside/withdraw/create', { payeeId, amount: '10', salePwd: SALE_PWD }, m.token)).code).toBe(
      1000,
    );
    expect((await call(t, '/inside/withdraw/create', { payeeId, amount: '10', salePwd: SALE_PWD }, m.token)).code).toBe(
      1000,
    );
    expect(
      await call(t, '/inside/withdraw/create', { payeeId, amount: '10', salePwd: SALE_PWD }, m.token),
    ).toMatchObject({ code: 5018, msg: '每日最多提现 2 次' });
    expect(await balance(t, m.id)).toBe(8_000);
  });

  it('admin approves with a payout reference or rejects (money back); audit rows; the member sees the status', async () => {
    const m = await member(t, 10_000);
    const payeeId = await call(
      t,
      '/inside/payInfo/save',
      { kind: 'bank', realName: '李四', bankName: '工商银行', bankBranch: '西湖支行', cardNo: '6222021234567890123' },
      m.token,
    );
    const w1 = await call(t, '/inside/withdraw/create', { payeeId: payeeId.data.id, amount: '30' }, m.token);
    const w2 = await call(t, '/inside/withdraw/create', { payeeId: payeeId.data.id, amount: '20' }, m.token);
    const queue = await t.post(`${A}/withdrawals/list`, { status: 'pending', userId: m.id }, admin);
    expect(queue.json.data.total).toBe(2);
    // staff see the full card number to pay out
    expect(queue.json.data.list[0].payee).toMatchObject({
      account: '6222021234567890123',
      bankBranch: '西湖支行',
      realName: '李四',
    });
    expect((await t.post(`${A}/withdrawals/list`, { keyword: w1.data.withdrawNo }, admin)).json.data.total).toBe(1);
    expect(
      (await t.post(`${A}/withdrawals/approve`, { id: w1.data.id, payoutRef: 'BANK-20260101-1' }, admin)).json,
    ).toMatchObject({ code: 1000, data: { status: 'approved' } });
    expect(
      (await t.post(`${A}/withdrawals/reject`, { id: w2.data.id, reason: '户名与实名不符' }, admin)).json,
    ).toMatchObject({ code: 1000, data: { status: 'rejected' } });
    expect((await t.post(`${A}/withdrawals/reject`, { id: w1.data.id, reason: '再次驳回' }, admin)).json).toMatchObject(
      { code: 5020 },
    );
    expect((await t.post(`${A}/withdrawals/approve`, { id: 987654321, payoutRef: 'X' }, admin)).json).toMatchObject({
      code: 5019,
    });
    expect(await balance(t, m.id)).toBe(7_000);
    const mine = await call(t, '/inside/withdraw/list', {}, m.token);
    expect(
      mine.data.list.map((w: { statusText: string; payoutRef: string; rejectReason: string }) => [
        w.statusText,
        w.payoutRef,
        w.rejectReason,
      ]),
    ).toEqual([
      ['已驳回', '', '户名与实名不符'],
      ['已打款', 'BANK-20260101-1', ''],
    ]);
    const returned = await t.deps.db
      .selectFrom('ledger_entries')
      .selectAll()
      .where('ref_id', '=', w2.data.withdrawNo)
      .orderBy('id')
      .execute();
    expect(returned.map((r) => [r.type, Number(r.amount)])).toEqual([
      ['withdraw', -2000],
      ['withdraw_return', 2000],
    ]);
    const audits = await t.deps.db
      .selectFrom('audit_logs')
      .select(['action', 'target'])
      .where('target', 'in', [`withdrawal:${w1.data.withdrawNo}`, `withdrawal:${w2.data.withdrawNo}`])
      .orderBy('id')
      .execute();
    expect(audits.map((a) => a.action)).toEqual(['withdraw.approve', 'withdraw.reject']);
    // Each decision is a domain event written with it; the refused second decision wrote none.
    const decided = (
      await t.deps.db
        .selectFrom('domain_events')
        .select('payload')
        .where('type', '=', 'withdrawal.decided')
        .orderBy('id')
        .execute()
    )
      .map((e) => JSON.parse(e.payload) as { withdrawNo: string; decision: string; amount: number; reason: string })
      .filter((e) => [w1.data.withdrawNo, w2.data.withdrawNo].includes(e.withdrawNo));
    expect(decided.map((e) => [e.decision, e.amount, e.reason])).toEqual([
      ['approved', 3000, ''],
      ['rejected', 2000, '户名与实名不符'],
    ]);
    // members cannot reach the admin queue
    expect((await t.post(`${A}/withdrawals/list`, {}, m.token)).json.code).toBe(-1);
  });

  it('two handlers at once: exactly one wins, money moves once', async () => {
    const m = await member(t, 10_000);
    const payeeId = await alipay(m);
    const a = await call(t, '/inside/withdraw/create', { payeeId, amount: '10' }, m.token);
    const b = await call(t, '/inside/withdraw/create', { payeeId, amount: '10' }, m.token);
    const approvals = await Promise.all(
      [1, 2, 3].map((i) => t.post(`${A}/withdrawals/approve`, { id: a.data.id, payoutRef: `P${i}` }, admin)),
    );
    expect(approvals.filter((r) => r.json.code === 1000)).toHaveLength(1);
    expect(approvals.filter((r) => r.json.code === 5020)).toHaveLength(2);
    const mixed = await Promise.all([
      t.post(`${A}/withdrawals/reject`, { id: b.data.id, reason: '驳回' }, admin),
      t.post(`${A}/withdrawals/approve`, { id: b.data.id, payoutRef: 'P9' }, admin),
      t.post(`${A}/withdrawals/reject`, { id: b.data.id, reason: '再驳回' }, admin),
      call(t, '/inside/withdraw/cancel', { id: b.data.id }, m.token),
    ]);
    expect(mixed.filter((r) => ('json' in r ? r.json.code : r.code) === 1000)).toHaveLength(1);
    const final = await t.deps.db
      .selectFrom('withdrawals')
      .select('status')
      .where('id', '=', b.data.id)
      .executeTakeFirstOrThrow();
    expect(await balance(t, m.id)).toBe(final.status === 'approved' ? 8_000 : 9_000);
  });

  it('100 concurrent withdrawals from one balance never overdraw', async () => {
    await setFundsSettings(t, admin, { withdrawMin: '1', withdrawDailyCount: 1000 });
    const m = await member(t, 5_000);
    const payeeId = await alipay(m);
    const results = await Promise.all(
      Array.from({ length: 100 }, () => call(t, '/inside/withdraw/create', { payeeId, amount: '1' }, m.token)),
    );
    expect(results.filter((r) => r.code === 1000)).toHaveLength(50);
    expect(results.filter((r) => r.code !== 1000).every((r) => r.code === 5001)).toBe(true);
    expect(await balance(t, m.id)).toBe(0);
    const pending = await t.deps.db
      .selectFrom('withdrawals')
      .select((eb) => eb.fn.sum<number>('amount').as('s'))
      .where('user_id', '=', m.id)
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    expect(Number(pending.s)).toBe(5_000);
  });

  it('daily withdrawal count holds under concurrency', async () => {
    await setFundsSettings(t, admin, { withdrawMin: '1', withdrawDailyCount: 5 });
    const m = await member(t, 5_000);
    const payeeId = await alipay(m);
    const results = await Promise.all(
      Array.from({ length: 30 }, () => call(t, '/inside/withdraw/create', { payeeId, amount: '1' }, m.token)),
    );
    expect(results.filter((r) => r.code === 1000)).toHaveLength(5);
    expect(await balance(t, m.id)).toBe(4_500);
  });

  it('reconciliation: balanced books pass, a corrupted balance is flagged, payments section; the daily job stores the report', async () => {
    const m = await member(t, 3_000);
    const payeeId = await alipay(m);
    await call(t, '/inside/withdraw/create', { payeeId, amount: '10' }, m.token);
    const clean = await t.post(`${A}/funds/reconcile`, {}, admin);
    expect(clean.json.code).toBe(1000);
    const r = clean.json.data;
    expect(r.overall).toMatchObject({ mismatch: false, difference: 0, mismatchedUsers: [] });
    expect(r.daily.mismatch).toBe(false);
    expect(r.withdrawals.mismatch).toBe(false);
    expect(r.withdrawals.pendingAmount).toBeGreaterThanOrEqual(1_000);
    expect(r.withdrawals.liability).toBe(r.overall.balanceTotal + r.withdrawals.pendingAmount);
    // The payments module's tables exist (0004): nothing paid through a gateway here, so 0 = 0 + 0.
    expect(r.payments).toMatchObject({
      available: true,
      received: 0,
      ordersPaid: 0,
      rechargesPaid: 0,
      mismatch: false,
    });
    expect(r.mismatch).toBe(false);
    expect((await t.post(`${A}/funds/reconcile`, { date: '2026-02-30' }, admin)).json.code).toBe(1001);

    await t.deps.db.updateTable('users').set({ balance: 2_345 }).where('id', '=', m.id).execute();
    try {
      const bad = (await t.post(`${A}/funds/reconcile`, {}, admin)).json.data;
      expect(bad.mismatch).toBe(true);
      expect(bad.overall.mismatch).toBe(true);
      expect(bad.overall.difference).toBe(2_345 - 2_000);
      expect(bad.overall.mismatchedUsers).toEqual([
        { userId: m.id, userNo: m.userNo, loginName: m.loginName, balance: 2_345, ledgerSum: 2_000, difference: 345 },
      ]);
      // the job computes and stores the day's report
      const day = bad.day as string;
      await t.deps.db
        .updateTable('jobs')
        .set({ run_at: 0 })
        .where('name', '=', 'funds.reconcile')
        .where('status', '=', 'pending')
        .execute();
      await t.deps.jobs.runDue();
      const stored = await t.deps.db
        .selectFrom('reconcile_reports')
        .selectAll()
        .where('day', '=', day)
        .executeTakeFirstOrThrow();
      expect(stored.mismatch).toBe(1);
      const next = await t.deps.db
        .selectFrom('jobs')
        .select('unique_key')
        .where('name', '=', 'funds.reconcile')
        .where('status', '=', 'pending')
        .execute();
      expect(next.map((j) => j.unique_key)).toHaveLength(1);
      // a withdrawal whose ledger rows do not net out is flagged too
      await t.deps.db.updateTable('withdrawals').set({ status: 'rejected' }).where('user_id', '=', m.id).execute();
      const w = (await t.post(`${A}/funds/reconcile`, { date: day }, admin)).json.data;
      expect(w.withdrawals.mismatch).toBe(true);
      expect(w.stored).toMatchObject({ day, mismatch: true });
      await t.deps.db.updateTable('withdrawals').set({ status: 'pending' }).where('user_id', '=', m.id).execute();
      // gateway money with no paid order or recharge behind it is flagged and listed
      const now = Date.now();
      await t.deps.db
        .insertInto('payments')
        .values({
          payment_no: 'PTEST-RECON-1',
          purpose: 'recharge',
          site_id: 1,
          order_id: null,
          recharge_id: null,
          user_id: m.id,
          ref_no: '',
          subject: '测试',
          amount: 1_050,
          fee: 50,
          gateway: 'sandbox',
          account_id: null,
          status: 'paid',
          trade_no: 'x',
          client_ip: '',
          expires_at: now,
          paid_at: now,
          closed_at: null,
          paid_by: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      const p = (await t.post(`${A}/funds/reconcile`, {}, admin)).json.data.payments;
      await t.deps.db.deleteFrom('payments').where('payment_no', '=', 'PTEST-RECON-1').execute();
      expect(p).toMatchObject({
        available: true,
        received: 1_000,
        rechargesPaid: 0,
        difference: 1_000,
        mismatch: true,
        unmatchedPayments: [{ paymentNo: 'PTEST-RECON-1', purpose: 'recharge', amount: 1_050 }],
      });
    } finally {
      await t.deps.db.updateTable('users').set({ balance: 2_000 }).where('id', '=', m.id).execute();
    }
    expect((await t.post(`${A}/funds/reconcile`, {}, admin)).json.data.mismatch).toBe(false);
  });
});
