import { idOf, text } from './fields.js';
import { yuan, yuanTextToFen, type GoodsType } from './commerce.js';
import type { Paged } from './paging.js';
import { z } from './zod-setup.js';

/**
 * A site owner's selling: price rules for buyers and for child sites, rounding, the shelf (goods
 * the parent sells, hidden or shown here) and the directory overrides (decision 0009).
 * Money answered in fen; percentages answered in basis points (1250 = 12.5 %). People type yuan
 * ("1.50") and percentages ("12.5") as text, parsed here by string rules.
 */

export const PRICE_AUDIENCES = ['buyer', 'child'] as const;
export type PriceAudience = (typeof PRICE_AUDIENCES)[number];
export const PriceAudienceLabels: Record<PriceAudience, string> = { buyer: '买家售价', child: '下级拿货价' };

export const PRICE_SCOPES = ['global', 'dir', 'goods', 'range'] as const;
export type PriceScope = (typeof PRICE_SCOPES)[number];
export const PriceScopeLabels: Record<PriceScope, string> = {
  global: '全局',
  dir: '按目录',
  goods: '按商品',
  range: '价格区间',
};

export const PRICE_KINDS = ['percent', 'fixed', 'price'] as const;
export type PriceKind = (typeof PRICE_KINDS)[number];
export const PriceKindLabels: Record<PriceKind, string> = {
  percent: '按比例加价',
  fixed: '固定加价',
  price: '固定售价',
};

export const ROUNDINGS = ['fen', 'jiao', 'yuan'] as const;
export type SiteRounding = (typeof ROUNDINGS)[number];
export const RoundingLabels: Record<SiteRounding, string> = {
  fen: '精确到分',
  jiao: '向上取整到角',
  yuan: '向上取整到元',
};

/** At most this many rules per site (both audiences); at most this many price ranges per audience. */
export const SITE_PRICE_RULES_MAX = 500;
export const SITE_PRICE_RANGES_MAX = 20;
/** The highest markup percentage an owner may set (basis points: 1000 %). */
export const MARKUP_PERCENT_MAX_BP = 100_000;

/** Shelf filters: every goods the parent sells, the ones shown here, the ones hidden here (not on my shelf). */
export const SHELF_FILTERS = ['all', 'shown', 'hidden'] as const;
export type ShelfFilter = (typeof SHELF_FILTERS)[number];

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());
const page = z.preprocess(
  blankToUndefined,
  z.coerce.number({ error: '页码须为整数' }).int().min(1).max(100_000).default(1),
);
const pageSize = z.preprocess(
  blankToUndefined,
  z.coerce.number({ error: '每页条数须为整数' }).int().min(1, { error: '每页条数不能小于 1' }).max(100).default(20),
);
const keyword = optional(z.string().trim().max(50, { error: '关键词不能超过 50 个字符' }));
const ids = (label: string, max: number) =>
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
      .array(idOf(label))
      .min(1, { error: `请选择${label}` })
      .max(max, { error: `一次最多处理 ${max} 件` }),
  );
/** 0/1 from a switch or checkbox, required. */
const flag01 = (label: string) =>
  z.preprocess(
    (v) => (v === true || v === 'true' || v === '1' || v === 1 ? 1 : v === false || v === 'false' || v === '0' ? 0 : v),
    z.union([z.literal(0), z.literal(1)], { error: `${label}只能是 0 或 1` }),
  );

const PERCENT = /^(0|[1-9]\d{0,3})(\.\d{1,2})?$/;
/** "12.5" (percent, at most two decimals) → 1250 basis points; undefined when malformed. */
export function percentTextToBp(text: string): number | undefined {
  const t = text.trim();
  if (!PERCENT.test(t)) return undefined;
  return yuanTextToFen(t);
}
/** 1250 basis points → "12.5". */
export function bpToPercentText(bp: number): string {
  const whole = Math.floor(bp / 100);
  const frac = bp % 100;
  return frac === 0 ? String(whole) : `${whole}.${String(frac).padStart(2, '0').replace(/0$/, '')}`;
}

const valueText = z
  .union([z.string(), z.number()], { error: '请输入加价数值' })
  .transform((v) => String(v).trim())
  .pipe(z.string().min(1, { error: '请输入加价数值' }).max(20, { error: '加价数值格式不正确' }));

