import { idOf, multilineText } from './fields.js';
import type { Paged } from './paging.js';
import { z } from './zod-setup.js';

/**
 * Commerce payloads: catalog, stock, orders, funds.
 * Money: every amount the server answers is integer fen. Amounts people type (prices in the
 * admin goods form, balance adjustments) are yuan strings with at most two decimals
 * ("12", "12.5", "12.50"), parsed here by string rules into fen — never through floats.
 */

/** Empty form fields arrive as '': treat them as absent. */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

const YUAN = /^(0|[1-9]\d{0,9})(\.\d{1,2})?$/;
/** Yuan text → fen, by string rules (no float arithmetic). */
export function yuanTextToFen(text: string): number {
  const [whole, frac = ''] = text.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}
/** A non-negative yuan amount (≤ 9,999,999,999.99) given as text; answers fen. */
export const yuan = (label: string) =>
  z
    .union([z.string(), z.number()], { error: `请输入${label}` })
    .transform((v) => String(v).trim())
    .pipe(z.string().regex(YUAN, { error: `${label}须为不小于 0 的金额，最多两位小数` }))
    .transform(yuanTextToFen);
/** A signed yuan amount ("-5.00" debits), for balance adjustments; answers fen, never 0. */
export const signedYuan = (label: string) =>
  z
    .union([z.string(), z.number()], { error: `请输入${label}` })
    .transform((v) => String(v).trim())
    .pipe(z.string().regex(/^-?(0|[1-9]\d{0,9})(\.\d{1,2})?$/, { error: `${label}须为金额，最多两位小数` }))
    .transform((t) => (t.startsWith('-') ? -yuanTextToFen(t.slice(1)) : yuanTextToFen(t)))
    .refine((fen) => fen !== 0, { error: `${label}不能为 0` });

