/**
 * Query keys, one factory per API module. Pages read with `queryKey: ordersKeys.mine(query)` and
 * writes invalidate a factory's prefix (`ordersKeys.all`), so what a change refreshes can be read
 * here: TanStack Query invalidates every key that starts with the given one.
 * Filter objects go in as they are: the key is compared by value.
 */

/** account.ts, user.ts: the signed-in member and the account center. */
export const accountKeys = {
  account: ['account'] as const,
  security: ['account-security'] as const,
  sessions: ['account-sessions'] as const,
  loginLogs: (page: number) => ['account-login-logs', page] as const,
  emailBind: ['email-bind'] as const,
  weixinBind: ['weixin-bind'] as const,
  mpQrcode: ['mp-qrcode'] as const,
  authOptions: ['auth-options'] as const,
};

/** The user shown in a back-office shell (one entry per admin path). */
export const shellKeys = {
  user: (shell: string, adminPath = '') => ['shell-user', shell, adminPath] as const,
  area: (shell: 'member' | 'other') => ['shell-user', shell] as const,
};

/** catalog.ts (store side): directories, goods lists, goods detail, favourites, goods log. */
export const catalogKeys = {
  all: ['catalog'] as const,
  dirs: ['catalog', 'dirs'] as const,
  brands: ['catalog', 'brands'] as const,
  list: (buyer: unknown, query: unknown) => ['catalog', 'list', buyer, query] as const,
  priceList: (keyword: string | undefined, dirId: unknown, page: number, pageSize: number) =>
    ['catalog', 'price-list', keyword, dirId, page, pageSize] as const,
  homeHot: (buyer: unknown) => ['catalog', 'home-hot', buyer] as const,
  homeRecommended: (buyer: unknown) => ['catalog', 'home-recommended', buyer] as const,
  homeLatest: (buyer: unknown) => ['catalog', 'home-latest', buyer] as const,
  detailsOf: (goodsId: number) => ['catalog', 'detail', goodsId] as const,
  detail: (goodsId: number, buyer: unknown) => ['catalog', 'detail', goodsId, buyer] as const,
  levelsOf: (goodsId: number) => ['catalog', 'levels-of', goodsId] as const,
  adjustLevels: (keyword: string | undefined, page: number) => ['catalog', 'adjust-levels', keyword, page] as const,
  adjustMine: (buyer: unknown, keyword: string | undefined, page: number) =>
    ['catalog', 'adjust-mine', buyer, keyword, page] as const,
  /** The member's levels page: what each level costs them and the example prices (buying one refreshes all catalog keys). */
  myLevels: ['catalog', 'my-levels'] as const,
  favorites: ['favorites'] as const,
  goodsLog: (page: number) => ['goods-log', page] as const,
};

/** orders.ts (member and visitor side). */
export const ordersKeys = {
  all: ['orders'] as const,
  details: ['orders', 'detail'] as const,
  detail: (orderNo: string | undefined) => ['orders', 'detail', orderNo] as const,
  mine: (query: unknown) => ['orders', 'mine', query] as const,
  physical: (page: number) => ['orders', 'mine', 'physical', page] as const,
  repealable: ['orders', 'mine', 'repealable'] as const,
  repeals: ['orders', 'repeals'] as const,
  repealList: (status: unknown, page: number) => ['orders', 'repeals', status, page] as const,
  recent: ['my-orders', 'recent'] as const,
  lookupDays: ['visitor', 'lookup-days'] as const,
};

/** funds.ts, transfer.ts, withdraw.ts, pay-info.ts: ledger, transfers, withdrawals, payees. */
export const fundsKeys = {
  ledger: ['ledger'] as const,
  ledgerPage: (filters: unknown, page: number, pageSize: number) => ['ledger', filters, page, pageSize] as const,
  transferConfig: ['ledger', 'transfer-config'] as const,
  transfers: (direction: string, page: number) => ['ledger', direction, page] as const,
  withdraw: ['withdraw'] as const,
  withdrawConfig: ['withdraw', 'config'] as const,
  withdrawList: (status: unknown, page: number) => ['withdraw', 'list', status, page] as const,
  payees: ['payees'] as const,
};

