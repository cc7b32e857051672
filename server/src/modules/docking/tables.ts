import type { ColumnType } from 'kysely';
import type { Id } from '../../core/db/column-types.js';

export interface DockingConnectionsTable {
  id: Id;
  /** The platform's (its site id) or a sub-site owner's. */
  site_id: number;
  name: string;
  protocol: 'kapu' | 'acgfaka';
  base_url: string;
  app_id: string;
  /** The upstream secret, sealed (modules/verification secretBoxFor); never answered. */
  secret_sealed: string;
  timeout_ms: number;
  /** 1: added by staff (may name private hosts, core/outbound.ts). */
  trusted: number;
  /** Names this connection in the push receiver's URL (not a secret: pushes are signed). */
  push_token: string;
  last_sync_at: number | null;
  last_error: string;
  created_at: number;
  updated_at: number;
}

export interface DockingGoodsTable {
  id: Id;
  goods_id: number;
  site_id: number;
  /** What the upstream sells: cards are expected back for a 'card' goods. */
  upstream_kind: 'card' | 'recharge' | 'manual';
  /** JSON SyncOwnership: per field 'upstream' (follow) or 'mine' (keep). */
  ownership: string;
  markup_kind: 'percent' | 'fixed';
  /** percent: basis points; fixed: fen per unit. */
  markup_value: number;
  price_rule: 'follow' | 'raise_only';
  pause_out_of_stock: number;
  /** Pause when the cost exceeds import_cost by more than this percent; null = no bound. */
  cost_bound_pct: number | null;
  import_cost: number;
  /** The first source's cost as last synced (fen). */
  cost: number;
  /** 1 when the sync paused the goods (so it may put it back on sale; a merchant's pause stays). */
  paused_by_sync: number;
  last_sync_at: number | null;
  created_at: number;
}

export interface DockingSourcesTable {
  id: Id;
  goods_id: number;
  connection_id: number;
  /** The upstream's goods id. */
  ref: string;
  /** 1 = tried first. */
  priority: number;
  cost: number;
  stock: number | null;
  on_sale: number;
  /** JSON UpstreamField[]: what the upstream asks the buyer. */
  fields: string;
  synced_at: number | null;
}

export interface DockingProcurementsTable {
  id: Id;
  /** Our number, sent as the upstream's outerNumber (its idempotency key). */
  procurement_no: string;
  site_id: number;
  order_id: number;
  order_no: string;
  goods_id: number;
  goods_name: string;
  quantity: number;
  /** The cost bound per unit (fen): never pay the upstream more. */
  max_unit_price: number;
  status: 'pending' | 'placing' | 'placed' | 'delivered' | 'failed' | 'refunded' | 'partial' | 'refund_due';
  source_id: number | null;
  connection_id: number | null;
  upstream_order_no: string;
  charged: number | null;
  attempts: number;
  /** JSON: source ids already given up on for this procurement. */
  tried: string;
  cards_delivered: number;
  last_error: string;
  created_at: number;
  updated_at: number;
  /**
   * Which upstream order of this procurement is current (1: the first, outerNumber = procurement_no;
   * n > 1: `procurement_no-n`, asked for what the earlier ones short-delivered).
   */
  part: ColumnType<number, number | undefined, number>;
  /** Units the current part asked for (0 before it is placed). */
  part_quantity: ColumnType<number, number | undefined, number>;
  /** JSON ProcurementPart[]: the upstream orders settled before the current one (short deliveries). */
  parts: ColumnType<string, string | undefined, string>;
  /** Fen refunded (or owed, `refund_due`) to the buyer for the units no source supplied. */
  refund_amount: ColumnType<number, number | undefined, number>;
}

export interface DockingSyncLogsTable {
  id: Id;
  goods_id: number;
  site_id: number;
  field: string;
  from_value: string;
  to_value: string;
  note: string;
  via: 'pull' | 'push';
  created_at: number;
}

/** The tables the docking module owns; other modules reach them only through its index.ts. */
export interface DockingTables {
  docking_connections: DockingConnectionsTable;
  docking_goods: DockingGoodsTable;
  docking_sources: DockingSourcesTable;
  docking_procurements: DockingProcurementsTable;
  docking_sync_logs: DockingSyncLogsTable;
}
