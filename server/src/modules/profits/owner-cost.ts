import type { Db } from '../../core/db/connect.js';
import { moveStatus } from '../../core/fsm.js';
import { creditBalance, tryDebitBalance } from '../funds/index.js';
import { shareMachine } from './shares.js';

/**
 * Orders paid into a sub-site owner's own payment account (decision 0010). The buyer's money went to
 * the owner, so the platform takes the site's cost from the owner's prepaid balance when the order is
 * delivered: what is left of the amount less what is left of the owner's own margin (their share as
 * the selling site). Their share is then `kept`: they hold that money already. The ancestors' shares
 * freeze as usual, paid out of the cost.
 */
export interface OwnerPaidOrder {
  id: number;
  order_no: string;
  site_id: number;
  amount: number;
  refund_amount: number;
  goods_name: string;
  quantity: number;
}

/** The selling owner's own share of an order (their margin), while it is pending or kept. */
function ownShareOf(trx: Db, orderId: number, siteId: number) {
  return trx
    .selectFrom('profit_shares')
    .select(['id', 'amount', 'reversed_amount', 'status'])
    .where('ref_type', '=', 'order')
    .where('order_id', '=', orderId)
    .where('site_id', '=', siteId)
    .where('status', 'in', ['pending', 'kept'])
    .executeTakeFirst();
}

/** What the owner pays the platform for the order now (fen, ≥ 0). */
export async function ownerCostOf(trx: Db, order: Omit<OwnerPaidOrder, 'order_no' | 'goods_name' | 'quantity'>) {
  const share = await ownShareOf(trx, order.id, order.site_id);
  const margin = share ? Number(share.amount) - Number(share.reversed_amount) : 0;
  return Math.max(0, order.amount - order.refund_amount - margin);
}

/**
 * In the delivering transaction: debits the owner's balance with the cost (a conditional update, so
 * two deliveries never overdraw it; ledger `site_cost`) and keeps their own share. Answers the cost, or
 * null when the balance could not cover it — then nothing was written and the caller decides.
 */
export async function chargeOwnerCost(
  trx: Db,
  order: OwnerPaidOrder,
  ownerId: number,
  now: number,
): Promise<number | null> {
  const share = await ownShareOf(trx, order.id, order.site_id);
  const margin = share ? Number(share.amount) - Number(share.reversed_amount) : 0;
  const cost = Math.max(0, order.amount - order.refund_amount - margin);
  if (cost > 0) {
    const after = await tryDebitBalance(trx, {
      userId: ownerId,
      amount: cost,
      type: 'site_cost',
      refType: 'order',
      refId: order.order_no,
      memo: `分站订单进货：${order.goods_name} × ${order.quantity}`,
    });
    if (after === null) return null;
  }
  if (share?.status === 'pending')
    await moveStatus(trx, shareMachine, share.id, 'pending', 'kept', { updated_at: now });
  return cost;
}

/** Gives (part of) an owner's cost back to their balance when the buyer is refunded (ledger `site_cost_refund`). */
export async function returnOwnerCost(
  trx: Db,
  ownerId: number,
  orderNo: string,
  amount: number,
  memo: string,
): Promise<void> {
  if (amount <= 0) return;
  await creditBalance(trx, {
    userId: ownerId,
    amount,
    type: 'site_cost_refund',
    refType: 'order',
    refId: orderNo,
    memo: memo.slice(0, 200),
  });
}

/**
 * How much of the cost goes back for a refund of `refund` fen, of which `keptReversed` came off the
 * owner's own (kept) margin: the rest of the refund, capped by what the owner paid and has not got
 * back; all of that on the whole (last) refund.
 */
export function costBackFor(refund: number, keptReversed: number, costLeft: number, whole: boolean): number {
  if (whole) return costLeft;
  return Math.max(0, Math.min(costLeft, refund - keptReversed));
}
