import { describe, expect, it } from 'vitest';
import { reversalOf } from '../sites/index.js';
import { costBackFor } from './owner-cost.js';

/**
 * An order of A fen paid into the owner's account, whose own margin is m: the owner pays C = A − m at
 * delivery. Refunds r1…rk then the rest give back, each, the refund less the part of the owner's margin
 * it reverses, never more than is left of C; together exactly C (decision 0010).
 */
function refundAll(amount: number, margin: number, parts: number[]) {
  let costLeft = amount - margin;
  let marginLeft = margin;
  let refunded = 0;
  const backs: number[] = [];
  for (const [i, r] of [...parts, amount - parts.reduce((a, b) => a + b, 0)].entries()) {
    const whole = i === parts.length;
    const kept = whole ? marginLeft : Math.min(marginLeft, reversalOf(margin, r, amount));
    const back = costBackFor(r, kept, costLeft, whole);
    backs.push(back);
    costLeft -= back;
    marginLeft -= kept;
    refunded += r;
  }
  return { backs, costLeft, marginLeft, refunded };
}

describe('the owner’s cost given back by refunds', () => {
  it('gives back exactly the cost over any sequence of partial refunds', () => {
    for (const [amount, margin, parts] of [
      [1300, 200, []],
      [1300, 200, [300]],
      [1300, 200, [1, 1, 1, 1297 - 1]],
      [999, 333, [100, 200, 300]],
      [1000, 0, [250]],
      [1000, 1000, [400]],
      [7, 3, [1, 2, 3]],
    ] as Array<[number, number, number[]]>) {
      const { backs, costLeft, marginLeft } = refundAll(amount, margin, parts);
      expect(
        backs.reduce((a, b) => a + b, 0),
        `${amount}/${margin}/${parts.join(',')}`,
      ).toBe(amount - margin);
      expect(costLeft).toBe(0);
      expect(marginLeft).toBe(0);
      for (const b of backs) expect(b).toBeGreaterThanOrEqual(0);
    }
  });

  it('a part gives back its refund less the owner’s reversed margin; never more than is left', () => {
    // 3.00 of 13.00 with an owner margin of 2.00: floor(200 × 300 / 1300) = 46 comes off the margin.
    expect(costBackFor(300, 46, 1100, false)).toBe(254);
    expect(costBackFor(300, 46, 100, false)).toBe(100);
    expect(costBackFor(300, 400, 1100, false)).toBe(0);
    expect(costBackFor(1, 0, 846, true)).toBe(846);
  });
});
