import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaymentStatus } from '@kapu/contract';
import {
  publicUrlProblem,
  rechargeFormProblem,
  rechargeFormToBody,
  rechargeToForm,
  refundWays,
  watchTestPayment,
  type TestOutcome,
} from './payment-settings';

describe('recharge settings form', () => {
  it('turns fen into yuan text and back into the call body, tiers sorted', () => {
    const form = rechargeToForm({
      min: 100,
      max: 5_000_000,
      tiers: [
        { min: 50_000, bonus: 3_000 },
        { min: 10_000, bonus: 500 },
      ],
    });
    expect(form).toEqual({
      min: '1.00',
      max: '50000.00',
      tiers: [
        { min: '100.00', bonus: '5.00' },
        { min: '500.00', bonus: '30.00' },
      ],
    });
    const body = rechargeFormToBody({
      min: ' 1 ',
      max: '200',
      tiers: [
        { min: '500', bonus: '30' },
        { min: '100.5', bonus: '5' },
      ],
    });
    expect(body).toEqual({
      min: '1',
      max: '200',
      tiers: JSON.stringify([
        { min: '100.5', bonus: '5' },
        { min: '500', bonus: '30' },
      ]),
    });
  });
  it('refuses what the server refuses, and confusing tiers', () => {
    const ok = { min: '1', max: '100', tiers: [{ min: '50', bonus: '2' }] };
    expect(rechargeFormProblem(ok)).toBeNull();
    expect(rechargeFormProblem({ ...ok, min: '0' })).toContain('最低充值金额');
    expect(rechargeFormProblem({ ...ok, min: '1.001' })).toContain('最低充值金额');
    expect(rechargeFormProblem({ ...ok, max: '0.5' })).toBe('最高充值金额须不小于最低充值金额');
    expect(rechargeFormProblem({ ...ok, tiers: [{ min: 'abc', bonus: '1' }] })).toContain('第 1 档：赠送门槛');
    expect(rechargeFormProblem({ ...ok, tiers: [{ min: '10', bonus: '0' }] })).toContain('第 1 档：赠送金额须为大于 0');
    expect(
      rechargeFormProblem({
        ...ok,
        tiers: [
          { min: '10', bonus: '1' },
          { min: '10.00', bonus: '2' },
        ],
      }),
    ).toBe('第 2 档：充值门槛 10.00 元重复');
    expect(
      rechargeFormProblem({
        ...ok,
        tiers: Array.from({ length: 21 }, (_, i) => ({ min: String(i + 10), bonus: '1' })),
      }),
    ).toBe('赠送规则最多 20 档');
  });
});

describe('public URL check', () => {
  it('accepts an origin (or empty) and refuses paths, queries, credentials, other schemes', () => {
    for (const ok of ['', 'https://pay.example.com', 'http://1.2.3.4:8080', 'https://pay.example.com/'])
      expect(publicUrlProblem(ok), ok).toBeNull();
    for (const bad of [
      'ftp://x.com',
      'https://x.com/shop',
      'https://a:b@x.com',
      'https://x.com?a=1',
      'x.com',
      'https://',
    ])
      expect(publicUrlProblem(bad), bad).not.toBeNull();
  });
});

describe('watching the test payment', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reports each status and stops when paid', async () => {
    const answers: PaymentStatus[] = ['unpaid', 'unpaid', 'paid'];
    const fetchStatus = vi.fn(async () => ({ status: answers.shift() ?? 'paid' }));
    const seen: PaymentStatus[] = [];
    let outcome: TestOutcome | undefined;
    watchTestPayment({ fetchStatus, onStatus: (s) => seen.push(s), onStop: (o) => (outcome = o), interval: 1000 });
    await vi.advanceTimersByTimeAsync(3500);
    expect(seen).toEqual(['unpaid', 'unpaid', 'paid']);
    expect(outcome).toBe('paid');
    await vi.advanceTimersByTimeAsync(5000);
    expect(fetchStatus).toHaveBeenCalledTimes(3);
  });

  it('stops on closed, and keeps going past a failed request', async () => {
    let n = 0;
    const fetchStatus = vi.fn(async () => {
      n++;
      if (n === 1) throw new Error('network');
      return { status: (n === 2 ? 'unpaid' : 'closed') as PaymentStatus };
    });
    let outcome: TestOutcome | undefined;
    watchTestPayment({ fetchStatus, onStop: (o) => (outcome = o), interval: 1000 });
    await vi.advanceTimersByTimeAsync(3500);
    expect(outcome).toBe('closed');
  });

  it('gives up after five minutes, and the canceller stops it at once', async () => {
    const fetchStatus = vi.fn(async () => ({ status: 'unpaid' as PaymentStatus }));
    let outcome: TestOutcome | undefined;
    watchTestPayment({ fetchStatus, onStop: (o) => (outcome = o), now: () => Date.now() });
    await vi.advanceTimersByTimeAsync(4 * 60_000);
    expect(outcome).toBeUndefined();
    await vi.advanceTimersByTimeAsync(61_000 + 3000);
    expect(outcome).toBe('timeout');
    const calls = fetchStatus.mock.calls.length;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchStatus.mock.calls.length).toBe(calls);

    const other = vi.fn(async () => ({ status: 'unpaid' as PaymentStatus }));
    const onStop = vi.fn();
    const cancel = watchTestPayment({ fetchStatus: other, onStop, interval: 1000 });
    await vi.advanceTimersByTimeAsync(1500);
    cancel();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(other).toHaveBeenCalledTimes(1);
    expect(onStop).not.toHaveBeenCalled();
  });
});

describe('refund ways', () => {
  const row = { status: 'paid' as PaymentStatus, gateway: 'alipay', purpose: 'order', userId: 7 };
  it('follows the server rules', () => {
    expect(refundWays(row)).toEqual(['balance', 'gateway']);
    expect(refundWays({ ...row, userId: null })).toEqual(['gateway']);
    expect(refundWays({ ...row, purpose: 'recharge' })).toEqual(['gateway']);
    expect(refundWays({ ...row, gateway: 'epay_v1' })).toEqual(['balance']);
    expect(refundWays({ ...row, gateway: 'epay_v1', purpose: 'recharge' })).toEqual([]);
    expect(refundWays({ ...row, status: 'unpaid' })).toEqual([]);
    expect(refundWays({ ...row, status: 'refunded' })).toEqual([]);
    expect(refundWays({ ...row, gateway: 'balance' })).toEqual([]);
  });
});
