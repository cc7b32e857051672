import type { z, fundsAdjustInput } from '@kapu/contract';
import type { RequestContext } from '../../core/context.js';
import type { Db } from '../../core/db/connect.js';
import { businessError } from '../../core/errors.js';
import { formatDateTime } from '../../core/time.js';
import type { Deps } from '../../deps.js';
import { fundsRepo as repo } from './funds.repo.js';

export const LedgerTypes = {
  order_pay: '余额购买',
  order_refund: '订单退款',
  repeal_refund: '卡密撤销退款',
  admin_adjust: '后台调整',
} as const;
export type LedgerType = keyof typeof LedgerTypes;

export interface Movement {
  userId: number;
  /** Positive fen. */
  amount: number;
  type: LedgerType;
  refType?: string;
  refId?: string | number;
  memo?: string;
  operator?: string;
}

async function record(db: Db, m: Movement, signed: number, balanceAfter: number) {
  await db
    .insertInto('ledger_entries')
    .values({
      user_id: m.userId,
      type: m.type,
      amount: signed,
      balance_after: balanceAfter,
      ref_type: m.refType ?? '',
      ref_id: String(m.refId ?? ''),
      memo: (m.memo ?? '').slice(0, 200),
      operator: (m.operator ?? '').slice(0, 60),
      created_at: Date.now(),
    })
    .execute();
}

/**
 * Takes money from a balance inside the caller's transaction (invariant 4): a conditional
 * update (`balance >= amount`) then a ledger row with the balance after. Throws 余额不足.
 */
export async function debitBalance(db: Db, m: Movement): Promise<number> {
  if (!Number.isSafeInteger(m.amount) || m.amount <= 0) throw new RangeError('debit amount must be a positive integer');
  const row = await repo.debit(db, m.userId, m.amount);
  if (!row) throw businessError('BALANCE_INSUFFICIENT');
  await record(db, m, -m.amount, row.balance);
  return row.balance;
}

/** Adds money to a balance with its ledger row, inside the caller's transaction. */
export async function creditBalance(db: Db, m: Movement): Promise<number> {
  if (!Number.isSafeInteger(m.amount) || m.amount <= 0) throw new RangeError('credit amount must be a positive integer');
  const row = await repo.credit(db, m.userId, m.amount);
  if (!row) throw businessError('MEMBER_NOT_FOUND');
  await record(db, m, m.amount, row.balance);
  return row.balance;
}

export function fundsService({ db, config }: Deps) {
  const view = (e: Awaited<ReturnType<typeof repo.ledger>>['list'][number]) => ({
    id: e.id,
    userId: e.user_id,
    type: e.type,
    typeText: LedgerTypes[e.type as LedgerType] ?? e.type,
    amount: e.amount,
    balanceAfter: e.balance_after,
    refType: e.ref_type,
    refId: e.ref_id,
    memo: e.memo,
    createdAt: formatDateTime(e.created_at, config.timeZone),
  });
  return {
    async myLedger(ctx: RequestContext, page: number, pageSize: number) {
      const { list, total } = await repo.ledger(db, ctx.actor!.id, page, pageSize);
      const balance = await repo.balance(db, ctx.actor!.id);
      return { balance: balance?.balance ?? 0, list: list.map(view), total, page, pageSize };
    },
    async ledger(_ctx: RequestContext, userId: number | undefined, page: number, pageSize: number) {
      const { list, total } = await repo.ledger(db, userId, page, pageSize);
      return { list: list.map((e) => ({ ...view(e), operator: e.operator })), total, page, pageSize };
    },
    /** Admin balance adjustment with a reason; a debit may not take the balance below 0. */
    async adjust(ctx: RequestContext, input: z.infer<typeof fundsAdjustInput>) {
      return db.transaction().execute(async (trx) => {
        if (!(await repo.balance(trx, input.userId))) throw businessError('MEMBER_NOT_FOUND');
        const m: Movement = { userId: input.userId, amount: Math.abs(input.amount), type: 'admin_adjust', refType: 'staff', refId: ctx.actor?.id, memo: input.reason, operator: ctx.actor?.name };
        if (input.amount > 0) return { balance: await creditBalance(trx, m) };
        try {
          return { balance: await debitBalance(trx, m) };
        } catch (err) {
          if ((err as { code?: number }).code === 5001) throw businessError('ADJUST_NEGATIVE');
          throw err;
        }
      });
    },
  };
}
export type FundsService = ReturnType<typeof fundsService>;