/** A positive integer id from a form field. */
export const idField = idOf;
const intIn = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${label}须为整数` })
    .int({ error: `${label}须为整数` })
    .min(min, { error: `${label}不能小于 ${min}` })
    .max(max, { error: `${label}不能大于 ${max}` });
/** 0/1 flags from checkboxes: '1', '0', 'true', 'false', 'on'. */
export const flag = z.preprocess(
  (v) => {
    if (v === undefined || v === '') return undefined;
    if (v === true || v === 1 || v === '1' || v === 'true' || v === 'on') return 1;
    if (v === false || v === 0 || v === '0' || v === 'false' || v === 'off') return 0;
    return v;
  },
  z.union([z.literal(0), z.literal(1)], { error: '开关值只能是 0 或 1' }).optional(),
);
/** Repeated form keys arrive as an array, a single one as a string, "1,2,3" is accepted too. */
const list = <T extends z.ZodType>(item: T, label: string, max = 500) =>
  z.preprocess(
    (v) =>
      v === undefined || v === ''
        ? []
        : Array.isArray(v)
          ? v
          : String(v)
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean),
    z
      .array(item)
      .min(1, { error: `请选择${label}` })
      .max(max, { error: `一次最多处理 ${max} 条` }),
  );
/** Structured fields (template, prices, tiers) travel as a JSON string inside a form. */
export const json = <T extends z.ZodType>(schema: T, label: string) =>
  z.preprocess((v, ctx) => {
    if (typeof v !== 'string') return v;
    if (v.trim() === '') return undefined;
    try {
      return JSON.parse(v);
    } catch {
      ctx.issues.push({ code: 'custom', message: `${label}格式不正确`, input: v });
      return z.NEVER;
    }
  }, schema);

const page = z.preprocess(blankToUndefined, intIn('页码', 1, 100_000).default(1));
const pageSize = z.preprocess(blankToUndefined, intIn('每页条数', 1, 100).default(20));
/** Just a page request: `{ page, pageSize }` with their defaults. */
export const pageQuery = z.object({ page, pageSize });
const keyword = optional(z.string().trim().max(50, { error: '关键词不能超过 50 个字符' }));
/** Text shown to people: no markup at all (stops stored XSS in names, notes and inputs). */
const plain = (label: string, max: number) =>
  z
    .string({ error: `请输入${label}` })
    .trim()
    .max(max, { error: `${label}不能超过 ${max} 个字符` })
    .refine((s) => !/[<>]/.test(s), { error: `${label}不能包含 < 或 > 字符` });

export const GOODS_TYPES = ['card', 'recharge', 'manual', 'physical'] as const;
export type GoodsType = (typeof GOODS_TYPES)[number];
export const GoodsTypeLabels: Record<GoodsType, string> = {
  card: '卡密',
  recharge: '直充',
  manual: '人工',
  physical: '实物',
};
export const CONTACT_TYPES = ['any', 'phone', 'email', 'qq'] as const;
export type ContactType = (typeof CONTACT_TYPES)[number];
const PHONE = /^1[3-9]\d{9}$/;
const EMAIL = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;
const QQ = /^[1-9]\d{4,11}$/;
/**
 * What a buyer's contact must look like, per the goods' contact type (server and form share it):
 * `any` asks for 手机号、邮箱或 QQ, so it is one of those three.
 */
export const CONTACT_RULES: Record<ContactType, { test: (value: string) => boolean; message: string }> = {
  any: { test: (v) => PHONE.test(v) || EMAIL.test(v) || QQ.test(v), message: '请填写正确的手机号、邮箱或 QQ 号' },
  phone: { test: (v) => PHONE.test(v), message: '请填写正确的手机号' },
  email: { test: (v) => EMAIL.test(v), message: '请填写正确的邮箱' },
  qq: { test: (v) => QQ.test(v), message: '请填写正确的 QQ 号' },
};
export const GOODS_STATUSES = ['on_sale', 'paused', 'banned'] as const;
export type GoodsStatus = (typeof GOODS_STATUSES)[number];
export const CARD_STATUSES = ['available', 'reserved', 'sold', 'void'] as const;
export type CardStatus = (typeof CARD_STATUSES)[number];

/** Order states (the orders module's machine): see server/src/modules/orders/order-machine.ts. */
export const ORDER_STATUSES = [
  'unpaid',
  'expired',
  'cancelled',
  'paid',
  'pending',
  'shipped',
  'delivered',
  'refund_due',
  'refunded',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const OrderStatusLabels: Record<OrderStatus, string> = {
  unpaid: '待支付',
  expired: '已超时',
  cancelled: '已取消',
  paid: '已支付',
  pending: '待处理',
  shipped: '已发货',
  delivered: '已完成',
  refund_due: '待退款',
  refunded: '已退款',
};

// ---------- catalog ----------

export const RECHARGE_FIELD_TYPES = ['text', 'number', 'select', 'image'] as const;
export const rechargeField = z.object({
  key: z
    .string()
    .trim()
    .regex(/^[A-Za-z][A-Za-z0-9_]{0,31}$/, { error: '充值字段标识须为字母开头的字母、数字或下划线' }),
  label: plain('字段名称', 30).min(1, { error: '请输入字段名称' }),
  type: z.enum(RECHARGE_FIELD_TYPES, { error: '字段类型只能是文本、数字、下拉或图片' }),
  required: z.boolean().default(true),
  options: z.array(plain('选项', 50)).max(50).optional(),
  placeholder: plain('提示文字', 50).optional(),
});
export type RechargeField = z.infer<typeof rechargeField>;

export const goodsListInput = z.object({
  dirId: optional(idField('目录')),
  brandId: optional(idField('品牌')),
  type: optional(z.enum(GOODS_TYPES, { error: '商品类型不正确' })),
  keyword,
  sort: optional(z.enum(['default', 'price_asc', 'price_desc', 'sales', 'new'], { error: '排序方式不正确' })),
  hot: flag,
  recommended: flag,
  /** Only these goods (a decoration's chosen goods); the answer keeps the list order, not this one. */
  ids: z.preprocess((v) => (v === undefined || v === '' ? undefined : v), list(idField('商品'), '商品', 50).optional()),
  page,
  pageSize,
});
export type GoodsListInput = z.infer<typeof goodsListInput>;

export const goodsIdInput = z.object({ goodsId: idField('商品') });
export const priceListInput = z.object({ dirId: optional(idField('目录')), keyword, page, pageSize });

export const dirSaveInput = z.object({
  id: optional(idField('目录')),
  parentId: optional(idField('上级目录')),
  name: plain('目录名称', 30).min(1, { error: '请输入目录名称' }),
  icon: optional(z.string().trim().max(255)),
  sort: z.preprocess(blankToUndefined, intIn('排序', -100000, 100000).default(0)),
  visible: flag,
});
export const brandSaveInput = z.object({
  id: optional(idField('品牌')),
  dirId: optional(idField('目录')),
  name: plain('品牌名称', 30).min(1, { error: '请输入品牌名称' }),
  logo: optional(z.string().trim().max(255)),
  sort: z.preprocess(blankToUndefined, intIn('排序', -100000, 100000).default(0)),
});
export const idInput = z.object({ id: idField('记录') });

/**
 * A member level of the site: its name, order (a larger sort is a higher level), whether new members
 * start on it, and what members pay to buy it (absent or 0 = not sold; a level's price also counts
 * as what a member on it already paid when they upgrade) with what it gets them (plain text, a line each).
 */
export const levelSaveInput = z
  .object({
    id: optional(idField('会员等级')),
    name: plain('等级名称', 20).min(1, { error: '请输入等级名称' }),
    sort: z.preprocess(blankToUndefined, intIn('排序', 0, 1000).default(0)),
    isDefault: flag,
    price: optional(yuan('购买价格')),
    buyable: flag,
    description: optional(
      multilineText('等级权益', 500).refine((s) => !/[<>]/.test(s), { error: '等级权益不能包含 < 或 > 字符' }),
    ),
  })
  .refine((l) => l.buyable !== 1 || (l.price ?? 0) > 0, {
    error: '开放购买的等级须填写大于 0 的购买价格',
    path: ['price'],
  });
/**
 * Buy or upgrade to a level from the balance. `expectedCost` is what the member was shown (fen):
 * when the price changed since, the purchase is refused instead of charging another amount.
 */
export const levelBuyInput = z.object({
  levelId: idField('会员等级'),
  expectedCost: optional(intIn('应付金额', 0, 1_000_000_000_000)),
  salePwd: optional(z.string().max(64)),
});
export const idsInput = z.object({ ids: list(idField('记录'), '记录') });

export const goodsSaveInput = z
  .object({
    id: optional(idField('商品')),
    dirId: idField('目录'),
    brandId: optional(idField('品牌')),
    name: plain('商品名称', 100).min(1, { error: '请输入商品名称' }),
    images: optional(json(z.array(z.string().trim().max(255)).max(10, { error: '最多 10 张图片' }), '商品图片')),
    description: optional(z.string().max(100_000, { error: '商品描述过长' })),
    type: z.enum(GOODS_TYPES, { error: '请选择商品类型' }),
    faceValue: yuan('面值'),
    price: yuan('售价'),
    cost: optional(yuan('成本')),
    stock: optional(intIn('库存', 0, 100_000_000)),
    rechargeTemplate: optional(json(z.array(rechargeField).max(20, { error: '充值模板最多 20 个字段' }), '充值模板')),
    minQuantity: z.preprocess(blankToUndefined, intIn('最少购买数量', 1, 10000).default(1)),
    maxQuantity: z.preprocess(blankToUndefined, intIn('最多购买数量', 1, 10000).default(100)),
    multiple: z.preprocess(blankToUndefined, intIn('购买倍数', 1, 10000).default(1)),
    perUserLimit: z.preprocess(blankToUndefined, intIn('每人限购', 0, 1_000_000).default(0)),
    visitorAllowed: flag,
    contactType: z.preprocess(blankToUndefined, z.enum(CONTACT_TYPES, { error: '联系方式类型不正确' }).default('any')),
    status: z.preprocess(blankToUndefined, z.enum(GOODS_STATUSES, { error: '商品状态不正确' }).default('on_sale')),
    sort: z.preprocess(blankToUndefined, intIn('排序', -100000, 100000).default(0)),
    hot: flag,
    recommended: flag,
    loopCard: flag,
    allowRepeal: flag,
    /** Per-level prices: [{levelId, price: "12.50"}]. */
    levelPrices: optional(
      json(z.array(z.object({ levelId: idField('会员等级'), price: yuan('等级价') })).max(50), '等级价格'),
    ),
    /** Wholesale tiers: [{minQuantity, price: "9.90"}] — from minQuantity units on, each costs at most price. */
    wholesale: optional(
      json(
        z.array(z.object({ minQuantity: intIn('批发起购数量', 2, 100000), price: yuan('批发价') })).max(20),
        '批发价格',
      ),
    ),
  })
  .refine((g) => g.maxQuantity >= g.minQuantity, { error: '最多购买数量不能小于最少购买数量', path: ['maxQuantity'] });
export type GoodsSaveInput = z.infer<typeof goodsSaveInput>;

export const goodsStatusInput = z.object({
  ids: list(idField('商品'), '商品'),
  status: z.enum(GOODS_STATUSES, { error: '商品状态不正确' }),
});
export const adminGoodsListInput = z.object({
  dirId: optional(idField('目录')),
  type: optional(z.enum(GOODS_TYPES, { error: '商品类型不正确' })),
  status: optional(z.enum(GOODS_STATUSES, { error: '商品状态不正确' })),
  keyword,
  page,
  pageSize,
});

export const goodsLogListInput = z.object({ page, pageSize });

// Catalog answers.

/** A directory with its second-level children (storefront). */
export interface GoodsDir {
  id: number;
  name: string;
  icon: string;
  children: Array<{ id: number; name: string; icon: string }>;
}
export interface Brand {
  id: number;
  dirId: number | null;
  name: string;
  logo: string;
}
/** What a buyer sees of a goods in lists: money in fen; stock -1 = unlimited. */
export interface GoodsCard {
  id: number;
  dirId: number;
  brandId: number | null;
  name: string;
  image: string;
  type: GoodsType;
  typeText: string;
  faceValue: number;
  /** The buyer's unit price for one unit (their level). */
  price: number;
  basePrice: number;
  stock: number;
  soldCount: number;
  hot: boolean;
  recommended: boolean;
  status: GoodsStatus;
}
export interface WholesaleTier {
  minQuantity: number;
  price: number;
}
/** How a goods may be bought: shown to buyers and edited by staff alike. */
export interface GoodsBuyRules {
  rechargeTemplate: RechargeField[];
  minQuantity: number;
  maxQuantity: number;
  multiple: number;
  perUserLimit: number;
  visitorAllowed: boolean;
  contactType: ContactType;
}
export interface GoodsDetail extends GoodsCard, GoodsBuyRules {
  images: string[];
  /** Sanitised on the server (sanitize-html allow-list). */
  description: string;
  wholesale: WholesaleTier[];
  allowRepeal: boolean;
  favorite: boolean;
}
/** /chajia: every level's price of each goods on sale. */
export interface PriceListAnswer extends Paged<{
  id: number;
  name: string;
  type: GoodsType;
  faceValue: number;
  prices: Array<{ levelId: number; price: number }>;
  wholesale: readonly WholesaleTier[];
}> {
  levels: Array<{ id: number; name: string }>;
}
export interface GoodsLogEntry {
  id: number;
  goodsId: number;
  goodsName: string;
  kind: 'price' | 'status' | 'stock' | string;
  before: string;
  after: string;
  createdAt: string;
}
export interface AdminDir {
  id: number;
  parentId: number | null;
  name: string;
  icon: string;
  sort: number;
  visible: boolean;
}
/** A member level of the site (价格等级). */
export interface Level {
  id: number;
  name: string;
  sort: number;
  isDefault: boolean;
  /** Fen; null = no price (not sold, and worth 0 when its members upgrade). */
  price: number | null;
  /** Members may buy it now (with a price above 0). */
  buyable: boolean;
  /** What it gets, plain text, one benefit a line. */
  description: string;
}
/** Why a level cannot be bought by this member now. */
export type LevelOfferState = 'current' | 'lower' | 'notForSale' | 'buyable';
/** A level as the member sees it on /inside/selfLevel. */
export interface LevelOffer {
  id: number;
  name: string;
  sort: number;
  description: string;
  /** Fen; null = not sold. */
  price: number | null;
  state: LevelOfferState;
  /** What buying it costs this member now: its price less the current level's, never below 0; null unless buyable. */
  cost: number | null;
  /** Fen saved on the example goods (one of each) at this level compared with the member's level (negative: dearer). */
  exampleSaving: number;
}
/** A goods on sale and its unit price at every level, to show what a level changes. */
export interface LevelExampleGoods {
  id: number;
  name: string;
  prices: Array<{ levelId: number; price: number }>;
}
/** /inside/selfLevel: the member's level, the levels with what they cost, and example prices. */
export interface MyLevelsAnswer {
  /** false on a sub-site: its prices are set by its owner, levels are not sold there. */
  forSale: boolean;
  /** Why levels are not sold here (sub-sites), in Chinese; '' when they are. */
  notice: string;
  current: { id: number; name: string };
  levels: LevelOffer[];
  examples: LevelExampleGoods[];
}
export interface LevelBuyResult {
  levelId: number;
  levelName: string;
  /** Fen taken from the balance (0: a free upgrade). */
  paid: number;
}
export interface AdminGoodsRow {
  id: number;
  dirId: number;
  name: string;
  type: GoodsType;
  price: number;
  cost: number;
  faceValue: number;
  stock: number;
  soldCount: number;
  status: GoodsStatus;
  sort: number;
  ownerUserId: number | null;
}
/** The goods editor's data: fen, the stored stock (null = by cards or unlimited). */
export interface AdminGoodsDetail extends GoodsBuyRules {
  id: number;
  dirId: number;
  brandId: number | null;
  name: string;
  images: string[];
  description: string;
  type: GoodsType;
  faceValue: number;
  price: number;
  cost: number;
  stock: number | null;
  status: GoodsStatus;
  sort: number;
  hot: boolean;
  recommended: boolean;
  loopCard: boolean;
  allowRepeal: boolean;
  levelPrices: Array<{ levelId: number; price: number }>;
  wholesale: WholesaleTier[];
}

// ---------- stock ----------

export const MAX_IMPORT_LINES = 100_000;
export const cardImportInput = z.object({
  goodsId: idField('商品'),
  text: z.string({ error: '请输入卡密' }).max(20 * 1024 * 1024, { error: '卡密文本过大' }),
  note: optional(plain('批次备注', 100)),
});
export const cardListInput = z.object({
  goodsId: optional(idField('商品')),
  batchId: optional(idField('批次')),
  status: optional(z.enum(CARD_STATUSES, { error: '卡密状态不正确' })),
  orderNo: optional(z.string().trim().max(40)),
  /** Exact card text to find (matched by HMAC, the secrets are encrypted). */
  card: optional(z.string().trim().max(500)),
  page,
  pageSize,
});
export const cardExportInput = z.object({
  goodsId: idField('商品'),
  batchId: optional(idField('批次')),
  status: optional(z.enum(CARD_STATUSES, { error: '卡密状态不正确' })),
});
export const cardVoidInput = z.object({ ids: list(idField('卡密'), '卡密', 10_000) });

// Stock answers.

export interface CardRow {
  id: number;
  goodsId: number;
  goodsName: string;
  batchId: number;
  card: string;
  password: string;
  status: CardStatus;
  orderId: number | null;
  soldAt: string;
  createdAt: string;
}
export interface CardBatch {
  id: number;
  note: string;
  lines: number;
  imported: number;
  duplicates: number;
  createdBy: string;
  createdAt: string;
}
/** Import stock, batches and counts of one goods. */
export interface CardBatches {
  counts: Partial<Record<CardStatus, number>>;
  list: CardBatch[];
}
export interface ImportAnswer {
  batchId: number;
  lines: number;
  imported: number;
  duplicates: number;
  invalid: number;
}
/** The card text of a goods for download. */
export interface CardExport {
  filename: string;
  count: number;
  content: string;
}

// ---------- orders ----------

const contact = optional(z.string().trim().max(100, { error: '联系方式不能超过 100 个字符' }));
/** One answer the buyer gave at checkout (input template), with the label they saw. */
export interface BuyerInput {
  key: string;
  label: string;
  type: string;
  value: string;
}
/**
 * An order's stored answers: a labelled list, or (orders made before labels were kept) a plain
 * {key: value} object, read with the goods' current template labels where they still match.
 */
export function readBuyerInputs(
  stored: string | null,
  template: { key: string; label: string; type: string }[] = [],
): BuyerInput[] {
  if (!stored) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    return [];
  }
  if (Array.isArray(parsed))
    return parsed.filter(
      (x): x is BuyerInput => !!x && typeof x === 'object' && typeof (x as BuyerInput).value === 'string',
    );
  if (parsed && typeof parsed === 'object') {
    return Object.entries(parsed as Record<string, unknown>).map(([key, value]) => {
      const field = template.find((f) => f.key === key);
      return { key, label: field?.label ?? key, type: field?.type ?? 'text', value: String(value) };
    });
  }
  return [];
}

export const orderCreateInput = z.object({
  goodsId: idField('商品'),
  quantity: z.preprocess(blankToUndefined, intIn('购买数量', 1, 10000).default(1)),
  contact,
  /** Visitors set it to look the order up later; members may leave it out. */
  queryPassword: optional(
    z.string().min(6, { error: '查询密码须为 6-32 位' }).max(32, { error: '查询密码须为 6-32 位' }),
  ),
  /** Direct recharge inputs: {fieldKey: value}, as a JSON string in forms. */
  rechargeInputs: optional(json(z.record(z.string(), z.union([z.string(), z.number()])), '充值信息')),
  shipName: optional(plain('收货人', 30)),
  shipPhone: optional(
    z
      .string()
      .trim()
      .regex(/^[0-9+\- ]{5,20}$/, { error: '收货电话格式不正确' }),
  ),
  shipAddress: optional(plain('收货地址', 200)),
  remark: optional(plain('备注', 200)),
  /** `balance`: a member pays from the balance while ordering, one step (create + pay + deliver). */
  payBy: optional(z.enum(['balance'], { error: '支付方式不正确' })),
  salePwd: optional(z.string().max(64)),
  /** The image captcha, asked of visitors who already hold unpaid orders. */
  captchaId: optional(z.string().trim().max(64)),
  captcha: optional(z.string().trim().max(10)),
  /** The unit price (fen) the buyer was shown; a different price at order time answers PRICE_CHANGED. */
  expectedPrice: z.preprocess(blankToUndefined, intIn('商品单价', 0, 100_000_000_00).optional()),
});
export type OrderCreateInput = z.infer<typeof orderCreateInput>;

export const orderNoInput = z.object({
  orderNo: z
    .string({ error: '请输入订单号' })
    .trim()
    .regex(/^\d{17,40}$/, { error: '订单号格式不正确' }),
});
export const payByBalanceInput = orderNoInput.extend({ salePwd: optional(z.string().max(64)) });

export const myOrderListInput = z.object({
  status: optional(z.enum(ORDER_STATUSES, { error: '订单状态不正确' })),
  type: optional(z.enum(GOODS_TYPES, { error: '商品类型不正确' })),
  keyword,
  /** Epoch ms bounds on the creation time. */
  from: optional(z.coerce.number().int().min(0)),
  to: optional(z.coerce.number().int().min(0)),
  page,
  pageSize,
});
export type MyOrderListInput = z.infer<typeof myOrderListInput>;

export const cardRepealInput = orderNoInput.extend({
  cardIds: list(idField('卡密'), '要撤销的卡密', 1000),
  reason: plain('撤销原因', 200).min(1, { error: '请填写撤销原因' }),
});

export const visitorLookupInput = orderNoInput
  .extend({
    queryPassword: optional(z.string().max(32)),
    contact,
  })
  .refine((v) => Boolean(v.queryPassword || v.contact), {
    error: '请输入查询密码或下单时的联系方式',
    path: ['queryPassword'],
  });
const queryPasswordField = z
  .string({ error: '请输入查询密码' })
  .min(1, { error: '请输入查询密码' })
  .max(32, { error: '查询密码不能超过 32 个字符' });
/** How long unpaid orders hold stock, and what visitors (no account) may hold at once. */
export const checkoutSettingsInput = z.object({
  reserveMinutes: intIn('订单保留时间', 1, 1440),
  visitorMaxOrders: intIn('每个 IP 的未支付游客订单数', 1, 100),
  visitorMaxUnits: intIn('每个 IP / 联系方式占用的商品数量', 1, 100_000),
  visitorCaptchaAfter: intIn('需要验证码的未支付订单数', 0, 100),
  visitorStockShare: intIn('游客最多占用库存比例', 1, 100),
  /** Days of order history visitors may look up (answered as keyDay). */
  lookupDays: z.preprocess(
    (v) => (v === '' || v === undefined || v === null ? 90 : v),
    intIn('游客可查询的天数', 1, 3650),
  ),
});
export type CheckoutSettings = z.infer<typeof checkoutSettingsInput>;

/** A visitor cancels an unpaid order of theirs: number plus query password. */
export const visitorCancelInput = orderNoInput.extend({ queryPassword: queryPasswordField });
/** 本机订单: the orders this browser holds (number + access token each), as JSON; at most 50. */
export const visitorStatusesInput = z.object({
  orders: json(
    z
      .array(
        orderNoInput.extend({
          accessToken: z.string({ error: '订单凭据不正确' }).regex(/^[0-9a-f]{64}$/, { error: '订单凭据不正确' }),
        }),
      )
      .min(1, { error: '没有要刷新的订单' })
      .max(50, { error: '一次最多刷新 50 个订单' }),
    '订单列表',
  ),
});

/** How staff see a member: member number and login name (internal ids stay internal). */
export interface MemberLabel {
  userNo: string;
  loginName: string;
}
/** "56036387（zhangsan）", or 游客 for an order without a member. */
export function memberText(member: MemberLabel | null | undefined): string {
  return member ? `${member.userNo}（${member.loginName}）` : '游客';
}
/** A member as staff type them: the member number or the login name. */
export const memberRef = z
  .string({ error: '请输入会员编号或登录名' })
  .trim()
  .min(1, { error: '请输入会员编号或登录名' })
  .max(32, { error: '会员编号或登录名不能超过 32 个字符' })
  .regex(/^[\w.@-]+$/, { error: '会员编号或登录名格式不正确' });
export const adminOrderListInput = myOrderListInput.extend({
  /** Filter by the member number or login name staff typed. */
  member: optional(memberRef),
  userId: optional(idField('会员')),
  goodsId: optional(idField('商品')),
  orderNo: optional(z.string().trim().max(40)),
  contact,
  /** Orders placed on one site (1: the platform itself). */
  siteId: optional(idField('站点')),
});
/** Order exports take the list's filters without paging; at most ORDER_EXPORT_MAX_ROWS rows (newest first). */
export const myOrderExportInput = myOrderListInput.omit({ page: true, pageSize: true });
export const adminOrderExportInput = adminOrderListInput.omit({ page: true, pageSize: true });
export const ORDER_EXPORT_MAX_ROWS = 10_000;
/** What an export answers: a CSV file's name and text, and whether the cap cut it short. */
export interface CsvExport {
  filename: string;
  count: number;
  truncated: boolean;
  content: string;
}

export const orderDeliverInput = orderNoInput.extend({
  deliveryText: optional(z.string().trim().max(5000, { error: '发货内容不能超过 5000 个字符' })),
  carrier: optional(plain('快递公司', 30)),
  trackingNo: optional(
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9-]{4,40}$/, { error: '快递单号格式不正确' }),
  ),
});
/** No amount: refund everything not yet refunded; an amount (yuan) below that: a partial refund. */
export const orderRefundInput = orderNoInput.extend({
  reason: plain('退款原因', 200).min(1, { error: '请填写退款原因' }),
  amount: optional(yuan('退款金额')),
});
export const repealHandleInput = z.object({
  ids: list(idField('撤销申请'), '撤销申请'),
  approve: z.preprocess(
    (v) =>
      v === '1' || v === 'true' || v === 1 || v === true
        ? 1
        : v === '0' || v === 'false' || v === 0 || v === false
          ? 0
          : v,
    z.union([z.literal(0), z.literal(1)], { error: '请选择通过或驳回' }),
  ),
  note: optional(plain('处理备注', 200)),
});
export const repealListInput = z.object({
  status: optional(z.enum(['requested', 'approved', 'rejected'])),
  page,
  pageSize,
});
/** POST /inside/order/repeals: the member's own card void requests. */
export const myRepealListInput = z.object({
  status: optional(z.enum(['requested', 'approved', 'rejected'], { error: '不支持的撤销状态' })),
  orderNo: optional(
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9]{1,40}$/, { error: '订单号格式不正确' }),
  ),
  page,
  pageSize,
});
export const RepealStatusLabels = { requested: '待审核', approved: '已通过', rejected: '已驳回' } as const;
export interface MyRepealRow {
  /** The delivered card's id in the order (the id `/inside/order/cardRepeal` takes). */
  cardId: number;
  orderNo: string;
  goodsName: string;
  /** Card number only; the password stays on the order detail. */
  card: string;
  /** Fen refunded on approval. */
  amount: number;
  status: keyof typeof RepealStatusLabels;
  statusText: string;
  reason: string;
  /** Staff reply (处理备注). */
  note: string;
  requestedAt: string;
  handledAt: string;
}

// Order answers.

/** An order as lists show it: money in fen, times as shop-zone text. */
export interface OrderSummary {
  orderNo: string;
  goodsId: number;
  goodsName: string;
  goodsType: GoodsType;
  unitPrice: number;
  quantity: number;
  amount: number;
  status: OrderStatus;
  statusText: string;
  contact: string;
  payMethod: string;
  payMethodText: string;
  createdAt: string;
  paidAt: string;
  deliveredAt: string;
  /** Epoch ms: the payment deadline of an unpaid order. */
  expiresAt: number;
  refundAmount: number;
  express: { carrier: string; trackingNo: string; shippedAt: string } | null;
}
/** A card delivered with an order, decrypted for its buyer (or staff with cards.view). */
export interface DeliveredCard {
  /** The order_cards row: what a repeal request names. */
  id: number;
  card: string;
  password: string;
  status: string;
  repealStatus: string;
  repealReason: string | null;
  repealNote: string | null;
}
export interface OrderDetail extends OrderSummary {
  remark: string | null;
  deliveryText: string;
  /** What the buyer filled in at checkout, with the labels they saw. */
  buyerInputs: BuyerInput[];
  ship: { name: string; phone: string; address: string } | null;
  refundReason: string;
  refundedAt: string;
  cards: DeliveredCard[];
  /** Visitor orders: the token that reads the order's status later (本机订单). */
  accessToken?: string;
}
/** What staff see besides the buyer's view. */
export interface StaffOrderFields {
  /** The buyer as staff know them; null for visitors. */
  member: MemberLabel | null;
  unitCost: number;
  clientIp: string;
  /** The sub-site the order was placed on; null on the platform. */
  site: { id: number; title: string; path: string | null } | null;
}
export type AdminOrderRow = OrderSummary & StaffOrderFields;
export type AdminOrderDetail = OrderDetail & StaffOrderFields;
/** 本机订单: each order's current status, null when the number or its token is unknown. */
export interface VisitorOrderStatuses {
  list: Array<{ orderNo: string; status: OrderStatus; statusText: string } | { orderNo: string; status: null }>;
}
/** A card void request as staff review it. */
export interface RepealRow {
  id: number;
  orderNo: string;
  member: MemberLabel | null;
  goodsName: string;
  amount: number;
  status: 'requested' | 'approved' | 'rejected';
  reason: string;
  note: string;
  requestedAt: string;
}

// ---------- funds ----------

export const ledgerListInput = z.object({ page, pageSize });
export const fundsAdjustInput = z
  .object({
    /** The member number or login name staff typed (internal ids stay internal). */
    member: optional(memberRef),
    userId: optional(idField('会员')),
    /** Signed yuan: "10.00" credits, "-10.00" debits. */
    amount: signedYuan('调整金额'),
    reason: plain('调整原因', 200).min(1, { error: '请填写调整原因' }),
  })
  .refine((v) => v.member !== undefined || v.userId !== undefined, {
    error: '请输入会员编号或登录名',
    path: ['member'],
  });
export const adminLedgerInput = z.object({
  member: optional(memberRef),
  userId: optional(idField('会员')),
  page,
  pageSize,
});
