import { formFlag, pageInput, positiveId } from './account-center.js';
import { idField, orderCreateInput, yuan, type GoodsType, type RechargeField } from './commerce.js';
import { text } from './fields.js';
import { z } from './zod-setup.js';

/**
 * Redemption codes (CDK, 兑换码; decision 0012). A code redeems goods (a goods and a quantity, as an
 * order delivered through the usual path) or balance (an amount). Codes are 24 characters of an
 * unambiguous alphabet, shown grouped by four; the server keeps only a keyed hash of each (and, for
 * members' gift codes, a sealed copy only their creator can open). Money answered is integer fen;
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

/** The code alphabet: digits and capitals without 0, 1, I and O (32 characters, 5 bits each). */
export const CDK_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
/** Characters of a code (120 bits), shown as six groups of four. */
export const CDK_LENGTH = 24;
/** Characters of a short link id (50 bits): names a code without being able to redeem it. */
export const CDK_SHORT_LENGTH = 10;
/** Codes one admin batch may hold. */
export const CDK_BATCH_MAX = 100_000;
/** Gift codes a member creates at once. */
export const CDK_GIFT_MAX = 50;

export const CDK_KINDS = ['goods', 'balance'] as const;
export type CdkKind = (typeof CDK_KINDS)[number];
export const CdkKindLabels: Record<CdkKind, string> = { goods: '商品兑换码', balance: '余额兑换码' };

/** A code's status as people read it: `expired` is an active code past its time (computed, never stored). */
export const CDK_STATUSES = ['active', 'used', 'voided', 'expired'] as const;
export type CdkStatus = (typeof CDK_STATUSES)[number];
export const CdkStatusLabels: Record<CdkStatus, string> = {
  active: '未使用',
  used: '已用完',
  voided: '已作废',
  expired: '已过期',
};
export type CdkBatchStatus = 'active' | 'voided';
export const CdkBatchStatusLabels: Record<CdkBatchStatus, string> = { active: '有效', voided: '已作废' };

/** A typed code: separators, spaces and case are forgiven; the rest is checked by the server (CDK_MALFORMED). */
export const cdkCodeField = z
  .string({ error: '请输入兑换码' })
  .trim()
  .min(1, { error: '请输入兑换码' })
  .max(64, { error: '兑换码格式不正确' });

/** What a code is for: goods (a goods and a quantity) or balance (an amount in yuan). */
const cdkWhat = {
  kind: z.enum(CDK_KINDS, { error: '请选择兑换码类型' }),
  goodsId: opt(idField('商品')),
  quantity: z.preprocess(blank, intIn('每个兑换码的商品数量', 1, 1000).default(1)),
  amount: opt(yuan('面值')),
  /** Epoch ms; absent: never expires. */
  expiresAt: opt(intIn('有效期', 1, 8_640_000_000_000_000)),
};
const whatRefined = <T extends { kind: CdkKind; goodsId?: number; amount?: number }>(v: T, ctx: z.RefinementCtx) => {
  if (v.kind === 'goods' && !v.goodsId)
    ctx.addIssue({ code: 'custom', message: '请选择要兑换的商品', path: ['goodsId'] });
  if (v.kind === 'balance' && !(v.amount && v.amount > 0))
    ctx.addIssue({ code: 'custom', message: '余额兑换码的面值须大于 0', path: ['amount'] });
};

/** Admin: a batch of codes. */
export const cdkGenerateInput = z
  .object({
    name: text('批次名称', 50).min(1, { error: '请填写批次名称' }),
    ...cdkWhat,
    count: intIn('生成数量', 1, CDK_BATCH_MAX),
    /** Redemptions each code allows (one per member when more than one). */
    uses: z.preprocess(blank, intIn('每个兑换码可兑换次数', 1, 100_000).default(1)),
  })
  .superRefine(whatRefined);
export type CdkGenerateInput = z.infer<typeof cdkGenerateInput>;

/** A member's gift codes (paid from their balance), or a site owner's codes for their site. */
export const myCdkCreateInput = z
  .object({
    ...cdkWhat,
    count: intIn('生成数量', 1, CDK_GIFT_MAX),
    uses: z.preprocess(blank, intIn('每个兑换码可兑换次数', 1, 100).default(1)),
    /** For my sub-site: goods at my site's cost, redeemable on my site (owners only). */
    forSite: z.preprocess(blank, formFlag.default(false)),
    salePwd: opt(z.string().max(64)),
  })
  .superRefine(whatRefined);
export type MyCdkCreateInput = z.infer<typeof myCdkCreateInput>;

