import { idField, yuan, type MemberLabel } from './commerce.js';
import type { Paged } from './paging.js';
import { z } from './zod-setup.js';

/**
 * Funds payloads: member ledger, transfers, payee accounts, withdrawals, admin withdrawal
 * queue, funds settings and reconciliation. Amounts people type are yuan text (≤ 2 decimals)
 * parsed by string rules into fen; every amount answered is integer fen.
 */

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const opt = <T extends z.ZodType>(schema: T) => z.preprocess(blank, schema.optional());
const intIn = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${label}须为整数` })
    .int({ error: `${label}须为整数` })
    .min(min, { error: `${label}不能小于 ${min}` })
    .max(max, { error: `${label}不能大于 ${max}` });
const page = z.preprocess(blank, intIn('页码', 1, 100_000).default(1));
const pageSize = z.preprocess(blank, intIn('每页条数', 1, 100).default(20));
/** Text shown to people: no markup. */
const plain = (label: string, max: number) =>
  z
    .string({ error: `请输入${label}` })
    .trim()
    .max(max, { error: `${label}不能超过 ${max} 个字符` })
    .refine((s) => !/[<>]/.test(s), { error: `${label}不能包含 < 或 > 字符` });
const required = (label: string, max: number) =>
  plain(label, max).refine((s) => s.length > 0, { error: `请填写${label}` });

/** A positive yuan amount (at least 0.01) given as text; answers fen. */
export const positiveYuan = (label: string) => yuan(label).refine((fen) => fen > 0, { error: `${label}须大于 0` });

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar day "YYYY-MM-DD" that exists. */
export const dayText = (label: string) =>
  z
    .string({ error: `请选择${label}` })
    .trim()
    .regex(DAY, { error: `${label}格式须为 YYYY-MM-DD` })
    .refine(
      (s) => {
        const [y, m, d] = s.split('-').map(Number);
        const t = new Date(Date.UTC(y, m - 1, d));
        return y >= 2000 && y <= 2100 && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
      },
      { error: `${label}不是有效日期` },
    );

/** Ledger entry types and their Chinese names (the funds module writes only these). */
export const LedgerTypeLabels = {
  order_pay: '余额购买',
  order_refund: '订单退款',
  repeal_refund: '卡密撤销退款',
  admin_adjust: '后台调整',
  recharge: '在线充值',
  recharge_bonus: '充值赠送',
  recharge_refund: '充值原路退款',
  transfer_out: '转账转出',
  transfer_in: '转账转入',
  withdraw: '提现',
  withdraw_return: '提现驳回退回',
  withdraw_cancel: '提现取消退回',
  site_purchase: '开通分站',
  site_profit: '分站利润入账',
  site_profit_reversal: '分站利润退回',
  level_buy: '购买会员等级',
  site_cost: '分站进货扣款',
  site_cost_refund: '分站进货退款',
  promotion_commission: '推广佣金领取',
  promotion_clawback: '推广佣金退回',
  promotion_site_fund: '站长追加推广佣金',
  promotion_fund_back: '站长追加佣金退回',
  supply_settle: '供货结算入账',
  supply_reversal: '供货结算退回',
  cdk_buy: '购买兑换码',
  cdk_refund: '兑换码作废退款',
  cdk_redeem: '兑换码充值',
} as const;
export type LedgerTypeName = keyof typeof LedgerTypeLabels;
export const LEDGER_TYPES = Object.keys(LedgerTypeLabels) as LedgerTypeName[];

const ledgerFilters = {
  type: opt(z.enum(LEDGER_TYPES as [LedgerTypeName, ...LedgerTypeName[]], { error: '不支持的账变类型' })),
  from: opt(dayText('开始日期')),
  to: opt(dayText('结束日期')),
  /** Matches the reference (order number, transfer number…) or the memo. */
  keyword: opt(plain('关键词', 50)),
};
const fromBeforeTo = (v: { from?: string; to?: string }) => !v.from || !v.to || v.from <= v.to;
const rangeError = { error: '开始日期不能晚于结束日期', path: ['from'] };

/** POST /inside/funds/getLedger */
export const memberLedgerInput = z.object({ ...ledgerFilters, page, pageSize }).refine(fromBeforeTo, rangeError);
/** POST /inside/funds/exportLedger */
export const ledgerExportInput = z.object(ledgerFilters).refine(fromBeforeTo, rangeError);
/** Most rows one export answers; narrow the date range for more. */
export const LEDGER_EXPORT_MAX_ROWS = 5000;
/** One ledger row (资金明细): signed fen and the balance after it. */
export interface LedgerEntry {
  id: number;
  userId: number;
  /** Staff lists: who the row belongs to (member number and login name). */
  member?: MemberLabel | null;
  type: string;
  typeText: string;
  /** Signed fen. */
  amount: number;
  balanceAfter: number;
  refType: string;
  refId: string;
  memo: string;
  createdAt: string;
  /** Staff lists: who made a manual adjustment. */
  operator?: string;
}
/** The member's ledger page with their current balance (fen). */
export interface MyLedgerAnswer extends Paged<LedgerEntry> {
  balance: number;
}

// ---------- transfers ----------

/** Member number (user_no) or login name of the receiver. */
const receiver = z
  .string({ error: '请输入收款会员编号或登录名' })
  .trim()
  .min(1, { error: '请输入收款会员编号或登录名' })
  .max(32, { error: '收款会员编号或登录名不能超过 32 个字符' })
  .regex(/^[\w.@-]+$/, { error: '收款会员编号或登录名格式不正确' });
const salePwdField = opt(z.string({ error: '交易密码格式不正确' }).max(32, { error: '交易密码格式不正确' }));

export const transferPreviewInput = z.object({ receiver });
export const transferInput = z.object({
  receiver,
  amount: positiveYuan('转账金额'),
  salePwd: salePwdField,
  memo: opt(plain('转账备注', 50)),
});
/** POST /inside/funds/transfer/config: the limits from the funds settings and today's usage (fen). */
export interface TransferConfig {
  enabled: 0 | 1;
  balance: number;
  /** Smallest amount of one transfer. */
  min: number;
  dailyAmount: number;
  dailyCount: number;
  todayAmount: number;
  todayCount: number;
  remainingAmount: number;
  remainingCount: number;
}
export interface TransferPreview {
  userNo: string;
  /** 张*三 / a***e: enough for the sender to recognise, not to learn the name. */
  maskedName: string;
}
export interface TransferResult {
  transferNo: string;
  /** fen */
  amount: number;
  /** The sender's balance after the transfer, fen. */
  balance: number;
  createdAt: string;
}

// ---------- payee accounts (收款信息) ----------

export const PayeeKindLabels = { alipay: '支付宝', bank: '银行卡', qr: '收款码' } as const;
export type PayeeKind = keyof typeof PayeeKindLabels;
const realName = z
  .string({ error: '请填写真实姓名' })
  .trim()
  .min(2, { error: '真实姓名至少 2 个字' })
  .max(20, { error: '真实姓名不能超过 20 个字' })
  .regex(/^[\u4e00-\u9fa5·•A-Za-z ]+$/, { error: '真实姓名只能包含汉字、字母和间隔号' });
const alipayAccount = z
  .string({ error: '请填写支付宝账号' })
  .trim()
  .max(64, { error: '支付宝账号不能超过 64 个字符' })
  .refine((s) => /^1[3-9]\d{9}$/.test(s) || /^[\w.+-]+@[\w-]+(\.[\w-]+)+$/.test(s), {
    error: '支付宝账号须为手机号或邮箱',
  });
const cardNo = z
  .string({ error: '请填写银行卡号' })
  .transform((s) => s.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\d{12,19}$/, { error: '银行卡号须为 12-19 位数字' }));
const qrImage = z
  .string({ error: '请上传收款码图片' })
  .trim()
  .regex(/^\/uploads\/\d{4}\/\d{2}\/[\w-]+\.(png|jpe?g|gif|webp)$/, { error: '请上传收款码图片' });
const payeeId = opt(idField('收款账户'));

export const payInfoSaveInput = z.discriminatedUnion(
  'kind',
  [
    z.object({ id: payeeId, kind: z.literal('alipay'), realName, account: alipayAccount }),
    z.object({
      id: payeeId,
      kind: z.literal('bank'),
      realName,
      bankName: required('开户银行', 30),
      bankBranch: required('开户支行', 60),
      cardNo,
    }),
    z.object({
      id: payeeId,
      kind: z.literal('qr'),
      realName,
      qrType: z.enum(['alipay', 'wechat'], { error: '请选择收款码类型' }),
      qrImage,
    }),
  ],
  { error: '请选择收款方式（支付宝、银行卡或收款码）' },
);
export const payInfoDeleteInput = z.object({ id: idField('收款账户') });
export interface PayeeView {
  id: number;
  kind: PayeeKind;
  kindText: string;
  realName: string;
  /** Alipay account / card number, masked. */
  account: string;
  bankName: string;
  bankBranch: string;
  qrType: string;
  qrImage: string;
  createdAt: string;
}
export const PAYEE_MAX_PER_MEMBER = 10;

// ---------- withdrawals (提现) ----------

export const WithdrawStatusLabels = {
  pending: '待审核',
  approved: '已打款',
  rejected: '已驳回',
  cancelled: '已取消',
} as const;
export type WithdrawStatus = keyof typeof WithdrawStatusLabels;
const withdrawStatus = opt(
  z.enum(Object.keys(WithdrawStatusLabels) as [WithdrawStatus, ...WithdrawStatus[]], { error: '不支持的提现状态' }),
);

export const withdrawCreateInput = z.object({
  payeeId: idField('收款账户'),
  amount: positiveYuan('提现金额'),
  salePwd: salePwdField,
});
export const withdrawListInput = z.object({ status: withdrawStatus, page, pageSize });
export const withdrawIdInput = z.object({ id: idField('提现记录') });

export const adminWithdrawListInput = z.object({
  status: withdrawStatus,
  userId: opt(idField('会员')),
  keyword: opt(plain('关键词', 50)),
  page,
  pageSize,
});
export const withdrawApproveInput = z.object({ id: idField('提现记录'), payoutRef: required('打款流水号', 100) });
export const withdrawRejectInput = z.object({ id: idField('提现记录'), reason: required('驳回原因', 200) });
/** POST /inside/withdraw/config: limits, fee rule, today's count and the member's payee accounts. */
export interface WithdrawConfig {
  enabled: 0 | 1;
  /** fen */
  balance: number;
  min: number;
  /** 0 = no upper limit. */
  max: number;
  /** Fee rate in 1/10000 (60 = 0.6 %). */
  feeBasisPoints: number;
  feeMin: number;
  feeRule: string;
  dailyCount: number;
  todayCount: number;
  payees: PayeeView[];
}
/** A withdrawal as its member sees it: the payee account masked. */
export interface WithdrawRow {
  id: number;
  withdrawNo: string;
  amount: number;
  fee: number;
  actualAmount: number;
  status: WithdrawStatus;
  statusText: string;
  payee: { kind: string; realName: string; account: string; bankName: string; qrType: string };
  payoutRef: string | null;
  rejectReason: string | null;
  createdAt: string;
  handledAt: string;
}
/** Creating or cancelling answers the withdrawal and the balance after it (fen). */
export type WithdrawWithBalance = WithdrawRow & { balance: number };
export interface AdminWithdrawRow extends Omit<WithdrawRow, 'payee'> {
  userId: number;
  loginName: string;
  userNo: string;
  /** Full account for staff who pay out by hand. */
  payee: {
    kind: string;
    realName: string;
    account: string;
    bankName: string;
    bankBranch: string;
    qrType: string;
    qrImage: string;
  };
  staffName: string;
}

// ---------- settings ----------

const percentText = z
  .union([z.string(), z.number()], { error: '请输入手续费比例' })
  .transform((v) => String(v).trim())
  .pipe(z.string().regex(/^(100|[1-9]?\d)(\.\d{1,2})?$/, { error: '手续费比例须为 0-100 之间的数，最多两位小数' }))
  .transform((t) => {
    const [w, f = ''] = t.split('.');
    return Number(w) * 100 + Number(f.padEnd(2, '0'));
  })
  .refine((bp) => bp <= 10_000, { error: '手续费比例不能超过 100%' });

/** Answered by GET-like calls in fen / basis points; typed as yuan text and percent text. */
export const fundsSettingsInput = z.object({
  withdrawEnabled: z.preprocess(
    (v) =>
      v === '1' || v === 1 || v === true || v === 'true'
        ? 1
        : v === '0' || v === 0 || v === false || v === 'false'
          ? 0
          : v,
    z.union([z.literal(0), z.literal(1)], { error: '请选择是否开放提现' }),
  ),
  withdrawMin: yuan('最低提现金额'),
  /** 0 = no upper limit per withdrawal. */
  withdrawMax: yuan('单笔提现上限'),
  /** Percent with two decimals ("0.6" = 0.6 %), stored as basis points. */
  feePercent: percentText,
  feeMin: yuan('最低手续费'),
  withdrawDailyCount: intIn('每日提现次数', 1, 1000),
  transferEnabled: z.preprocess(
    (v) =>
      v === '1' || v === 1 || v === true || v === 'true'
        ? 1
        : v === '0' || v === 0 || v === false || v === 'false'
          ? 0
          : v,
    z.union([z.literal(0), z.literal(1)], { error: '请选择是否开放转账' }),
  ),
  transferMin: yuan('最低转账金额'),
  transferDailyAmount: positiveYuan('每日转账额度'),
  transferDailyCount: intIn('每日转账次数', 1, 10_000),
});
export interface FundsSettings {
  withdrawEnabled: 0 | 1;
  withdrawMin: number;
  withdrawMax: number;
  feeBasisPoints: number;
  feeMin: number;
  withdrawDailyCount: number;
  transferEnabled: 0 | 1;
  transferMin: number;
  transferDailyAmount: number;
  transferDailyCount: number;
}

export const reconcileInput = z.object({ date: opt(dayText('对账日期')) });
/** A member whose balance and ledger disagree. */
export interface MismatchedUser {
  userId: number;
  userNo: string;
  loginName?: string;
  balance?: number;
  ledgerSum: number;
  lastBalanceAfter?: number;
  difference: number;
}
/** 对账报表 of one day: balances against the ledger, the day's movements, withdrawals and payments (fen). */
export interface ReconcileReport {
  day: string;
  generatedAt: number;
  mismatch: boolean;
  overall: {
    ledgerTotal: number;
    balanceTotal: number;
    difference: number;
    mismatchedUsers: MismatchedUser[];
    moreMismatchedUsers: boolean;
    mismatch: boolean;
  };
  daily: {
    byType: Array<{ type: string; typeText: string; count: number; amount: number }>;
    openingLedger: number;
    netChange: number;
    closingLedger: number;
    closingBalances: number;
    difference: number;
    transferNet: number;
    mismatchedUsers: MismatchedUser[];
    mismatch: boolean;
  };
  withdrawals: {
    pendingCount: number;
    pendingAmount: number;
    liability: number;
    handledOnDay: Array<{ status: string; count: number; amount: number; fee: number }>;
    mismatchedWithdrawals: Array<{ withdrawNo: string; status: string; amount: number; ledgerNet: number }>;
    mismatch: boolean;
  };
  payments:
    | { available: false; reason: string }
    | {
        available: true;
        received: number;
        byPurpose: Array<{ purpose: string; count: number; amount: number; fee: number }>;
        ordersPaid: number;
        rechargesPaid: number;
        rechargeBonus: number;
        rechargeLedger: number;
        unmatchedPayments: Array<{ paymentNo: string; purpose: string; amount: number }>;
        difference: number;
        mismatch: boolean;
      };
}
/** What the admin page reads: the report computed now and the one the daily job stored, if any. */
export interface ReconcileAnswer extends ReconcileReport {
  stored: { day: string; mismatch: boolean; createdAt: number; report: unknown } | null;
}
