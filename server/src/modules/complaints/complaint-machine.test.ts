import { describe, expect, it } from 'vitest';
import { complaintEligibility, complaintMachine, statusAfterReply } from './complaint-machine.js';

const DAY = 86_400_000;
const now = Date.UTC(2026, 10, 27, 12);

describe('the complaint machine', () => {
  it('goes from open through the seller and the buyer to arbitration and closed, never out of closed', () => {
    expect(complaintMachine.can('open', 'awaiting_buyer')).toBe(true);
    expect(complaintMachine.can('awaiting_buyer', 'awaiting_seller')).toBe(true);
    expect(complaintMachine.can('awaiting_seller', 'arbitration')).toBe(true);
    expect(complaintMachine.can('arbitration', 'closed')).toBe(true);
    expect(complaintMachine.can('arbitration', 'awaiting_buyer')).toBe(false);
    expect(complaintMachine.can('closed', 'open')).toBe(false);
    expect(complaintMachine.finals()).toEqual(['closed']);
    expect(() => complaintMachine.assert('closed', 'arbitration')).toThrow(/状态不允许/);
  });

  it('moves on replies: the seller (or the platform on its own goods) to the buyer, the buyer back to the seller', () => {
    expect(statusAfterReply('open', 'seller', false)).toBe('awaiting_buyer');
    expect(statusAfterReply('awaiting_seller', 'staff', true)).toBe('awaiting_buyer');
    expect(statusAfterReply('awaiting_seller', 'staff', false)).toBeNull();
    expect(statusAfterReply('awaiting_buyer', 'buyer', false)).toBe('awaiting_seller');
    expect(statusAfterReply('open', 'buyer', false)).toBeNull();
    expect(statusAfterReply('arbitration', 'seller', false)).toBeNull();
    expect(statusAfterReply('awaiting_buyer', 'seller', false)).toBeNull();
  });
});

describe('who may complain', () => {
  const order = (o: Partial<Parameters<typeof complaintEligibility>[0]>) => ({
    status: 'delivered',
    paid_at: now - 2 * DAY,
    delivered_at: now - 2 * DAY,
    shipped_at: null,
    ...o,
  });

  it('a paid order that was delivered or shipped, within the window after it reached the buyer', () => {
    expect(complaintEligibility(order({}), now, 7)).toEqual({ ok: true, deadline: now + 5 * DAY });
    expect(
      complaintEligibility(order({ status: 'shipped', delivered_at: null, shipped_at: now - DAY }), now, 7),
    ).toEqual({
      ok: true,
      deadline: now + 6 * DAY,
    });
    // The last millisecond still counts; one later does not.
    expect(complaintEligibility(order({ delivered_at: now - 7 * DAY }), now, 7).ok).toBe(true);
    expect(complaintEligibility(order({ delivered_at: now - 7 * DAY - 1 }), now, 7)).toMatchObject({
      ok: false,
      code: 'COMPLAINT_WINDOW_PASSED',
    });
  });

  it('not an unpaid, pending, refunded or refund-due order', () => {
    for (const o of [
      order({ status: 'unpaid', paid_at: null, delivered_at: null }),
      order({ status: 'pending', delivered_at: null }),
      order({ status: 'refunded' }),
      order({ status: 'refund_due' }),
      order({ paid_at: null }),
    ])
      expect(complaintEligibility(o, now, 7)).toMatchObject({ ok: false, code: 'COMPLAINT_ORDER_NOT_ELIGIBLE' });
  });
});
