import type { Flag, Id } from '../../core/db/column-types.js';

/**
 * A batch of redemption codes (decision 0013): an admin's batch, a member's gift codes or a site
 * owner's codes for their site, all made at once with the same terms.
 */
export interface CdkBatchesTable {
  id: Id;
  /** The site whose shop the goods codes redeem at (1: the platform). */
  site_id: number;
  name: string;
  kind: 'goods' | 'balance';
  goods_id: number | null;
  /** The goods' name when the batch was made (codes keep what they promised). */
  goods_name: string;
  /** Units of the goods each redemption delivers. */
  quantity: number;
  /** Balance codes: fen each redemption adds. Goods codes: the goods' value per redemption, for display. */
  amount: number;
  /** Fen the creator paid per redemption (0 for staff batches); voiding gives back this × unused uses. */
  unit_paid: number;
  /**
   * JSON ShareLine[] of one redemption: the margins of the sites of the chain, paid to their owners as
   * profit shares of the redemption's order (a sub-site gift code's chain; a site owner's ancestors).
   */
  shares: string | null;
  count: number;
  uses: number;
  expires_at: number | null;
  status: 'active' | 'voided';
  /** The member who bought the codes (gift or site codes); null for staff batches. */
  creator_user_id: number | null;
  /** `管理员 <username>` for staff batches; '' otherwise. */
  creator_staff: string;
  /** A site owner's codes for their site (priced at the site's cost). */
  for_site: Flag;
  created_at: number;
  voided_at: number | null;
}

/** One code: only its keyed hash is kept (and a sealed copy for a member's own codes). */
export interface CdkCodesTable {
  id: Id;
  batch_id: number;
  site_id: number;
  kind: 'goods' | 'balance';
  /** hex HMAC-SHA256 of the normalised code under the server's derived key. */
  code_hash: string;
  /** The short link id: names the code, cannot redeem it. */
  short: string;
  /** First four and last four characters, for support (`ABCD…WXYZ`). */
  hint: string;
  /** The code sealed with the secrets box, for its creating member only; null for staff batches. */
  code_sealed: string | null;
  creator_user_id: number | null;
  status: 'active' | 'used' | 'voided';
  uses: number;
  used_count: number;
  expires_at: number | null;
  last_used_at: number | null;
  created_at: number;
}

/** One redemption of a code: by whom, what it gave (an order or balance). */
export interface CdkRedemptionsTable {
  id: Id;
  code_id: number;
  batch_id: number;
  site_id: number;
  /** null: a visitor (goods codes for one redemption only). */
  user_id: number | null;
  order_id: number | null;
  order_no: string | null;
  /** Balance credited (fen); 0 for goods. */
  amount: number;
  ip: string;
  created_at: number;
}

/** The tables the cdk module owns; other modules reach them only through its index.ts. */
export interface CdkTables {
  cdk_batches: CdkBatchesTable;
  cdk_codes: CdkCodesTable;
  cdk_redemptions: CdkRedemptionsTable;
}
