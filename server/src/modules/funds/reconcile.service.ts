import type { ReconcileAnswer, ReconcileReport } from '@kapu/contract';
import { sql } from 'kysely';
import type { Db } from '../../core/db/connect.js';
import { enqueueJob } from '../../core/jobs.js';
import type { Deps } from '../../deps.js';
import { dayBounds, dayOf, nextDay } from './funds-time.js';
import { LedgerTypes, type LedgerType } from './funds.service.js';

export const RECONCILE_JOB = 'funds.reconcile';
const LIST_MAX = 100;
const num = (v: unknown) => Number(v ?? 0);

/**
 * Reconciliation: every balance change has its ledger row, so the books must agree. How pending withdrawals count: a
 * withdrawal debits the balance when it is asked for (ledger row `withdraw`), so the money of
 * a pending one is already outside every balance and outside the ledger sum; it is a payout
 * the platform still owes. Checks, each with `mismatch`:
 * - overall: Σ ledger amounts = Σ users.balance, and per member ledger sum = balance;
 * - the day: per member, the last ledger row's balance_after up to the day's end = that
 *   member's ledger sum up to the day's end (a broken chain or a row written without a
 *   balance change shows here), and Σ transfer_in + Σ transfer_out of the day = 0;
 * - withdrawals: each withdrawal's ledger rows net to −amount while pending/approved and to 0
 *   once rejected/cancelled (the money came back exactly once); owed = Σ pending amounts;
 *   platform liability = Σ balances + owed;
 * - payments (when the payments module's tables exist): gateway money received on the day =
 *   orders paid through gateways + recharges paid (balance-paid orders are not gateway money).
 */
