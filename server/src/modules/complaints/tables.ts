import type { ColumnType } from 'kysely';
import type { Id, Money } from '../../core/db/column-types.js';

/** A buyer's complaint on an order (decision 0011). */
export interface ComplaintsTable {
  id: Id;
  order_id: number;
  order_no: string;
  site_id: number;
  /** The buyer; null: a visitor's order. */
  user_id: number | null;
  /** The seller: the goods' supplier (orders.goods_owner_id); null = the platform's goods. */
  seller_id: number | null;
  type: 'card_invalid' | 'not_received' | 'wrong_goods' | 'other';
  content: string;
  status: 'open' | 'awaiting_seller' | 'awaiting_buyer' | 'arbitration' | 'closed';
  /**
   * The order's id while the complaint is not closed, null once closed: the unique index on it
   * keeps one not-closed complaint per order on every database (no partial index needed).
   */
  open_order_id: number | null;
  outcome: 'refunded_full' | 'refunded_part' | 'rejected' | 'withdrawn' | null;
  refund_amount: Money;
  decision_note: ColumnType<string, string | undefined, string>;
  /** Staff who took it. */
  assignee_id: number | null;
  /** When the seller must have answered (set while waiting for them); past it, it escalates. */
  seller_due_at: number | null;
  created_at: number;
  updated_at: number;
  closed_at: number | null;
}

export interface ComplaintMessagesTable {
  id: Id;
  complaint_id: number;
  author_role: 'buyer' | 'seller' | 'staff' | 'system';
  /** Member id (buyer, seller) or staff id; null for visitors and the system. */
  author_id: number | null;
  body: string;
  created_at: number;
}

/**
 * Evidence images: stored outside the public uploads folder and shown only through short-lived
 * signed links to the thread's parties. A file is uploaded first (message_id null), then attached
 * to one message by its unguessable token.
 */
export interface ComplaintFilesTable {
  id: Id;
  token: string;
  complaint_id: number | null;
  message_id: number | null;
  path: string;
  mime: string;
  size: number;
  uploader_area: string;
  /** Member or staff id; 0 for a visitor. */
  uploader_id: number;
  created_at: number;
}

/** The tables the complaints module owns; other modules reach them only through its index.ts. */
export interface ComplaintsTables {
  complaints: ComplaintsTable;
  complaint_messages: ComplaintMessagesTable;
  complaint_files: ComplaintFilesTable;
}
