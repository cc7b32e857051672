import { writeAudit } from '../../core/calls.js';
import {
  WithdrawStatusLabels,
  type AdminWithdrawRow,
  type Paged,
  type WithdrawConfig,
  type WithdrawRow,
  type WithdrawStatus,
  type WithdrawWithBalance,
  type adminWithdrawListInput,
  type withdrawCreateInput,
  type withdrawListInput,
  type z,
} from '@kapu/contract';
import type { Selectable } from 'kysely';
import type { ActorContext, RequestContext } from '../../core/context.js';
import type { Db } from '../../core/db/connect.js';
import type { WithdrawalsTable } from '../../core/db/schema.js';
import { businessError } from '../../core/errors.js';
import { defineMachine, moveStatus } from '../../core/fsm.js';
import { fenToYuan } from '../../core/money.js';
import { fetchPage, mapPage } from '../../core/paging.js';
import { formatDateTime, startOfDay } from '../../core/time.js';
import type { Deps } from '../../deps.js';
import { callerOf, memberRefsTable, requireSalePassword } from '../accounts/index.js';
import { fundsSettings, withdrawalFee } from './funds-settings.js';
import { newFundsNo } from './funds-no.js';
import { fundsRepo } from './funds.repo.js';
import { creditBalance, debitBalance } from './funds.service.js';
import type { PayeeService } from './payee.service.js';
import { publishEvent } from '../../core/events.js';

/** pending → approved (paid out) | rejected (money returned) | cancelled (by the member, money returned). */
export const withdrawalMachine = defineMachine<WithdrawStatus, 'withdrawals'>(
  'withdrawal',
  {
    pending: ['approved', 'rejected', 'cancelled'],
    approved: [],
    rejected: [],
    cancelled: [],
  },
  { table: 'withdrawals' },
);

type WithdrawalRow = Selectable<WithdrawalsTable>;
interface PayeeSnapshot {
  kind: string;
  realName: string;
  accountSealed: string;
  accountMasked: string;
  bankName: string;
  bankBranch: string;
  qrType: string;
  qrPath: string;
}

/**
 * The only writer of `withdrawals.status`: checks the machine, then a conditional update
 * `WHERE status = from`, so of two concurrent handlers exactly one moves the row.
 */
async function moveWithdrawal(
  trx: Db,
  id: number,
  from: WithdrawStatus,
  to: WithdrawStatus,
  set: {
    payout_ref?: string;
    reject_reason?: string;
    staff_id?: number | null;
    staff_name?: string;
    handled_at?: number;
  } = {},
): Promise<void> {
  if (!(await moveStatus(trx, withdrawalMachine, id, from, to, { ...set, updated_at: Date.now() })))
    throw businessError('WITHDRAW_STATE');
}

/** The decision as a domain event, in the deciding transaction (messages and webhooks consume it). */
function publishDecision(trx: Db, row: WithdrawalRow, decision: 'approved' | 'rejected', reason: string) {
  return publishEvent(trx, 'withdrawal.decided', {
    withdrawalId: row.id,
    withdrawNo: row.withdraw_no,
    userId: row.user_id,
    amount: Number(row.amount),
    decision,
    reason,
  });
}

