import type { PayHandoff } from '@kapu/contract';

const KEY = (paymentNo: string) => `kapu-pay-handoff:${paymentNo}`;

/** Keeps a form/html hand-off for /pay/payInterface to perform (this tab only). */
export function saveHandoff(paymentNo: string, handoff: PayHandoff): void {
  try {
    sessionStorage.setItem(KEY(paymentNo), JSON.stringify(handoff));
  } catch {
    // storage full or blocked: the interface page then shows the payment's state instead
  }
}

/** The saved hand-off, if this tab saved one. */
export function readHandoff(paymentNo: string): PayHandoff | null {
  try {
    const raw = sessionStorage.getItem(KEY(paymentNo));
    return raw ? (JSON.parse(raw) as PayHandoff) : null;
  } catch {
    return null;
  }
}

const TOKEN_KEY = (orderNo: string) => `kapu-pay-token:${orderNo}`;

/** A visitor's pay token for an order (answered by /pay/create), to pay again without the password. */
export function savePayToken(orderNo: string, token: string | undefined): void {
  if (!token) return;
  try {
    sessionStorage.setItem(TOKEN_KEY(orderNo), token);
  } catch {
    // not kept: the visitor types the query password again
  }
}

export function readPayToken(orderNo: string): string | null {
  try {
    return sessionStorage.getItem(TOKEN_KEY(orderNo));
  } catch {
    return null;
  }
}

/** Where a paid payment's result is shown: the order (member or visitor) or the return page. */
export function resultPathOf(p: { purpose: string; refNo: string; paymentNo: string }, member: boolean): string {
  if (p.purpose === 'order' && p.refNo)
    return member ? `/inside/showordermess?orderNo=${p.refNo}` : `/inside/visitorOrderDetail?orderNo=${p.refNo}`;
  return `/pay/return_epay?paymentNo=${p.paymentNo}`;
}

const NEXT_KEY = (paymentNo: string) => `kapu-pay-next:${paymentNo}`;

/** Where to continue after a recharge that a page asked for (an in-site path only). */
export function saveNextPage(paymentNo: string, next: string | null): void {
  if (!next || !next.startsWith('/') || next.startsWith('//')) return;
  try {
    sessionStorage.setItem(NEXT_KEY(paymentNo), next);
  } catch {
    // not kept: the result page offers the balance instead
  }
}

export function readNextPage(paymentNo: string): string | null {
  try {
    return sessionStorage.getItem(NEXT_KEY(paymentNo));
  } catch {
    return null;
  }
}
