import { LEDGER_TYPES } from '@kapu/contract';
import { describe, expect, it } from 'vitest';
import {
  commissionOf,
  reversedTarget,
  sameSubnet,
  splitReversal,
  statusAfter,
  takeInOrder,
  underCap,
  type CommissionState,
} from './commission-math.js';

/** A small seeded generator (mulberry32), so a failing case can be replayed from its seed. */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)) };
}

describe('commission arithmetic', () => {
  it('is floor(base × bp / 10000), exact beyond 2^53 products', () => {
    expect(commissionOf(3333, 1000)).toBe(333);
    expect(commissionOf(3333, 500)).toBe(166);
    expect(commissionOf(1, 9999)).toBe(0);
    expect(commissionOf(0, 1000)).toBe(0);
    expect(commissionOf(900_719_925_474_099, 10_000)).toBe(900_719_925_474_099);
  });

  it('caps a day: what fits, nothing past it, everything without a cap', () => {
    expect(underCap(200, 0, 300)).toBe(200);
    expect(underCap(200, 200, 300)).toBe(100);
    expect(underCap(200, 300, 300)).toBe(0);
    expect(underCap(200, 999, 0)).toBe(200);
  });

  it('takes a collect from the oldest first', () => {
    expect(takeInOrder([100, 50, 70], 120)).toEqual([100, 20, 0]);
    expect(takeInOrder([100, 50], 150)).toEqual([100, 50]);
  });

  it('tells one network from another (IPv4 /24, IPv6 /64)', () => {
    expect(sameSubnet('10.1.2.3', '10.1.2.250')).toBe(true);
    expect(sameSubnet('10.1.2.3', '10.1.3.3')).toBe(false);
    expect(sameSubnet('::ffff:10.1.2.3', '10.1.2.9')).toBe(true);
    expect(sameSubnet('2001:db8:1:2::1', '2001:db8:1:2:ffff::9')).toBe(true);
    expect(sameSubnet('2001:db8:1:2::1', '2001:db8:1:3::1')).toBe(false);
    expect(sameSubnet('10.1.2.3', '2001:db8::1')).toBe(false);
  });

  it('keeps the sums exact over random orders, rates, refunds and collects (seeded property test)', () => {
    for (let seed = 1; seed <= 1000; seed++) {
      const r = rng(seed);
      const base = r.int(1, 2_000_000);
      const rates = [r.int(0, 3000), r.int(0, 1500), r.int(0, 500)];
      const rows = rates.map((bp) => ({ amount: commissionOf(base, bp), reversed: 0, collected: 0 }));
      // The three levels never pay more than their rates of the base, and lose under one fen each to rounding.
      const paid = rows.reduce((s, c) => s + c.amount, 0);
      const exact = (base * (rates[0] + rates[1] + rates[2])) / 10_000;
      expect(paid).toBeLessThanOrEqual(exact);
      expect(exact - paid).toBeLessThan(3);

      let refunded = 0;
      let collectedIn = 0; // money moved to balances by collects
      let clawedOut = 0; // money taken back by reversals
      const steps = r.int(1, 6);
      for (let step = 0; step <= steps; step++) {
        const whole = step === steps;
        // A collect of a random part of what is collectable, before each refund.
        for (const c of rows) {
          const left = c.amount - c.reversed - c.collected;
          const take = left > 0 ? r.int(0, left) : 0;
          c.collected += take;
          collectedIn += take;
        }
        refunded = whole ? base : Math.min(base, refunded + r.int(0, Math.ceil(base / steps)));
        for (const [i, c] of rows.entries()) {
          const target = reversedTarget({ amount: c.amount, base, refundBase: 0 }, refunded, whole);
          expect(target).toBe(whole ? c.amount : Math.floor((c.amount * refunded) / base));
          const part = target - c.reversed;
          expect(part).toBeGreaterThanOrEqual(0);
          if (part === 0) continue;
          const { fromUncollected, clawedBack, after } = splitReversal(c, part);
          expect(fromUncollected + clawedBack).toBe(part);
          clawedOut += clawedBack;
          rows[i] = after;
          expect(after.reversed + after.collected).toBeLessThanOrEqual(after.amount);
          expect(after.collected).toBeGreaterThanOrEqual(0);
        }
        // What the earners hold from collects is exactly what is still counted as collected.
        expect(collectedIn - clawedOut).toBe(rows.reduce((s, c) => s + c.collected, 0));
      }
      // Refunded whole: everything reversed, every collected fen clawed back.
      for (const c of rows) {
        expect(c).toEqual({ amount: c.amount, reversed: c.amount, collected: 0 });
        expect(statusAfter(c)).toBe('reversed');
      }
      expect(clawedOut).toBe(collectedIn);
    }
  });

  it('moves statuses by where the money stands', () => {
    const s = (amount: number, reversed: number, collected: number): CommissionState => ({
      amount,
      reversed,
      collected,
    });
    expect(statusAfter(s(100, 0, 0))).toBe('held');
    expect(statusAfter(s(100, 40, 60))).toBe('collected');
    expect(statusAfter(s(100, 100, 0))).toBe('reversed');
    expect(statusAfter(s(100, 40, 10))).toBe('held');
  });

  it('names ledger types that fit the ledger column (20 characters)', () => {
    for (const type of LEDGER_TYPES) expect(type.length, type).toBeLessThanOrEqual(20);
  });
});
