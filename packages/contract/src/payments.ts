import { pageInput } from './account-center.js';
import { flag, idField, yuan } from './commerce.js';
import { z } from './zod-setup.js';

/**
 * Payments: channels (gateway accounts), payment records, notifies, recharge, refunds.
 * Amounts the server answers are integer fen; amounts people type are yuan strings.
 */

/** Empty form fields arrive as '': treat them as absent. */
const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const opt = <T extends z.ZodType>(schema: T) => z.preprocess(blank, schema.optional());

export const GATEWAYS = ['balance', 'sandbox', 'epay_v1', 'epay_v2', 'alipay', 'wechat_v3'] as const;
export type GatewayName = (typeof GATEWAYS)[number];
export const GatewayLabels: Record<GatewayName, string> = {
  balance: '余额支付',
  sandbox: '模拟支付',
  epay_v1: '易支付 V1（MD5）',
  epay_v2: '易支付 V2（RSA）',
  alipay: '支付宝官方',
  wechat_v3: '微信支付 V3',
};
/** How an order was paid, in Chinese: a gateway, the balance, or free (zero amount). */
export function payMethodLabel(method: string | null | undefined): string {
  if (!method) return '';
  if (method === 'free') return '免费订单';
  if (method === 'cdk') return '兑换码兑换';
  return (GatewayLabels as Record<string, string>)[method] ?? method;
}
export const PAY_CLIENTS = ['pc', 'mobile', 'all'] as const;
export type PayClient = (typeof PAY_CLIENTS)[number];
export const PAYMENT_STATUSES = ['unpaid', 'paid', 'closed', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PaymentStatusLabels: Record<PaymentStatus, string> = {
  unpaid: '待支付',
  paid: '已支付',
  closed: '已关闭',
  refunded: '已退款',
};
export const PAYMENT_PURPOSES = ['order', 'recharge', 'test'] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];

const paymentNo = z
  .string({ error: '请输入支付单号' })
  .trim()
  .regex(/^[0-9A-Za-z]{16,40}$/, { error: '支付单号格式不正确' });

export const payChannelsInput = z.object({
  client: z.preprocess(blank, z.enum(['pc', 'mobile'], { error: '终端类型不正确' }).default('pc')),
  purpose: z.preprocess(blank, z.enum(['order', 'recharge'], { error: '支付用途不正确' }).default('order')),
});
/** A way to pay offered to the payer (POST /pay/getChannels). */
export interface PayChannel {
  /** The gateway account's id (what /pay/create takes as accountId). */
  id: number;
  gateway: string;
  name: string;
  icon: string;
  /** Fee added for the payer, 1/10000. */
  feeRate: number;
  /** 易支付 type (alipay / wxpay / qqpay …) when the account has one. */
  type: string;
}

/** Pay an order (orderNo) or recharge (amount in yuan) through one channel. */
export const payCreateInput = z
  .object({
    accountId: idField('支付方式'),
    orderNo: opt(
      z
        .string()
        .trim()
        .regex(/^\d{17,40}$/, { error: '订单号格式不正确' }),
    ),
    amount: opt(yuan('充值金额')),
    /** Visitors: the order's query password, or the pay token an earlier answer gave. */
    queryPassword: opt(z.string().max(32)),
    payToken: opt(z.string().max(80)),
    salePwd: opt(z.string().max(64)),
    client: z.preprocess(blank, z.enum(['pc', 'mobile'], { error: '终端类型不正确' }).default('pc')),
  })
  .refine((v) => Boolean(v.orderNo) !== (v.amount !== undefined), {
    error: '请指定要支付的订单或充值金额',
    path: ['orderNo'],
  });
export type PayCreateInput = z.infer<typeof payCreateInput>;

export const payStatusInput = z.object({ paymentNo });
export const sandboxConfirmInput = z.object({
  paymentNo,
  token: z.string({ error: '模拟支付链接无效' }).trim().min(10).max(100),
});

/** Handoff the client performs after /pay/create. */
export type PayHandoff =
  | { kind: 'redirect'; url: string }
  | { kind: 'qrcode'; code: string }
  | { kind: 'form'; action: string; method: 'GET' | 'POST'; fields: Record<string, string> }
  | { kind: 'html'; html: string }
  | { kind: 'paid' };

/** What /pay/create answers: the payment and how the client hands the payer over. */
export interface PayCreated {
  paymentNo: string;
  /** What the payer pays, fee included, fen. */
  amount: number;
  fee: number;
  /** epoch ms */
  expiresAt: number;
  gateway: string;
  handoff: PayHandoff;
  /** Visitors: proof to pay this order again without the query password. */
  payToken?: string;
  /** Recharges: the bonus this amount earns, fen. */
  bonus?: number;
}

/** The real state of a payment (POST /pay/status); return pages never trust their URL. */
export interface PaymentState {
  paymentNo: string;
  status: PaymentStatus;
  purpose: PaymentPurpose;
  amount: number;
  fee: number;
  gateway: string;
  /** The order number for order payments. */
  refNo: string;
  subject: string;
  expiresAt: number;
  paidAt: number | null;
}

