import type { LedgerEntry } from '@kapu/contract';
import type { LedgerFilters } from '@/api/funds';

/** Ledger entry types the funds module writes, for the filter. */
export const LEDGER_TYPE_OPTIONS = [
  { value: 'order_pay', label: '余额购买' },
  { value: 'order_refund', label: '订单退款' },
  { value: 'repeal_refund', label: '卡密撤销退款' },
  { value: 'admin_adjust', label: '后台调整' },
  { value: 'recharge', label: '在线充值' },
  { value: 'transfer_out', label: '转账转出' },
  { value: 'transfer_in', label: '转账转入' },
  { value: 'withdraw', label: '提现' },
];

/** Whether an entry passes the filters (createdAt is "YYYY-MM-DD HH:mm:ss" in the site's zone). */
export function ledgerMatches(e: Pick<LedgerEntry, 'type' | 'createdAt'>, f: LedgerFilters): boolean {
  if (f.type && e.type !== f.type) return false;
  const day = e.createdAt.slice(0, 10);
  if (f.from && day < f.from) return false;
  if (f.to && day > f.to) return false;
  return true;
}
