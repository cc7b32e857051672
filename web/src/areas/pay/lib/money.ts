import { YUAN_TEXT } from '@/app/yuan';

/**
 * Yuan text → integer fen by string rules (never floats): "12" → 1200, "0.5" → 50,
 * "1,234.56" is refused. Answers null for anything the server's yuan fields would refuse.
 */
export function yuanToFen(text: string | null | undefined): number | null {
  const t = (text ?? '').trim();
  if (!YUAN_TEXT.test(t)) return null;
  const [whole, frac = ''] = t.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

/**
 * Withdrawal fee exactly as the server computes it: max(ceil(amount × rate), minimum fee),
 * rate in 1/10000; BigInt keeps amount × rate exact for any amount.
 */
export function withdrawalFee(amountFen: number, feeBasisPoints: number, feeMinFen: number): number {
  const byRate = Number((BigInt(amountFen) * BigInt(feeBasisPoints) + 9_999n) / 10_000n);
  return Math.max(byRate, feeMinFen);
}

/** Fee the payer adds for a pay channel (1/10000, rounded up to the fen), as the server does. */
export function channelFee(amountFen: number, feeRate: number): number {
  return feeRate > 0 ? Number((BigInt(amountFen) * BigInt(feeRate) + 9_999n) / 10_000n) : 0;
}

/** Recharge bonus: the highest tier the amount reaches (server's bonusFor). */
export function rechargeBonus(tiers: ReadonlyArray<{ min: number; bonus: number }>, amountFen: number): number {
  return tiers.filter((t) => amountFen >= t.min).reduce((best, t) => Math.max(best, t.bonus), 0);
}

/** "0.6%" from basis points (60). */
export function percentText(basisPoints: number): string {
  return `${(basisPoints / 100).toFixed(2).replace(/\.?0+$/, '')}%`;
}
