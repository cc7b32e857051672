import { describe, expect, it } from 'vitest';
import { chainMargins, chainPrices, scaledMargins } from './version-prices.js';

describe('version price chain', () => {
  it('sells at the price each site set, else at its own cost, never below cost', () => {
    // platform 100 yuan; s1 sells at 150; s2 set nothing (sells at its cost 150); s3 set 120 (below its cost 150).
    const prices = chainPrices(10_000, [15_000, null, 12_000]);
    expect(prices).toEqual([10_000, 15_000, 15_000, 15_000]);
    expect(chainMargins(prices!)).toEqual([5_000, 0, 0]);
  });

  it('a period the platform does not sell is not sold anywhere below', () => {
    expect(chainPrices(null, [5_000, 6_000])).toBeNull();
  });

  it('margins and the platform base add up to the buyer price exactly', () => {
    const prices = chainPrices(9_900, [10_000, 12_345, null, 20_000])!;
    const margins = chainMargins(prices);
    expect(prices[0] + margins.reduce((a, b) => a + b, 0)).toBe(prices.at(-1));
    expect(margins.every((m) => m >= 0)).toBe(true);
  });

  it('an upgrade that paid part of the price scales each margin down (floor); the platform keeps the rest', () => {
    expect(scaledMargins([3_000, 1_000], 5_000, 10_000)).toEqual([1_500, 500]);
    expect(scaledMargins([333, 1], 1, 3)).toEqual([111, 0]);
    expect(scaledMargins([3_000], 10_000, 10_000)).toEqual([3_000]);
    expect(scaledMargins([3_000], 0, 10_000)).toEqual([0]);
  });
});
