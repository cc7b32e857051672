import type { OrderStatus } from '@kapu/contract';
import type { Db } from '../../core/db/connect.js';
import { defineMachine, expectOneRow, moveStatus, type StatusSet } from '../../core/fsm.js';
import { withFields } from '../../core/objects.js';

/**
 * The order process as data. `paid` lives only inside the payment transaction: the same
 * transaction moves it on to delivered (cards), pending (manual, recharge, physical),
 * refunded (member, paid after expiry without stock) or refund_due (visitor, same case). A
 * staff refund of a delivered order goes to refunded for a member (balance) and to refund_due
 * for a visitor, whose money goes back through the gateway.
 */
export const orderMachine = defineMachine<OrderStatus, 'orders'>(
  'order',
  {
    unpaid: ['paid', 'expired', 'cancelled'],
    expired: ['paid'],
    cancelled: [],
    paid: ['delivered', 'pending', 'refunded', 'refund_due'],
    pending: ['delivered', 'shipped', 'refunded', 'refund_due'],
    shipped: ['delivered'],
    delivered: ['refunded', 'refund_due'],
    refund_due: ['refunded'],
    refunded: [],
  },
  { table: 'orders' },
);

/**
 * The only writer of `orders.status`: checks the machine, then updates on the condition that
 * the status is still `from`. Answers false when another writer moved the order first.
 */
export async function moveOrder(
  db: Db,
  orderId: number,
  from: OrderStatus,
  to: OrderStatus,
  set: StatusSet<'orders'> = {},
): Promise<boolean> {
  return moveStatus(db, orderMachine, orderId, from, to, withFields(set, { updated_at: Date.now() }));
}

/** Like moveOrder, for callers that already hold the order: losing the race is a conflict. */
export async function mustMoveOrder(
  db: Db,
  orderId: number,
  from: OrderStatus,
  to: OrderStatus,
  set: StatusSet<'orders'> = {},
) {
  expectOneRow((await moveOrder(db, orderId, from, to, set)) ? 1 : 0, 'order');
}
