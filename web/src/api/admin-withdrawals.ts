import type { AdminWithdrawRow, FundsSettings, Paged, ReconcileAnswer, WithdrawStatus } from '@kapu/contract';
import { postForm } from '@/app/http/client';
import { adminUrl } from '@/app/http/admin-path';

/** Settings as typed in the form: yuan text and percent text. */
export interface FundsSettingsForm {
  withdrawEnabled: 0 | 1;
  withdrawMin: string;
  withdrawMax: string;
  feePercent: string;
  feeMin: string;
  withdrawDailyCount: number;
  transferEnabled: 0 | 1;
  transferMin: string;
  transferDailyAmount: string;
  transferDailyCount: number;
}

/** 提现审核列表 POST /{adminPath}/withdrawals/list */
export function adminWithdrawals(query: {
  status?: WithdrawStatus;
  keyword?: string;
  userId?: number;
  page?: number;
  pageSize?: number;
}) {
  return postForm<Paged<AdminWithdrawRow>>(adminUrl('withdrawals/list'), query);
}

/** 通过提现（填写打款流水号） POST /{adminPath}/withdrawals/approve */
export function approveWithdraw(id: number, payoutRef: string) {
  return postForm<{ id: number; status: 'approved' }>(adminUrl('withdrawals/approve'), { id, payoutRef });
}

/** 驳回提现（金额退回余额） POST /{adminPath}/withdrawals/reject */
export function rejectWithdraw(id: number, reason: string) {
  return postForm<{ id: number; status: 'rejected' }>(adminUrl('withdrawals/reject'), { id, reason });
}

/** 资金设置（分 / 万分比） POST /{adminPath}/funds/settings */
export function getFundsSettings() {
  return postForm<FundsSettings>(adminUrl('funds/settings'));
}

/** 保存资金设置（元 / 百分比） POST /{adminPath}/funds/settings/save */
export function saveFundsSettings(values: FundsSettingsForm) {
  return postForm<FundsSettings>(adminUrl('funds/settings/save'), { ...values });
}

/** 对账报表（某日） POST /{adminPath}/funds/reconcile */
export function getReconcileReport(date?: string) {
  return postForm<ReconcileAnswer>(adminUrl('funds/reconcile'), { date });
}
