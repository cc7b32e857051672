import type { Id } from '../../core/db/column-types.js';

/** One acg-faka trade by its request number (decision 0015): claimed first, its order's number once made. */
export interface SharedStoreTradesTable {
  id: Id;
  user_id: number;
  /** acg-faka's `request_no` (its own order number), unique per member. */
  request_no: string;
  /** Kapu's order, null while the trade is being placed. */
  order_no: string | null;
  created_at: number;
}

export interface SharedStoreTables {
  shared_store_trades: SharedStoreTradesTable;
}
