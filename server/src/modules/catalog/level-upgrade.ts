import type { LevelOfferState } from '@kapu/contract';

/** What the upgrade rule needs of a level: its rank (sort: larger is higher), price and sale flag. */
export interface RankedLevel {
  id: number;
  sort: number;
  /** Fen; null or 0 = no price. */
  price: number | null;
  buyable: boolean;
}

export type UpgradeQuote = { state: 'buyable'; cost: number } | { state: Exclude<LevelOfferState, 'buyable'> };

/**
 * The one rule for buying a level (issue 12): only a level ranked above the member's current one
 * (a larger sort; levels of equal sort are peers), only while it is sold with a price, and it
 * costs its price less the price of the current level — what the member is taken to have paid
 * already — never below 0 (a level priced under the current one upgrades for free).
 * `current` is undefined when the member's level is not one of these (counts as the lowest, worth 0).
 */
export function upgradeQuote(current: RankedLevel | undefined, target: RankedLevel): UpgradeQuote {
  if (current && target.id === current.id) return { state: 'current' };
  if (current && target.sort <= current.sort) return { state: 'lower' };
  if (!target.buyable || !target.price || target.price <= 0) return { state: 'notForSale' };
  return { state: 'buyable', cost: Math.max(0, target.price - (current?.price ?? 0)) };
}
