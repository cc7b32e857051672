import { describe, expect, it } from 'vitest';
import { reversalOf } from './shares.js';

/** A small seeded generator (mulberry32), so a failing case can be replayed. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('share reversal arithmetic (decision 0009)', () => {
  it('floor(share × refund / total); a full refund takes all that is left', () => {
    expect(reversalOf(1_000, 0, 500, 3_000)).toBe(166);
    expect(reversalOf(1_000, 166, 3_000, 3_000)).toBe(834);
    expect(reversalOf(1_000, 1_000, 100, 3_000)).toBe(0);
    expect(reversalOf(1_000, 0, 0, 3_000)).toBe(0);
    // Exact beyond 2^53: BigInt arithmetic.
    expect(reversalOf(9_000_000_000_000, 0, 4_000_000_000_000, 9_000_000_000_000)).toBe(4_000_000_000_000);
  });

  it('property: random shares and refund sequences never overdraw, never go negative, and sum exactly', () => {
    for (let seed = 1; seed <= 500; seed++) {
      const rnd = random(seed);
      const total = 1 + Math.floor(rnd() * 1_000_000);
      // Shares: margins of a chain, together at most the total paid.
      const n = 1 + Math.floor(rnd() * 5);
      let room = total;
      const shares = Array.from({ length: n }, () => {
        const s = Math.floor(rnd() * (room + 1));
        room -= s;
        return s;
      });
      const reversed = shares.map(() => 0);
      let refunded = 0;
      // A few partial refunds, sometimes ending with the whole amount.
      const steps = 1 + Math.floor(rnd() * 4);
      for (let i = 0; i < steps && refunded < total; i++) {
        const whole = rnd() < 0.3;
        const r = whole ? total : 1 + Math.floor(rnd() * (total - refunded));
        refunded = Math.min(total, refunded + r);
        shares.forEach((s, k) => {
          const take = reversalOf(s, reversed[k], r, total);
          expect(take).toBeGreaterThanOrEqual(0);
          reversed[k] += take;
          expect(reversed[k]).toBeLessThanOrEqual(s);
          // No owner loses more than their proportional part of what was refunded so far.
          if (!whole) expect(reversed[k]).toBeLessThanOrEqual(Math.floor((s * refunded) / total) + 0);
        });
        if (whole) {
          expect(reversed).toEqual(shares);
          break;
        }
      }
      // What the platform absorbs (refunded part of the shares not taken back) is never negative.
      const kept = shares.reduce((a, s, k) => a + (s - reversed[k]), 0);
      expect(kept).toBeGreaterThanOrEqual(0);
      expect(kept + reversed.reduce((a, b) => a + b, 0)).toBe(shares.reduce((a, b) => a + b, 0));
    }
  });
});
