import { describe, expect, it } from 'vitest';
import type { TransferConfig } from '@kapu/contract';
import { todayUsedPercent, transferAmountProblem } from './transfer-limits';

const base: TransferConfig = {
  enabled: 1,
  balance: 100_00,
  min: 1_00,
  dailyAmount: 50_00,
  dailyCount: 3,
  todayAmount: 20_00,
  todayCount: 1,
  remainingAmount: 30_00,
  remainingCount: 2,
};

describe('transfer limits on the client', () => {
  it('accepts an amount within every limit', () => {
    expect(transferAmountProblem(base, 30_00)).toBeNull();
    expect(transferAmountProblem(base, 1_00)).toBeNull();
  });
  it('refuses in the server order: closed, minimum, count, amount, balance', () => {
    expect(transferAmountProblem({ ...base, enabled: 0 }, 10)).toBe('转账功能已关闭');
    expect(transferAmountProblem(base, 99)).toBe('转账金额不能低于 ¥1.00');
    expect(transferAmountProblem({ ...base, remainingCount: 0 }, 5_00)).toBe('每日最多转账 3 次，今日次数已用完');
    expect(transferAmountProblem(base, 30_01)).toBe('超出今日转账额度，今日还可转 ¥30.00');
    expect(transferAmountProblem({ ...base, balance: 5_00 }, 6_00)).toBe('余额不足');
  });
  it('answers the used share of today’s amount, capped at 100', () => {
    expect(todayUsedPercent(base)).toBe(40);
    expect(todayUsedPercent({ todayAmount: 90_00, dailyAmount: 50_00 })).toBe(100);
    expect(todayUsedPercent({ todayAmount: 0, dailyAmount: 0 })).toBe(0);
  });
});