/** certify.ts (member side). */
export const certifyKeys = {
  all: ['certify'] as const,
  status: ['certify', 'status'] as const,
  outcome: (ask: boolean, certifyId: string) => ['certify', ask ? 'result' : 'status', certifyId] as const,
};

/** content.ts, site.ts: site title, announcements, service contacts. */
export const contentKeys = {
  siteInfo: ['site-info'] as const,
  announcements: (page: number, pageSize: number) => ['announcements', page, pageSize] as const,
  announcement: (id: unknown) => ['announcement', id] as const,
  popup: ['popup-announcement'] as const,
  serviceContacts: ['service-contacts'] as const,
};

/** decoration.ts: the storefront's published layout; the editor's draft and versions (scope: the site path or 'platform'). */
export const decorKeys = {
  layout: ['site-layout'] as const,
  editors: ['decor'] as const,
  editor: (scope: string) => ['decor', scope, 'editor'] as const,
  versionsOf: (scope: string) => ['decor', scope, 'versions'] as const,
  versions: (scope: string, page: number) => ['decor', scope, 'versions', page] as const,
};

/** pay.ts: what to pay, channels, a payment's status. */
export const payKeys = {
  status: (paymentNo: string) => ['pay-status', paymentNo] as const,
  order: (orderNo: string, member: boolean, queryPassword?: string) =>
    ['pay-order', orderNo, member, queryPassword] as const,
  orderChannels: (client: string, member: boolean) => ['pay-channels', client, 'order', member] as const,
  rechargeChannels: (client: string) => ['pay-channels', client, 'recharge'] as const,
  rechargeConfig: ['recharge-config'] as const,
};

/** site-pay.ts: a sub-site owner's own payment accounts and the refunds that are theirs to make. */
export const sitePayKeys = {
  all: ['site-pay'] as const,
  accounts: ['site-pay', 'accounts'] as const,
  refunds: ['site-pay', 'refunds'] as const,
  refundPage: (page: number) => ['site-pay', 'refunds', page] as const,
};

/**
 * The admin area (admin.ts, admin-payments.ts, admin-withdrawals.ts and the admin calls of
 * catalog.ts, stock.ts, orders.ts, funds.ts, certify.ts). The admin path is not part of a key:
 * it only changes with a full page load.
 */
