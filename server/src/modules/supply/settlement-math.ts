/**
 * The arithmetic of a supplier's settlement (decision 0011), exact in integer fen. Products are taken
 * in BigInt: cost × basis points and amount × refunded can pass 2^53 for large orders.
 */

/** The platform's commission on `cost` fen at `bp` basis points, rounded half up. */
export function commissionOf(cost: number, bp: number): number {
  return Number((BigInt(cost) * BigInt(bp) + 5000n) / 10000n);
}

/** What an order of `quantity` at `unitCost` earns the supplier: cost, commission, and amount = cost − commission. */
export function settlementOf(unitCost: number, quantity: number, bp: number) {
  const cost = unitCost * quantity;
  const commission = commissionOf(cost, bp);
  return { cost, commission, amount: cost - commission };
}

/**
 * How much of an entry of `amount` fen the refunds of an order have taken back, once `refundedTotal`
 * of the `paid` fen went back: floor(amount × refundedTotal / paid), all of it on the whole refund.
 * Cumulative, recomputed from the refunded total, so partial refunds never drift; what the floor leaves
 * stays with the supplier.
 */
export function reversedFor(amount: number, refundedTotal: number, paid: number, whole: boolean): number {
  if (whole || paid <= 0 || refundedTotal >= paid) return amount;
  return Number((BigInt(amount) * BigInt(Math.max(0, refundedTotal))) / BigInt(paid));
}
