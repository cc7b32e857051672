import { sql } from 'kysely';
import type { Db } from '../../core/db/connect.js';
import type { OrderHolds } from '../../core/holds.js';
import { defineMachine, moveStatus, statusUpdate } from '../../core/fsm.js';
import { clawBack, creditBalance } from '../funds/index.js';
import type { ProfitSharesTable } from './tables.js';
import { reversalOf } from '../sites/index.js';

type ShareStatus = ProfitSharesTable['status'];
export type ShareRef = ProfitSharesTable['ref_type'];

/**
 * A share is written with its order (pending: what the buyer was shown), frozen when the order is
 * delivered, released to the balance by the job after the freeze days; an order that never
 * delivers voids it; a refund reverses it, in part (`reversed_amount`) or whole (decision 0009).
 * The selling owner's own share of an order paid into their own account is `kept` at delivery: they
 * hold that money already, so it never freezes nor releases (decision 0010). An order that expired
 * unpaid and is paid late after all (a slow notify) gets its void shares back as pending.
 */
export const shareMachine = defineMachine<ShareStatus, 'profit_shares'>(
  'profitShare',
  {
    pending: ['frozen', 'kept', 'void', 'reversed'],
    frozen: ['released', 'reversed'],
    released: ['reversed'],
    kept: ['reversed'],
    void: ['pending'],
    reversed: [],
  },
  { table: 'profit_shares' },
);

export interface ShareLine {
  siteId: number;
  userId: number;
  depth: number;
  /** Fen, > 0 (links without a margin get no row). */
  amount: number;
}

/** Ledger references name the order by id (not its number: shares keep the id). */
const LEDGER_REF: Record<ShareRef, string> = { order: 'order_id', purchase: 'site_purchase' };

