import type { TransferConfig, TransferPreview, TransferResult } from '@kapu/contract';
import { postForm } from '@/app/http/client';

/** 确认收款会员（返回打码姓名） POST /inside/funds/transfer/preview */
export function previewTransfer(receiver: string) {
  return postForm<TransferPreview>('/inside/funds/transfer/preview', { receiver });
}

/** 余额转账（金额为元） POST /inside/funds/transfer */
export function transferMoney(values: { receiver: string; amount: string; salePwd?: string; memo?: string }) {
  return postForm<TransferResult>('/inside/funds/transfer', values);
}

/** 我的转账限额与今日已用 POST /inside/funds/transfer/config */
export function getTransferConfig() {
  return postForm<TransferConfig>('/inside/funds/transfer/config');
}