export const adminKeys = {
  probe: (adminPath: string) => ['admin-probe', adminPath] as const,
  dashboard: ['admin-dashboard'] as const,
  totp: ['admin-totp'] as const,
  members: ['admin-members'] as const,
  memberList: (filter: unknown, page: number) => ['admin-members', filter, page] as const,
  memberLogs: (memberId: number | undefined) => ['admin-member-logs', memberId] as const,
  memberLevelOptions: ['admin-members', 'level-options'] as const,
  staff: ['admin-staff'] as const,
  roles: ['admin-roles'] as const,
  audit: (filter: unknown, page: number) => ['admin-audit', filter, page] as const,
  settings: ['admin-settings'] as const,
  announcements: ['admin-announcements'] as const,
  announcementList: (page: number) => ['admin-announcements', page] as const,
  checkoutSettings: ['admin', 'checkout-settings'] as const,
  // catalog and stock
  catalogMeta: ['admin', 'catalog-meta'] as const,
  goods: ['admin', 'goods'] as const,
  goodsList: (filters: unknown, page: number) => ['admin', 'goods', filters, page] as const,
  cardGoods: ['admin', 'card-goods'] as const,
  batches: ['admin', 'batches'] as const,
  batchesOf: (goodsId: unknown) => ['admin', 'batches', goodsId] as const,
  cards: ['admin', 'cards'] as const,
  cardList: (goodsId: unknown, status: unknown, batchId: unknown, card: unknown, page: number) =>
    ['admin', 'cards', goodsId, status, batchId, card, page] as const,
  // orders
  order: ['admin', 'order'] as const,
  orderOf: (orderNo: string | null) => ['admin', 'order', orderNo] as const,
  orders: ['admin', 'orders'] as const,
  orderList: (filters: unknown, page: number, pageSize: number) =>
    ['admin', 'orders', filters, page, pageSize] as const,
  repeals: ['admin', 'repeals'] as const,
  repealList: (status: unknown, page: number) => ['admin', 'repeals', status, page] as const,
  // funds, withdrawals, reconciliation
  ledger: ['admin', 'ledger'] as const,
  ledgerList: (member: unknown, page: number) => ['admin', 'ledger', member, page] as const,
  withdrawals: ['admin', 'withdrawals'] as const,
  withdrawalList: (status: unknown, keyword: string, page: number) =>
    ['admin', 'withdrawals', status, keyword, page] as const,
  fundsSettings: ['admin', 'funds-settings'] as const,
  reconcile: (date: unknown) => ['admin', 'reconcile', date] as const,
  // certification
  certify: ['admin', 'certify'] as const,
  certifyList: (status: unknown, keyword: string, page: number) => ['admin', 'certify', status, keyword, page] as const,
  certifySettings: ['admin', 'certify-settings'] as const,
  // payments
  gateways: ['admin', 'gateways'] as const,
  payAccounts: ['admin', 'pay-accounts'] as const,
  payments: ['admin', 'payments'] as const,
  paymentList: (status: unknown, keyword: string, page: number) =>
    ['admin', 'payments', status, keyword, page] as const,
  rechargeSettings: ['admin', 'recharge-settings'] as const,
  publicUrl: ['admin', 'public-url'] as const,
  notifyLogSettings: ['admin', 'notify-log-settings'] as const,
  notifyLogs: (paymentNo: string, page: number) => ['admin', 'notify-logs', paymentNo, page] as const,
  // sub-sites
  sites: ['admin', 'sites'] as const,
  siteList: (query: unknown) => ['admin', 'sites', 'list', query] as const,
  siteVersions: ['admin', 'sites', 'versions'] as const,
  siteLevels: ['admin', 'sites', 'levels'] as const,
  sitesSettings: ['admin', 'sites', 'settings'] as const,
};

/** sites.ts (member and owner side): opening a site, its profile, path, domains and version prices. */
export const siteKeys = {
  all: ['my-site'] as const,
  options: ['my-site', 'options'] as const,
  pathCheck: (path: string) => ['my-site', 'path-check', path] as const,
  purchases: (page: number) => ['my-site', 'purchases', page] as const,
  quote: (versionId: number | undefined, period: string) => ['my-site', 'quote', versionId, period] as const,
  profile: ['my-site', 'profile'] as const,
  pathInfo: ['my-site', 'path'] as const,
  versionMoney: ['my-site', 'version-money'] as const,
  auditLog: (page: number) => ['my-site', 'audit-log', page] as const,
};

/** site-owner.ts: a site owner's price rules, shelf and directories (分站管理). */
export const siteOwnerKeys = {
  all: ['site-owner'] as const,
  rules: ['site-owner', 'rules'] as const,
  goods: (query: unknown) => ['site-owner', 'goods', query] as const,
  preview: (query: unknown, rule: unknown) => ['site-owner', 'preview', query, rule] as const,
  dirs: ['site-owner', 'dirs'] as const,
};

