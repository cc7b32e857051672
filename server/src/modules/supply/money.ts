import type { Db } from '../../core/db/connect.js';
import type { OrderRow } from '../orders/index.js';
import { reverseSettlement, writeSettlement } from './settlements.js';
import { closeOpenTasks } from './tasks.js';

/**
 * What every delivering transaction calls for an order of a supplier's goods (checkout's card sale,
 * staff's or the supplier's hand delivery): the settlement entry, and the order's open task closed
 * when someone else delivered it.
 */
export async function supplyDelivered(trx: Db, order: OrderRow, now: number): Promise<void> {
  if (order.goods_owner_id === null) return;
  await writeSettlement(trx, order, now);
  await closeOpenTasks(trx, order.id, now);
}

/**
 * What every refunding transaction calls (`refundedTotal` of the order's paid amount has gone back so
 * far): the entry reversed in proportion; a whole refund also closes the order's open task.
 */
export async function supplyRefunded(
  trx: Db,
  order: OrderRow,
  refundedTotal: number,
  whole: boolean,
  now: number,
): Promise<void> {
  if (order.goods_owner_id === null) return;
  await reverseSettlement(trx, order, refundedTotal, whole, now);
  if (whole) await closeOpenTasks(trx, order.id, now);
}
