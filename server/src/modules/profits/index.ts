export {
  earnedOrderSharesOfSite,
  shareTotalsOfSite,
  sharesOfOrdersAtSite,
  siteProfitByDay,
  siteProfitSince,
  type SiteShare,
} from './share-figures.js';

export {
  writeShares,
  freezeShares,
  voidShares,
  reverseShares,
  releaseDueShares,
  frozenProfitOf,
  shareMachine,
  type ShareLine,
  type ShareRef,
} from './shares.js';
