import { formFlag, pageInput, positiveId } from './account-center.js';
import { yuan, type MemberLabel } from './commerce.js';
import type { Paged } from './paging.js';
import { z } from './zod-setup.js';

/**
 * Promotion (推广): invite links, QR codes and posters; commissions on invitees' delivered orders up to
 * three levels, frozen for the freeze days, reversed by refunds, then collected to the balance
 * (/inside/inter/inviteFriends, /inside/inter/promotion). Rates are basis points (1 bp = 0.01 %);
 * money is integer fen; a commission is floor(base × bp / 10000).
 */

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const opt = <T extends z.ZodType>(schema: T) => z.preprocess(blank, schema.optional());

/** The three levels: 1 = the buyer's inviter, 2 = the inviter's inviter, 3 = the next one up. */
export const PROMOTION_LEVELS = [1, 2, 3] as const;
export type PromotionLevel = (typeof PROMOTION_LEVELS)[number];
export const PromotionLevelLabels: Record<PromotionLevel, string> = { 1: '一级', 2: '二级', 3: '三级' };
/** The most the three levels of one order may pay together, in basis points (50 %). */
export const PROMOTION_MAX_TOTAL_BP = 5000;

const PERCENT = /^(0|[1-9]\d?|100)(\.\d{1,2})?$/;
/** A percentage typed by people ("5", "2.5", "0.25") → basis points, by string rules. */
export const percentBp = (label: string) =>
  z
    .union([z.string(), z.number()], { error: `请输入${label}` })
    .transform((v) => String(v).trim())
    .pipe(z.string().regex(PERCENT, { error: `${label}须为 0 到 100 之间的百分比，最多两位小数` }))
    .transform((t) => {
      const [whole, frac = ''] = t.split('.');
      return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
    })
    .refine((bp) => bp <= 10_000, { error: `${label}不能超过 100%` });

const levelField = opt(
  z.coerce
    .number({ error: '推广层级须为 1、2 或 3' })
    .int({ error: '推广层级须为 1、2 或 3' })
    .min(1, { error: '推广层级须为 1、2 或 3' })
    .max(3, { error: '推广层级须为 1、2 或 3' }),
);
const rates = {
  level1: percentBp('一级佣金比例'),
  level2: percentBp('二级佣金比例'),
  level3: percentBp('三级佣金比例'),
};
const underTotal = (v: { level1: number; level2: number; level3: number }) =>
  v.level1 + v.level2 + v.level3 <= PROMOTION_MAX_TOTAL_BP;
const totalError = { error: '三级佣金比例合计不能超过 50%', path: ['level1'] };

/** POST /inside/inter/getPromotionCustomerList — my invitees of one level (default: those I invited myself). */
export const promotionCustomerListInput = z.object({
  level: levelField,
  keyword: opt(z.string().trim().max(32, { error: '关键词不能超过 32 个字符' })),
  ...pageInput,
});
/** POST /inside/inter/doPromotionCollect — blank amount: all that is collectable now. */
export const promotionCollectInput = z.object({
  amount: opt(yuan('领取金额').refine((fen) => fen > 0, { error: '领取金额须大于 0' })),
});
/** POST /inside/inter/getPromotionCollects */
export const promotionCollectsInput = z.object(pageInput);

/** A commission as its earner reads it. `collectable`: held and past the freeze days. */
export const COMMISSION_VIEW_STATUSES = ['frozen', 'collectable', 'collected', 'reversed', 'blocked'] as const;
export type CommissionViewStatus = (typeof COMMISSION_VIEW_STATUSES)[number];
export const CommissionStatusLabels: Record<CommissionViewStatus, string> = {
  frozen: '冻结中',
  collectable: '可领取',
  collected: '已领取',
  reversed: '已退回',
  blocked: '未发放',
};
/** Why a commission was written but not paid (anti-abuse). */
export const COMMISSION_BLOCKS = ['self', 'same_ip', 'same_subnet', 'daily_cap', 'fund_short'] as const;
export type CommissionBlock = (typeof COMMISSION_BLOCKS)[number];
export const CommissionBlockLabels: Record<CommissionBlock, string> = {
  self: '自己的订单',
  same_ip: '与下单会员注册 IP 相同',
  same_subnet: '与下单会员注册 IP 同网段',
  daily_cap: '超出每日佣金上限',
  fund_short: '站长余额不足，追加佣金未发放',
};
/** Who pays a commission: the platform's rates, or the sub-site owner's extra rates for their customers. */
export type CommissionSource = 'platform' | 'site';
export const CommissionSourceLabels: Record<CommissionSource, string> = {
  platform: '平台佣金',
  site: '站长追加',
};

/** POST /inside/inter/getAllPromotionDetails — every field optional (the spec sends no body). */
export const promotionDetailsInput = z.object({
  status: opt(z.enum(COMMISSION_VIEW_STATUSES, { error: '佣金状态不正确' })),
  level: levelField,
  ...pageInput,
});

