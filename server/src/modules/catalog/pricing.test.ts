import { describe, expect, it } from 'vitest';
import { quote, type PriceRules } from './pricing.js';

const rules: PriceRules = {
  goodsId: 1,
  basePrice: 1000,
  levelPrices: new Map([
    [2, 950],
    [3, 900],
  ]),
  tiers: [
    { minQuantity: 10, price: 920 },
    { minQuantity: 100, price: 850 },
  ],
};

describe('pricing', () => {
  it('uses the level price, else the base price', () => {
    expect(quote(rules, 1, 1)).toEqual({ unitPrice: 1000, levelPrice: 1000, tier: null, amount: 1000 });
    expect(quote(rules, 2, 1).unitPrice).toBe(950);
    expect(quote(rules, 3, 2)).toMatchObject({ unitPrice: 900, amount: 1800 });
  });

  it('applies the best wholesale tier the quantity reaches, only when cheaper', () => {
    expect(quote(rules, 1, 9).unitPrice).toBe(1000);
    expect(quote(rules, 1, 10)).toMatchObject({ unitPrice: 920, tier: 10, amount: 9200 });
    expect(quote(rules, 1, 100)).toMatchObject({ unitPrice: 850, tier: 100 });
    // the VIP level price (900) beats the 10-unit tier (920), but not the 100-unit tier
    expect(quote(rules, 3, 10)).toMatchObject({ unitPrice: 900, tier: null });
    expect(quote(rules, 3, 150)).toMatchObject({ unitPrice: 850, tier: 100, amount: 127500 });
  });
});
