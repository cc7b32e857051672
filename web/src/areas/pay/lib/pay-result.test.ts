import { describe, expect, it } from 'vitest';
import { resultPathOf } from './handoff-store';
import { paymentNoFrom, returnViewOf } from './pay-result';

describe('return page', () => {
  const now = 1_000_000;
  it('maps the real state to what it says', () => {
    expect(returnViewOf({ status: 'paid', expiresAt: now - 1 }, now)).toBe('success');
    expect(returnViewOf({ status: 'unpaid', expiresAt: now + 1 }, now)).toBe('processing');
    expect(returnViewOf({ status: 'unpaid', expiresAt: now - 1 }, now)).toBe('unpaid');
    expect(returnViewOf({ status: 'closed', expiresAt: now + 1 }, now)).toBe('unpaid');
    expect(returnViewOf({ status: 'refunded', expiresAt: now + 1 }, now)).toBe('refunded');
  });
  it('reads our payment number or the gateway echo, and refuses junk', () => {
    expect(paymentNoFrom(new URLSearchParams('paymentNo=20250101000000000123451234512345'))).toBe(
      '20250101000000000123451234512345',
    );
    expect(
      paymentNoFrom(new URLSearchParams('out_trade_no=20250101000000000123451234512345&trade_status=TRADE_SUCCESS')),
    ).toBe('20250101000000000123451234512345');
    expect(paymentNoFrom(new URLSearchParams('paymentNo=<script>'))).toBe('');
    expect(paymentNoFrom(new URLSearchParams(''))).toBe('');
  });
  it('sends orders to the order and recharges to the result page', () => {
    expect(resultPathOf({ purpose: 'order', refNo: '123', paymentNo: 'P' }, true)).toBe(
      '/inside/showordermess?orderNo=123',
    );
    expect(resultPathOf({ purpose: 'order', refNo: '123', paymentNo: 'P' }, false)).toBe(
      '/inside/visitorOrderDetail?orderNo=123',
    );
    expect(resultPathOf({ purpose: 'recharge', refNo: '', paymentNo: 'P1' }, true)).toBe(
      '/pay/return_epay?paymentNo=P1',
    );
  });
});
