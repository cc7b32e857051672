import { describe, expect, it } from 'vitest';
import {
  chainQuote,
  markUp,
  ownGoodsQuote,
  reversalOf,
  roundUp,
  ruleFor,
  type PriceRule,
  type SiteRules,
} from './price-chain.js';

const goods = { id: 7, dirId: 3 };
const rule = (r: Partial<PriceRule>): PriceRule => ({
  scope: 'global',
  targetId: null,
  rangeMin: null,
  rangeMax: null,
  kind: 'percent',
  value: 0,
  ...r,
});
const site = (siteId: number, buyer: PriceRule[], child: PriceRule[] = [], rounding: SiteRules['rounding'] = 'fen') =>
  ({
    siteId,
    ownerId: siteId * 10,
    rounding,
    buyer,
    child,
    hidden: new Set(),
    shelf: null,
    dirs: new Map(),
  }) as SiteRules;

/** A small seeded generator, so a failing case can be replayed. */
function rng(seed: number) {
  let s = seed >>> 0;
  return (n: number) => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s % n;
  };
}

describe('the price chain (decision 0009)', () => {
  it('takes the most specific rule: goods, then directory, then price range, then global', () => {
    const rules = [
      rule({ value: 1000 }),
      rule({ scope: 'range', rangeMin: 0, rangeMax: 5000, value: 2000 }),
      rule({ scope: 'dir', targetId: 3, value: 3000 }),
      rule({ scope: 'goods', targetId: 7, value: 4000 }),
    ];
    expect(ruleFor(rules, goods, 1000)?.value).toBe(4000);
    expect(ruleFor(rules, { id: 8, dirId: 3 }, 1000)?.value).toBe(3000);
    expect(ruleFor(rules, { id: 8, dirId: 4 }, 1000)?.value).toBe(2000);
    expect(ruleFor(rules, { id: 8, dirId: 4 }, 5000)?.value).toBe(1000);
    expect(ruleFor([], goods, 1000)).toBeUndefined();
  });

  it('marks up by percent (rounded up to the fen), by a fixed amount, or to a set price never below the cost', () => {
    expect(markUp([rule({ value: 1000 })], 'fen', goods, 999)).toBe(999 + 100);
    expect(markUp([rule({ value: 1 })], 'fen', goods, 1)).toBe(2);
    expect(markUp([rule({ kind: 'fixed', value: 150 })], 'fen', goods, 1000)).toBe(1150);
    expect(markUp([rule({ kind: 'price', value: 1500 })], 'fen', goods, 1000)).toBe(1500);
    expect(markUp([rule({ kind: 'price', value: 900 })], 'fen', goods, 1000)).toBe(1000);
    expect(markUp([], 'fen', goods, 1000)).toBe(1000);
  });

  it('rounds up to the jiao or the yuan, so the price never falls under the cost', () => {
    expect(roundUp(1001, 'jiao')).toBe(1010);
    expect(roundUp(1001, 'yuan')).toBe(1100);
    expect(roundUp(1000, 'yuan')).toBe(1000);
    expect(markUp([rule({ value: 1000 })], 'yuan', goods, 1001)).toBe(1200);
  });

  it('passes each link its own markup: children buy at the parent child price, buyers at the last site buyer price', () => {
    const chain = [
      site(2, [rule({ value: 5000 })], [rule({ kind: 'fixed', value: 100 })]),
      site(3, [], [rule({ kind: 'fixed', value: 50 })]),
      site(4, [rule({ kind: 'fixed', value: 200 })]),
    ];
    const q = chainQuote(chain, goods, 1000);
    expect(q.unitPrice).toBe(1000 + 100 + 50 + 200);
    expect(q.links.map((l) => [l.siteId, l.depth, l.unitMargin])).toEqual([
      [2, 1, 100],
      [3, 2, 50],
      [4, 3, 200],
    ]);
  });

  it('gives a special customer only a share of the last markup', () => {
    const q = chainQuote([site(2, [rule({ kind: 'fixed', value: 333 })])], goods, 1000, 5000);
    expect(q.unitPrice).toBe(1000 + 166);
    expect(q.links[0]!.unitMargin).toBe(166);
  });

  it('property: random chains, markups, quantities and refunds — credits ≥ 0, sums exact, refunds reverse to the fen', () => {
    for (let seed = 1; seed <= 500; seed++) {
      const r = rng(seed);
      const depth = 1 + r(6);
      const chain = Array.from({ length: depth }, (_, i) => {
        const pick = (): PriceRule[] =>
          r(4) === 0
            ? []
            : [
                r(3) === 0
                  ? rule({ kind: 'fixed', value: r(5000) })
                  : r(5) === 0
                    ? rule({ kind: 'price', value: r(200_000) })
                    : rule({ value: r(20_000) }),
              ];
        return site(i + 2, pick(), pick(), (['fen', 'jiao', 'yuan'] as const)[r(3)]!);
      });
      const base = r(100_000);
      const quantity = 1 + r(50);
      const q = chainQuote(chain, goods, base, r(3) === 0 ? r(10_001) : null);
      const credits = q.links.map((l) => l.unitMargin * quantity);
      for (const c of credits) expect(c).toBeGreaterThanOrEqual(0);
      const amount = q.unitPrice * quantity;
      expect(credits.reduce((a, b) => a + b, 0) + base * quantity).toBe(amount);

      // Partial refunds in random parts, then the rest: every credit comes back whole, the
      // platform bears what each rounding left, and no reversal ever exceeds its credit.
      const reversed = credits.map(() => 0);
      let refunded = 0;
      while (amount - refunded > 0) {
        const left = amount - refunded;
        const part = r(3) === 0 ? left : 1 + r(left);
        const whole = part === left;
        credits.forEach((c, i) => {
          const back = whole ? c - reversed[i]! : Math.min(c - reversed[i]!, reversalOf(c, part, amount));
          expect(back).toBeGreaterThanOrEqual(0);
          reversed[i]! += back;
        });
        const backTotal = credits.reduce((a, _c, i) => a + reversed[i]!, 0);
        expect(backTotal).toBeLessThanOrEqual(refunded + part);
        refunded += part;
      }
      expect(reversed).toEqual(credits);
    }
  });
  it('own goods (decision 0018): the owning site takes the base and its markup, the platform nothing', () => {
    const chain = [
      site(2, [], [rule({ kind: 'fixed', value: 100 })]),
      site(3, [rule({ value: 5000 })], [rule({ kind: 'fixed', value: 50 })]),
      site(4, [rule({ kind: 'fixed', value: 200 })]),
    ];
    // Site 3 owns the goods at 12.00; sold on site 4: 1200 + 50 (3's child rule) + 200 (4's buyer rule).
    const q = ownGoodsQuote(chain.slice(1), goods, 1200, null, 2);
    expect(q.unitPrice).toBe(1450);
    expect(q.baseUnit).toBe(0);
    expect(q.links.map((l) => [l.siteId, l.depth, l.unitMargin])).toEqual([
      [3, 2, 1250],
      [4, 3, 200],
    ]);
    // Sold on the owning site itself: its buyer rule on its own price, all of it its share.
    const own = ownGoodsQuote(chain.slice(1, 2), goods, 1200, null, 2);
    expect(own.unitPrice).toBe(1800);
    expect(own.links).toEqual([{ siteId: 3, userId: 30, depth: 2, unitMargin: 1800 }]);
  });

  it('property: own goods at a random depth — shares ≥ 0, Σ shares = paid (platform 0), refunds restore every share', () => {
    for (let seed = 1; seed <= 500; seed++) {
      const r = rng(seed * 7919);
      const depth = 1 + r(6);
      const chain = Array.from({ length: depth }, (_, i) => {
        const pick = (): PriceRule[] =>
          r(4) === 0
            ? []
            : [
                r(3) === 0
                  ? rule({ kind: 'fixed', value: r(5000) })
                  : r(5) === 0
                    ? rule({ kind: 'price', value: r(200_000) })
                    : rule({ value: r(20_000) }),
              ];
        return site(i + 2, pick(), pick(), (['fen', 'jiao', 'yuan'] as const)[r(3)]!);
      });
      const owner = r(depth); // index of the owning site in the chain
      const own = 1 + r(100_000); // the owner's price (import markup or set by hand)
      const quantity = 1 + r(50);
      const q = ownGoodsQuote(chain.slice(owner), goods, own, r(3) === 0 ? r(10_001) : null, owner + 1);
      expect(q.baseUnit).toBe(0);
      expect(q.links.map((l) => l.siteId)).toEqual(chain.slice(owner).map((s) => s.siteId));
      expect(q.links.map((l) => l.depth)).toEqual(chain.slice(owner).map((_s, i) => owner + 1 + i));
      // The owner earns at least its own price; the platform's revenue is 0.
      expect(q.links[0]!.unitMargin).toBeGreaterThanOrEqual(own);
      const credits = q.links.map((l) => l.unitMargin * quantity);
      for (const c of credits) expect(c).toBeGreaterThanOrEqual(0);
      const amount = q.unitPrice * quantity;
      const platformRevenue = q.baseUnit * quantity;
      expect(credits.reduce((a, b) => a + b, 0) + platformRevenue).toBe(amount);

      // Partial refunds, then the rest: no share gives back more than it got or than was refunded,
      // and in the end every share is reversed whole (each balance back where it was).
      const reversed = credits.map(() => 0);
      let refunded = 0;
      while (amount - refunded > 0) {
        const left = amount - refunded;
        const part = r(3) === 0 ? left : 1 + r(left);
        const whole = part === left;
        credits.forEach((c, i) => {
          // As profits' reverseShares: each refund reverses floor(share × part / amount), the last one the rest.
          const back = whole ? c - reversed[i]! : Math.min(c - reversed[i]!, reversalOf(c, part, amount));
          expect(back).toBeGreaterThanOrEqual(0);
          reversed[i]! += back;
        });
        refunded += part;
        expect(reversed.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(refunded);
      }
      expect(reversed).toEqual(credits);
    }
  });
});
