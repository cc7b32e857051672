import type { ColumnType, Generated } from 'kysely';

/**
 * Table shapes as the database holds them. Times are epoch milliseconds (BIGINT),
 * money is integer fen (BIGINT), booleans are 0/1 so one schema fits SQLite and PostgreSQL.
 */
type Id = Generated<number>;
type Flag = ColumnType<number, number | undefined, number>;

export interface SettingsTable {
  key: string;
  value: string;
  updated_at: number;
}

/** Site 1 is the platform; reseller sub-sites (ROADMAP) are rows with an owner and a parent. */
export interface SitesTable {
  id: Id;
  parent_id: number | null;
  owner_user_id: number | null;
  title: string;
  subtitle: string;
  path: string | null;
  domain: string | null;
  status: string;
  created_at: number;
}

export interface MemberLevelsTable {
  id: Id;
  site_id: number;
  name: string;
  sort: number;
  is_default: Flag;
  created_at: number;
}

export interface UsersTable {
  id: Id;
  user_no: string;
  site_id: number;
  login_name: string;
  password_hash: string;
  nickname: string;
  avatar: string;
  email: string | null;
  mobile: string | null;
  qq: string;
  contact: string;
  level_id: number;
  balance: ColumnType<number, number | undefined, number>;
  frozen_balance: ColumnType<number, number | undefined, number>;
  sale_pwd_hash: string | null;
  sale_pwd_enabled: Flag;
  inviter_id: number | null;
  invite_code: string | null;
  status: string;
  created_at: number;
  updated_at: number;
  last_login_at: number | null;
  /** 0003: doUpdateLoginName once per 30 days; shop price display; sale-password ops (JSON). */
  login_name_changed_at: ColumnType<number | null, number | null | undefined, number | null>;
  shop_price_mode: ColumnType<string | null, string | null | undefined, string | null>;
  sale_pwd_ops: ColumnType<string | null, string | null | undefined, string | null>;
  /** WeChat official-account openid for notifications, and which notices (bit flags). */
  mp_openid: ColumnType<string | null, string | null | undefined, string | null>;
  mp_notify_flags: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface LoginLogsTable {
  id: Id;
  user_id: number;
  ip: string;
  address: string;
  user_agent: string;
  created_at: number;
}

export interface SessionsTable {
  id: Id;
  area: 'user' | 'admin' | 'other';
  actor_id: number;
  token_hash: string;
  ip: string;
  user_agent: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  revoked_at: number | null;
}

export interface RolesTable {
  id: Id;
  name: string;
  /** JSON array of permission codes. */
  permissions: string;
  created_at: number;
}

export interface StaffTable {
  id: Id;
  username: string;
  password_hash: string;
  nickname: string;
  role_id: number | null;
  is_super: Flag;
  status: string;
  totp_secret: string | null;
  created_at: number;
  last_login_at: number | null;
  /** 0003: a TOTP secret generated but not yet confirmed with a code. */
  totp_pending: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface UploadsTable {
  id: Id;
  owner_area: string;
  owner_id: number;
  path: string;
  mime: string;
  size: number;
  sha256: string;
  created_at: number;
}

/** The outbox: one row per domain event (core/events.ts). */
export interface DomainEventsTable {
  id: Id;
  type: string;
  /** JSON. */
  payload: string;
  created_at: number;
}

/** What each consumer has taken, written in the consumer's own transaction (effectively once). */
export interface EventConsumptionsTable {
  consumer: string;
  event_id: number;
  consumed_at: number;
}

export interface JobsTable {
  id: Id;
  name: string;
  payload: string;
  status: 'pending' | 'running' | 'done' | 'failed';
  attempts: ColumnType<number, number | undefined, number>;
  max_attempts: number;
  run_at: number;
  locked_by: string | null;
  locked_until: number | null;
  last_error: string | null;
  /** Optional dedupe key: one live job per key. */
  unique_key: string | null;
  created_at: number;
  updated_at: number;
}

export interface CaptchasTable {
  id: string;
  answer_hash: string;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

export interface LoginFailuresTable {
  id: Id;
  area: string;
  /** Lower-cased account as typed (login name, mobile or email) or staff username. */
  account: string;
  ip: string;
  created_at: number;
}

export interface VerificationCodesTable {
  id: Id;
  purpose: string;
  channel: 'email' | 'sms';
  target: string;
  user_id: number | null;
  code_hash: string;
  attempts: ColumnType<number, number | undefined, number>;
  ip: string;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

export interface OAuthBindingsTable {
  id: Id;
  user_id: number;
  provider: string;
  openid: string;
  nickname: string;
  created_at: number;
}

export interface OAuthStatesTable {
  state_hash: string;
  provider: string;
  purpose: 'login' | 'bind' | 'mp';
  user_id: number | null;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

export interface OpenApiKeysTable {
  user_id: number;
  app_id: string;
  /** AES-256-GCM box of the secret (the md5 signature needs the plain secret). */
  secret_enc: string;
  enabled: Flag;
  /** JSON array of allowed client IPs; empty = any. */
  ip_allowlist: string;
  created_at: number;
  rotated_at: number;
}

export interface CertificationsTable {
  id: Id;
  user_id: number;
  provider: string;
  real_name: string;
  id_no_enc: string;
  id_no_masked: string;
  outer_id: string | null;
  status: 'pending' | 'reviewing' | 'passed' | 'failed';
  reason: string;
  reviewed_by: number | null;
  created_at: number;
  updated_at: number;
  /** 0006: HMAC of the ID number; verified_key = the same while passed (unique), else NULL. */
  id_no_hash: Generated<string>;
  verified_key: string | null;
  /** 0006: JSON array of `/uploads/…` photo paths. */
  images: Generated<string>;
}

export interface AuditLogsTable {
  id: Id;
  staff_id: number;
  staff_name: string;
  action: string;
  target: string;
  before_json: string | null;
  after_json: string | null;
  ip: string;
  created_at: number;
}

export interface AnnouncementsTable {
  id: Id;
  site_id: number;
  title: string;
  content_html: string;
  pinned: Flag;
  popup: Flag;
  status: 'published' | 'draft';
  created_by: number;
  created_at: number;
  updated_at: number;
}

// ---------- commerce (migration 0002) ----------
type Money = ColumnType<number, number | undefined, number>;

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

export interface OrdersTable {
  id: Id;
  order_no: string;
  site_id: number;
  user_id: number | null;
  goods_id: number;
  goods_type: 'card' | 'recharge' | 'manual' | 'physical';
  goods_name: string;
  goods_owner_id: number | null;
  level_id: number | null;
  unit_price: number;
  unit_cost: number;
  quantity: number;
  amount: number;
  status: 'unpaid' | 'expired' | 'cancelled' | 'paid' | 'pending' | 'shipped' | 'delivered' | 'refund_due' | 'refunded';
  contact: string;
  query_pwd_hash: string | null;
  recharge_inputs: string | null;
  remark: string;
  pay_method: string | null;
  pay_ref: string | null;
  paid_amount: Money;
  expires_at: number;
  paid_at: number | null;
  delivered_at: number | null;
  delivery_text: string | null;
  refund_amount: Money;
  refund_reason: string | null;
  refunded_at: number | null;
  ship_name: string | null;
  ship_phone: string | null;
  ship_address: string | null;
  express_carrier: string | null;
  express_no: string | null;
  shipped_at: number | null;
  client_ip: string;
  created_at: number;
  updated_at: number;
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

export interface LedgerEntriesTable {
  id: Id;
  user_id: number;
  type: string;
  /** Signed fen: credits positive, debits negative. */
  amount: number;
  balance_after: number;
  ref_type: string;
  ref_id: string;
  memo: string;
  operator: string;
  created_at: number;
}

export interface Database {
  settings: SettingsTable;
  sites: SitesTable;
  member_levels: MemberLevelsTable;
  users: UsersTable;
  login_logs: LoginLogsTable;
  sessions: SessionsTable;
  roles: RolesTable;
  staff: StaffTable;
  uploads: UploadsTable;
  jobs: JobsTable;
  domain_events: DomainEventsTable;
  event_consumptions: EventConsumptionsTable;
  captchas: CaptchasTable;
  login_failures: LoginFailuresTable;
  verification_codes: VerificationCodesTable;
  oauth_bindings: OAuthBindingsTable;
  oauth_states: OAuthStatesTable;
  open_api_keys: OpenApiKeysTable;
  certifications: CertificationsTable;
  audit_logs: AuditLogsTable;
  announcements: AnnouncementsTable;
  // commerce (0002)
  goods_dirs: GoodsDirsTable;
  brands: BrandsTable;
  goods: GoodsTable;
  goods_prices: GoodsPricesTable;
  goods_wholesale: GoodsWholesaleTable;
  card_batches: CardBatchesTable;
  cards: CardsTable;
  orders: OrdersTable;
  order_cards: OrderCardsTable;
  favorites: FavoritesTable;
  goods_logs: GoodsLogsTable;
  ledger_entries: LedgerEntriesTable;
  // payments (0004)
  payment_accounts: PaymentAccountsTable;
  payments: PaymentsTable;
  notify_logs: NotifyLogsTable;
  recharges: RechargesTable;
  refunds: RefundsTable;
  // funds (0005)
  transfers: TransfersTable;
  payee_accounts: PayeeAccountsTable;
  withdrawals: WithdrawalsTable;
  reconcile_reports: ReconcileReportsTable;
}

// ---------- funds (0005) ----------

export interface TransfersTable {
  id: Id;
  transfer_no: string;
  from_user_id: number;
  to_user_id: number;
  amount: number;
  memo: string;
  created_at: number;
}

export interface PayeeAccountsTable {
  id: Id;
  user_id: number;
  kind: 'alipay' | 'bank' | 'qr';
  real_name: string;
  account_sealed: string;
  account_masked: string;
  bank_name: string;
  bank_branch: string;
  qr_type: string;
  qr_path: string;
  created_at: number;
  updated_at: number;
}

export interface WithdrawalsTable {
  id: Id;
  withdraw_no: string;
  user_id: number;
  amount: number;
  fee: number;
  actual_amount: number;
  payee_json: string;
  status: 'pending' | 'approved' | 'rejected' | 'cancelled';
  payout_ref: ColumnType<string, string | undefined, string>;
  reject_reason: ColumnType<string, string | undefined, string>;
  staff_id: number | null;
  staff_name: ColumnType<string, string | undefined, string>;
  handled_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface ReconcileReportsTable {
  id: Id;
  day: string;
  mismatch: number;
  report_json: string;
  created_at: number;
}

// ---------- payments (0004) ----------

export interface PaymentAccountsTable {
  id: Id;
  gateway: string;
  name: string;
  display_name: string;
  icon: string;
  client: 'pc' | 'mobile' | 'all';
  /** Fee charged to the payer in 1/10000. */
  fee_rate: number;
  sort: number;
  enabled: Flag;
  /** JSON object; secret fields hold SecretBox-sealed values. */
  config: string;
  created_at: number;
  updated_at: number;
}

export interface PaymentsTable {
  id: Id;
  payment_no: string;
  purpose: 'order' | 'recharge' | 'test';
  site_id: number;
  order_id: number | null;
  recharge_id: number | null;
  user_id: number | null;
  ref_no: string;
  subject: string;
  /** Fen the gateway must collect: base amount + fee. */
  amount: number;
  fee: ColumnType<number, number | undefined, number>;
  gateway: string;
  account_id: number | null;
  status: 'unpaid' | 'paid' | 'closed' | 'refunded';
  trade_no: string | null;
  client_ip: string;
  expires_at: number;
  paid_at: number | null;
  closed_at: number | null;
  refunded_amount: ColumnType<number, number | undefined, number>;
  paid_by: string | null;
  created_at: number;
  updated_at: number;
}

export interface NotifyLogsTable {
  id: Id;
  gateway: string;
  account_id: number | null;
  payment_no: string | null;
  method: string;
  /** Raw parameters, secrets masked (JSON). */
  params: string;
  verdict: string;
  error: string;
  ip: string;
  created_at: number;
}

export interface RechargesTable {
  id: Id;
  user_id: number;
  site_id: number;
  amount: number;
  bonus: number;
  status: 'unpaid' | 'paid' | 'closed';
  paid_at: number | null;
  created_at: number;
}

export interface RefundsTable {
  id: Id;
  payment_id: number;
  amount: number;
  via: 'balance' | 'gateway' | 'manual';
  status: 'done' | 'pending' | 'failed';
  reason: string;
  gateway_ref: string | null;
  operator: string;
  created_at: number;
}
