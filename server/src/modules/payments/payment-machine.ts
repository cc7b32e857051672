import type { PaymentStatus } from '@kapu/contract';
import { defineMachine } from '../../core/fsm.js';

/**
 * The payment process as data. A closed payment may still become paid: a gateway that
 * reports money after we gave up must never see it lost (PAYMENTS.md rule 4).
 */
export const paymentMachine = defineMachine<PaymentStatus>('payment', {
  unpaid: ['paid', 'closed'],
  closed: ['paid'],
  paid: ['refunded'],
  refunded: [],
});

/** The statuses a paid report may move from. */
export const PAYABLE: PaymentStatus[] = (['unpaid', 'closed'] as const).filter((s) => paymentMachine.can(s, 'paid'));
