import type { Deps } from '../../deps.js';
import { releaseDueShares } from './shares.js';
export { chargeOwnerCost, costBackFor, ownerCostOf, returnOwnerCost, type OwnerPaidOrder } from './owner-cost.js';

export {
  writeShares,
  freezeShares,
  voidShares,
  reviveShares,
  reverseShares,
  releaseDueShares,
  shareMachine,
  type ShareLine,
  type ShareRef,
} from './shares.js';

/** Setting: days a profit share stays frozen after delivery (refunds and complaints can still reverse it). */
export const PROFIT_FREEZE_DAYS_KEY = 'sites.profitFreezeDays';
export const DEFAULT_PROFIT_FREEZE_DAYS = 7;

export function profitFreezeMs(deps: Pick<Deps, 'settings'>): number {
  const raw = deps.settings.get(PROFIT_FREEZE_DAYS_KEY);
  const days = raw === undefined ? NaN : Number(raw);
  return (Number.isInteger(days) && days >= 0 && days <= 365 ? days : DEFAULT_PROFIT_FREEZE_DAYS) * 86_400_000;
}

/** The release job: due shares move to the owners' balances every minute (safe on several instances). */
export function registerProfitRelease(deps: Deps): void {
  deps.jobs.every('profits.release', 60_000, async () => {
    const now = Date.now();
    while ((await releaseDueShares(deps.db, now - profitFreezeMs(deps), now)) === 200);
  });
}
