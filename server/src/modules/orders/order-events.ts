import type { DomainEvents, NewEvent } from '../../core/events.js';
import type { OrderRow } from './orders.repo.js';

/**
 * The order events as written by every path that pays, delivers or refunds an order (both
 * checkout paths, the payment notify, staff), so each carries the same facts: ids, numbers and
 * amounts in fen; never the contact, the cards or a payment secret.
 */
type OrderFacts = Pick<OrderRow, 'id' | 'order_no' | 'site_id' | 'user_id' | 'goods_id' | 'quantity'>;

const ids = (o: OrderFacts) => ({
  orderId: Number(o.id),
  orderNo: o.order_no,
  siteId: Number(o.site_id),
  userId: o.user_id === null ? null : Number(o.user_id),
});

/** What was bought: the goods as the order names it, and how many. */
type GoodsFacts = OrderFacts & Pick<OrderRow, 'goods_type' | 'goods_name'>;
const goods = (o: GoodsFacts) => ({
  goodsId: Number(o.goods_id),
  goodsType: o.goods_type,
  goodsName: o.goods_name,
  quantity: o.quantity,
});

// The payloads add to a fresh `ids(o)` with Object.assign rather than a spread followed by more
// fields, which costs a new hidden class per call on Node 20 (core/objects.ts); both are on every checkout.

/** `deliveredNow`: order.delivered is published with it, in the same transaction. */
export function orderPaid(o: GoodsFacts & Pick<OrderRow, 'amount'>, method: string, deliveredNow = false): NewEvent {
  return { type: 'order.paid', payload: Object.assign(ids(o), goods(o), { amount: o.amount, method, deliveredNow }) };
}

export function orderDelivered(o: GoodsFacts, by: DomainEvents['order.delivered']['by']): NewEvent {
  return { type: 'order.delivered', payload: Object.assign(ids(o), goods(o), { by }) };
}

export function orderShipped(o: OrderFacts, carrier: string, trackingNo: string): NewEvent {
  return { type: 'order.shipped', payload: Object.assign(ids(o), { carrier, trackingNo }) };
}

export function orderRefunded(
  o: OrderFacts,
  refund: Pick<DomainEvents['order.refunded'], 'amount' | 'refundedTotal' | 'whole' | 'to'>,
): NewEvent {
  return { type: 'order.refunded', payload: Object.assign(ids(o), refund) };
}

/** The owner whose own account took the buyer's money must pay it back (decision 0010). */
export function orderOwnerRefundDue(
  o: Pick<OrderRow, 'id' | 'order_no' | 'site_id'>,
  ownerId: number,
  amount: number,
  cause: DomainEvents['order.ownerRefundDue']['cause'],
): NewEvent {
  return {
    type: 'order.ownerRefundDue',
    payload: { orderId: Number(o.id), orderNo: o.order_no, siteId: Number(o.site_id), ownerId, amount, cause },
  };
}
