import type { ColumnType } from 'kysely';
import type { Id, Money } from '../../core/db/column-types.js';

export interface OrdersTable {
  id: Id;
  order_no: string;
  site_id: number;
  user_id: number | null;
  goods_id: number;
  goods_type: 'card' | 'recharge' | 'manual' | 'physical';
  goods_name: string;
  goods_owner_id: number | null;
  level_id: number | null;
  unit_price: number;
  unit_cost: number;
  quantity: number;
  amount: number;
  status: 'unpaid' | 'expired' | 'cancelled' | 'paid' | 'pending' | 'shipped' | 'delivered' | 'refund_due' | 'refunded';
  contact: string;
  query_pwd_hash: string | null;
  recharge_inputs: string | null;
  remark: string;
  pay_method: string | null;
  pay_ref: string | null;
  paid_amount: Money;
  expires_at: number;
  paid_at: number | null;
  delivered_at: number | null;
  delivery_text: string | null;
  refund_amount: Money;
  refund_reason: string | null;
  refunded_at: number | null;
  ship_name: string | null;
  ship_phone: string | null;
  ship_address: string | null;
  express_carrier: string | null;
  express_no: string | null;
  shipped_at: number | null;
  client_ip: string;
  /** The sub-site whose owner's own account took the buyer's money (decision 0010); NULL: the platform took it. */
  payee_site_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** What that owner paid the platform for the order at delivery and has not got back (fen). */
  site_cost: Money;
  created_at: number;
  updated_at: number;
}

/** The tables the orders module owns; other modules reach them only through its index.ts. */
export interface OrdersTables {
  orders: OrdersTable;
}