/** site-office.ts: the site owner's back office (/vip/*). */
export const siteOfficeKeys = {
  all: ['site-office'] as const,
  desktop: ['site-office', 'desktop'] as const,
  orders: ['site-office', 'orders'] as const,
  orderList: (query: unknown) => ['site-office', 'orders', query] as const,
  order: (orderNo: string | null) => ['site-office', 'orders', 'detail', orderNo] as const,
  customers: ['site-office', 'customers'] as const,
  customerList: (keyword: string | undefined, page: number, pageSize: number) =>
    ['site-office', 'customers', keyword, page, pageSize] as const,
  children: (keyword: string | undefined, page: number, pageSize: number) =>
    ['site-office', 'children', keyword, page, pageSize] as const,
  announcements: ['site-office', 'announcements'] as const,
  announcementList: (page: number) => ['site-office', 'announcements', page] as const,
};

/** promotion.ts: invites, commissions and collects (/inside/inter/*), the owner's extra rates, the admin screen. */
export const promotionKeys = {
  all: ['promotion'] as const,
  link: ['promotion', 'link'] as const,
  customerStatus: ['promotion', 'customer-status'] as const,
  customers: (level: number, keyword: string | undefined, page: number) =>
    ['promotion', 'customers', level, keyword, page] as const,
  /** Everything that moves when commissions are collected. */
  money: ['promotion', 'money'] as const,
  collect: ['promotion', 'money', 'collect'] as const,
  collects: (page: number) => ['promotion', 'money', 'collects', page] as const,
  details: (query: unknown) => ['promotion', 'money', 'details', query] as const,
  totals: ['promotion', 'money', 'totals'] as const,
  siteRates: ['promotion', 'site-rates'] as const,
  admin: ['admin-promotion'] as const,
  adminSettings: ['admin-promotion', 'settings'] as const,
  /** The platform's directories, for choosing an override's target. */
  adminDirs: ['admin-promotion', 'dirs'] as const,
  adminOverrides: (page: number) => ['admin-promotion', 'overrides', page] as const,
  adminCommissions: (query: unknown) => ['admin-promotion', 'commissions', query] as const,
};
/** supply.ts: the supplier's own area (/supply/*) and the admin's 供货商管理 / 供货审核. */
export const supplyKeys = {
  all: ['supply'] as const,
  me: ['supply', 'me'] as const,
  goods: ['supply', 'goods'] as const,
  goodsList: (query: unknown) => ['supply', 'goods', query] as const,
  cards: ['supply', 'cards'] as const,
  cardList: (query: unknown) => ['supply', 'cards', query] as const,
  orders: (query: unknown) => ['supply', 'orders', query] as const,
  tasks: ['supply', 'tasks'] as const,
  taskList: (query: unknown) => ['supply', 'tasks', query] as const,
  entries: ['supply', 'entries'] as const,
  entryList: (query: unknown) => ['supply', 'entries', 'list', query] as const,
  summary: ['supply', 'entries', 'summary'] as const,
};
export const adminSupplyKeys = {
  all: ['admin-supply'] as const,
  suppliers: (query: unknown) => ['admin-supply', 'suppliers', query] as const,
  reviews: (query: unknown) => ['admin-supply', 'reviews', query] as const,
  settings: ['admin-supply', 'settings'] as const,
};
/** cdk.ts: redemption codes (the member's own, and the admin's batches and codes). */
export const cdkKeys = {
  all: ['cdk'] as const,
  mineAll: ['cdk', 'mine'] as const,
  mine: (status: unknown, page: number, pageSize: number) => ['cdk', 'mine', status, page, pageSize] as const,
  short: (short: string) => ['cdk', 'short', short] as const,
  check: (code: string) => ['cdk', 'check', code] as const,
  batches: (query: unknown) => ['cdk', 'batches', query] as const,
  codes: (query: unknown) => ['cdk', 'codes', query] as const,
};
/** messages.ts: the member's messages, the bell, notification settings, 到货提醒; the admin's 消息通知. */
export const messageKeys = {
  all: ['messages'] as const,
  list: (query: unknown) => ['messages', 'list', query] as const,
  unread: ['messages', 'unread'] as const,
  latest: ['messages', 'latest'] as const,
  /** The bell's newest few, read again when the unread count moves. */
  latestAt: (unread: number) => ['messages', 'latest', unread] as const,
  settings: ['message-settings'] as const,
  restock: (goodsId: number) => ['restock', goodsId] as const,
  adminAll: ['admin', 'messages'] as const,
  broadcasts: (page: number) => ['admin', 'messages', 'broadcasts', page] as const,
  telegram: ['admin', 'messages', 'telegram'] as const,
  robots: ['admin', 'messages', 'robots'] as const,
  deliveries: (query: unknown) => ['admin', 'messages', 'deliveries', query] as const,
};
/** complaints.ts: a buyer's, a seller's and the staff's complaints (one prefix: every write refreshes them all). */
export const complaintsKeys = {
  all: ['complaints'] as const,
  eligibility: (orderNo: string) => ['complaints', 'eligibility', orderNo] as const,
  mine: (status: unknown, page: number, pageSize: number) => ['complaints', 'mine', status, page, pageSize] as const,
  detail: (side: string, id: number) => ['complaints', 'detail', side, id] as const,
  seller: (status: unknown, page: number, pageSize: number) =>
    ['complaints', 'seller', status, page, pageSize] as const,
  staff: (side: string, query: unknown) => ['complaints', 'staff', side, query] as const,
  colleagues: (side: string) => ['complaints', 'colleagues', side] as const,
  settings: ['complaints', 'settings'] as const,
  visitor: (proof: unknown) => ['complaints', 'visitor', proof] as const,
};

