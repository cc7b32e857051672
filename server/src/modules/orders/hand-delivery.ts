import type { Db } from '../../core/db/connect.js';
import type { StatusSet } from '../../core/fsm.js';
import { businessError } from '../../core/errors.js';
import { publishEvents } from '../../core/events.js';
import { chargeOwnerCost, freezeShares } from '../profits/index.js';
import { PLATFORM_SITE_ID, sitePayeeOf } from '../sites/index.js';
import { orderDelivered, orderShipped } from './order-events.js';
import { mustMoveOrder } from './order-machine.js';
import type { OrderRow } from './orders.repo.js';

/**
 * What the supply module does with an order's money (decision 0011), passed in by app.ts (supply sits
 * above orders): a settlement entry written in the transaction that delivers an order of a supplier's
 * goods, and reversed in proportion by the transaction that refunds it (`refundedTotal` of `paid`).
 */
export interface SupplierSettlementPort {
  delivered(trx: Db, order: OrderRow, now: number): Promise<void>;
  refunded(trx: Db, order: OrderRow, refundedTotal: number, whole: boolean, now: number): Promise<void>;
}

/**
 * Moves a manual, recharge or physical order on by hand, in the caller's transaction: staff from the
 * back office, or the supplier finishing their task. On delivery: the site owner's cost when the buyer
 * paid the owner (decision 0010; refused when their balance is short), the order.delivered event, the
 * sub-site shares frozen, and the supplier's settlement entry — one path for every hand delivery.
 */
export async function moveOrderByHand(
  trx: Db,
  o: OrderRow,
  from: OrderRow['status'],
  to: OrderRow['status'],
  set: StatusSet<'orders'>,
  now: number,
  by: 'staff' | 'supplier',
  settle: SupplierSettlementPort['delivered'],
): Promise<void> {
  let values = set;
  if (to === 'delivered' && o.payee_site_id !== null) {
    const payee = await sitePayeeOf(trx, o.payee_site_id);
    const cost = payee ? await chargeOwnerCost(trx, o, payee.ownerId, now) : null;
    if (cost === null) throw businessError('SITE_COST_SHORT');
    values = { ...values, site_cost: cost };
  }
  await mustMoveOrder(trx, o.id, from, to, values);
  if (to === 'shipped')
    await publishEvents(trx, [orderShipped(o, values.express_carrier ?? '', values.express_no ?? '')], now);
  if (to !== 'delivered') return;
  await publishEvents(trx, [orderDelivered(o, by)], now);
  // A sub-site order's profit shares freeze with the delivery (decision 0009).
  if (o.site_id !== PLATFORM_SITE_ID) await freezeShares(trx, 'order', o.id, now);
  if (o.goods_owner_id !== null) await settle(trx, { ...o, status: 'delivered', delivered_at: now }, now);
}
