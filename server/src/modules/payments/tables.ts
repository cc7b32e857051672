import type { ColumnType } from 'kysely';
import type { Id, Flag } from '../../core/db/column-types.js';

export interface PaymentAccountsTable {
  id: Id;
  gateway: string;
  name: string;
  display_name: string;
  icon: string;
  client: 'pc' | 'mobile' | 'all';
  /** Fee charged to the payer in 1/10000. */
  fee_rate: number;
  sort: number;
  enabled: Flag;
  /** JSON object; secret fields hold SecretBox-sealed values. */
  config: string;
  /** The sub-site whose owner receives the money (decision 0010); NULL (or 1): the platform's. */
  site_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: number;
  updated_at: number;
}

export interface PaymentsTable {
  id: Id;
  payment_no: string;
  purpose: 'order' | 'recharge' | 'test';
  site_id: number;
  order_id: number | null;
  recharge_id: number | null;
  user_id: number | null;
  ref_no: string;
  subject: string;
  /** Fen the gateway must collect: base amount + fee. */
  amount: number;
  fee: ColumnType<number, number | undefined, number>;
  gateway: string;
  account_id: number | null;
  status: 'unpaid' | 'paid' | 'closed' | 'refunded';
  trade_no: string | null;
  client_ip: string;
  expires_at: number;
  paid_at: number | null;
  closed_at: number | null;
  refunded_amount: ColumnType<number, number | undefined, number>;
  paid_by: string | null;
  created_at: number;
  updated_at: number;
}

export interface NotifyLogsTable {
  id: Id;
  gateway: string;
  account_id: number | null;
  payment_no: string | null;
  method: string;
  /** Raw parameters, secrets masked (JSON). */
  params: string;
  verdict: string;
  error: string;
  ip: string;
  created_at: number;
}

export interface RechargesTable {
  id: Id;
  user_id: number;
  site_id: number;
  amount: number;
  bonus: number;
  status: 'unpaid' | 'paid' | 'closed';
  paid_at: number | null;
  created_at: number;
}

export interface RefundsTable {
  id: Id;
  payment_id: number;
  amount: number;
  via: 'balance' | 'gateway' | 'manual';
  status: 'done' | 'pending' | 'failed';
  reason: string;
  gateway_ref: string | null;
  operator: string;
  created_at: number;
}

/** The tables the payments module owns; other modules reach them only through its index.ts. */
export interface PaymentsTables {
  payment_accounts: PaymentAccountsTable;
  payments: PaymentsTable;
  notify_logs: NotifyLogsTable;
  recharges: RechargesTable;
  refunds: RefundsTable;
}
