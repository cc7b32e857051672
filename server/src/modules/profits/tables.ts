import type { Id, Money } from '../../core/db/column-types.js';

/** One link's margin of a sub-site order or a site purchase (decision 0009). */
export interface ProfitSharesTable {
  id: Id;
  /** The order's id (ref_type order) or the site purchase's id (ref_type purchase). */
  order_id: number;
  ref_type: 'order' | 'purchase';
  site_id: number;
  user_id: number;
  depth: number;
  amount: number;
  reversed_amount: Money;
  /** `kept`: the selling owner's own margin on an order paid into their own account (decision 0010). */
  status: 'pending' | 'frozen' | 'released' | 'kept' | 'void' | 'reversed';
  /** When the share froze (delivery); it is released `freeze days` later. */
  frozen_at: number | null;
  created_at: number;
  updated_at: number;
}

/** The tables the profits module owns; other modules reach them only through its index.ts. */
export interface ProfitsTables {
  profit_shares: ProfitSharesTable;
}