/** service.ts: consultations and the desk's look-ups. */
export const serviceKeys = {
  all: ['service'] as const,
  mine: (page: number) => ['service', 'mine', page] as const,
  myDetail: (id: number) => ['service', 'my-detail', id] as const,
  visitor: (token: string) => ['service', 'visitor', token] as const,
  desk: (query: unknown) => ['service', 'desk', query] as const,
  deskDetail: (id: number) => ['service', 'desk-detail', id] as const,
  replies: ['service', 'replies'] as const,
  members: (keyword: string) => ['service', 'members', keyword] as const,
  memberOrders: (userId: number, page: number) => ['service', 'member-orders', userId, page] as const,
  order: (orderNo: string) => ['service', 'order', orderNo] as const,
};

/** webhooks.ts: a member's or the platform's subscriptions and delivery logs (scope: 'member' | 'admin'). */
export const webhookKeys = {
  all: ['webhooks'] as const,
  list: (scope: string) => ['webhooks', scope, 'list'] as const,
  deliveries: (scope: string, query: unknown) => ['webhooks', scope, 'deliveries', query] as const,
  delivery: (scope: string, id: number) => ['webhooks', scope, 'delivery', id] as const,
};

/** openapi.ts: the member's open-API keys and call log. */
export const openApiKeys = {
  all: ['openapi'] as const,
  keys: ['openapi', 'keys'] as const,
  calls: (query: unknown) => ['openapi', 'calls', query] as const,
};

/** docking.ts: upstream connections, docked goods, procurements, sync logs, reconciliation (per scope). */
export const dockingKeys = {
  all: ['docking'] as const,
  dirs: ['docking', 'dirs'] as const,
  connections: (scope: string) => ['docking', scope, 'connections'] as const,
  upstream: (scope: string, connectionId: number | undefined, keyword: unknown) =>
    ['docking', scope, 'upstream', connectionId, keyword] as const,
  goods: (scope: string, query: unknown) => ['docking', scope, 'goods', query] as const,
  procurements: (scope: string, query: unknown) => ['docking', scope, 'procurements', query] as const,
  logs: (scope: string, query: unknown) => ['docking', scope, 'logs', query] as const,
  reconcile: (scope: string, connectionId: number | undefined, date: string) =>
    ['docking', scope, 'reconcile', connectionId, date] as const,
};
