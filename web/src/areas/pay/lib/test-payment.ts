import type { PaymentStatus } from '@kapu/contract';

/**
 * 测试该账户: after a test payment's hand-off, its real state is asked for until it is paid, closed
 * or refunded, or 5 minutes passed. Staff test the platform's accounts, site owners their own.
 */
export const TEST_WATCH_MS = 5 * 60_000;
export const TEST_POLL_MS = 3000;
export type TestOutcome = 'paid' | 'closed' | 'refunded' | 'timeout';

/**
 * Polls the test payment's real state every `interval` ms after the hand-off, reporting each
 * status; stops on paid/closed/refunded or when `limitMs` passed (timeout). A failed request
 * is retried at the next tick. Answers the canceller.
 */
export function watchTestPayment(options: {
  fetchStatus: () => Promise<{ status: PaymentStatus }>;
  onStatus?: (status: PaymentStatus) => void;
  onStop: (outcome: TestOutcome) => void;
  interval?: number;
  limitMs?: number;
  now?: () => number;
}): () => void {
  const { fetchStatus, onStatus, onStop, interval = TEST_POLL_MS, limitMs = TEST_WATCH_MS, now = Date.now } = options;
  const deadline = now() + limitMs;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = (o: TestOutcome) => {
    stopped = true;
    onStop(o);
  };
  const tick = async () => {
    if (stopped) return;
    try {
      const { status } = await fetchStatus();
      if (stopped) return;
      onStatus?.(status);
      if (status === 'paid' || status === 'closed' || status === 'refunded') return stop(status);
    } catch {
      // next tick
    }
    if (stopped) return;
    if (now() >= deadline) return stop('timeout');
    timer = setTimeout(() => void tick(), interval);
  };
  timer = setTimeout(() => void tick(), interval);
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}

export const TEST_OUTCOME_TEXT: Record<TestOutcome, { type: 'success' | 'warning' | 'info' | 'error'; text: string }> =
  {
    paid: { type: 'success', text: '测试支付已到账：回调与验签正常，该账户可以收款。' },
    closed: { type: 'warning', text: '测试支付已关闭（未支付或已超时）。' },
    refunded: { type: 'info', text: '测试支付已退款。' },
    timeout: {
      type: 'warning',
      text: '5 分钟内未收到支付结果：请确认已完成支付，并检查回调地址（站点公网地址）能否被网关访问，可在“回调日志”中查看。',
    },
  };
