import type { ColumnType } from 'kysely';
import type { Id, Money } from '../../core/db/column-types.js';

/**
 * One commission: what an order's delivery earned one inviter at one level, paid by the platform
 * (`source` platform) or by the sub-site owner's extra rate (`source` site, `funder_id` the owner).
 * `base` is what it was reckoned on (the order's amount less refunds before it was written,
 * `refund_base`); refunds move `reversed_amount`, collects move `collected_amount`; always
 * reversed + collected ≤ amount.
 */
export interface PromotionCommissionsTable {
  id: Id;
  order_id: number;
  order_no: string;
  site_id: number;
  buyer_id: number;
  /** The earner (the buyer's inviter at `level`). */
  user_id: number;
  level: number;
  source: 'platform' | 'site';
  funder_id: number | null;
  base: number;
  refund_base: Money;
  rate_bp: number;
  amount: number;
  reversed_amount: Money;
  collected_amount: Money;
  /** `held` counts as frozen until `frozen_at` + the freeze days, then collectable. */
  status: 'held' | 'collected' | 'reversed' | 'blocked';
  block_reason: ColumnType<string, string | undefined, string>;
  frozen_at: number;
  created_at: number;
  updated_at: number;
}

/** A move between an earner's commissions and their balance: a collect (+), or a claw-back (−) after a refund. */
export interface PromotionCollectsTable {
  id: Id;
  collect_no: string;
  user_id: number;
  kind: 'collect' | 'clawback';
  amount: number;
  order_id: number | null;
  created_at: number;
}

/** One row per earner: collects and reversals of one earner lock it first, so they take turns. */
export interface PromotionMembersTable {
  user_id: number;
  updated_at: number;
}

/** The admin's rates for one directory (and its subdirectories) or one goods, instead of the default ones. */
export interface PromotionRateOverridesTable {
  id: Id;
  scope: 'dir' | 'goods';
  target_id: number;
  rate1: number;
  rate2: number;
  rate3: number;
  updated_at: number;
}

/** A sub-site owner's extra rates for their own customers' orders, paid from the owner's balance. */
export interface PromotionSiteRatesTable {
  site_id: number;
  rate1: number;
  rate2: number;
  rate3: number;
  updated_at: number;
}

/** The tables the promotion module owns; other modules reach them only through its index.ts. */
export interface PromotionTables {
  promotion_commissions: PromotionCommissionsTable;
  promotion_collects: PromotionCollectsTable;
  promotion_members: PromotionMembersTable;
  promotion_rate_overrides: PromotionRateOverridesTable;
  promotion_site_rates: PromotionSiteRatesTable;
}
