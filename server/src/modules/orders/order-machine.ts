import type { OrderStatus } from '@kapu/contract';
import type { Db } from '../../core/db/connect.js';
import { defineMachine, expectOneRow } from '../../core/fsm.js';
import type { OrdersTable } from '../../core/db/schema.js';
import type { Updateable } from 'kysely';

/**
 * The order process as data. `paid` lives only inside the payment transaction: the same
 * transaction moves it on to delivered (cards), pending (manual, recharge, physical),
 * refunded (member, paid after expiry without stock) or refund_due (visitor, same case). A
 * staff refund of a delivered order goes to refunded for a member (balance) and to refund_due
 * for a visitor, whose money goes back through the gateway.
 */
export const orderMachine = defineMachine<OrderStatus>('order', {
  unpaid: ['paid', 'expired', 'cancelled'],
  expired: ['paid'],
  cancelled: [],
  paid: ['delivered', 'pending', 'refunded', 'refund_due'],
  pending: ['delivered', 'shipped', 'refunded', 'refund_due'],
  shipped: ['delivered'],
  delivered: ['refunded', 'refund_due'],
  refund_due: ['refunded'],
  refunded: [],
});

/**
 * The only writer of `orders.status`: checks the machine, then updates on the condition that
 * the status is still `from`. Answers false when another writer moved the order first.
 */
export async function moveOrder(
  db: Db,
  orderId: number,
  from: OrderStatus,
  to: OrderStatus,
  set: Omit<Updateable<OrdersTable>, 'status' | 'id'> = {},
): Promise<boolean> {
  orderMachine.assert(from, to);
  const res = await db
    .updateTable('orders')
    .set({ ...set, status: to, updated_at: Date.now() })
    .where('id', '=', orderId)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Like moveOrder, for callers that already hold the order: losing the race is a conflict. */
export async function mustMoveOrder(
  db: Db,
  orderId: number,
  from: OrderStatus,
  to: OrderStatus,
  set: Omit<Updateable<OrdersTable>, 'status' | 'id'> = {},
) {
  expectOneRow((await moveOrder(db, orderId, from, to, set)) ? 1 : 0, 'order');
}
