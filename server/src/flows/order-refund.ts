import { sql } from 'kysely';
import type { RequestContext } from '../core/context.js';
import type { Db } from '../core/db/connect.js';
import { businessError } from '../core/errors.js';
import { writeAudit } from '../core/calls.js';
import type { Deps } from '../deps.js';
import { creditBalance } from '../modules/funds/index.js';
import { costBackFor, returnOwnerCost, reverseShares } from '../modules/profits/index.js';
import { PLATFORM_SITE_ID, sitePayeeOf } from '../modules/sites/index.js';
import { publishEvents } from '../core/events.js';
import { orderRefunded, type OrderRow } from '../modules/orders/index.js';
import { paymentsService, refundThroughGateway } from '../modules/payments/index.js';
import { supplyRefunded } from '../modules/supply/index.js';
import { applyPayment, refundOrder } from './checkout.js';

/** States in which part of the money may go back while the order itself stands. */
const PARTLY_REFUNDABLE = ['pending', 'shipped', 'delivered'] as const;

/**
 * Adds `amount` to the order's refunded money on the condition that the order is still in a
 * partly refundable state and the total stays below what was paid: two staff refunding at
 * once can never give back more than the buyer paid. Answers false when the condition failed;
 * else writes the order.refunded event (a part, gone `to` the balance or the gateway).
 */
async function claimPartialRefund(
  trx: Db,
  order: OrderRow,
  amount: number,
  reason: string,
  to: 'balance' | 'gateway',
): Promise<{ kept: number } | null> {
  const now = Date.now();
  const res = await trx
    .updateTable('orders')
    .set((eb) => ({
      refund_amount: eb('refund_amount', '+', amount),
      refund_reason: reason,
      refunded_at: now,
      updated_at: now,
    }))
    .where('id', '=', order.id)
    .where('status', 'in', PARTLY_REFUNDABLE)
    .where(sql<number>`refund_amount + ${amount}`, '<', sql<number>`paid_amount`)
    .returning('refund_amount')
    .executeTakeFirst();
  if (!res) return null;
  const reversed =
    order.site_id !== PLATFORM_SITE_ID
      ? await reverseShares(trx, 'order', order.id, amount, order.paid_amount, false, now)
      : { kept: 0 };
  // A supplier's entry gives back its share of all refunded so far (decision 0011).
  if (order.goods_owner_id !== null) await supplyRefunded(trx, order, Number(res.refund_amount), false, now);
  const refund = { amount, refundedTotal: Number(res.refund_amount), whole: false, to };
  await publishEvents(trx, [orderRefunded(order, refund)], now);
  return reversed;
}

/**
 * A part of an order paid into the site owner's own account went back to the buyer through the
 * owner's gateway (decision 0010): the owner gets the matching part of the cost they paid back on
 * their balance — the refund less what came off their own margin, never more than they paid.
 */
async function returnPartOfOwnerCost(trx: Db, order: OrderRow, amount: number, kept: number, reason: string) {
  if (order.payee_site_id === null) return;
  const now = Date.now();
  const current = await trx
    .selectFrom('orders')
    .select('site_cost')
    .where('id', '=', order.id)
    .executeTakeFirstOrThrow();
  const back = costBackFor(amount, kept, Number(current.site_cost), false);
  if (back <= 0) return;
  const owner = await sitePayeeOf(trx, order.payee_site_id);
  if (!owner) return;
  const taken = await trx
    .updateTable('orders')
    .set((eb) => ({ site_cost: eb('site_cost', '-', back), updated_at: now }))
    .where('id', '=', order.id)
    .where('site_cost', '>=', back)
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) !== 1) throw businessError('ORDER_REFUND_TOO_MUCH');
  await returnOwnerCost(trx, owner.ownerId, order.order_no, back, `部分退款，退回进货款：${reason}`);
}

/**
 * Staff refund of an order, in full (no amount, or the whole remainder: the order ends refunded
 * or, for visitors, refund_due) or in part (the order stands; members get the part on their
 * balance, visitors back through the payment's gateway, which must support refunds).
 */
