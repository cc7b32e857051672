import type { FastifyInstance } from 'fastify';
import { defineCall } from '../../core/calls.js';
import type { SitesService } from './sites.service.js';

export { sitesService, siteTitleOf, PLATFORM_SITE_ID, type SitesService } from './sites.service.js';
export { ownedSite, type OwnedSite } from './owned-site.js';

export function registerSiteRoutes(app: FastifyInstance, sites: SitesService): void {
  defineCall(app, '/site/info', {}, (ctx) => sites.info(ctx.site));
}
export { registerSiteAdminRoutes } from './sites.admin.routes.js';