// ---- admin ----
const configJson = z.preprocess(
  (v, ctx) => {
    if (v === undefined || v === '') return {};
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v);
    } catch {
      ctx.addIssue({ code: 'custom', message: '账户配置须为 JSON' });
      return z.NEVER;
    }
  },
  z.record(z.string(), z.union([z.string().max(8000), z.number()]).transform(String)),
);

export const paymentAccountSaveInput = z.object({
  id: opt(idField('支付账户')),
  gateway: z.enum(GATEWAYS, { error: '请选择支付网关' }),
  name: z
    .string({ error: '请填写账户名称' })
    .trim()
    .min(1, { error: '请填写账户名称' })
    .max(40, { error: '账户名称最多 40 个字' }),
  displayName: z.preprocess(blank, z.string().trim().max(40, { error: '显示名称最多 40 个字' }).default('')),
  icon: z.preprocess(blank, z.string().trim().max(255).default('')),
  client: z.preprocess(blank, z.enum(PAY_CLIENTS, { error: '终端类型不正确' }).default('all')),
  /** Fee charged to the payer, in 1/10000 (60 = 0.6%). */
  feeRate: z.preprocess(
    blank,
    z.coerce
      .number({ error: '费率须为整数' })
      .int({ error: '费率须为整数' })
      .min(0)
      .max(2000, { error: '费率不能超过 20%' })
      .default(0),
  ),
  sort: z.preprocess(blank, z.coerce.number().int().min(0).max(9999).default(0)),
  enabled: flag,
  /** Gateway settings; a secret left empty keeps the stored one. */
  config: configJson,
});
export type PaymentAccountSaveInput = z.infer<typeof paymentAccountSaveInput>;

/** One field of a gateway's configuration, for the admin form. */
export interface GatewayField {
  key: string;
  label: string;
  secret?: boolean;
  required?: boolean;
  options?: readonly string[];
  placeholder?: string;
}
export interface GatewayInfo {
  name: string;
  label: string;
  fields: readonly GatewayField[];
}
export interface PaymentAccountView {
  id: number;
  gateway: string;
  gatewayText: string;
  name: string;
  displayName: string;
  icon: string;
  client: PayClient;
  /** 1/10000 */
  feeRate: number;
  sort: number;
  enabled: 0 | 1;
  /** Secrets only as 已设置 / 未设置. */
  config: Record<string, string>;
  fields: readonly GatewayField[];
}

export const paymentAccountIdInput = z.object({ id: idField('支付账户') });