/** The fields of one rule as typed: value is a percentage for `percent`, yuan for `fixed` and `price`. */
const ruleFields = {
  audience: z.enum(PRICE_AUDIENCES, { error: '请选择规则对象（买家或下级分站）' }),
  scope: z.enum(PRICE_SCOPES, { error: '请选择规则范围' }),
  targetId: optional(idOf('目录或商品')),
  rangeMin: optional(yuan('区间起点')),
  rangeMax: optional(yuan('区间终点')),
  kind: z.enum(PRICE_KINDS, { error: '请选择加价方式' }),
  value: valueText,
};

/** A typed rule value → its stored number (basis points or fen), or the message saying what is wrong. */
export function parseRuleValue(kind: PriceKind, text: string): number | string {
  if (kind === 'percent') {
    const bp = percentTextToBp(text);
    if (bp === undefined) return '加价比例须为不小于 0 的数字，最多两位小数';
    if (bp > MARKUP_PERCENT_MAX_BP) return '加价比例不能超过 1000%';
    return bp;
  }
  const fen = yuan('金额').safeParse(text);
  return fen.success ? fen.data : '金额须为不小于 0 的数字，最多两位小数';
}

function withRuleValue<T extends { kind: PriceKind; value: string }>(
  o: T,
  ctx: z.core.$RefinementCtx<T>,
): Omit<T, 'value'> & { value: number } {
  const value = parseRuleValue(o.kind, o.value);
  if (typeof value === 'string') {
    ctx.issues.push({ code: 'custom', message: value, path: ['value'], input: o.value });
    return z.NEVER;
  }
  return { ...o, value };
}

/** Save a rule: with `id` that rule is changed; a global, directory or goods rule replaces the one it names. */
export const priceRuleSaveInput = z
  .object({ id: optional(idOf('加价规则')), ...ruleFields })
  .transform((o, ctx) => withRuleValue(o, ctx));
export type PriceRuleSaveInput = z.output<typeof priceRuleSaveInput>;
/** A rule as the service checks it (a save, a preview's draft, a market markup). */
export interface PriceRuleDraft {
  id?: number;
  audience: PriceAudience;
  scope: PriceScope;
  targetId?: number;
  rangeMin?: number;
  rangeMax?: number;
  kind: PriceKind;
  /** Basis points for percent, fen for fixed and price. */
  value: number;
}

export const priceRuleIdInput = z.object({ id: idOf('加价规则') });
export const roundingInput = z.object({ rounding: z.enum(ROUNDINGS, { error: '请选择取整方式' }) });

const shelfListFields = {
  keyword,
  dirId: optional(idOf('目录')),
  shelf: z.preprocess(blankToUndefined, z.enum(SHELF_FILTERS, { error: '上架筛选不正确' }).default('all')),
  page,
  pageSize,
};
export const siteGoodsListInput = z.object(shelfListFields);
export type SiteGoodsListInput = z.output<typeof siteGoodsListInput>;
/** The list with a draft rule applied (not saved): what the list would show. */
export const siteGoodsPreviewInput = z
  .object({ ...shelfListFields, id: optional(idOf('加价规则')), ...ruleFields })
  .transform((o, ctx) => withRuleValue(o, ctx));
export type SiteGoodsPreviewInput = z.output<typeof siteGoodsPreviewInput>;

export const siteGoodsHiddenInput = z.object({ ids: ids('商品', 500), hidden: flag01('下架') });

/** 选品上架: show these goods, optionally with one markup for each (a goods rule for buyers). */
export const marketPutOnInput = z
  .object({
    ids: ids('商品', 200),
    kind: optional(z.enum(['percent', 'fixed'], { error: '加价方式只能是按比例或固定加价' })),
    value: optional(valueText),
  })
  .transform((o, ctx) => {
    if (!o.kind) return { ids: o.ids, markup: null };
    if (o.value === undefined) {
      ctx.issues.push({ code: 'custom', message: '请输入加价数值', path: ['value'], input: o.value });
      return z.NEVER;
    }
    const value = parseRuleValue(o.kind, o.value);
    if (typeof value === 'string') {
      ctx.issues.push({ code: 'custom', message: value, path: ['value'], input: o.value });
      return z.NEVER;
    }
    return { ids: o.ids, markup: { kind: o.kind, value } };
  });
export type MarketPutOnInput = z.output<typeof marketPutOnInput>;

