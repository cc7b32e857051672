import type { ColumnType } from 'kysely';
import type { Id, Flag, Money } from '../../core/db/column-types.js';

type Optional<T> = ColumnType<T | null, T | null | undefined, T | null>;
/** A column with a database default: optional on insert. */
type Defaulted<T> = ColumnType<T, T | undefined, T>;

/** Site 1 is the platform; sub-sites are rows with an owner and a parent (decision 0009). */
export interface SitesTable {
  id: Id;
  parent_id: number | null;
  owner_user_id: number | null;
  title: string;
  subtitle: string;
  path: string | null;
  domain: string | null;
  status: 'active' | 'closed' | 'suspended' | 'expired';
  created_at: number;
  /** 0 for the platform, 1 for a site opened by a platform member, and so on. */
  depth: ColumnType<number, number | undefined, number>;
  /** Ids from the platform down to this site, "1/5/9"; written once (a site never moves). */
  chain: ColumnType<string, string | undefined, string>;
  version_id: Optional<number>;
  /** NULL: never (permanent, or the platform). */
  expires_at: Optional<number>;
  period: Optional<'month' | 'year' | 'forever'>;
  /** What the owner paid for the current period (fen), for the pro-rata credit of an upgrade. */
  paid_price: Optional<number>;
  logo: Optional<string>;
  keywords: Optional<string>;
  description: Optional<string>;
  /** JSON {qq, wechat, phone, email, text}. */
  contacts: Optional<string>;
  rounding: Optional<'fen' | 'jiao' | 'yuan'>;
  closed_reason: Optional<string>;
  updated_at: Optional<number>;
  /** 0014: the expiry reminder already sent for the current period (7, 3 or 1 days before); NULL: none. */
  reminded_days: Optional<number>;
}

export interface SiteVersionsTable {
  id: Id;
  name: string;
  description: Defaulted<string>;
  /** NULL: the period is not sold. */
  price_month: Optional<number>;
  price_year: Optional<number>;
  price_forever: Optional<number>;
  /** The platform member level the owner gets (their cost level). */
  level_id: number;
  own_domain: Flag;
  subdomain: Flag;
  /** 0: no child sites. */
  max_children: Defaulted<number>;
  /** 0: no limit. */
  max_goods: Defaulted<number>;
  decoration: Flag;
  own_payment: Flag;
  open_api: Flag;
  sort: Defaulted<number>;
  status: Defaulted<'on' | 'off'>;
  created_at: number;
  updated_at: number;
}

/** What a parent site charges its child sites for a version (default: what it pays itself). */
export interface SiteVersionPricesTable {
  id: Id;
  site_id: number;
  version_id: number;
  price_month: number | null;
  price_year: number | null;
  price_forever: number | null;
  updated_at: number;
}

export interface SiteDomainsTable {
  id: Id;
  site_id: number;
  /** Lower-case host name, unique across the platform. */
  host: string;
  kind: 'subdomain' | 'custom';
  /** The TXT value the owner publishes to prove the domain is theirs. */
  token: string;
  verified_at: number | null;
  checked_at: number | null;
  created_at: number;
}

/** A markup rule of a site for its buyers or its child sites (decision 0009). */
export interface SitePriceRulesTable {
  id: Id;
  site_id: number;
  audience: 'buyer' | 'child';
  scope: 'global' | 'dir' | 'goods' | 'range';
  target_id: number | null;
  /** Cost range in fen (inclusive min, exclusive max) for `range` rules. */
  range_min: number | null;
  range_max: number | null;
  kind: 'percent' | 'fixed' | 'price';
  /** Basis points for percent, fen for fixed and price. */
  value: number;
  created_at: number;
}

/** A site's shelf choices on the goods its parent sells. */
export interface SiteGoodsTable {
  id: Id;
  site_id: number;
  goods_id: number;
  hidden: Flag;
  sort: number | null;
  updated_at: number;
}

export interface SiteDirsTable {
  id: Id;
  site_id: number;
  dir_id: number;
  name: string | null;
  sort: number | null;
  hidden: Flag;
  updated_at: number;
}

/** A site owner's settings for one customer: a special price (share of the markup kept) or disabled. */
export interface SiteCustomersTable {
  id: Id;
  site_id: number;
  user_id: number;
  /** Basis points of the site's markup this customer pays (NULL: all of it). */
  markup_keep_bp: number | null;
  disabled: Flag;
  updated_at: number;
}

/** Opening, renewing or upgrading a site, paid by its owner. */
export interface SitePurchasesTable {
  id: Id;
  purchase_no: string;
  site_id: number;
  user_id: number;
  version_id: number;
  period: 'month' | 'year' | 'forever';
  kind: 'open' | 'renew' | 'upgrade';
  price: number;
  /** The pro-rata value of the remaining time of the old version (upgrades). */
  credit: Money;
  amount: number;
  expires_before: number | null;
  expires_after: number | null;
  created_at: number;
}

/** The tables the sites module owns; other modules reach them only through its index.ts. */
/** A site opening waiting for its online payment (a recharge of the shortfall), one per member. */
export interface SiteOpenRequestsTable {
  user_id: number;
  /** The open call's input (version, period, title, path, markup), JSON. */
  params: string;
  /** The price quoted when asked (fen); the price at opening time is what is paid. */
  price: number;
  status: 'waiting' | 'done' | 'failed' | 'cancelled';
  /** Why it failed (the open call's message), shown to the member. */
  reason: ColumnType<string, string | undefined, string>;
  expires_at: number;
  created_at: number;
  updated_at: number;
}

export interface SitesTables {
  sites: SitesTable;
  site_versions: SiteVersionsTable;
  site_version_prices: SiteVersionPricesTable;
  site_domains: SiteDomainsTable;
  site_price_rules: SitePriceRulesTable;
  site_goods: SiteGoodsTable;
  site_dirs: SiteDirsTable;
  site_customers: SiteCustomersTable;
  site_purchases: SitePurchasesTable;
  site_open_requests: SiteOpenRequestsTable;
}
