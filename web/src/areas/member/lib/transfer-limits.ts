import type { TransferConfig } from '@kapu/contract';
import { formatYuan } from '@/app/format';

/**
 * Why the server would refuse this amount under the member's limits, checked before the call
 * (same order as the server: closed, minimum, today's count, today's amount, balance); null = fine.
 */
export function transferAmountProblem(cfg: TransferConfig, amountFen: number): string | null {
  if (!cfg.enabled) return '转账功能已关闭';
  if (amountFen < cfg.min) return `转账金额不能低于 ${formatYuan(cfg.min)}`;
  if (cfg.remainingCount <= 0) return `每日最多转账 ${cfg.dailyCount} 次，今日次数已用完`;
  if (amountFen > cfg.remainingAmount) return `超出今日转账额度，今日还可转 ${formatYuan(cfg.remainingAmount)}`;
  if (amountFen > cfg.balance) return '余额不足';
  return null;
}

/** Share of today's amount limit used, 0–100, for a progress bar. */
export function todayUsedPercent(cfg: Pick<TransferConfig, 'todayAmount' | 'dailyAmount'>): number {
  if (cfg.dailyAmount <= 0) return 0;
  return Math.min(100, Math.round((cfg.todayAmount / cfg.dailyAmount) * 100));
}
