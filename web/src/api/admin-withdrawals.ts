import type { FundsSettings, Paged, WithdrawStatus } from '@kapu/contract';
import { postForm } from '@/app/http/client';
import { adminUrl } from '@/app/http/admin-path';
import type { WithdrawRow } from './withdraw';

export interface AdminWithdrawRow extends Omit<WithdrawRow, 'payee'> {
  userId: number;
  loginName: string;
  userNo: string;
  /** Full account for staff who pay out by hand. */
  payee: {
    kind: string;
    realName: string;
    account: string;
    bankName: string;
    bankBranch: string;
    qrType: string;
    qrImage: string;
  };
  staffName: string;
}

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

interface MismatchedUser {
  userId: number;
  userNo: string;
  loginName?: string;
  balance?: number;
  ledgerSum: number;
  lastBalanceAfter?: number;
  difference: number;
}

export interface ReconcileReport {
  day: string;
  generatedAt: number;
  mismatch: boolean;
  overall: {
    ledgerTotal: number;
    balanceTotal: number;
    difference: number;
    mismatchedUsers: MismatchedUser[];
    moreMismatchedUsers: boolean;
    mismatch: boolean;
  };
  daily: {
    byType: Array<{ type: string; typeText: string; count: number; amount: number }>;
    openingLedger: number;
    netChange: number;
    closingLedger: number;
    closingBalances: number;
    difference: number;
    transferNet: number;
    mismatchedUsers: MismatchedUser[];
    mismatch: boolean;
  };
  withdrawals: {
    pendingCount: number;
    pendingAmount: number;
    liability: number;
    handledOnDay: Array<{ status: string; count: number; amount: number; fee: number }>;
    mismatchedWithdrawals: Array<{ withdrawNo: string; status: string; amount: number; ledgerNet: number }>;
    mismatch: boolean;
  };
  payments:
    | { available: false; reason: string }
    | {
        available: true;
        received: number;
        byPurpose: Array<{ purpose: string; count: number; amount: number; fee: number }>;
        ordersPaid: number;
        rechargesPaid: number;
        rechargeBonus: number;
        rechargeLedger: number;
        unmatchedPayments: Array<{ paymentNo: string; purpose: string; amount: number }>;
        difference: number;
        mismatch: boolean;
      };
  /** The report the daily job stored for that day, if any. */
  stored: unknown;
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
  return postForm<ReconcileReport>(adminUrl('funds/reconcile'), { date });
}
