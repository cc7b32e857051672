import type { Paged, WithdrawConfig, WithdrawRow, WithdrawStatus, WithdrawWithBalance } from '@kapu/contract';
import { postForm } from '@/app/http/client';

/** 提现设置与今日次数、收款账户 POST /inside/withdraw/config */
export function getWithdrawConfig() {
  return postForm<WithdrawConfig>('/inside/withdraw/config');
}

/** 申请提现（金额为元） POST /inside/withdraw/create */
export function createWithdraw(values: { payeeId: number; amount: string; salePwd?: string }) {
  return postForm<WithdrawWithBalance>('/inside/withdraw/create', values);
}

/** 我的提现记录 POST /inside/withdraw/list */
export function listWithdrawals(query: { status?: WithdrawStatus; page?: number; pageSize?: number }) {
  return postForm<Paged<WithdrawRow>>('/inside/withdraw/list', query);
}

/** 取消待审核的提现 POST /inside/withdraw/cancel */
export function cancelWithdraw(id: number) {
  return postForm<WithdrawWithBalance>('/inside/withdraw/cancel', { id });
}
