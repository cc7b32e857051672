import type { FastifyInstance } from 'fastify';
import { defineCall } from '../../core/calls.js';
import type { SitesService } from './sites.service.js';

export {
  sitesService,
  siteTitleOf,
  sitePathPrefix,
  siteLabels,
  PLATFORM_SITE_ID,
  type SitesService,
} from './sites.service.js';
export { ownedSite, type OwnedSite } from './owned-site.js';
export {
  siteResolver,
  siteOfRequest,
  hostName,
  ownedSiteOfMember,
  SITE_PATH_PATTERN,
  type SiteResolver,
} from './resolve.js';

export function registerSiteRoutes(app: FastifyInstance, sites: SitesService): void {
  defineCall(app, '/site/info', {}, (ctx) => sites.info(ctx.site));
}
export { registerSiteAdminRoutes } from './sites.admin.routes.js';
export {
  chainPriceKey,
  chainQuote,
  ownGoodsQuote,
  hiddenInChain,
  shelfOfChain,
  markUp,
  reversalOf,
  type ChainQuote,
  type ChainLink,
  type PriceRule,
  type SiteRules,
} from './price-chain.js';
export { siteRulesFor, type CustomerTerms } from './site-rules.js';
export { registerSiteOwnerRoutes } from './sites.owner.routes.js';
export type { ShelfCatalog, ShelfGoods, ShelfQuery } from './seller.js';
export {
  childSitesPage,
  childSitesCount,
  customerTermsOf,
  saveCustomerTerms,
  siteHeader,
  sitesUnderChildren,
  purchaseSitesTable,
  type ChildSiteRow,
  type SiteHeader,
} from './site-tree.js';
export { registerSiteMemberRoutes } from './sites.vip.routes.js';
export { registerSiteJobs, runSiteExpiry, SITE_EXPIRY_JOB } from './expiry.js';
export { siteMachine, siteIsServing, siteRefusal } from './site-machine.js';
export { sitesSettings, graceEndsAt, SITES_SETTINGS_KEY } from './site-settings.js';
export { sitePayeeOf, payeeSiteOfMember, type SitePayee } from './own-payment.js';
export { featuresOf, findVersion } from './versions.js';
