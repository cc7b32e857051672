import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaymentStatus } from '@kapu/contract';
import { payClientOf, pollStop, startPolling } from './poll';

describe('pollStop', () => {
  const now = 1_000_000;
  it('stops on paid, closed and refunded', () => {
    expect(pollStop('paid', now + 60_000, now)).toBe('paid');
    expect(pollStop('closed', now + 60_000, now)).toBe('closed');
    expect(pollStop('refunded', now + 60_000, now)).toBe('refunded');
  });
  it('keeps polling while unpaid, and a grace after the deadline', () => {
    expect(pollStop('unpaid', now + 60_000, now)).toBeNull();
    expect(pollStop('unpaid', now - 30_000, now)).toBeNull();
    expect(pollStop('unpaid', now - 61_000, now)).toBe('expired');
  });
});

describe('startPolling', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks every 3 s until paid, then stops once', async () => {
    const answers: PaymentStatus[] = ['unpaid', 'unpaid', 'paid'];
    const fetchStatus = vi.fn(async () => ({ status: answers.shift() ?? 'paid', expiresAt: Date.now() + 600_000 }));
    const onStop = vi.fn();
    startPolling({ fetchStatus, onStop });
    await vi.advanceTimersByTimeAsync(2_999);
    expect(fetchStatus).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchStatus).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(6_000);
    expect(fetchStatus).toHaveBeenCalledTimes(3);
    expect(onStop).toHaveBeenCalledWith('paid');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(fetchStatus).toHaveBeenCalledTimes(3);
    expect(onStop).toHaveBeenCalledTimes(1);
  });

  it('retries after a failed request and stops when the deadline has passed', async () => {
    let calls = 0;
    const fetchStatus = vi.fn(async () => {
      calls += 1;
      if (calls === 1) throw new Error('network');
      return { status: 'unpaid' as const, expiresAt: 1 };
    });
    const onStop = vi.fn();
    startPolling({ fetchStatus, onStop, now: () => 1_000_000 });
    await vi.advanceTimersByTimeAsync(3_000);
    expect(onStop).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(onStop).toHaveBeenCalledWith('expired');
  });

  it('the canceller stops further requests (page left)', async () => {
    const fetchStatus = vi.fn(async () => ({ status: 'unpaid' as const, expiresAt: Date.now() + 600_000 }));
    const onStop = vi.fn();
    const cancel = startPolling({ fetchStatus, onStop });
    await vi.advanceTimersByTimeAsync(3_000);
    cancel();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(fetchStatus).toHaveBeenCalledTimes(1);
    expect(onStop).not.toHaveBeenCalled();
  });
});

describe('payClientOf', () => {
  it('phones are mobile, desktops pc', () => {
    expect(payClientOf(390, 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)')).toBe('mobile');
    expect(payClientOf(1366, 'Mozilla/5.0 (Windows NT 10.0; Win64; x64)')).toBe('pc');
    expect(payClientOf(500, 'Mozilla/5.0 (X11; Linux x86_64)')).toBe('mobile');
  });
});
