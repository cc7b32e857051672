import type { ColumnType } from 'kysely';
import type { Id, Money } from '../../core/db/column-types.js';

/** A member's application to supply, and the platform's terms for them once approved (decision 0011). */
export interface SuppliersTable {
  id: Id;
  user_id: number;
  contact: string;
  intro: string;
  status: 'pending' | 'active' | 'rejected' | 'suspended';
  /** Why it was rejected or suspended. */
  reason: string;
  /** The platform's commission on the cost, basis points. */
  commission_bp: number;
  /** Settlement entries stay frozen this many days after delivery (T+N). */
  hold_days: number;
  /** JSON {goodsId: threshold}: low-stock alerts per card goods. */
  stock_alerts: ColumnType<string, string | undefined, string>;
  /** JSON [goodsId]: the goods a suspension took off sale, put back on reinstatement. */
  suspended_goods: ColumnType<string, string | undefined, string>;
  applied_at: number;
  decided_at: number | null;
  updated_at: number;
}

/** A supplier's new goods or cost rise, waiting for the platform (the goods are off the shelf meanwhile). */
export interface SupplyReviewsTable {
  id: Id;
  goods_id: number;
  supplier_user_id: number;
  kind: 'new' | 'cost_rise';
  status: 'pending' | 'approved' | 'rejected';
  /** The cost asked for, and the cost and shelf status before the request. */
  cost: number;
  previous_cost: number;
  previous_status: 'on_sale' | 'paused' | 'banned';
  reason: string;
  decided_by: string;
  created_at: number;
  decided_at: number | null;
}

/** A manual, direct-recharge or physical order of a supplier's goods, for the supplier to fulfil. */
export interface SupplyTasksTable {
  id: Id;
  order_id: number;
  supplier_user_id: number;
  status: 'waiting' | 'accepted' | 'done' | 'failed' | 'returned' | 'refunded' | 'closed';
  result: string;
  /** JSON array of /uploads/… image paths. */
  proofs: string;
  deadline_at: number;
  created_at: number;
  accepted_at: number | null;
  finished_at: number | null;
}

/** What a supplier earns on one delivered order: cost less commission, frozen until due (decision 0011). */
export interface SupplySettlementsTable {
  id: Id;
  order_id: number;
  order_no: string;
  user_id: number;
  goods_name: string;
  quantity: number;
  cost: number;
  commission_bp: number;
  commission: number;
  amount: number;
  reversed_amount: Money;
  status: 'frozen' | 'released' | 'reversed';
  due_at: number;
  released_at: number | null;
  created_at: number;
  updated_at: number;
}

/** The tables the supply module owns; other modules reach them only through its index.ts. */
export interface SupplyTables {
  suppliers: SuppliersTable;
  supply_reviews: SupplyReviewsTable;
  supply_tasks: SupplyTasksTable;
  supply_settlements: SupplySettlementsTable;
}
