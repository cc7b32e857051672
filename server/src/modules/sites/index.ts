import type { FastifyInstance } from 'fastify';
import { defineCall } from '../../core/calls.js';
import type { SitesService } from './sites.service.js';

export { sitesService, siteTitleOf, sitePathPrefix, PLATFORM_SITE_ID, type SitesService } from './sites.service.js';
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
  chainQuote,
  hiddenInChain,
  markUp,
  reversalOf,
  type ChainQuote,
  type ChainLink,
  type PriceRule,
  type SiteRules,
} from './price-chain.js';
export { siteRulesFor, type CustomerTerms } from './site-rules.js';
export { sitePayeeOf, payeeSiteOfMember, type SitePayee } from './own-payment.js';
