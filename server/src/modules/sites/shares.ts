import type { Db } from '../../core/db/connect.js';
import { defineMachine, statusUpdate } from '../../core/fsm.js';
import { clawBack, lowerFrozen, raiseFrozen, releaseFrozen, type FrozenRef } from '../funds/index.js';

/**
 * Profit shares (decision 0009): one row per site of a chain with a positive margin on an order
 * (`order`) or a child's site purchase (`purchase`). Pending while the order is unpaid or
 * undelivered; frozen (the owner's frozen balance holds it) until its release time; then released
 * to the owner's balance with a ledger row. A refund reverses each share by its proportional part.
 */
export type ShareRefType = 'order' | 'purchase';
export type ShareStatus = 'pending' | 'frozen' | 'released' | 'void' | 'reversed';

export const shareMachine = defineMachine<ShareStatus, 'profit_shares'>(
  'profitShare',
  {
    pending: ['frozen', 'void'],
    frozen: ['released', 'reversed'],
    released: ['reversed'],
    void: [],
    reversed: [],
  },
  { table: 'profit_shares' },
);

export interface ShareLine {
  siteId: number;
  userId: number;
  depth: number;
  amount: number;
}

/** Sums per owner, so each owner's frozen balance moves once. */
function perOwner(rows: ReadonlyArray<{ user_id: number; amount: number }>): Map<number, number> {
  const sums = new Map<number, number>();
  for (const r of rows) sums.set(r.user_id, (sums.get(r.user_id) ?? 0) + Number(r.amount));
  return sums;
}

/** The ledger reference of a share's money: the order id, or the purchase's number. */
async function ledgerRef(trx: Db, refType: ShareRefType, refId: number, reverse: boolean): Promise<FrozenRef> {
  if (refType === 'order')
    return {
      type: reverse ? 'site_profit_reverse' : 'site_profit',
      refType: 'order',
      refId,
      memo: reverse ? '分站订单退款，收益退回' : '分站订单收益',
    };
  const purchase = await trx
    .selectFrom('site_purchases')
    .select('purchase_no')
    .where('id', '=', refId)
    .executeTakeFirst();
  return {
    type: reverse ? 'site_profit_reverse' : 'site_profit',
    refType: 'site_purchase',
    refId: purchase?.purchase_no ?? refId,
    memo: reverse ? '下级分站开通退款，收益退回' : '下级分站开通收益',
  };
}

/**
 * Writes the shares of one order or purchase (lines of 0 or less are skipped), in the caller's
 * transaction. Frozen shares raise their owners' frozen balances at once.
 */
export async function writeShares(
  trx: Db,
  refType: ShareRefType,
  refId: number,
  lines: readonly ShareLine[],
  status: 'pending' | 'frozen',
  now: number,
  releaseAt: number | null,
): Promise<void> {
  const rows = lines.filter((l) => l.amount > 0);
  if (rows.length === 0) return;
  for (const l of rows) if (!Number.isSafeInteger(l.amount)) throw new RangeError('share amounts are integer fen');
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
        reversed_amount: 0,
        status,
        release_at: status === 'frozen' ? releaseAt : null,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
  if (status === 'frozen')
    for (const [userId, amount] of perOwner(rows.map((l) => ({ user_id: l.userId, amount: l.amount }))))
      await raiseFrozen(trx, userId, amount);
}

/** pending → frozen for one order (it was delivered): owners' frozen balances rise; released at `releaseAt`. */
export async function freezeShares(
  trx: Db,
  refType: ShareRefType,
  refId: number,
  now: number,
  releaseAt: number,
): Promise<void> {
  const moved = await statusUpdate(trx, shareMachine, 'pending', 'frozen', { release_at: releaseAt, updated_at: now })
    .where('ref_type', '=', refType)
    .where('order_id', '=', refId)
    .returning(['user_id', 'amount'])
    .execute();
  for (const [userId, amount] of perOwner(moved)) await raiseFrozen(trx, userId, amount);
}