export function withdrawalService(deps: Deps, payees: PayeeService) {
  const { db, settings, config } = deps;
  const time = (ms: number | null) => (ms ? formatDateTime(ms, config.timeZone) : '');
  const payeeOf = (w: WithdrawalRow): PayeeSnapshot => JSON.parse(w.payee_json) as PayeeSnapshot;

  const memberView = (w: WithdrawalRow): WithdrawRow => {
    const p = payeeOf(w);
    return {
      id: w.id,
      withdrawNo: w.withdraw_no,
      amount: Number(w.amount),
      fee: Number(w.fee),
      actualAmount: Number(w.actual_amount),
      status: w.status,
      statusText: WithdrawStatusLabels[w.status],
      payee: { kind: p.kind, realName: p.realName, account: p.accountMasked, bankName: p.bankName, qrType: p.qrType },
      payoutRef: w.payout_ref,
      rejectReason: w.reject_reason,
      createdAt: time(w.created_at),
      handledAt: time(w.handled_at),
    };
  };

  async function load(conn: Db, id: number, userId?: number) {
    let q = conn.selectFrom('withdrawals').selectAll().where('id', '=', id);
    if (userId !== undefined) q = q.where('user_id', '=', userId);
    const row = await q.executeTakeFirst();
    if (!row) throw businessError('WITHDRAW_NOT_FOUND');
    return row;
  }

  return {
    async config(ctx: ActorContext): Promise<WithdrawConfig> {
      const s = fundsSettings(settings);
      const me = ctx.actor.id;
      const user = await fundsRepo.balance(db, me);
      const today = await db
        .selectFrom('withdrawals')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', me)
        .where('created_at', '>=', startOfDay(Date.now(), config.timeZone))
        .where('status', '!=', 'cancelled')
        .executeTakeFirstOrThrow();
      return {
        enabled: s.withdrawEnabled,
        balance: Number(user?.balance ?? 0),
        min: s.withdrawMin,
        max: s.withdrawMax,
        feeBasisPoints: s.feeBasisPoints,
        feeMin: s.feeMin,
        feeRule: `手续费 = 提现金额 × ${(s.feeBasisPoints / 100).toFixed(2)}%（向上取整到分），最低 ${fenToYuan(s.feeMin)} 元；到账金额 = 提现金额 - 手续费`,
        dailyCount: s.withdrawDailyCount,
        todayCount: Number(today.n),
        payees: await payees.list(ctx),
      };
    },

    /** Debits the balance at once into a pending withdrawal (ledger row `withdraw`), in one transaction. */
    async create(ctx: ActorContext, input: z.output<typeof withdrawCreateInput>): Promise<WithdrawWithBalance> {
      const me = ctx.actor.id;
      const s = fundsSettings(settings);
      if (!s.withdrawEnabled) throw businessError('WITHDRAW_DISABLED');
      if (input.amount < s.withdrawMin)
        throw businessError('WITHDRAW_TOO_SMALL', `提现金额不能低于 ${fenToYuan(s.withdrawMin)} 元`);
      if (s.withdrawMax > 0 && input.amount > s.withdrawMax)
        throw businessError('WITHDRAW_TOO_LARGE', `单笔提现不能超过 ${fenToYuan(s.withdrawMax)} 元`);
      const fee = withdrawalFee(input.amount, s);
      if (fee >= input.amount)
        throw businessError('WITHDRAW_FEE_EXCEEDS', `提现金额不足以支付手续费 ${fenToYuan(fee)} 元`);
      await payees.own(db, me, input.payeeId);
      await requireSalePassword(db, callerOf(ctx), input.salePwd, 'withdraw');
      const withdrawNo = newFundsNo('W');
      const now = Date.now();
      const dayStart = startOfDay(now, config.timeZone);
      return db.transaction().execute(async (trx) => {
        const payee = await payees.own(trx, me, input.payeeId);
        // The debit takes the member's row lock first, so the count below sees every concurrent request.
        const balance = await debitBalance(trx, {
          userId: me,
          amount: input.amount,
          type: 'withdraw',
          refType: 'withdrawal',
          refId: withdrawNo,
          memo: `提现申请，手续费 ${fenToYuan(fee)} 元`,
        });
        const today = await trx
          .selectFrom('withdrawals')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', me)
          .where('created_at', '>=', dayStart)
          .where('status', '!=', 'cancelled')
          .executeTakeFirstOrThrow();
        if (Number(today.n) + 1 > s.withdrawDailyCount)
          throw businessError('WITHDRAW_DAILY_COUNT', `每日最多提现 ${s.withdrawDailyCount} 次`);
        const row = await trx
          .insertInto('withdrawals')
          .values({
            withdraw_no: withdrawNo,
            user_id: me,
            amount: input.amount,
            fee,
            actual_amount: input.amount - fee,
            payee_json: JSON.stringify(payees.snapshot(payee)),
            status: 'pending',
            staff_id: null,
            handled_at: null,
            created_at: now,
            updated_at: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await publishEvent(trx, 'withdrawal.requested', {
          withdrawalId: Number(row.id),
          withdrawNo,
          userId: me,
          amount: input.amount,
        });
        return { ...memberView(row), balance };
      });
    },

    async list(ctx: ActorContext, f: z.output<typeof withdrawListInput>): Promise<Paged<WithdrawRow>> {
      let q = db.selectFrom('withdrawals').where('user_id', '=', ctx.actor.id);
      if (f.status) q = q.where('status', '=', f.status);
      return mapPage(await fetchPage(q.selectAll().orderBy('id', 'desc'), f), memberView);
    },

    /** The member takes back a pending request; the money returns with a `withdraw_cancel` ledger row. */
    async cancel(ctx: ActorContext, id: number): Promise<WithdrawWithBalance> {
      const me = ctx.actor.id;
      return db.transaction().execute(async (trx) => {
        const row = await load(trx, id, me);
        await moveWithdrawal(trx, id, 'pending', 'cancelled', { handled_at: Date.now() });
        const balance = await creditBalance(trx, {
          userId: me,
          amount: Number(row.amount),
          type: 'withdraw_cancel',
          refType: 'withdrawal',
          refId: row.withdraw_no,
          memo: '取消提现，退回余额',
        });
        return { ...memberView({ ...row, status: 'cancelled' }), balance };
      });
    },

    async adminList(
      _ctx: RequestContext,
      f: z.output<typeof adminWithdrawListInput>,
    ): Promise<Paged<AdminWithdrawRow>> {
      let q = db.selectFrom('withdrawals').innerJoin(memberRefsTable(db, 'users'), 'users.id', 'withdrawals.user_id');
      if (f.status) q = q.where('withdrawals.status', '=', f.status);
      if (f.userId) q = q.where('withdrawals.user_id', '=', f.userId);
      if (f.keyword) {
        const kw = f.keyword;
        q = q.where((eb) =>
          eb.or([
            eb('withdrawals.withdraw_no', '=', kw),
            eb('users.login_name', '=', kw),
            eb('users.user_no', '=', kw),
          ]),
        );
      }
      const rows = q
        .selectAll('withdrawals')
        .select(['users.login_name', 'users.user_no'])
        .orderBy('withdrawals.id', 'desc');
      return mapPage(await fetchPage(rows, f), (w) => {
        const p = payeeOf(w);
        return {
          ...memberView(w),
          userId: w.user_id,
          loginName: w.login_name,
          userNo: w.user_no,
          payee: {
            kind: p.kind,
            realName: p.realName,
            account: payees.openAccount(p.accountSealed),
            bankName: p.bankName,
            bankBranch: p.bankBranch,
            qrType: p.qrType,
            qrImage: p.qrPath ? `/uploads/${p.qrPath}` : '',
          },
          staffName: w.staff_name,
        };
      });
    },

    /** Paid out by staff outside Kapu; records the payout reference. The money already left the balance. */
    async approve(ctx: RequestContext, id: number, payoutRef: string) {
      return db.transaction().execute(async (trx) => {
        const row = await load(trx, id);
        await moveWithdrawal(trx, id, 'pending', 'approved', {
          payout_ref: payoutRef,
          staff_id: ctx.actor?.id ?? null,
          staff_name: ctx.actor?.name ?? '',
          handled_at: Date.now(),
        });
        await writeAudit(ctx, trx, {
          action: 'withdraw.approve',
          target: `withdrawal:${row.withdraw_no}`,
          before: { status: row.status },
          after: { status: 'approved', payoutRef, amount: Number(row.amount) },
        });
        await publishDecision(trx, row, 'approved', '');
        return { id, status: 'approved' as const };
      });
    },

    /** Refused: the money returns to the balance with a `withdraw_return` ledger row. */
    async reject(ctx: RequestContext, id: number, reason: string) {
      return db.transaction().execute(async (trx) => {
        const row = await load(trx, id);
        await moveWithdrawal(trx, id, 'pending', 'rejected', {
          reject_reason: reason,
          staff_id: ctx.actor?.id ?? null,
          staff_name: ctx.actor?.name ?? '',
          handled_at: Date.now(),
        });
        await creditBalance(trx, {
          userId: row.user_id,
          amount: Number(row.amount),
          type: 'withdraw_return',
          refType: 'withdrawal',
          refId: row.withdraw_no,
          memo: `提现被驳回：${reason}`,
          operator: ctx.actor?.name,
        });
        await writeAudit(ctx, trx, {
          action: 'withdraw.reject',
          target: `withdrawal:${row.withdraw_no}`,
          before: { status: row.status },
          after: { status: 'rejected', reason, amount: Number(row.amount) },
        });
        await publishDecision(trx, row, 'rejected', reason);
        return { id, status: 'rejected' as const };
      });
    },
  };
}
export type WithdrawalService = ReturnType<typeof withdrawalService>;