/** getPromotionLink: my invite code, the registration link with it, and its QR code (PNG data URL). */
export interface PromotionLink {
  inviteCode: string;
  /** Absolute URL of the registration page on the site I am on. */
  link: string;
  qrCode: string;
}
/** getPromotionPoster: the poster (PNG, data URL) with my code, the QR and the site's name and logo. */
export interface PromotionPoster {
  fileName: string;
  dataUrl: string;
  width: number;
  height: number;
}
/** getPromotionCustomerStatus: how many members I brought, per level, and how many of my own invitees bought. */
export interface PromotionCustomerStatus {
  level1: number;
  level2: number;
  level3: number;
  total: number;
  /** Of level 1: invitees with at least one delivered order that paid me. */
  bought: number;
  /** Invitees who joined today (level 1). */
  today: number;
}
export type InviteeStatus = 'registered' | 'bought';
export const InviteeStatusLabels: Record<InviteeStatus, string> = { registered: '已注册', bought: '已消费' };
/** One invitee (login name masked), with what their orders have paid me so far. */
export interface PromotionCustomerRow {
  id: number;
  loginName: string;
  level: PromotionLevel;
  registeredAt: string;
  status: InviteeStatus;
  statusText: string;
  /** Delivered orders of theirs that wrote me a commission. */
  orders: number;
  /** Fen paid or held for me from their orders, less refunds (blocked ones not counted). */
  commission: number;
}
/** getPromotionCollect: where my commissions stand, in fen. */
export interface PromotionCollectSummary {
  enabled: boolean;
  collectable: number;
  frozen: number;
  collected: number;
  reversed: number;
  freezeDays: number;
}
export interface PromotionCollectResult {
  collectNo: string;
  amount: number;
  /** My balance after it, fen. */
  balance: number;
}
/** One move between my commissions and my balance: a collect, or money taken back because a refund reversed collected commission. */
export interface PromotionCollectRow {
  collectNo: string;
  kind: 'collect' | 'clawback';
  kindText: string;
  /** Signed fen (a claw-back is negative). */
  amount: number;
  createdAt: string;
}
export interface PromotionDetailRow {
  id: number;
  orderNo: string;
  /** The buyer, masked. */
  buyer: string;
  level: PromotionLevel;
  levelText: string;
  source: CommissionSource;
  sourceText: string;
  /** What the commission was reckoned on (the order's paid amount), fen. */
  base: number;
  rateBp: number;
  amount: number;
  reversed: number;
  collected: number;
  status: CommissionViewStatus;
  statusText: string;
  blockReason: string;
  /** When it became or becomes collectable ('' when blocked or reversed). */
  availableAt: string;
  createdAt: string;
}
/** getAllPromotionTotal: what promotion has earned me (net of refunds, blocked not counted). */
export interface PromotionTotals {
  total: number;
  today: number;
  month: number;
  orders: number;
  byLevel: Array<{ level: PromotionLevel; levelText: string; amount: number; count: number }>;
}

/** The site owner's extra rates for their own customers (paid from the owner's balance), in bp. */
export const promotionSiteRatesInput = z.object(rates).refine(underTotal, totalError);
export interface PromotionSiteRates {
  siteId: number;
  title: string;
  rates: [number, number, number];
}

/** POST /{adminPath}/promotion/settings/save */
export const promotionSettingsInput = z
  .object({
    enabled: formFlag,
    ...rates,
    freezeDays: z.coerce
      .number({ error: '佣金冻结天数须为整数' })
      .int({ error: '佣金冻结天数须为整数' })
      .min(0, { error: '佣金冻结天数不能小于 0' })
      .max(365, { error: '佣金冻结天数不能大于 365' }),
    /** Fen a member may earn per day (0: no cap). */
    dailyCap: yuan('每日佣金上限'),
    blockSameIp: formFlag,
    blockSameSubnet: formFlag,
  })
  .refine(underTotal, totalError);
export interface PromotionSettingsView {
  enabled: boolean;
  rates: [number, number, number];
  freezeDays: number;
  dailyCap: number;
  blockSameIp: boolean;
  blockSameSubnet: boolean;
}
export const PROMOTION_OVERRIDE_SCOPES = ['dir', 'goods'] as const;
export type PromotionOverrideScope = (typeof PROMOTION_OVERRIDE_SCOPES)[number];
/** POST /{adminPath}/promotion/overrides/save — one directory's or goods' rates instead of the default ones. */
export const promotionOverrideSaveInput = z
  .object({
    scope: z.enum(PROMOTION_OVERRIDE_SCOPES, { error: '请选择覆盖范围（目录或商品）' }),
    targetId: positiveId,
    ...rates,
  })
  .refine(underTotal, totalError);
export const promotionOverrideIdInput = z.object({ id: positiveId });
export interface PromotionOverrideRow {
  id: number;
  scope: PromotionOverrideScope;
  scopeText: string;
  targetId: number;
  targetName: string;
  rates: [number, number, number];
  updatedAt: string;
}
/** POST /{adminPath}/promotion/commissions */
export const adminCommissionListInput = z.object({
  status: opt(z.enum(COMMISSION_VIEW_STATUSES, { error: '佣金状态不正确' })),
  /** Order number, or the earner's member number or login name. */
  keyword: opt(z.string().trim().max(40, { error: '关键词不能超过 40 个字符' })),
  ...pageInput,
});
export interface AdminCommissionRow extends Omit<PromotionDetailRow, 'buyer'> {
  earner: MemberLabel | null;
  buyer: MemberLabel | null;
}
export interface AdminCommissionPage extends Paged<AdminCommissionRow> {
  /** Net fen of the rows that match, by where they stand. */
  sums: { held: number; collected: number; reversed: number; blocked: number };
}