export async function refundOrderAmount(
  deps: Deps,
  ctx: RequestContext,
  order: OrderRow,
  reason: string,
  amount: number | undefined,
  /** More work that must commit with the refund (a complaint closing with it, decision 0011). */
  alsoInTransaction?: (trx: Db, refunded: number) => Promise<void>,
) {
  const { db } = deps;
  const operator = ctx.actor?.name ?? '';
  const remaining = order.paid_amount - order.refund_amount;
  // Staff's act is recorded in the refund's own transaction: no refund without its row, and no row without it.
  const audit = async (trx: Db, refunded: number) => {
    await writeAudit(ctx, trx, {
      target: `orders:${order.order_no}`,
      before: { status: order.status, refunded: order.refund_amount },
      after: { reason, amount: refunded },
    });
    await alsoInTransaction?.(trx, refunded);
  };
  if (amount === undefined || (amount === remaining && order.status !== 'refund_due')) {
    const status = await refundOrder(db, order.id, reason, operator, 'manual', (trx) => audit(trx, remaining));
    return { status, refunded: remaining };
  }
  if (!(PARTLY_REFUNDABLE as readonly string[]).includes(order.status))
    throw businessError('ORDER_STATE_INVALID', '该订单当前状态只能全额退款');
  if (amount <= 0) throw businessError('BAD_INPUT', '退款金额须大于 0', { field: 'amount' });
  if (amount > remaining)
    throw businessError('ORDER_REFUND_TOO_MUCH', `退款金额超过可退金额（最多 ¥${(remaining / 100).toFixed(2)}）`, {
      field: 'amount',
    });
  await refundOrderPart(deps, order, amount, reason, operator, (trx) => audit(trx, amount));
  return { status: order.status, refunded: amount };
}

/**
 * A part of a paid order goes back while the order stands (staff's partial refund above, docking's
 * short delivery): a member who paid the platform gets it on the balance; otherwise it goes back
 * through the gateway that took the money (for an order paid into a site owner's account, the owner's
 * gateway), which must support refunds: else PAY_REFUND_NOT_ALLOWED (or PAY_GATEWAY_FAILED when the
 * gateway refused) and nothing is written. `within` commits with the refund, told where it went.
 */
export async function refundOrderPart(
  deps: Deps,
  order: OrderRow,
  amount: number,
  reason: string,
  operator: string,
  within?: (trx: Db, to: 'balance' | 'gateway') => Promise<void>,
): Promise<'balance' | 'gateway'> {
  const { db } = deps;
  const memo = `部分退款：${reason}`.slice(0, 200);

  // A member who paid the platform gets the part on the balance; a member who paid the site owner
  // directly gets it like a visitor, back through the owner's gateway (decision 0010).
  if (order.user_id !== null && order.payee_site_id === null) {
    await db.transaction().execute(async (trx) => {
      if (!(await claimPartialRefund(trx, order, amount, reason, 'balance')))
        throw businessError('ORDER_REFUND_TOO_MUCH');
      await within?.(trx, 'balance');
      await creditBalance(trx, {
        userId: order.user_id!,
        amount,
        type: 'order_refund',
        refType: 'order',
        refId: order.order_no,
        memo,
        operator,
      });
    });
    return 'balance';
  }

  // A visitor has no balance: the part goes back through the gateway that took the money (for an
  // order paid into the owner's account, the owner's own gateway).
  const payment = order.pay_ref
    ? await db
        .selectFrom('payments')
        .selectAll()
        .where('payment_no', '=', order.pay_ref)
        .where('order_id', '=', order.id)
        .executeTakeFirst()
    : undefined;
  if (!payment || payment.gateway === 'balance')
    throw businessError('PAY_REFUND_NOT_ALLOWED', '该游客订单没有可原路退回的在线支付，只能全额退款（转为待退款）');
  await refundThroughGateway(
    deps,
    paymentsService(deps, { applyPayment, refundOrder }),
    payment,
    amount,
    { reason: memo, operator },
    async (trx) => {
      const claimed = await claimPartialRefund(trx, order, amount, reason, 'gateway');
      if (!claimed) throw businessError('ORDER_REFUND_TOO_MUCH');
      await returnPartOfOwnerCost(trx, order, amount, claimed.kept, reason);
      await within?.(trx, 'gateway');
    },
  );
  return 'gateway';
}
