import { describe, expect, it } from 'vitest';
import { channelFee, percentText, rechargeBonus, withdrawalFee, yuanToFen } from './money';

describe('yuanToFen', () => {
  it('parses yuan text by string rules', () => {
    expect(yuanToFen('12')).toBe(1200);
    expect(yuanToFen('0.5')).toBe(50);
    expect(yuanToFen('0.05')).toBe(5);
    expect(yuanToFen(' 19.99 ')).toBe(1999);
    expect(yuanToFen('0.1')).toBe(10);
    expect(yuanToFen('1234567890.12')).toBe(123456789012);
  });
  it('refuses what the server refuses', () => {
    for (const bad of ['', '-1', '1.234', '01', '1,000', 'abc', '1e3', '.5', '1.', undefined, null])
      expect(yuanToFen(bad)).toBeNull();
  });
});

describe('withdrawalFee (same rule as the server)', () => {
  it('rounds the rate part up to the fen', () => {
    expect(withdrawalFee(10_000, 60, 0)).toBe(60); // 100 yuan × 0.6 %
    expect(withdrawalFee(1_001, 60, 0)).toBe(7); // 6.006 → 7
    expect(withdrawalFee(1, 1, 0)).toBe(1); // 0.0001 → 1
  });
  it('never goes below the minimum fee', () => {
    expect(withdrawalFee(1_000, 60, 200)).toBe(200);
    expect(withdrawalFee(100_000, 60, 200)).toBe(600);
  });
  it('is zero without a rate or minimum', () => {
    expect(withdrawalFee(123_456, 0, 0)).toBe(0);
  });
  it('stays exact for amounts where floats would drift', () => {
    expect(withdrawalFee(999_999_999_999, 9_999, 0)).toBe(999_900_000_000);
  });
});

describe('channel fee and recharge bonus', () => {
  it('channel fee rounds up, zero rate is free', () => {
    expect(channelFee(10_000, 60)).toBe(60);
    expect(channelFee(333, 60)).toBe(2);
    expect(channelFee(10_000, 0)).toBe(0);
  });
  it('bonus is the highest tier reached', () => {
    const tiers = [
      { min: 10_000, bonus: 500 },
      { min: 50_000, bonus: 3_000 },
      { min: 20_000, bonus: 1_200 },
    ];
    expect(rechargeBonus(tiers, 9_999)).toBe(0);
    expect(rechargeBonus(tiers, 10_000)).toBe(500);
    expect(rechargeBonus(tiers, 49_999)).toBe(1_200);
    expect(rechargeBonus(tiers, 60_000)).toBe(3_000);
    expect(rechargeBonus([], 60_000)).toBe(0);
  });
  it('percent text from basis points', () => {
    expect(percentText(60)).toBe('0.6%');
    expect(percentText(100)).toBe('1%');
    expect(percentText(125)).toBe('1.25%');
  });
});
