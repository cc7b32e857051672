import type { CsvExport, LedgerEntry, MyLedgerAnswer, Paged } from '@kapu/contract';
import { postForm } from '@/app/http/client';
import { adminUrl } from '@/app/http/admin-path';

/** Ledger filters: type code, days as YYYY-MM-DD. */
export interface LedgerFilters {
  type?: string;
  from?: string;
  to?: string;
}

/** 导出资金明细（按当前筛选，最新的至多 5,000 条） POST /inside/funds/exportLedger */
export function exportLedger(filters: LedgerFilters = {}) {
  return postForm<CsvExport>('/inside/funds/exportLedger', { ...filters });
}

/** 我的余额与资金明细 POST /inside/funds/getLedger */
export function getLedger(page: number, pageSize: number, filters: LedgerFilters = {}) {
  return postForm<MyLedgerAnswer>('/inside/funds/getLedger', { page, pageSize, ...filters });
}

/** 后台资金流水 POST /{adminPath}/funds/ledger */
export function adminLedger(query: { member?: string; page?: number; pageSize?: number }) {
  return postForm<Paged<LedgerEntry>>(adminUrl('funds/ledger'), query);
}

/** 调整会员余额（元，负数为扣减） POST /{adminPath}/funds/adjust */
export function adminAdjustBalance(values: { member: string; amount: string; reason: string }) {
  return postForm<{ balance: number }>(adminUrl('funds/adjust'), values);
}
