import type { PaymentState } from '@kapu/contract';

export type ReturnView = 'success' | 'processing' | 'unpaid' | 'refunded';

/** What the return page says for the payment's real state (never for URL parameters). */
export function returnViewOf(p: Pick<PaymentState, 'status' | 'expiresAt'>, now: number): ReturnView {
  if (p.status === 'paid') return 'success';
  if (p.status === 'refunded') return 'refunded';
  if (p.status === 'closed') return 'unpaid';
  return p.expiresAt > 0 && now > p.expiresAt ? 'unpaid' : 'processing';
}

/** The payment number a gateway sends back: ours (paymentNo) or the gateway's echo (out_trade_no). */
export function paymentNoFrom(params: URLSearchParams): string {
  const v = (params.get('paymentNo') || params.get('out_trade_no') || params.get('sandbox') || '').trim();
  return /^[0-9A-Za-z]{16,40}$/.test(v) ? v : '';
}
