import type { PaymentStatus } from '@kapu/contract';
import { defineMachine } from '../../core/fsm.js';
import type { RechargesTable, RefundsTable } from '../../core/db/schema.js';

/**
 * The payment process as data. A closed payment may still become paid: a gateway that
 * reports money after we gave up must never see it lost: the buyer paid, so the order is credited.
 */
export const paymentMachine = defineMachine<PaymentStatus, 'payments'>(
  'payment',
  {
    unpaid: ['paid', 'closed'],
    closed: ['paid'],
    paid: ['refunded'],
    refunded: [],
  },
  { table: 'payments' },
);

/** The statuses a paid report may move from. */
export const PAYABLE: PaymentStatus[] = (['unpaid', 'closed'] as const).filter((s) => paymentMachine.can(s, 'paid'));

/** A balance recharge follows its payment: paid when the money came (even after closing), closed when given up. */
export const rechargeMachine = defineMachine<RechargesTable['status'], 'recharges'>(
  'recharge',
  {
    unpaid: ['paid', 'closed'],
    closed: ['paid'],
    paid: [],
  },
  { table: 'recharges' },
);

/**
 * A refund owed through the gateway waits as pending (a visitor's order refunded by staff) and
 * is done when the money went back; failed is kept for a gateway that refused, and may be retried.
 */
export const refundMachine = defineMachine<RefundsTable['status'], 'refunds'>(
  'refund',
  {
    pending: ['done', 'failed'],
    failed: ['done'],
    done: [],
  },
  { table: 'refunds' },
);
