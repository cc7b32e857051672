import type { PaymentStatus, RechargeConfig } from '@kapu/contract';
import { fenToYuanText } from '@/app/yuan';
import { yuanToFen } from '@/areas/pay/lib/money';

/** The recharge settings form: yuan text everywhere (the server parses it into fen). */
export interface RechargeForm {
  min: string;
  max: string;
  tiers: Array<{ min: string; bonus: string }>;
}

export const MAX_RECHARGE_TIERS = 20;

/** Stored settings (fen) → form values (yuan text), tiers by threshold. */
export function rechargeToForm(cfg: RechargeConfig): RechargeForm {
  return {
    min: fenToYuanText(cfg.min),
    max: fenToYuanText(cfg.max),
    tiers: [...cfg.tiers]
      .sort((a, b) => a.min - b.min)
      .map((t) => ({ min: fenToYuanText(t.min), bonus: fenToYuanText(t.bonus) })),
  };
}

/**
 * Checks the form as the server does, plus a threshold given twice (only the larger bonus
 * would ever apply). Answers the first problem in Chinese, or null.
 */
export function rechargeFormProblem(v: RechargeForm): string | null {
  const min = yuanToFen(v.min);
  const max = yuanToFen(v.max);
  if (min === null || min < 1) return '最低充值金额须为不小于 0.01 的金额，最多两位小数';
  if (max === null) return '最高充值金额须为金额，最多两位小数';
  if (max < min) return '最高充值金额须不小于最低充值金额';
  if (v.tiers.length > MAX_RECHARGE_TIERS) return `赠送规则最多 ${MAX_RECHARGE_TIERS} 档`;
  const seen = new Set<number>();
  for (const [i, t] of v.tiers.entries()) {
    const n = i + 1;
    const at = yuanToFen(t.min);
    const bonus = yuanToFen(t.bonus);
    if (at === null || at < 1) return `第 ${n} 档：赠送门槛须为大于 0 的金额，最多两位小数`;
    if (bonus === null || bonus < 1) return `第 ${n} 档：赠送金额须为大于 0 的金额，最多两位小数`;
    if (seen.has(at)) return `第 ${n} 档：充值门槛 ${t.min.trim()} 元重复`;
    seen.add(at);
  }
  return null;
}

/** Form values → the call's body: yuan text, tiers as JSON sorted by threshold. */
export function rechargeFormToBody(v: RechargeForm): { min: string; max: string; tiers: string } {
  const tiers = v.tiers
    .map((t) => ({ min: t.min.trim(), bonus: t.bonus.trim() }))
    .sort((a, b) => (yuanToFen(a.min) ?? 0) - (yuanToFen(b.min) ?? 0));
  return { min: v.min.trim(), max: v.max.trim(), tiers: JSON.stringify(tiers) };
}

/** The same check the server's publicUrlInput makes: http(s)://host[:port], nothing after; empty = request origin. */
export function publicUrlProblem(text: string): string | null {
  const v = text.trim().replace(/\/$/, '');
  if (v === '') return null;
  if (!/^https?:\/\/[^/?#@\s\\]+$/i.test(v))
    return '须为 http:// 或 https:// 开头的域名（可带端口），不能带路径、参数或账号';
  try {
    new URL(v);
    return null;
  } catch {
    return '站点公网地址格式不正确';
  }
}

// ---------- 测试该账户: watching the test payment (shared with the site owner's accounts) ----------

export {
  TEST_OUTCOME_TEXT,
  TEST_POLL_MS,
  TEST_WATCH_MS,
  watchTestPayment,
  type TestOutcome,
} from '@/areas/pay/lib/test-payment';

// ---------- refunds (server rules: modules/payments/refunds.ts) ----------

/** Gateways that can send money back themselves (易支付 V2, Alipay, WeChat v3). */
export const REFUNDABLE_GATEWAYS: ReadonlySet<string> = new Set(['epay_v2', 'alipay', 'wechat_v3']);

/**
 * The refund ways the server can accept for a payment row: only paid, non-balance payments;
 * to balance only for a member's order payment; back through the gateway where it supports
 * refunds. Whether an order payment is free to go back (duplicate or flagged for refund) the
 * server decides.
 */
export function refundWays(p: {
  status: PaymentStatus;
  gateway: string;
  purpose: string;
  userId: number | null;
}): Array<'balance' | 'gateway'> {
  if (p.status !== 'paid' || p.gateway === 'balance') return [];
  const ways: Array<'balance' | 'gateway'> = [];
  if (p.purpose === 'order' && p.userId !== null) ways.push('balance');
  if (REFUNDABLE_GATEWAYS.has(p.gateway)) ways.push('gateway');
  return ways;
}
