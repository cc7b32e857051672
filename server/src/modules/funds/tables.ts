import type { ColumnType } from 'kysely';
import type { Id } from '../../core/db/column-types.js';

export interface LedgerEntriesTable {
  id: Id;
  user_id: number;
  type: string;
  /** Signed fen: credits positive, debits negative. */
  amount: number;
  balance_after: number;
  ref_type: string;
  ref_id: string;
  memo: string;
  operator: string;
  created_at: number;
}

export interface TransfersTable {
  id: Id;
  transfer_no: string;
  from_user_id: number;
  to_user_id: number;
  amount: number;
  memo: string;
  created_at: number;
}

export interface PayeeAccountsTable {
  id: Id;
  user_id: number;
  kind: 'alipay' | 'bank' | 'qr';
  real_name: string;
  account_sealed: string;
  account_masked: string;
  bank_name: string;
  bank_branch: string;
  qr_type: string;
  qr_path: string;
  created_at: number;
  updated_at: number;
}

export interface WithdrawalsTable {
  id: Id;
  withdraw_no: string;
  user_id: number;
  amount: number;
  fee: number;
  actual_amount: number;
  payee_json: string;
  status: 'pending' | 'approved' | 'rejected' | 'cancelled';
  payout_ref: ColumnType<string, string | undefined, string>;
  reject_reason: ColumnType<string, string | undefined, string>;
  staff_id: number | null;
  staff_name: ColumnType<string, string | undefined, string>;
  handled_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface ReconcileReportsTable {
  id: Id;
  day: string;
  mismatch: number;
  report_json: string;
  created_at: number;
}

/** The tables the funds module owns; other modules reach them only through its index.ts. */
export interface FundsTables {
  ledger_entries: LedgerEntriesTable;
  transfers: TransfersTable;
  payee_accounts: PayeeAccountsTable;
  withdrawals: WithdrawalsTable;
  reconcile_reports: ReconcileReportsTable;
}
