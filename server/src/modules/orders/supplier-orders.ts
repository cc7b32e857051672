import type { Db } from '../../core/db/connect.js';
import type { OrderRow } from './orders.repo.js';

export interface SupplierOrderFilter {
  status?: OrderRow['status'];
  goodsId?: number;
  orderNo?: string;
  from?: number;
  to?: number;
}

/** Orders a supplier may see: paid ones (unpaid, expired and cancelled orders never reached them). */
const NEVER_PAID = ['unpaid', 'expired', 'cancelled'] as const;

/**
 * Orders of a supplier's goods (orders.goods_owner_id, snapshotted at checkout), newest first, with
 * only the columns fulfilment needs: never the buyer's contact, account, query password or IP.
 */
export function ordersOfGoodsOwner(db: Db, ownerId: number, f: SupplierOrderFilter) {
  let q = db
    .selectFrom('orders')
    .where('goods_owner_id', '=', ownerId)
    .where('status', 'not in', [...NEVER_PAID]);
  if (f.status) q = q.where('status', '=', f.status);
  if (f.goodsId) q = q.where('goods_id', '=', f.goodsId);
  if (f.orderNo) q = q.where('order_no', '=', f.orderNo);
  if (f.from) q = q.where('created_at', '>=', f.from);
  if (f.to) q = q.where('created_at', '<=', f.to);
  return q
    .select([
      'id',
      'order_no',
      'goods_id',
      'goods_name',
      'goods_type',
      'quantity',
      'unit_cost',
      'status',
      'remark',
      'recharge_inputs',
      'ship_name',
      'ship_phone',
      'ship_address',
      'refund_amount',
      'created_at',
      'paid_at',
      'delivered_at',
    ])
    .orderBy('id', 'desc');
}
export type SupplierOrderRow = Awaited<ReturnType<ReturnType<typeof ordersOfGoodsOwner>['execute']>>[number];
