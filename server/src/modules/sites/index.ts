import type { FastifyInstance } from 'fastify';
import { defineCall } from '../../core/calls.js';
import type { SitesService } from './sites.service.js';

export { sitesService, siteTitleOf, PLATFORM_SITE_ID, type SitesService } from './sites.service.js';

export function registerSiteRoutes(app: FastifyInstance, sites: SitesService): void {
  defineCall(app, '/site/info', {}, (ctx) => sites.info(ctx.site));
}
export { registerSiteAdminRoutes } from './sites.admin.routes.js';
export { registerSiteMemberRoutes } from './sites.vip.routes.js';
export { registerSiteJobs, runSiteExpiry, SITE_EXPIRY_JOB, SHARE_RELEASE_JOB } from './expiry.js';
export { siteMachine, siteIsServing, siteRefusal } from './site-machine.js';
export { sitesSettings, shareReleaseAt, graceEndsAt, SITES_SETTINGS_KEY } from './site-settings.js';
export { ownedSiteIdQuery } from './my-site.js';
export {
  writeShares,
  freezeShares,
  voidShares,
  reverseShares,
  releaseDueShares,
  shareMachine,
  type ShareLine,
  type ShareRefType,
  type ShareStatus,
} from './shares.js';
