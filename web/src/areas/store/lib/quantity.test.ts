import { describe, expect, it } from 'vitest';
import { firstValidQuantity, lastValidQuantity, quantityHint, quantityProblem, snapQuantity } from './quantity';

const rule = { minQuantity: 3, maxQuantity: 20, multiple: 5 };

describe('quantity rules', () => {
  it('finds the first and last allowed quantity, with stock as a cap', () => {
    expect(firstValidQuantity(rule)).toBe(5);
    expect(lastValidQuantity(rule)).toBe(20);
    expect(lastValidQuantity(rule, 12)).toBe(10);
    expect(lastValidQuantity(rule, 4)).toBeNull();
    expect(firstValidQuantity({ minQuantity: 7, maxQuantity: 9, multiple: 5 })).toBeNull();
    expect(firstValidQuantity({ minQuantity: 1, maxQuantity: 100, multiple: 1 })).toBe(1);
  });

  it('explains what is wrong in Chinese', () => {
    expect(quantityProblem(5, rule)).toBeNull();
    expect(quantityProblem(2, rule)).toBe('最少购买 3 件');
    expect(quantityProblem(25, rule)).toBe('最多购买 20 件');
    expect(quantityProblem(7, rule)).toBe('购买数量须为 5 的倍数');
    expect(quantityProblem(15, rule, 10)).toBe('库存不足，当前库存 10 件');
    expect(quantityProblem(15, rule, -1)).toBeNull();
    expect(quantityProblem(null, rule)).toBe('请输入整数购买数量');
    expect(quantityProblem(2.5, rule)).toBe('请输入整数购买数量');
  });

  it('snaps typed quantities to allowed ones', () => {
    expect(snapQuantity(7, rule)).toBe(5);
    expect(snapQuantity(8, rule)).toBe(10);
    expect(snapQuantity(1, rule)).toBe(5);
    expect(snapQuantity(99, rule)).toBe(20);
    expect(snapQuantity(99, rule, 12)).toBe(10);
    expect(snapQuantity(Number.NaN, rule)).toBe(5);
  });

  it('describes the rule', () => {
    expect(quantityHint(rule)).toBe('每单 3-20 件，按 5 的倍数购买');
    expect(quantityHint({ minQuantity: 1, maxQuantity: 100, multiple: 1 })).toBe('每单 1-100 件');
  });
});