/** pending → void for one order (expired, cancelled or refunded before delivery): nothing was frozen. */
export async function voidShares(trx: Db, refType: ShareRefType, refId: number, now: number): Promise<void> {
  await statusUpdate(trx, shareMachine, 'pending', 'void', { updated_at: now })
    .where('ref_type', '=', refType)
    .where('order_id', '=', refId)
    .execute();
}

/**
 * What a refund of `refund` out of `total` takes from one share: floor(share × refund / total),
 * all that is left of it on a full refund, never more than is left.
 */
export function reversalOf(amount: number, reversed: number, refund: number, total: number): number {
  const left = amount - reversed;
  if (left <= 0 || refund <= 0 || total <= 0) return 0;
  if (refund >= total) return left;
  return Math.min(left, Number((BigInt(amount) * BigInt(refund)) / BigInt(total)));
}

/**
 * A refund of `refundAmount` out of the order's (or purchase's) `totalAmount` reverses each frozen
 * or released share proportionally (decision 0009): a frozen share shrinks in place (the frozen
 * balance falls), a released one is taken back from the balance with a ledger row (it may go
 * below 0). A share reversed to nothing is `reversed`. The rounding remainder stays with the
 * platform. Each row moves by a conditional update; a row the release job moved meanwhile is read again.
 */
export async function reverseShares(
  trx: Db,
  refType: ShareRefType,
  refId: number,
  refundAmount: number,
  totalAmount: number,
  now: number,
): Promise<void> {
  const ids = await trx
    .selectFrom('profit_shares')
    .select('id')
    .where('ref_type', '=', refType)
    .where('order_id', '=', refId)
    .where('status', 'in', ['frozen', 'released'])
    .orderBy('id')
    .execute();
  for (const { id } of ids) {
    for (let attempt = 0; ; attempt++) {
      const row = await trx
        .selectFrom('profit_shares')
        .select(['id', 'user_id', 'amount', 'reversed_amount', 'status'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      if (row.status !== 'frozen' && row.status !== 'released') break;
      const take = reversalOf(Number(row.amount), Number(row.reversed_amount), refundAmount, totalAmount);
      if (take === 0) break;
      const reversed = Number(row.reversed_amount) + take;
      const set = { reversed_amount: reversed, updated_at: now };
      const update =
        reversed === Number(row.amount)
          ? statusUpdate(trx, shareMachine, row.status, 'reversed', set)
          : trx.updateTable('profit_shares').set(set).where('status', '=', row.status);
      const res = await update
        .where('id', '=', id)
        .where('reversed_amount', '=', Number(row.reversed_amount))
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) === 1) {
        if (row.status === 'frozen') await lowerFrozen(trx, row.user_id, take);
        else await clawBack(trx, row.user_id, take, await ledgerRef(trx, refType, refId, true));
        break;
      }
      if (attempt >= 5) throw new Error(`profit share ${id} kept changing during a refund`);
    }
  }
}

/**
 * frozen → released for shares due by `now` (at most `limit`), each in its own transaction with a
 * conditional update (a second instance, or a refund shrinking the share meanwhile, makes it a
 * no-op that a later round takes again): the frozen balance falls, the balance rises, a
 * `site_profit` ledger row refers to the order or purchase. Answers how many were released.
 */
export async function releaseDueShares(db: Db, now: number, limit: number): Promise<number> {
  const due = await db
    .selectFrom('profit_shares')
    .select(['id', 'user_id', 'amount', 'reversed_amount', 'ref_type', 'order_id'])
    .where('status', '=', 'frozen')
    .where('release_at', '<=', now)
    .orderBy('release_at')
    .limit(limit)
    .execute();
  let released = 0;
  for (const share of due) {
    const done = await db.transaction().execute(async (trx) => {
      const res = await statusUpdate(trx, shareMachine, 'frozen', 'released', { updated_at: now })
        .where('id', '=', share.id)
        .where('reversed_amount', '=', Number(share.reversed_amount))
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1) return false;
      const payable = Number(share.amount) - Number(share.reversed_amount);
      if (payable > 0)
        await releaseFrozen(trx, share.user_id, payable, await ledgerRef(trx, share.ref_type, share.order_id, false));
      return true;
    });
    if (done) released++;
  }
  return released;
}