export function reconcileService(deps: Deps) {
  const { db, config } = deps;

  async function overall(conn: Db): Promise<ReconcileReport['overall']> {
    const totals = await sql<{ ledger: unknown; balances: unknown }>`
      select (select coalesce(sum(amount), 0) from ledger_entries) as ledger,
             (select coalesce(sum(balance), 0) from users) as balances`.execute(conn);
    const t = totals.rows[0];
    const users = await sql<{ id: number; user_no: string; login_name: string; balance: unknown; ledger: unknown }>`
      select u.id, u.user_no, u.login_name, u.balance, coalesce(s.total, 0) as ledger
      from users u left join (select user_id, sum(amount) as total from ledger_entries group by user_id) s on s.user_id = u.id
      where u.balance <> coalesce(s.total, 0)
      order by u.id limit ${LIST_MAX + 1}`.execute(conn);
    const ledgerTotal = num(t.ledger);
    const balanceTotal = num(t.balances);
    return {
      ledgerTotal,
      balanceTotal,
      difference: balanceTotal - ledgerTotal,
      mismatchedUsers: users.rows.slice(0, LIST_MAX).map((u) => ({
        userId: Number(u.id),
        userNo: u.user_no,
        loginName: u.login_name,
        balance: num(u.balance),
        ledgerSum: num(u.ledger),
        difference: num(u.balance) - num(u.ledger),
      })),
      moreMismatchedUsers: users.rows.length > LIST_MAX,
      mismatch: balanceTotal !== ledgerTotal || users.rows.length > 0,
    };
  }

  async function daily(conn: Db, start: number, end: number): Promise<ReconcileReport['daily']> {
    const byType = await conn
      .selectFrom('ledger_entries')
      .select((eb) => ['type', eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('amount').as('total')])
      .where('created_at', '>=', start)
      .where('created_at', '<', end)
      .groupBy('type')
      .execute();
    const opening = await conn
      .selectFrom('ledger_entries')
      .select((eb) => eb.fn.sum<number>('amount').as('s'))
      .where('created_at', '<', start)
      .executeTakeFirst();
    const chain = await sql<{
      user_id: number;
      user_no: string;
      login_name: string;
      total: unknown;
      balance_after: unknown;
    }>`
      select s.user_id, u.user_no, u.login_name, s.total, l.balance_after
      from (select user_id, sum(amount) as total, max(id) as last_id from ledger_entries where created_at < ${end} group by user_id) s
      join ledger_entries l on l.id = s.last_id
      join users u on u.id = s.user_id`.execute(conn);
    const broken = chain.rows.filter((r) => num(r.total) !== num(r.balance_after));
    const closingLedger = chain.rows.reduce((a, r) => a + num(r.total), 0);
    const closingBalances = chain.rows.reduce((a, r) => a + num(r.balance_after), 0);
    const types = byType.map((r) => ({
      type: r.type,
      typeText: LedgerTypes[r.type as LedgerType] ?? r.type,
      count: num(r.n),
      amount: num(r.total),
    }));
    const transferNet = types
      .filter((r) => r.type === 'transfer_in' || r.type === 'transfer_out')
      .reduce((a, r) => a + r.amount, 0);
    const netChange = types.reduce((a, r) => a + r.amount, 0);
    return {
      byType: types,
      openingLedger: num(opening?.s),
      netChange,
      closingLedger,
      closingBalances,
      difference: closingBalances - closingLedger,
      transferNet,
      mismatchedUsers: broken.slice(0, LIST_MAX).map((r) => ({
        userId: Number(r.user_id),
        userNo: r.user_no,
        loginName: r.login_name,
        ledgerSum: num(r.total),
        lastBalanceAfter: num(r.balance_after),
        difference: num(r.balance_after) - num(r.total),
      })),
      mismatch: broken.length > 0 || transferNet !== 0,
    };
  }

  async function withdrawals(conn: Db, start: number, end: number) {
    const owed = await conn
      .selectFrom('withdrawals')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('amount').as('total')])
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    const handled = await conn
      .selectFrom('withdrawals')
      .select((eb) => [
        'status',
        eb.fn.countAll<number>().as('n'),
        eb.fn.sum<number>('amount').as('total'),
        eb.fn.sum<number>('fee').as('fee'),
      ])
      .where('handled_at', '>=', start)
      .where('handled_at', '<', end)
      .groupBy('status')
      .execute();
    const wrong = await sql<{ withdraw_no: string; status: string; amount: unknown; net: unknown }>`
      select w.withdraw_no, w.status, w.amount, coalesce(sum(l.amount), 0) as net
      from withdrawals w left join ledger_entries l on l.ref_type = 'withdrawal' and l.ref_id = w.withdraw_no
      group by w.id, w.withdraw_no, w.status, w.amount
      having coalesce(sum(l.amount), 0) <> case when w.status in ('pending', 'approved') then -w.amount else 0 end
      order by w.id limit ${LIST_MAX}`.execute(conn);
    return {
      pendingCount: num(owed.n),
      pendingAmount: num(owed.total),
      handledOnDay: handled.map((h) => ({ status: h.status, count: num(h.n), amount: num(h.total), fee: num(h.fee) })),
      mismatchedWithdrawals: wrong.rows.map((w) => ({
        withdrawNo: w.withdraw_no,
        status: w.status,
        amount: num(w.amount),
        ledgerNet: num(w.net),
      })),
      mismatch: wrong.rows.length > 0,
    };
  }

  /**
   * Gateway money received on the day (payments not paid from balance, paid that day, refunded
   * later or not) = orders paid that day through a gateway + recharges paid that day. Runs only
   * when the payments module's tables exist; otherwise says so. Payments whose order/recharge
   * did not end paid (e.g. paid after expiry and refunded to balance) are listed as unmatched.
   */
  async function payments(conn: Db, start: number, end: number): Promise<ReconcileReport['payments']> {
    const names = new Set((await conn.introspection.getTables()).map((t) => t.name));
    const missing = ['payments', 'recharges'].filter((n) => !names.has(n));
    if (missing.length)
      return { available: false as const, reason: `支付模块的数据表（${missing.join('、')}）尚未建立，本项暂不可对账` };
    // payments.amount = base + gateway fee; the base is what orders and recharges account for.
    const rows = await sql<{ purpose: string; total: unknown; fee: unknown; n: unknown }>`
      select purpose, coalesce(sum(amount - fee), 0) as total, coalesce(sum(fee), 0) as fee, count(*) as n from payments
      where gateway <> 'balance' and purpose in ('order', 'recharge') and status in ('paid', 'refunded') and paid_at >= ${start} and paid_at < ${end}
      group by purpose`.execute(conn);
    const received = rows.rows.reduce((a, r) => a + num(r.total), 0);
    const ordersPaid = num(
      (
        await conn
          .selectFrom('orders')
          .select((eb) => eb.fn.sum<number>('paid_amount').as('s'))
          .where('paid_at', '>=', start)
          .where('paid_at', '<', end)
          .where('pay_method', 'is not', null)
          .where('pay_method', '<>', 'balance')
          .executeTakeFirst()
      )?.s,
    );
    const recharge = await sql<{ total: unknown; bonus: unknown }>`
      select coalesce(sum(amount), 0) as total, coalesce(sum(bonus), 0) as bonus from recharges
      where status in ('paid', 'refunded') and paid_at >= ${start} and paid_at < ${end}`.execute(conn);
    const rechargesPaid = num(recharge.rows[0]?.total);
    const unmatched = await sql<{ payment_no: string; purpose: string; amount: unknown }>`
      select p.payment_no, p.purpose, p.amount from payments p
      left join orders o on p.purpose = 'order' and o.id = p.order_id and o.paid_at is not null
      left join recharges r on p.purpose = 'recharge' and r.id = p.recharge_id and r.paid_at is not null
      where p.gateway <> 'balance' and p.purpose in ('order', 'recharge') and p.status in ('paid', 'refunded') and p.paid_at >= ${start} and p.paid_at < ${end}
        and o.id is null and r.id is null
      order by p.id limit ${LIST_MAX}`.execute(conn);
    const rechargeLedger = num(
      (
        await conn
          .selectFrom('ledger_entries')
          .select((eb) => eb.fn.sum<number>('amount').as('s'))
          .where('type', 'in', ['recharge', 'recharge_bonus', 'recharge_refund'])
          .where('created_at', '>=', start)
          .where('created_at', '<', end)
          .executeTakeFirst()
      )?.s,
    );
    return {
      available: true as const,
      received,
      byPurpose: rows.rows.map((r) => ({ purpose: r.purpose, count: num(r.n), amount: num(r.total), fee: num(r.fee) })),
      ordersPaid,
      rechargesPaid,
      rechargeBonus: num(recharge.rows[0]?.bonus),
      /** Net balance movement of type recharge on the day (credits incl. bonus, minus recharge refunds). */
      rechargeLedger,
      unmatchedPayments: unmatched.rows.map((u) => ({
        paymentNo: u.payment_no,
        purpose: u.purpose,
        amount: num(u.amount),
      })),
      difference: received - (ordersPaid + rechargesPaid),
      mismatch: received !== ordersPaid + rechargesPaid,
    };
  }

  async function report(day: string): Promise<ReconcileReport> {
    const { start, end } = dayBounds(day, config.timeZone);
    const [o, d, w, p] = [
      await overall(db),
      await daily(db, start, end),
      await withdrawals(db, start, end),
      await payments(db, start, end),
    ];
    return {
      day,
      generatedAt: Date.now(),
      overall: o,
      daily: d,
      withdrawals: { ...w, liability: o.balanceTotal + w.pendingAmount },
      payments: p,
      mismatch: o.mismatch || d.mismatch || w.mismatch || (p.available && p.mismatch),
    };
  }

  /** Computes and stores the day's report (one row per day, replaced when run again). */
  async function store(day: string) {
    const r = await report(day);
    const values = { day, mismatch: r.mismatch ? 1 : 0, report_json: JSON.stringify(r), created_at: Date.now() };
    await db
      .insertInto('reconcile_reports')
      .values(values)
      .onConflict((oc) =>
        oc
          .column('day')
          .doUpdateSet({ mismatch: values.mismatch, report_json: values.report_json, created_at: values.created_at }),
      )
      .execute();
    if (r.mismatch)
      deps.log.error(
        { day, overall: r.overall.difference, daily: r.daily.difference },
        'funds reconciliation mismatch',
      );
    return r;
  }

  /** The daily job: reports a finished day ten minutes after it ends, then schedules the next. */
  function scheduleFor(conn: Db, day: string) {
    return enqueueJob(
      conn,
      RECONCILE_JOB,
      { day },
      { runAt: dayBounds(day, config.timeZone).end + 10 * 60_000, uniqueKey: `${RECONCILE_JOB}:${day}` },
    );
  }
  deps.jobs.register(RECONCILE_JOB, async (payload) => {
    const day = (payload as { day: string }).day;
    await store(day);
    await scheduleFor(db, nextDay(day));
  });

  return {
    report,
    store,
    /** Called once at start: makes sure today's report is scheduled (idempotent by unique key). */
    async scheduleDaily() {
      await scheduleFor(db, dayOf(Date.now(), config.timeZone));
    },
    async stored(day: string): Promise<ReconcileAnswer['stored']> {
      const row = await db.selectFrom('reconcile_reports').selectAll().where('day', '=', day).executeTakeFirst();
      return row
        ? {
            day: row.day,
            mismatch: row.mismatch === 1,
            createdAt: row.created_at,
            report: JSON.parse(row.report_json) as unknown,
          }
        : null;
    },
    today: () => dayOf(Date.now(), config.timeZone),
  };
}
export type ReconcileService = ReturnType<typeof reconcileService>;
