import type { GoodsStatus, GoodsType, OrderStatus } from '@kapu/contract';

/**
 * The API's order status (卡易信 numbering) of an order: 0 unpaid, 1 paid and waiting, 2 in
 * progress, 3 done, 4 withdrawn (closed unpaid, or refunded in full), 5 refunded in part, 9 a
 * refund in progress. 7 (awaiting sync with an upstream) and 8 (a card void request waiting) are
 * reported by docking and by `repealPending`.
 */
export function apiOrderStatus(
  o: { status: OrderStatus; amount: number; refundAmount: number },
  repealPending = false,
): number {
  switch (o.status) {
    case 'unpaid':
      return 0;
    case 'expired':
    case 'cancelled':
      return 4;
    case 'paid':
      return 1;
    case 'pending':
    case 'shipped':
      return 2;
    case 'refund_due':
      return 9;
    case 'refunded':
      return o.refundAmount > 0 && o.refundAmount < o.amount ? 5 : 4;
    case 'delivered':
      if (repealPending) return 8;
      return o.refundAmount > 0 ? 5 : 3;
  }
}

/** goodsType in the API: 1 card keys, 2 manual service, 3 direct recharge, 4 physical. */
export const apiGoodsType: Record<GoodsType, number> = { card: 1, manual: 2, recharge: 3, physical: 4 };
export const goodsTypeOfApi: Record<number, GoodsType> = { 1: 'card', 2: 'manual', 3: 'recharge', 4: 'physical' };
/** Goods status in the API: 1 on sale, 2 paused, 3 banned. */
export const apiGoodsStatus: Record<GoodsStatus, number> = { on_sale: 1, paused: 2, banned: 3 };
