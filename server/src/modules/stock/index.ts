export {
  stockService,
  availableCardCounts,
  reserveCards,
  releaseCards,
  sellCards,
  sellCardsNow,
  cardsOfOrder,
  openOrderCards,
  type OrderCardRow,
  voidSoldCards,
  voidOrderCards,
  type StockService,
  type DeliveredCard,
} from './stock.service.js';
export { LOW_STOCK_AT } from './stock-low.js';
export { registerStockRoutes } from './stock.routes.js';
export { parseCardLines, normaliseCardLine, splitCard } from './card-lines.js';
export { seedDemoCards } from './demo-cards.js';
export { cardMachine, repealMachine } from './card-machine.js';
export { availableCardsByGoods, type AvailableCardsByGoods } from './stock.figures.js';
export {
  repealLinks,
  requestRepeal,
  repealLink,
  decideRepeal,
  repealRowsTable,
  hasLiveRepeal,
  lockOrderCards,
} from './repeals.js';
export { importCardBatch } from './stock.service.js';
export { ownerCardsPage, voidOwnerCards, unsoldCardsOfOwner, type OwnerCardFilter } from './owner-cards.js';
export type { ParsedCards } from './card-lines.js';
export { sellUpstreamCards } from './upstream-cards.js';