export const cdkBatchListInput = z.object({
  keyword: opt(text('关键词', 50)),
  kind: opt(z.enum(CDK_KINDS, { error: '兑换码类型不正确' })),
  ...pageInput,
});
export const cdkCodeListInput = z.object({
  batchId: opt(positiveId),
  status: opt(z.enum(CDK_STATUSES, { error: '状态不正确' })),
  /** A short link id (or its start). */
  keyword: opt(text('关键词', 20)),
  ...pageInput,
});
export const cdkIdInput = z.object({ id: positiveId });
export const myCdkListInput = z.object({
  status: opt(z.enum(CDK_STATUSES, { error: '状态不正确' })),
  ...pageInput,
});

export const cdkShortInput = z.object({
  short: z
    .string({ error: '兑换链接无效' })
    .trim()
    .regex(/^[A-Za-z0-9]{4,20}$/, { error: '兑换链接无效，请检查链接是否完整' }),
});
export const cdkCheckInput = z.object({ code: cdkCodeField });
export const cdkRedeemBalanceInput = z.object({ code: cdkCodeField });
/** Goods: the order's own fields (a visitor's contact and query password, recharge inputs, address). */
export const cdkRedeemGoodsInput = orderCreateInput
  .pick({
    contact: true,
    queryPassword: true,
    rechargeInputs: true,
    shipName: true,
    shipPhone: true,
    shipAddress: true,
    remark: true,
  })
  .extend({ code: cdkCodeField });
export type CdkRedeemGoodsInput = z.infer<typeof cdkRedeemGoodsInput>;

/** Answers. */

/** An admin batch. Amount: the balance a code adds, or the value of its goods at generation (fen). */
export interface CdkBatchView {
  id: number;
  name: string;
  kind: CdkKind;
  kindText: string;
  goodsId: number | null;
  goodsName: string;
  quantity: number;
  amount: number;
  count: number;
  uses: number;
  /** Redemptions made of all its codes. */
  redeemed: number;
  /** Codes still redeemable (active, not expired). */
  open: number;
  status: CdkBatchStatus;
  statusText: string;
  siteTitle: string;
  /** `管理员 admin`, or the member's name for gift codes. */
  creator: string;
  expiresAt: string;
  createdAt: string;
}

/** A code as staff list it: never the code itself (only its start and end), its short link id. */
export interface CdkCodeView {
  id: number;
  batchId: number;
  batchName: string;
  short: string;
  masked: string;
  kind: CdkKind;
  status: CdkStatus;
  statusText: string;
  uses: number;
  used: number;
  expiresAt: string;
  lastUsedAt: string;
  /** Who redeemed it last: a member's name, `游客` or ''. */
  lastRedeemer: string;
}

/** A fresh code, shown once (and kept sealed for its creator when it is a member's gift code). */
export interface CdkFresh {
  id: number;
  code: string;
  /** /cdk/short/{short}#{code}: the code travels in the fragment, never to a server. */
  link: string;
}

/** Admin generation: the batch, and its codes as a CSV file (the only time they can be read). */
export interface CdkGenerated {
  batch: CdkBatchView;
  file: { filename: string; count: number; truncated: boolean; content: string };
}

/** A member's (or site owner's) own code. */
export interface MyCdkRow {
  id: number;
  short: string;
  masked: string;
  kind: CdkKind;
  kindText: string;
  goodsName: string;
  quantity: number;
  /** Balance it adds, or what its goods cost me per redemption (fen). */
  amount: number;
  uses: number;
  used: number;
  /** Paid for it in all (fen); what voiding gives back is `amount × (uses − used)`. */
  paid: number;
  status: CdkStatus;
  statusText: string;
  forSite: boolean;
  siteTitle: string;
  expiresAt: string;
  createdAt: string;
  canVoid: boolean;
}

export interface MyCdkCreated {
  codes: CdkFresh[];
  /** Taken from my balance (fen). */
  paid: number;
  balance: number;
}

export interface MyCdkVoided {
  refunded: number;
  balance: number;
}

/** What a code (or short link) redeems, before redeeming it. */
export interface CdkPreview {
  kind: CdkKind;
  kindText: string;
  goodsId: number | null;
  goodsName: string;
  goodsType: GoodsType | null;
  quantity: number;
  /** Balance it adds (balance codes); 0 for goods. */
  amount: number;
  status: CdkStatus;
  statusText: string;
  expiresAt: string;
  usesLeft: number;
  /** Balance codes and codes for several members need a signed-in member. */
  loginRequired: boolean;
  /** Fields the goods asks the buyer (direct recharge account…). */
  rechargeTemplate: RechargeField[];
  needsAddress: boolean;
  siteTitle: string;
}

export interface CdkBalanceRedeemed {
  amount: number;
  balance: number;
}
