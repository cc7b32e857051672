import {
  type TransferConfig,
  type TransferPreview,
  type TransferResult,
  type transferInput,
  type z,
} from '@kapu/contract';
import type { ActorContext } from '../../core/context.js';
import type { Db } from '../../core/db/connect.js';
import { businessError } from '../../core/errors.js';
import { fenToYuan } from '../../core/money.js';
import { formatDateTime, startOfDay } from '../../core/time.js';
import type { Deps } from '../../deps.js';
import { callerOf, memberByRef, memberStatus, requireSalePassword } from '../accounts/index.js';
import { certifiedRealName } from '../certify/index.js';
import { fundsSettings } from './funds-settings.js';
import { newFundsNo } from './funds-no.js';
import { maskName } from './funds-time.js';
import { fundsRepo as repo } from './funds.repo.js';
import { creditBalance, debitBalance } from './funds.service.js';

/** Locks member rows in id order (PostgreSQL), so two opposite transfers cannot deadlock. SQLite runs one writer at a time. */
export async function lockUsers(trx: Db, dialect: Deps['dialect'], ids: number[]): Promise<void> {
  if (dialect !== 'postgres') return;
  await repo.lockBalances(trx, ids);
}

export function transferService(deps: Deps) {
  const { db, dialect, settings, config } = deps;

  /** The receiver by member number or login name, with the checks every transfer needs. */
  async function receiverOf(conn: Db, me: number, text: string) {
    const user = await memberByRef(conn, text);
    if (!user) throw businessError('TRANSFER_RECEIVER_NOT_FOUND');
    if (user.id === me) throw businessError('TRANSFER_TO_SELF');
    if (user.status !== 'active') throw businessError('TRANSFER_RECEIVER_DISABLED');
    return user;
  }

  /** The name shown masked: the verified real name when there is one, else the nickname, else the login name. */
  async function displayName(user: { id: number; nickname: string; login_name: string }) {
    return (await certifiedRealName(db, user.id)) || user.nickname || user.login_name;
  }

  return {
    /** The member's transfer limits from the funds settings and what today already used (same rows the limits count). */
    async config(ctx: ActorContext): Promise<TransferConfig> {
      const s = fundsSettings(settings);
      const me = ctx.actor.id;
      const today = await db
        .selectFrom('transfers')
        .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('amount').as('total')])
        .where('from_user_id', '=', me)
        .where('created_at', '>=', startOfDay(Date.now(), config.timeZone))
        .executeTakeFirstOrThrow();
      const user = await repo.balance(db, me);
      const todayAmount = Number(today.total ?? 0);
      const todayCount = Number(today.n);
      return {
        enabled: s.transferEnabled,
        balance: Number(user?.balance ?? 0),
        min: s.transferMin,
        dailyAmount: s.transferDailyAmount,
        dailyCount: s.transferDailyCount,
        todayAmount,
        todayCount,
        remainingAmount: Math.max(0, s.transferDailyAmount - todayAmount),
        remainingCount: Math.max(0, s.transferDailyCount - todayCount),
      };
    },

    async preview(ctx: ActorContext, receiver: string): Promise<TransferPreview> {
      const user = await receiverOf(db, ctx.actor.id, receiver);
      return { userNo: user.user_no, maskedName: maskName(await displayName(user)) };
    },

    /**
     * One transaction: conditional debit of the sender, the transfer row, the credit of the
     * receiver, two ledger rows referencing the transfer number. The daily limits are counted
     * after the debit took the sender's row lock, so concurrent transfers see each other.
     */
    async transfer(ctx: ActorContext, input: z.output<typeof transferInput>): Promise<TransferResult> {
      const me = ctx.actor.id;
      const s = fundsSettings(settings);
      if (!s.transferEnabled) throw businessError('TRANSFER_DISABLED');
      if (input.amount < s.transferMin)
        throw businessError('TRANSFER_TOO_SMALL', `转账金额不能低于 ${fenToYuan(s.transferMin)} 元`);
      if (input.amount > s.transferDailyAmount)
        throw businessError('TRANSFER_DAILY_AMOUNT', `单日转账额度为 ${fenToYuan(s.transferDailyAmount)} 元`);
      const target = await receiverOf(db, me, input.receiver);
      await requireSalePassword(db, callerOf(ctx), input.salePwd, 'transfer');
      const transferNo = newFundsNo('T');
      const now = Date.now();
      const dayStart = startOfDay(now, config.timeZone);
      return db.transaction().execute(async (trx) => {
        await lockUsers(trx, dialect, [me, target.id]);
        const receiver = await memberStatus(trx, target.id);
        if (receiver?.status !== 'active') throw businessError('TRANSFER_RECEIVER_DISABLED');
        const balance = await debitBalance(trx, {
          userId: me,
          amount: input.amount,
          type: 'transfer_out',
          refType: 'transfer',
          refId: transferNo,
          memo: `转账给 ${target.login_name}${input.memo ? `：${input.memo}` : ''}`,
        });
        const today = await trx
          .selectFrom('transfers')
          .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('amount').as('total')])
          .where('from_user_id', '=', me)
          .where('created_at', '>=', dayStart)
          .executeTakeFirstOrThrow();
        if (Number(today.n) + 1 > s.transferDailyCount)
          throw businessError('TRANSFER_DAILY_COUNT', `每日最多转账 ${s.transferDailyCount} 次`);
        const used = Number(today.total ?? 0);
        if (used + input.amount > s.transferDailyAmount) {
          throw businessError(
            'TRANSFER_DAILY_AMOUNT',
            `超出今日转账额度，今日还可转 ${fenToYuan(Math.max(0, s.transferDailyAmount - used))} 元`,
          );
        }
        await trx
          .insertInto('transfers')
          .values({
            transfer_no: transferNo,
            from_user_id: me,
            to_user_id: target.id,
            amount: input.amount,
            memo: input.memo ?? '',
            created_at: now,
          })
          .execute();
        await creditBalance(trx, {
          userId: target.id,
          amount: input.amount,
          type: 'transfer_in',
          refType: 'transfer',
          refId: transferNo,
          memo: `来自 ${ctx.actor.name} 的转账${input.memo ? `：${input.memo}` : ''}`,
        });
        return { transferNo, amount: input.amount, balance, createdAt: formatDateTime(now, config.timeZone) };
      });
    },
  };
}
export type TransferService = ReturnType<typeof transferService>;
