import { describe, expect, it } from 'vitest';
import { settlementMachine, supplierMachine, taskMachine } from './machines.js';
import { commissionOf, reversedFor, settlementOf } from './settlement-math.js';

describe('a supplier’s settlement, to the fen', () => {
  it('commission rounds half up; amount = cost − commission', () => {
    expect(commissionOf(666, 1000)).toBe(67); // 66.6
    expect(commissionOf(665, 1000)).toBe(67); // 66.5 → up
    expect(commissionOf(664, 1000)).toBe(66); // 66.4
    expect(commissionOf(1, 4999)).toBe(0); // 0.4999
    expect(commissionOf(1, 5000)).toBe(1); // 0.5
    expect(commissionOf(12345, 0)).toBe(0);
    expect(commissionOf(12345, 10000)).toBe(12345);
    expect(settlementOf(333, 2, 1000)).toEqual({ cost: 666, commission: 67, amount: 599 });
    // Past 2^53 in the product, still exact.
    expect(commissionOf(999_999_999_999, 9999)).toBe(999_899_999_999 + 0);
  });

  it('partial refunds reverse floor(amount × refunded / paid), cumulatively, never drifting; the whole refund takes the rest', () => {
    expect(reversedFor(599, 111, 1000, false)).toBe(66);
    expect(reversedFor(1440, 300, 2000, false)).toBe(216);
    expect(reversedFor(1440, 300, 2000, true)).toBe(1440);
    expect(reversedFor(1440, 2000, 2000, false)).toBe(1440);
    // Any sequence of parts: the running target equals the target of the total, and the pieces sum to it.
    for (const [amount, paid, parts] of [
      [599, 1000, [111, 1, 1, 333]],
      [7, 9, [1, 1, 1, 1, 1, 1, 1, 1]],
      [1000, 3, [1, 1]],
      [123_456, 789_012, [100_000, 200_001, 3]],
    ] as Array<[number, number, number[]]>) {
      let refunded = 0;
      let taken = 0;
      for (const p of parts) {
        refunded += p;
        const target = reversedFor(amount, refunded, paid, false);
        expect(target).toBeGreaterThanOrEqual(taken);
        taken = target;
        expect(taken).toBe(Math.floor((amount * refunded) / paid));
      }
      expect(reversedFor(amount, paid, paid, true) - taken).toBe(amount - taken);
    }
  });

  it('the machines: entries only leave frozen once; tasks end once; suppliers come back only from a suspension or a rejection', () => {
    expect(settlementMachine.can('frozen', 'released')).toBe(true);
    expect(settlementMachine.can('released', 'frozen')).toBe(false);
    expect(settlementMachine.can('released', 'reversed')).toBe(true);
    expect(settlementMachine.finals()).toEqual(['reversed']);
    expect(taskMachine.can('waiting', 'done')).toBe(false);
    expect(taskMachine.can('accepted', 'done')).toBe(true);
    expect(taskMachine.finals().sort()).toEqual(['closed', 'done', 'failed', 'refunded']);
    expect(supplierMachine.can('rejected', 'pending')).toBe(true);
    expect(supplierMachine.can('active', 'pending')).toBe(false);
    expect(() => supplierMachine.assert('suspended', 'rejected')).toThrow();
  });
});