const dirOverride = z.object({
  dirId: idOf('目录'),
  name: z.preprocess(
    blankToUndefined,
    text('目录名称', 50)
      .refine((s) => !/[<>]/.test(s), { error: '目录名称不能包含 < 或 > 字符' })
      .optional(),
  ),
  sort: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: '排序须为整数' })
      .int({ error: '排序须为整数' })
      .min(-100_000, { error: '排序不能小于 -100000' })
      .max(100_000, { error: '排序不能大于 100000' })
      .optional(),
  ),
  hidden: flag01('隐藏'),
});
/** The owner's names, order and visibility for directories, as one JSON list (the page saves them together). */
export const siteDirsSaveInput = z.object({
  items: z.preprocess(
    (v, ctx) => {
      if (typeof v !== 'string') return v;
      try {
        return JSON.parse(v);
      } catch {
        ctx.issues.push({ code: 'custom', message: '目录设置格式不正确', input: v });
        return z.NEVER;
      }
    },
    z
      .array(dirOverride, { error: '目录设置格式不正确' })
      .min(1, { error: '请至少修改一个目录' })
      .max(500, { error: '一次最多保存 500 个目录' }),
  ),
});
export type SiteDirsSaveInput = z.output<typeof siteDirsSaveInput>;
/** Back to the platform's name, order and visibility: one directory, or all when none is named. */
export const siteDirsResetInput = z.object({ dirId: optional(idOf('目录')) });

// ---------- answers ----------

/** One rule as the owner's pages show it. */
export interface PriceRuleView {
  id: number;
  audience: PriceAudience;
  scope: PriceScope;
  targetId: number | null;
  /** The directory's or goods' name (null for global and range rules, or when it is gone). */
  targetName: string | null;
  /** Cost range in fen: from (inclusive) to (exclusive, null = no upper end). */
  rangeMin: number | null;
  rangeMax: number | null;
  kind: PriceKind;
  /** Basis points for percent, fen for fixed and price. */
  value: number;
  createdAt: number;
}

/** The owner's site and its rules for both audiences. */
export interface SitePriceRulesView {
  site: { id: number; title: string; path: string | null; status: string };
  rounding: SiteRounding;
  buyer: PriceRuleView[];
  child: PriceRuleView[];
  maxRules: number;
}

/** The rule that prices a goods (the most specific one), for the list's "按…规则" hint. */
export interface AppliedRule {
  id: number;
  scope: PriceScope;
  kind: PriceKind;
  value: number;
}

/** A goods the parent sells, as the owner's shelf shows it (fen). */
/** Whose goods a shelf row is (decision 0018): the platform's, this site's own (docked), or a site's above. */
export type SiteGoodsOrigin = 'platform' | 'own' | 'above';
export const SiteGoodsOriginLabels: Record<SiteGoodsOrigin, string> = {
  platform: '平台',
  own: '自有（对接）',
  above: '上级自有',
};

export interface SiteGoodsRow {
  id: number;
  name: string;
  origin: SiteGoodsOrigin;
  originText: string;
  dirId: number;
  type: GoodsType;
  typeText: string;
  faceValue: number;
  /** The platform's retail price (its base price), for reference. */
  retailPrice: number;
  /** What the owner pays: the parent's price to this site; own goods: their own price (all of it the owner's). */
  cost: number;
  /** The price to buyers here, and the margin per unit. */
  price: number;
  margin: number;
  /** The price to child sites (下级拿货价) and its margin. */
  childPrice: number;
  childMargin: number;
  /** Taken off this site's shelf (its buyers and its child sites do not see it). */
  hidden: boolean;
  buyerRule: AppliedRule | null;
  childRule: AppliedRule | null;
  /** With a draft rule (preview): the price and margin it would give for the draft's audience. */
  preview: { price: number; margin: number } | null;
}

/** The shelf page and how many goods are shown against the version's cap (0 = no cap). */
export interface SiteGoodsPage extends Paged<SiteGoodsRow> {
  shown: number;
  maxGoods: number;
}

/** One platform directory with the owner's overrides (null = the platform's own). */
export interface SiteDirView {
  id: number;
  parentId: number | null;
  platformName: string;
  platformSort: number;
  name: string | null;
  sort: number | null;
  hidden: boolean;
}

/** How a rule reads: "加价 12.5%", "加价 ¥1.00", "售价 ¥9.90". */
export function ruleValueText(kind: PriceKind, value: number): string {
  const yuanText = `¥${Math.floor(value / 100)}.${String(value % 100).padStart(2, '0')}`;
  if (kind === 'percent') return `加价 ${bpToPercentText(value)}%`;
  if (kind === 'fixed') return `加价 ${yuanText}`;
  return `售价 ${yuanText}`;
}
