import type { FundsSettings } from '@kapu/contract';
import type { FundsSettingsForm } from '@/api/admin-withdrawals';
import { fenToYuanText } from '@/app/yuan';

/** Stored settings (fen, basis points) → the form's yuan and percent text. */
export function settingsToForm(s: FundsSettings): FundsSettingsForm {
  return {
    withdrawEnabled: s.withdrawEnabled,
    withdrawMin: fenToYuanText(s.withdrawMin),
    withdrawMax: fenToYuanText(s.withdrawMax),
    feePercent: (s.feeBasisPoints / 100).toFixed(2),
    feeMin: fenToYuanText(s.feeMin),
    withdrawDailyCount: s.withdrawDailyCount,
    transferEnabled: s.transferEnabled,
    transferMin: fenToYuanText(s.transferMin),
    transferDailyAmount: fenToYuanText(s.transferDailyAmount),
    transferDailyCount: s.transferDailyCount,
  };
}
