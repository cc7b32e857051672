import type { ColumnType } from 'kysely';
import type { Id } from '../../core/db/column-types.js';

export interface CardBatchesTable {
  id: Id;
  goods_id: number;
  owner_user_id: number | null;
  note: string;
  lines: number;
  imported: number;
  duplicates: number;
  created_by: string;
  created_at: number;
}

export interface CardsTable {
  id: Id;
  goods_id: number;
  batch_id: number;
  owner_user_id: number | null;
  /** AES-256-GCM sealed text (core/secret-box.ts). */
  secret: string;
  hmac: string;
  status: 'available' | 'reserved' | 'sold' | 'void';
  order_id: number | null;
  reserved_until: number | null;
  sold_at: number | null;
  created_at: number;
}

export interface OrderCardsTable {
  id: Id;
  order_id: number;
  card_id: number;
  repeal_status: ColumnType<
    'none' | 'requested' | 'approved' | 'rejected',
    'none' | undefined,
    'none' | 'requested' | 'approved' | 'rejected'
  >;
  repeal_reason: string | null;
  repeal_note: string | null;
  repeal_requested_at: number | null;
  repeal_handled_at: number | null;
}

/** The tables the stock module owns; other modules reach them only through its index.ts. */
export interface StockTables {
  card_batches: CardBatchesTable;
  cards: CardsTable;
  order_cards: OrderCardsTable;
}
