import type { DomainEvents } from '../../core/events.js';
import { PLATFORM_ONLY_WEBHOOK_EVENTS, type WebhookEvent } from '@kapu/contract';

/**
 * Whose objects an event is about, i.e. which members' subscriptions may receive it (the platform's
 * receive every event they chose). A member gets events of their own orders, withdrawals,
 * recharges, complaints (as buyer or as seller), supplier goods and tasks, levels, commissions
 * and codes; a site owner also gets the orders of their site (`siteId`, resolved by the caller).
 * Platform stock events are nobody's but the platform's.
 */
export interface EventOwners {
  userIds: number[];
  /** The order's site, whose owner (when a sub-site) also receives it; null when not an order event. */
  siteId: number | null;
}

export function eventOwners<T extends WebhookEvent>(type: T, payload: DomainEvents[T]): EventOwners {
  if (PLATFORM_ONLY_WEBHOOK_EVENTS.includes(type)) return { userIds: [], siteId: null };
  const p = payload as unknown as Record<string, unknown>;
  const ids: unknown[] = [];
  let siteId: number | null = null;
  switch (type) {
    case 'order.paid':
    case 'order.delivered':
    case 'order.shipped':
    case 'order.refunded':
      ids.push(p.userId);
      siteId = Number(p.siteId);
      break;
    case 'order.ownerRefundDue':
    case 'site.expiring':
      ids.push(p.ownerId);
      break;
    case 'complaint.opened':
    case 'complaint.replied':
    case 'complaint.escalated':
    case 'complaint.closed':
      ids.push(p.userId, p.sellerId);
      break;
    default:
      // withdrawal.*, repeal.decided, recharge.paid, supply.*, account.levelChanged, promotion.credited, cdk.redeemed
      ids.push(p.userId);
  }
  const userIds = [...new Set(ids.filter((v): v is number => typeof v === 'number' && v > 0))];
  return { userIds, siteId };
}
