import type { ColumnType } from 'kysely';
import type { Id, Flag, Money } from '../../core/db/column-types.js';

export interface MemberLevelsTable {
  id: Id;
  site_id: number;
  name: string;
  sort: number;
  is_default: Flag;
  created_at: number;
  /** 0012: what buying the level costs (fen; null = no price), whether it is sold now, what it gets. */
  price: ColumnType<number | null, number | null | undefined, number | null>;
  buyable: Flag;
  description: ColumnType<string, string | undefined, string>;
}

export interface GoodsDirsTable {
  id: Id;
  site_id: number;
  parent_id: number | null;
  name: string;
  icon: string;
  sort: number;
  visible: Flag;
  created_at: number;
  updated_at: number;
}

export interface BrandsTable {
  id: Id;
  site_id: number;
  dir_id: number | null;
  name: string;
  logo: string;
  sort: number;
  created_at: number;
}

export interface GoodsTable {
  id: Id;
  site_id: number;
  /** NULL = the platform's own goods; else the supplier user who owns them. */
  owner_user_id: number | null;
  dir_id: number;
  brand_id: number | null;
  name: string;
  /** JSON array of image paths. */
  images: string;
  /** Rich text, sanitised on save. */
  description: string;
  type: 'card' | 'recharge' | 'manual' | 'physical';
  face_value: Money;
  /** Base price (fen): visitors and levels without their own price. */
  price: number;
  cost: Money;
  /** Count stock for non-card goods; NULL = unlimited. */
  stock: number | null;
  sold_count: Money;
  /** JSON array of recharge fields {key,label,type,required,options}. */
  recharge_template: string;
  min_quantity: number;
  max_quantity: number;
  multiple: number;
  per_user_limit: number;
  visitor_allowed: Flag;
  contact_type: 'any' | 'phone' | 'email' | 'qq';
  status: 'on_sale' | 'paused' | 'banned';
  sort: number;
  hot: Flag;
  recommended: Flag;
  loop_card: Flag;
  allow_repeal: Flag;
  created_at: number;
  updated_at: number;
}

export interface GoodsPricesTable {
  id: Id;
  site_id: number;
  goods_id: number;
  level_id: number;
  price: number;
}

export interface GoodsWholesaleTable {
  id: Id;
  site_id: number;
  goods_id: number;
  min_quantity: number;
  price: number;
}

export interface FavoritesTable {
  id: Id;
  user_id: number;
  goods_id: number;
  created_at: number;
}

export interface GoodsLogsTable {
  id: Id;
  goods_id: number;
  kind: 'price' | 'stock' | 'status' | 'info';
  before_value: string;
  after_value: string;
  created_at: number;
}

/** The tables the catalog module owns; other modules reach them only through its index.ts. */
export interface CatalogTables {
  member_levels: MemberLevelsTable;
  goods_dirs: GoodsDirsTable;
  brands: BrandsTable;
  goods: GoodsTable;
  goods_prices: GoodsPricesTable;
  goods_wholesale: GoodsWholesaleTable;
  favorites: FavoritesTable;
  goods_logs: GoodsLogsTable;
}