// ---- a sub-site owner's own payment accounts (decision 0010) ----
/** Gateways a site owner may use for their own accounts: buyers pay the owner's merchant directly. */
export const SITE_GATEWAYS = ['epay_v1', 'epay_v2', 'alipay'] as const;
export type SiteGatewayName = (typeof SITE_GATEWAYS)[number];
/** POST /vip/payAccount/save: like the admin's form, limited to the gateways owners may use. */
export const sitePayAccountSaveInput = paymentAccountSaveInput.extend({
  gateway: z.enum(SITE_GATEWAYS, { error: '分站收款只支持易支付（V1/V2）与支付宝官方' }),
  /** Shown to the site's buyers: an uploaded image or an https address. */
  icon: z.preprocess(
    blank,
    z
      .string()
      .trim()
      .max(255)
      .regex(/^(\/uploads\/[\w./-]+|https:\/\/[^\s"'<>]+)$/, { error: '图标地址须为上传的图片或 https:// 开头的地址' })
      .default(''),
  ),
});
export type SitePayAccountSaveInput = z.infer<typeof sitePayAccountSaveInput>;
/** POST /vip/payAccount/setEnabled */
export const sitePayAccountEnableInput = z.object({
  id: idField('支付账户'),
  enabled: flag.refine((v) => v !== undefined, { error: '请选择启用或停用' }),
});
/** What the owner's payment section shows (POST /vip/payAccount/getList). */
export interface SitePayAccounts {
  siteId: number;
  siteTitle: string;
  /** The site's version includes own payment channels. */
  allowed: boolean;
  /** Buyers of the site pay through these accounts now: allowed and at least one enabled. */
  active: boolean;
  /** The owner's prepaid balance (fen): each order paid into these accounts takes its cost from it at delivery. */
  balance: number;
  accounts: PaymentAccountView[];
  gateways: GatewayInfo[];
}
/** An order of the owner's site whose money is in the owner's account and must go back to the buyer (POST /vip/payRefund/getList). */
export interface SiteRefundDueRow {
  orderNo: string;
  goodsName: string;
  quantity: number;
  /** What the buyer paid for the order, fen. */
  paidAmount: number;
  /** What the buyer still gets back, fen. */
  dueAmount: number;
  /** The payment (into the owner's account) that took the money; empty when unknown. */
  paymentNo: string;
  gatewayText: string;
  /** The owner's gateway can send the money back itself (易支付, 支付宝). */
  canGateway: boolean;
  reason: string;
  buyer: string;
  paidAt: string;
}
/** POST /vip/payRefund/confirm: the owner pays a buyer back through their own gateway, or says it was paid by hand. */
export const siteRefundInput = z.object({
  orderNo: z
    .string({ error: '请输入订单号' })
    .trim()
    .regex(/^\d{17,40}$/, { error: '订单号格式不正确' }),
  via: z.enum(['gateway', 'manual'], { error: '请选择退款方式' }),
  reason: z.preprocess(
    blank,
    z
      .string()
      .trim()
      .max(100, { error: '退款说明最多 100 个字' })
      .refine((v) => !/[<>]/.test(v), { error: '退款说明不能包含 < 或 > 字符' })
      .default('站长退款'),
  ),
});

export const paymentListInput = z.object({
  ...pageInput,
  status: opt(z.enum(PAYMENT_STATUSES, { error: '支付状态不正确' })),
  purpose: opt(z.enum(PAYMENT_PURPOSES, { error: '支付用途不正确' })),
  gateway: opt(z.enum(GATEWAYS, { error: '支付网关不正确' })),
  accountId: opt(idField('支付账户')),
  keyword: opt(z.string().trim().max(64)),
  userId: opt(idField('会员')),
  from: opt(z.coerce.number().int().min(0)),
  to: opt(z.coerce.number().int().min(0)),
});
export interface AdminPaymentRow {
  id: number;
  paymentNo: string;
  purpose: PaymentPurpose;
  refNo: string;
  subject: string;
  userId: number | null;
  amount: number;
  fee: number;
  gateway: string;
  accountId: number | null;
  status: PaymentStatus;
  tradeNo: string;
  refundedAmount: number;
  paidBy: string;
  createdAt: string;
  paidAt: string;
}

export const notifyLogListInput = z.object({
  ...pageInput,
  gateway: opt(z.enum(GATEWAYS, { error: '支付网关不正确' })),
  accountId: opt(idField('支付账户')),
  paymentNo: opt(z.string().trim().max(64)),
  verdict: opt(z.string().trim().max(20)),
});
export interface NotifyLogRow {
  id: number;
  gateway: string;
  accountId: number | null;
  paymentNo: string;
  method: string;
  /** The notify's parameters, secrets masked; long values cut. */
  params: unknown;
  verdict: string;
  error: string;
  ip: string;
  createdAt: string;
}

/** How long payment notifies are kept: days and rows (the newest). */
export const notifyLogSettingsInput = z.object({
  days: z.coerce
    .number({ error: '保留天数须为整数' })
    .int({ error: '保留天数须为整数' })
    .min(1, { error: '至少保留 1 天' })
    .max(3650, { error: '最多保留 3650 天' }),
  maxRows: z.coerce
    .number({ error: '保留条数须为整数' })
    .int({ error: '保留条数须为整数' })
    .min(1000, { error: '至少保留 1000 条' })
    .max(10_000_000, { error: '最多保留 10000000 条' }),
});

const tier = z.object({ min: yuan('赠送门槛'), bonus: yuan('赠送金额') });
export const rechargeSettingsInput = z
  .object({
    min: yuan('最低充值金额'),
    max: yuan('最高充值金额'),
    tiers: z.preprocess(
      (v, ctx) => {
        if (v === undefined || v === '') return [];
        if (typeof v !== 'string') return v;
        try {
          return JSON.parse(v);
        } catch {
          ctx.addIssue({ code: 'custom', message: '赠送规则格式不正确' });
          return z.NEVER;
        }
      },
      z.array(tier).max(20, { error: '赠送规则最多 20 档' }),
    ),
  })
  .refine((v) => v.min >= 1 && v.max >= v.min, {
    error: '最高充值金额须不小于最低充值金额，且最低不少于 0.01 元',
    path: ['max'],
  });
/** Recharge limits and bonus tiers, fen (POST /pay/recharge/config and the admin settings). */
export interface RechargeConfig {
  min: number;
  max: number;
  tiers: Array<{ min: number; bonus: number }>;
}

/**
 * The site's public origin for gateway notify/return URLs: http(s)://host[:port] with no path,
 * query, fragment or credentials (a single trailing "/" is dropped); empty = use the request's origin.
 */
export const publicUrlInput = z.object({
  publicUrl: z
    .string({ error: '请填写站点公网地址' })
    .trim()
    .max(200, { error: '站点公网地址不能超过 200 个字符' })
    .transform((v) => v.replace(/\/$/, ''))
    .refine(
      (v) => {
        if (v === '') return true;
        if (!/^https?:\/\/[^/?#@\s\\]+$/i.test(v)) return false;
        try {
          const u = new URL(v);
          return u.hostname.length > 0 && u.pathname === '/';
        } catch {
          return false;
        }
      },
      { error: '站点公网地址须为 http:// 或 https:// 开头的域名（可带端口），不能带路径、参数或账号' },
    )
    .transform((v) => (v === '' ? '' : new URL(v).origin)),
});

export const paymentRefundInput = z.object({
  paymentNo,
  via: z.enum(['balance', 'gateway'], { error: '请选择退款方式' }),
  reason: z.string({ error: '请填写退款原因' }).trim().min(1, { error: '请填写退款原因' }).max(200),
});
