import type { ComplaintStatus } from '@kapu/contract';
import { defineMachine } from '../../core/fsm.js';
import type { ComplaintsTable } from './tables.js';

/**
 * A complaint's life (decision 0011). `open`: filed, the seller's clock runs. The seller answering
 * hands it to the buyer (`awaiting_buyer`); the buyer answering back hands it to the seller again
 * (`awaiting_seller`, a new clock). The seller's time running out, or the buyer asking, takes it to
 * platform arbitration. Staff decide from any open state (refund in full or in part, reject), the
 * buyer may withdraw: `closed`, with the outcome. Nothing leaves `closed`.
 */
export const complaintMachine = defineMachine<ComplaintsTable['status'], 'complaints'>(
  'complaint',
  {
    open: ['awaiting_seller', 'awaiting_buyer', 'arbitration', 'closed'],
    awaiting_seller: ['awaiting_buyer', 'arbitration', 'closed'],
    awaiting_buyer: ['awaiting_seller', 'arbitration', 'closed'],
    arbitration: ['closed'],
    closed: [],
  },
  { table: 'complaints' },
);

/** Statuses in which the thread is live (everything but closed). */
export const LIVE_STATUSES = ['open', 'awaiting_seller', 'awaiting_buyer', 'arbitration'] as const;
/** Statuses in which the seller's clock runs. */
export const SELLER_CLOCK_STATUSES = ['open', 'awaiting_seller'] as const;

export type ReplyRole = 'buyer' | 'seller' | 'staff';

/**
 * Where a reply takes the complaint: the seller's answer goes to the buyer, the buyer's answer to a
 * seller who had answered goes back to the seller; platform staff answer as the seller on the
 * platform's own goods, otherwise they only add to the thread. Null: the status stays.
 */
export function statusAfterReply(
  status: ComplaintStatus,
  role: ReplyRole,
  platformGoods: boolean,
): ComplaintStatus | null {
  const asSeller = role === 'seller' || (role === 'staff' && platformGoods);
  if (asSeller && (status === 'open' || status === 'awaiting_seller')) return 'awaiting_buyer';
  if (role === 'buyer' && status === 'awaiting_buyer') return 'awaiting_seller';
  return null;
}

const DAY = 86_400_000;

/** The order facts the rule reads. */
export interface ComplainableOrder {
  status: string;
  paid_at: number | null;
  delivered_at: number | null;
  shipped_at: number | null;
}

export type Eligibility =
  | { ok: true; deadline: number }
  | { ok: false; code: 'COMPLAINT_ORDER_NOT_ELIGIBLE' | 'COMPLAINT_WINDOW_PASSED'; deadline: number | null };

/**
 * A buyer may complain on a paid order that reached them (delivered) or is on its way (shipped),
 * within `windowDays` days of that; a refunded or refund-due order is settled already.
 */
export function complaintEligibility(order: ComplainableOrder, now: number, windowDays: number): Eligibility {
  const reached = order.delivered_at ?? order.shipped_at;
  if (!order.paid_at || (order.status !== 'delivered' && order.status !== 'shipped') || reached === null)
    return { ok: false, code: 'COMPLAINT_ORDER_NOT_ELIGIBLE', deadline: null };
  const deadline = reached + windowDays * DAY;
  if (now > deadline) return { ok: false, code: 'COMPLAINT_WINDOW_PASSED', deadline };
  return { ok: true, deadline };
}
