import { reversalOf } from '../sites/index.js';

/**
 * The arithmetic of commissions, exact in integer fen (no floats):
 * - a commission is floor(base × bp / 10000), per level and payer;
 * - after refunds of R fen in all (R0 of them before it was written, its `refund_base`), a commission of
 *   `amount` on `base` has had floor(amount × (R − R0) / base) reversed — all of it once the order is
 *   refunded whole. Cumulative, so refund events handled late, twice or out of order reverse the same;
 *   the rounding stays with the earner (never more than their proportional part is taken);
 * - a reversal takes what is not collected yet first, the rest back from the balance (a claw-back).
 */

export const BP = 10_000;

/** floor(base × bp / 10000), exact for any safe base. */
export function commissionOf(base: number, bp: number): number {
  if (base <= 0 || bp <= 0) return 0;
  return Number((BigInt(base) * BigInt(bp)) / BigInt(BP));
}

/** How much of a commission refunds should have reversed in all (see above). */
export function reversedTarget(
  c: { amount: number; base: number; refundBase: number },
  refundedTotal: number,
  whole: boolean,
): number {
  if (whole) return c.amount;
  return Math.min(c.amount, reversalOf(c.amount, Math.max(0, refundedTotal - c.refundBase), c.base));
}

export interface CommissionState {
  amount: number;
  reversed: number;
  collected: number;
}

/** A reversal of `part` fen: what comes off the uncollected money, what is clawed back, and the row after it. */
export function splitReversal(c: CommissionState, part: number) {
  const uncollected = c.amount - c.reversed - c.collected;
  const fromUncollected = Math.min(part, Math.max(0, uncollected));
  const clawedBack = part - fromUncollected;
  const after = { amount: c.amount, reversed: c.reversed + part, collected: c.collected - clawedBack };
  return { fromUncollected, clawedBack, after };
}

/** The status a held or collected commission has after money moved: all reversed, all accounted for, or still holding some. */
export function statusAfter(c: CommissionState): 'reversed' | 'collected' | 'held' {
  if (c.reversed >= c.amount) return 'reversed';
  if (c.reversed + c.collected >= c.amount) return 'collected';
  return 'held';
}

/**
 * A daily cap (fen, 0 = none): how much of a new commission still fits for an earner who has had
 * `earnedToday` today.
 */
export function underCap(amount: number, earnedToday: number, cap: number): number {
  if (cap <= 0) return amount;
  return Math.max(0, Math.min(amount, cap - earnedToday));
}

/** Collects `want` fen from commissions in order: what each gives. */
export function takeInOrder(uncollected: readonly number[], want: number): number[] {
  let left = want;
  return uncollected.map((u) => {
    const take = Math.min(u, left);
    left -= take;
    return take;
  });
}

/** The same /24 (IPv4) or /64 (IPv6) network. */
export function sameSubnet(a: string, b: string): boolean {
  const v4 = (ip: string) => /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/.exec(ip.replace(/^::ffff:/, ''));
  const x = v4(a);
  const y = v4(b);
  if (x && y) return x[1] === y[1] && x[2] === y[2] && x[3] === y[3];
  if (x || y || !a.includes(':') || !b.includes(':')) return false;
  const prefix = (ip: string) => expandV6(ip).slice(0, 4).join(':');
  return prefix(a) === prefix(b);
}

function expandV6(ip: string): string[] {
  const [head, tail = ''] = ip.toLowerCase().split('::');
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const fill = ip.includes('::') ? Array(Math.max(0, 8 - h.length - t.length)).fill('0') : [];
  return [...h, ...fill, ...t].map((g) => g.replace(/^0+(?=.)/, ''));
}
