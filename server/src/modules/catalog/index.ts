export {
  catalogService,
  findGoods,
  findGoodsOfShop,
  rechargeTemplateOf,
  sanitizeDescription,
  type CatalogService,
  type CardCounts,
} from './catalog.service.js';
export { registerCatalogRoutes } from './catalog.routes.js';
export { priceFor, buyerLevel, quote, loadPriceRules, type Quote, type PriceRules } from './pricing.js';
export {
  siteSale,
  sellingSites,
  platformSale,
  sells,
  shopOf,
  saleQuote,
  hiddenGoods,
  shelfGoods,
  type SiteSale,
  type SaleQuote,
} from './site-sale.js';
export { seedDemoCatalog } from './demo-seed.js';
export type { GoodsRow, SalesOfGoods } from './catalog.repo.js';
import { catalogRepo } from './catalog.repo.js';

/** Count stock of non-card goods and sales counters, for the orders flow (inside its transaction). */
export const takeCountStock = catalogRepo.takeCountStock;
export const returnCountStock = catalogRepo.returnCountStock;
export const refreshSoldCounts = catalogRepo.refreshSoldCounts;
export { levelsService } from './levels.js';
export { levelSalesService, type LevelSalesService } from './level-sales.js';
export { lowStockGoods } from './catalog.figures.js';
export { cardGoodsIdsOfSite, goodsOfSite } from './goods-of-site.js';
/** A line in the goods change log (price, stock, status, info), in the caller's transaction. */
export const writeGoodsLog = catalogRepo.writeLog;
export { memberLevels } from './member-levels.js';
export { shelfCatalog } from './shelf-source.js';
export { platformDirsByIds, platformGoodsByIds } from './names.js';
export {
  platformDirExists,
  insertOwnedGoods,
  ownedGoods,
  ownedGoodsQuery,
  goodsIdsOfOwner,
  goodsCountOfOwners,
  updateOwnedGoods,
  moveOwnedGoodsStatus,
  type OwnedGoodsValues,
} from './owned-goods.js';
export { insertDockedGoods, goodsRowsByIds, deleteUnorderedGoods } from './docked-goods.js';
