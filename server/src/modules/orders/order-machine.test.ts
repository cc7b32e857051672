import { ORDER_STATUSES } from '@kapu/contract';
import { describe, expect, it } from 'vitest';
import { orderMachine } from './order-machine.js';

describe('order state machine', () => {
  it('covers every status the contract names', () => {
    expect(Object.keys(orderMachine.transitions).sort()).toEqual([...ORDER_STATUSES].sort());
  });
  it('pays only unpaid or expired orders, and never pays twice', () => {
    const payable = ORDER_STATUSES.filter((s) => orderMachine.can(s, 'paid'));
    expect(payable.sort()).toEqual(['expired', 'unpaid']);
  });
  it("ends in cancelled and refunded; delivered may only be refunded (a visitor's via refund_due)", () => {
    expect(orderMachine.finals().sort()).toEqual(['cancelled', 'refunded']);
    expect(orderMachine.transitions.delivered).toEqual(['refunded', 'refund_due']);
    expect(() => orderMachine.assert('delivered', 'pending')).toThrow(/状态不允许/);
    expect(orderMachine.can('expired', 'delivered')).toBe(false);
  });
});
