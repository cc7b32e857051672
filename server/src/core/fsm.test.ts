import { describe, expect, it } from 'vitest';
import { isBusinessError } from './errors.js';
import { defineMachine, expectOneRow } from './fsm.js';

const order = defineMachine(
  'order',
  {
    unpaid: ['paid', 'expired'],
    paid: ['delivered', 'refunded'],
    expired: ['paid'],
    delivered: [],
    refunded: [],
  },
  { table: 'orders' },
);

describe('state machines as data', () => {
  it('allows only listed transitions', () => {
    expect(order.can('unpaid', 'paid')).toBe(true);
    expect(order.can('expired', 'paid')).toBe(true);
    expect(order.can('delivered', 'unpaid')).toBe(false);
    expect(order.can('paid', 'paid')).toBe(false);
  });

  it('throws a catalogued conflict for a forbidden transition', () => {
    try {
      order.assert('refunded', 'paid');
      expect.unreachable();
    } catch (e) {
      expect(isBusinessError(e)).toBe(true);
      expect((e as { code: number }).code).toBe(1007);
    }
  });

  it('lists final states', () => {
    expect(order.finals().sort()).toEqual(['delivered', 'refunded']);
  });

  it('treats a conditional update that touched no row as a lost race', () => {
    expect(() => expectOneRow(1n, 'order')).not.toThrow();
    expect(() => expectOneRow(0n, 'order')).toThrow();
  });
});
