import type { Db } from '../../core/db/connect.js';

/**
 * The order side of a payment, run by the checkout flow (flows/checkout.ts): applying a paid
 * payment to its order (delivery, stock, ledger) and refunding an order flagged for refund.
 * app.ts passes them in, so payments never imports flows/.
 */
export interface PaymentFlows {
  applyPayment(
    trx: Db,
    orderId: number,
    payment: { method: string; amount: number; ref?: string; payeeSiteId?: number | null },
  ): Promise<{ applied: boolean; status: string }>;
  refundOrder(
    db: Db,
    orderId: number,
    reason: string,
    operator: string,
    paidBack?: 'gateway' | 'manual',
  ): Promise<unknown>;
}