/** Writes the shares of an order or a site purchase, in the caller's transaction. */
export async function writeShares(
  trx: Db,
  refType: ShareRef,
  refId: number,
  lines: readonly ShareLine[],
  status: 'pending' | 'frozen',
  now: number,
): Promise<void> {
  const rows = lines.filter((l) => l.amount > 0);
  if (rows.length === 0) return;
  await trx
    .insertInto('profit_shares')
    .values(
      rows.map((l) => ({
        order_id: refId,
        ref_type: refType,
        site_id: l.siteId,
        user_id: l.userId,
        depth: l.depth,
        amount: l.amount,
        status,
        frozen_at: status === 'frozen' ? now : null,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
}

function sharesOf(trx: Db, refType: ShareRef, refId: number, statuses: readonly ShareStatus[]) {
  return trx
    .selectFrom('profit_shares')
    .select(['id', 'user_id', 'amount', 'reversed_amount', 'status'])
    .where('ref_type', '=', refType)
    .where('order_id', '=', refId)
    .where('status', 'in', [...statuses])
    .orderBy('id')
    .execute();
}

/** The order was delivered: its pending shares freeze for the freeze days (owners see them as frozen money). */
export async function freezeShares(trx: Db, refType: ShareRef, refId: number, now: number): Promise<void> {
  await statusUpdate(trx, shareMachine, 'pending', 'frozen', { frozen_at: now, updated_at: now })
    .where('ref_type', '=', refType)
    .where('order_id', '=', refId)
    .execute();
}

/** The order will never deliver (expired, cancelled, refunded before delivery): pending shares lapse. */
export async function voidShares(trx: Db, refType: ShareRef, refId: number, now: number): Promise<void> {
  await statusUpdate(trx, shareMachine, 'pending', 'void', { updated_at: now })
    .where('ref_type', '=', refType)
    .where('order_id', '=', refId)
    .execute();
}

/** An order that expired (its shares void) was paid late and delivers after all: its shares count again. */
export async function reviveShares(trx: Db, refType: ShareRef, refId: number, now: number): Promise<void> {
  await statusUpdate(trx, shareMachine, 'void', 'pending', { updated_at: now })
    .where('ref_type', '=', refType)
    .where('order_id', '=', refId)
    .execute();
}

/**
 * A refund of `refund` fen out of `total`: each share gives back floor(share × refund / total) —
 * the rest of it when `whole` (the last refund) — from where the money is: a pending or frozen share
 * keeps less (`reversed_amount`), a released one is taken back from the owner's balance (which may
 * go below zero). What the rounding leaves stays with the platform.
 * A kept share (decision 0010) is only recorded: its owner holds that money and pays the buyer back
 * themselves. Answers how much of kept shares was reversed.
 */
export async function reverseShares(
  trx: Db,
  refType: ShareRef,
  refId: number,
  refund: number,
  total: number,
  whole: boolean,
  now: number,
): Promise<{ kept: number }> {
  let kept = 0;
  for (const s of await sharesOf(trx, refType, refId, ['pending', 'frozen', 'released', 'kept'])) {
    const amount = Number(s.amount);
    const left = amount - Number(s.reversed_amount);
    const part = whole ? left : Math.min(left, reversalOf(amount, refund, total));
    if (part <= 0) continue;
    if (part === left) {
      if (!(await moveStatus(trx, shareMachine, s.id, s.status, 'reversed', { updated_at: now }))) continue;
    }
    await trx
      .updateTable('profit_shares')
      .set({ reversed_amount: sql<number>`reversed_amount + ${part}`, updated_at: now })
      .where('id', '=', s.id)
      .execute();
    if (s.status === 'kept') kept += part;
    if (s.status === 'released')
      await clawBack(trx, {
        userId: s.user_id,
        amount: part,
        type: 'site_profit_reversal',
        refType: LEDGER_REF[refType],
        refId,
        memo: '订单退款，退回分站利润',
      });
  }
  return { kept };
}

/**
 * The release job's step: shares frozen before `frozenBefore` move to the balance, each with its
 * ledger row in its own transaction; the conditional move makes a second instance's attempt a
 * no-op. An order's share stays frozen while `holds` hold the order (an open complaint, decision
 * 0011): the move itself composes the hold, so a hold taken while a release runs still wins.
 * Answers how many were released.
 */
export async function releaseDueShares(
  db: Db,
  frozenBefore: number,
  now: number,
  limit = 200,
  holds?: OrderHolds,
): Promise<number> {
  const frozenDue = db
    .selectFrom('profit_shares')
    .select(['id', 'user_id', 'amount', 'reversed_amount', 'ref_type', 'order_id', 'frozen_at'])
    .where('status', '=', 'frozen')
    .where('frozen_at', '<=', frozenBefore);
  // Orders' shares not held, and site purchases' (not orders: nothing holds them), oldest first.
  const ofOrders = frozenDue.where('ref_type', '=', 'order');
  const due = [
    ...(await (holds ? holds.whereNotHeld(db, ofOrders, 'order_id') : ofOrders)
      .orderBy('frozen_at')
      .limit(limit)
      .execute()),
    ...(await frozenDue.where('ref_type', '=', 'purchase').orderBy('frozen_at').limit(limit).execute()),
  ]
    .sort((a, b) => Number(a.frozen_at) - Number(b.frozen_at))
    .slice(0, limit);
  let released = 0;
  for (const s of due) {
    const done = await db.transaction().execute(async (trx) => {
      const move = statusUpdate(trx, shareMachine, 'frozen', 'released', { updated_at: now }).where('id', '=', s.id);
      const held = holds && s.ref_type === 'order' ? holds.whereNotHeld(trx, move, 'order_id') : move;
      if (Number((await held.executeTakeFirst()).numUpdatedRows) !== 1) return false;
      const left = Number(s.amount) - Number(s.reversed_amount);
      if (left > 0)
        await creditBalance(trx, {
          userId: s.user_id,
          amount: left,
          type: 'site_profit',
          refType: LEDGER_REF[s.ref_type],
          refId: s.order_id,
          memo: '分站利润解冻入账',
        });
      return true;
    });
    if (done) released++;
  }
  return released;
}

/**
 * Money a member has frozen in profit shares (delivered, not yet released), in fen: the shares are
 * the record, so there is no second copy to keep in step.
 */
export async function frozenProfitOf(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('profit_shares')
    .select((eb) => eb.fn.sum<number>(eb('amount', '-', eb.ref('reversed_amount'))).as('frozen'))
    .where('user_id', '=', userId)
    .where('status', '=', 'frozen')
    .executeTakeFirst();
  return Number(row?.frozen ?? 0);
}
