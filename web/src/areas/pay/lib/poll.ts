import type { PaymentStatus } from '@kapu/contract';

export const POLL_INTERVAL_MS = 3000;

export type PollOutcome = 'paid' | 'closed' | 'refunded' | 'expired';

/**
 * Whether polling a payment should stop, and why: paid, closed or refunded by the server, or
 * the deadline passed (with a grace for a late notify). null = keep polling.
 */
export function pollStop(
  status: PaymentStatus | undefined,
  expiresAt: number,
  now: number,
  graceMs = 60_000,
): PollOutcome | null {
  if (status === 'paid') return 'paid';
  if (status === 'closed') return 'closed';
  if (status === 'refunded') return 'refunded';
  if (expiresAt > 0 && now > expiresAt + graceMs) return 'expired';
  return null;
}

/**
 * Polls `fetchStatus` every `interval` ms until pollStop says stop, then calls onStop once.
 * A failed request is retried at the next tick. Answers the canceller.
 */
export function startPolling(options: {
  fetchStatus: () => Promise<{ status: PaymentStatus; expiresAt: number }>;
  onStop: (outcome: PollOutcome) => void;
  interval?: number;
  now?: () => number;
}): () => void {
  const { fetchStatus, onStop, interval = POLL_INTERVAL_MS, now = Date.now } = options;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tick = async () => {
    if (stopped) return;
    let outcome: PollOutcome | null = null;
    try {
      const s = await fetchStatus();
      outcome = pollStop(s.status, s.expiresAt, now());
    } catch {
      outcome = null;
    }
    if (stopped) return;
    if (outcome) {
      stopped = true;
      onStop(outcome);
      return;
    }
    timer = setTimeout(() => void tick(), interval);
  };
  timer = setTimeout(() => void tick(), interval);
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}

/** 'mobile' on phones (narrow or touch user agent), else 'pc': picks the gateways shown. */
export function payClientOf(width: number, userAgent: string): 'pc' | 'mobile' {
  return width < 768 || /Android|iPhone|iPod|Mobile|HarmonyOS/i.test(userAgent) ? 'mobile' : 'pc';
}
