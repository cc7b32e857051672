import { describe, expect, it } from 'vitest';
import { upgradeQuote, type RankedLevel } from './level-upgrade.js';

const level = (id: number, sort: number, price: number | null, buyable = true): RankedLevel => ({
  id,
  sort,
  price,
  buyable,
});

describe('upgradeQuote (the price of buying a level)', () => {
  const ordinary = level(1, 1, null, false);
  const senior = level(2, 2, 3000);
  const vip = level(3, 3, 8800);

  it('buying from a level without a price costs the whole price', () => {
    expect(upgradeQuote(ordinary, senior)).toEqual({ state: 'buyable', cost: 3000 });
    expect(upgradeQuote(ordinary, vip)).toEqual({ state: 'buyable', cost: 8800 });
  });

  it('an upgrade costs the difference to the current level’s price', () => {
    expect(upgradeQuote(senior, vip)).toEqual({ state: 'buyable', cost: 5800 });
  });

  it('the current level’s price counts even when it is no longer sold', () => {
    expect(upgradeQuote(level(2, 2, 3000, false), vip)).toEqual({ state: 'buyable', cost: 5800 });
  });

  it('never charges below 0: a higher level priced under the current one upgrades for free', () => {
    expect(upgradeQuote(level(2, 2, 9000), vip)).toEqual({ state: 'buyable', cost: 0 });
  });

  it('refuses the same level, a lower one and a peer of equal sort', () => {
    expect(upgradeQuote(senior, senior)).toEqual({ state: 'current' });
    expect(upgradeQuote(vip, senior)).toEqual({ state: 'lower' });
    expect(upgradeQuote(vip, ordinary)).toEqual({ state: 'lower' });
    expect(upgradeQuote(senior, level(4, 2, 100))).toEqual({ state: 'lower' });
  });

  it('refuses a level that is not sold: flag off, no price or a price of 0', () => {
    expect(upgradeQuote(ordinary, level(5, 5, 5000, false))).toEqual({ state: 'notForSale' });
    expect(upgradeQuote(ordinary, level(5, 5, null))).toEqual({ state: 'notForSale' });
    expect(upgradeQuote(ordinary, level(5, 5, 0))).toEqual({ state: 'notForSale' });
  });

  it('a member on a level outside the list counts as the lowest, having paid nothing', () => {
    expect(upgradeQuote(undefined, senior)).toEqual({ state: 'buyable', cost: 3000 });
  });
});
