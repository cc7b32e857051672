import { formFlag, pageInput, positiveId } from './account-center.js';
import { yuan } from './commerce.js';
import { text } from './fields.js';
import { z } from './zod-setup.js';

/**
 * Docking (货源对接; decision 0016): the shop buys its stock from upstream shops. Upstream
 * connections (the platform's, or a site owner's), upstream goods imported as ordinary goods with a
 * markup, per-field sync ownership and rules, procurement orders forwarded to the upstream when the
 * buyer pays, sync logs and a daily reconciliation. Money answered is yuan text with two decimals;
 * times are formatted text ('' when none).
 */

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const opt = <T extends z.ZodType>(schema: T) => z.preprocess(blank, schema.optional());
const intIn = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${label}须为整数` })
    .int({ error: `${label}须为整数` })
    .min(min, { error: `${label}不能小于 ${min}` })
    .max(max, { error: `${label}不能大于 ${max}` });

export const DOCKING_PROTOCOLS = ['kapu', 'acgfaka'] as const;
export type DockingProtocol = (typeof DOCKING_PROTOCOLS)[number];
export const DockingProtocolLabels: Record<DockingProtocol, string> = {
  kapu: '卡铺 / 卡易信 API 3.0',
  acgfaka: '异次元（acg-faka）',
};

/** Fields whose value either follows the upstream on every sync, or stays as the merchant set it. */
export const SYNC_FIELDS = ['name', 'description', 'images', 'price', 'status', 'stock'] as const;
export type SyncField = (typeof SYNC_FIELDS)[number];
export const SyncFieldLabels: Record<SyncField, string> = {
  name: '名称',
  description: '描述',
  images: '图片',
  price: '售价',
  status: '上下架',
  stock: '库存',
};
export type SyncOwnership = Record<SyncField, 'upstream' | 'mine'>;

export const MARKUP_KINDS = ['percent', 'fixed'] as const;
export type MarkupKind = (typeof MARKUP_KINDS)[number];
export const PRICE_RULES = ['follow', 'raise_only'] as const;
export type PriceRule = (typeof PRICE_RULES)[number];
export const PriceRuleLabels: Record<PriceRule, string> = { follow: '跟随上游调价', raise_only: '只涨不跌' };

export const PROCUREMENT_STATUSES = [
  'pending',
  'placing',
  'placed',
  'delivered',
  'partial',
  'refund_due',
  'failed',
  'refunded',
] as const;
export type ProcurementStatus = (typeof PROCUREMENT_STATUSES)[number];
export const ProcurementStatusLabels: Record<ProcurementStatus, string> = {
  pending: '待下单',
  placing: '下单中',
  placed: '上游处理中',
  delivered: '已发货',
  partial: '部分发货，余款已退',
  refund_due: '部分发货，待退款',
  failed: '失败',
  refunded: '已退款',
};

/** A form sends one value as a string and several as an array: always an array here. */
const toArray = (v: unknown) => (Array.isArray(v) ? v : v === undefined || v === null || v === '' ? [] : [v]);

const baseUrl = text('上游地址', 300).min(1, { error: '请输入上游地址' });

/** Add or edit a connection; the secret is required when adding and kept when left blank on edit. */
export const dockingConnectionSaveInput = z.object({
  id: opt(positiveId),
  name: text('连接名称', 50).min(1, { error: '请输入连接名称' }),
  protocol: z.enum(DOCKING_PROTOCOLS, { error: '请选择对接协议' }),
  baseUrl,
  appId: text('AppID', 100).min(1, { error: '请输入 AppID' }),
  secret: opt(text('密钥', 200)),
  timeoutSec: intIn('超时秒数', 2, 60).default(10),
});
export const dockingIdInput = z.object({ id: positiveId });
export const dockingUpstreamGoodsInput = z.object({
  connectionId: positiveId,
  keyword: opt(text('关键词', 50)),
});

export const dockingImportInput = z.object({
  connectionId: positiveId,
  refs: z.preprocess(
    toArray,
    z
      .array(text('上游商品编号', 40).min(1))
      .min(1, { error: '请选择要导入的商品' })
      .max(1000, { error: '一次最多导入 1000 个商品' }),
  ),
  dirId: positiveId,
  markupKind: z.enum(MARKUP_KINDS, { error: '请选择加价方式' }),
  /** percent: a percentage (e.g. 20 = +20%); fixed: yuan per unit. */
  markupPercent: opt(z.coerce.number({ error: '加价比例须为数字' }).min(0).max(1000)),
  markupFixed: opt(yuan('固定加价')),
});

export const dockingGoodsSaveInput = z.object({
  goodsId: positiveId,
  /** The fields the merchant keeps ('keep mine'); the others follow the upstream. */
  keep: z.preprocess(toArray, z.array(z.enum(SYNC_FIELDS, { error: '同步字段不正确' }))),
  priceRule: z.enum(PRICE_RULES),
  markupKind: z.enum(MARKUP_KINDS),
  markupPercent: opt(z.coerce.number().min(0).max(1000)),
  markupFixed: opt(yuan('固定加价')),
  pauseWhenOutOfStock: formFlag,
  /** Pause when the cost rises more than this percent above the import cost; blank = no bound. */
  costBoundPercent: opt(intIn('成本上限', 0, 1000)),
});
export const dockingSourceAddInput = z.object({
  goodsId: positiveId,
  connectionId: positiveId,
  ref: text('上游商品编号', 40).min(1, { error: '请输入上游商品编号' }),
});
export const dockingSourceMoveInput = z.object({ id: positiveId, priority: intIn('优先级', 1, 99) });
export const dockingListInput = z.object({
  ...pageInput,
  keyword: opt(text('关键词', 50)),
  /** Staff only: the platform's docked goods (default) or the sub-sites' own (decision 0018). */
  owner: opt(z.enum(['platform', 'sites'], { error: '商品归属不正确' })),
});
/** The owner's price and shelf of a docked goods; a price set here is kept ('mine') by later syncs. */
export const dockingGoodsStateInput = z
  .object({
    goodsId: positiveId,
    price: opt(yuan('售价')),
    status: opt(z.enum(['on_sale', 'paused'], { error: '上下架状态不正确' })),
  })
  .refine((v) => v.price !== undefined || v.status !== undefined, { error: '请填写售价或选择上下架' });
/** Staff stop (or allow again) a sub-site's own goods: pause, ban, or back on sale. */
export const dockingModerateInput = z.object({
  goodsId: positiveId,
  status: z.enum(['on_sale', 'paused', 'banned'], { error: '商品状态不正确' }),
});
export const dockingProcurementListInput = z.object({
  ...pageInput,
  status: opt(z.enum(PROCUREMENT_STATUSES)),
  orderNo: opt(text('订单号', 40)),
});
export const dockingSyncLogInput = z.object({ ...pageInput, goodsId: opt(positiveId) });
export const dockingReconcileInput = z.object({
  connectionId: positiveId,
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: '日期格式应为 2026-01-31' }),
});

export interface DockingConnectionView {
  id: number;
  name: string;
  protocol: DockingProtocol;
  protocolText: string;
  baseUrl: string;
  appId: string;
  timeoutSec: number;
  /** The merchant's push receiver for this connection (subscribe it at the upstream). */
  pushUrl: string;
  goodsCount: number;
  lastSyncAt: string;
  lastError: string;
  createdAt: string;
}
export interface DockingAccountView {
  name: string;
  balance: string;
}
export interface DockingUpstreamGoodsView {
  ref: string;
  name: string;
  category: string;
  kind: 'card' | 'recharge' | 'manual';
  price: string;
  stock: number | null;
  onSale: boolean;
  imported: boolean;
}
export interface DockingImportAnswer {
  imported: number;
  skipped: number;
  goodsIds: number[];
}
export interface DockingSourceView {
  id: number;
  connectionId: number;
  connectionName: string;
  ref: string;
  priority: number;
  cost: string;
  stock: number | null;
  onSale: boolean;
}
export interface DockingGoodsView {
  goodsId: number;
  /** The owning site (1: the platform) and its title for staff ('' for the platform). */
  siteId: number;
  siteName: string;
  name: string;
  price: string;
  stock: number | null;
  status: string;
  importCost: string;
  cost: string;
  markupKind: MarkupKind;
  markupPercent: number;
  markupFixed: string;
  priceRule: PriceRule;
  pauseWhenOutOfStock: boolean;
  costBoundPercent: number | null;
  ownership: SyncOwnership;
  sources: DockingSourceView[];
  lastSyncAt: string;
}
export interface DockingProcurementView {
  id: number;
  procurementNo: string;
  orderNo: string;
  goodsName: string;
  quantity: number;
  connectionName: string;
  upstreamOrderNo: string;
  status: ProcurementStatus;
  statusText: string;
  cost: string;
  attempts: number;
  cardsDelivered: number;
  /** Yuan refunded (partial) or owed by hand (refund_due) for the units no source supplied; '' when none. */
  refunded: string;
  /** Upstream orders settled short before the current one, oldest first (the rest was asked of the next source). */
  parts: Array<{ connectionName: string; upstreamOrderNo: string; quantity: number; cards: number; cost: string }>;
  lastError: string;
  createdAt: string;
  updatedAt: string;
}
export interface DockingSyncLogView {
  id: number;
  goodsId: number;
  goodsName: string;
  field: string;
  from: string;
  to: string;
  note: string;
  via: 'pull' | 'push';
  createdAt: string;
}
export interface DockingReconcileRow {
  procurementNo: string;
  upstreamOrderNo: string;
  ours: string;
  ourStatus: string;
  theirs: string;
  theirStatus: string;
  match: boolean;
  note: string;
}
export interface DockingReconcileAnswer {
  date: string;
  orders: number;
  amount: string;
  upstreamAmount: string;
  mismatches: number;
  rows: DockingReconcileRow[];
}
/** Whose docking a screen shows: the platform's (admin 货源对接) or the signed-in site owner's (/vip/docking). */
export type DockingArea = 'admin' | 'vip';
