export {
  earnedSharesOfSite,
  shareTotalsOfSite,
  sharesOfOrdersAtSite,
  siteProfitByDay,
  siteProfitSince,
  type SiteShare,
} from './share-figures.js';
export { chargeOwnerCost, costBackFor, ownerCostOf, returnOwnerCost, type OwnerPaidOrder } from './owner-cost.js';

export {
  writeShares,
  freezeShares,
  voidShares,
  reviveShares,
  reverseShares,
  releaseDueShares,
  frozenProfitOf,
  shareMachine,
  type ShareLine,
  type ShareRef,
} from './shares.js';
