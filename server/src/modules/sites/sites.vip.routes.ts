import {
  pageOnlyInput,
  siteDomainIdInput,
  siteDomainInput,
  siteOpenInput,
  siteOpenOnlineInput,
  siteOpenStateInput,
  sitePathCheckInput,
  sitePathInput,
  siteProfileInput,
  siteRenewInput,
  siteSubdomainInput,
  siteUpgradeInput,
  siteUpgradeQuoteInput,
  versionMoneySaveInput,
} from '@kapu/contract';
import type { FastifyInstance } from 'fastify';
import { defineCall } from '../../core/calls.js';
import type { Db } from '../../core/db/connect.js';
import { listAudit, OWNER_AUDIT_NAMES } from '../audit/index.js';
import { platformGoodsByIds } from '../catalog/index.js';
import type { Deps } from '../../deps.js';
import { siteDomains } from './domains.js';
import { requireOwnedSite } from './my-site.js';
import { sitePurchases } from './open-site.js';
import { siteOpenOnline } from './open-online.js';
import type { ShelfCatalog } from './seller.js';
import { siteProfile, type ReservedPath } from './site-profile.js';
import { versionMoney } from './version-prices.js';

const member = { auth: 'user' } as const;
const minute = 60_000;

/**
 * The member's calls on sites: opening, renewing and upgrading one (/inside/site/…, the page
 * /inside/selfCreatVip), and the owner's back office (/vip/site/…: vipWebSite, pagePath,
 * vipVersionMoney). Every /vip call acts on the caller's own site; a member without one is told
 * to open one (NOT_SITE_OWNER).
 */
export function registerSiteMemberRoutes(app: FastifyInstance, deps: Deps, catalog: ShelfCatalog): void {
  // Segments the app serves, and the admin path: never a site path.
  const reserved: ReservedPath = (segment) =>
    app.isReservedPath(segment) || segment.toLowerCase() === deps.settings.adminPath.toLowerCase();
  const purchases = sitePurchases(deps, reserved, catalog);
  const online = siteOpenOnline(deps, purchases);
  const profile = siteProfile(deps, reserved);
  const domains = siteDomains(deps, reserved);
  const prices = versionMoney(deps.db);
  const buying = { ...member, limits: [{ max: 20, windowMs: minute }] };
  // The owner's 操作记录 names the goods of their shelf edits; members stay named by kind and id.
  const ownerNames = {
    ...OWNER_AUDIT_NAMES,
    goods: async (conn: Db, ids: number[]) =>
      new Map([...(await platformGoodsByIds(conn, ids))].map(([id, g]) => [id, g.name])),
  };

  defineCall(app, '/inside/site/options', member, async (ctx) => ({
    ...(await purchases.options(ctx)),
    openRequest: await online.current(ctx.actor.id),
  }));
  defineCall(app, '/inside/site/openOnline', { ...buying, input: siteOpenOnlineInput }, (ctx, input) =>
    online.request(ctx, input),
  );
  defineCall(app, '/inside/site/cancelOpenRequest', member, (ctx) => online.cancel(ctx));
  defineCall(
    app,
    '/inside/site/checkPath',
    { ...member, input: sitePathCheckInput, limits: [{ max: 60, windowMs: minute }] },
    (ctx, input) => profile.checkPath(ctx, input.path),
  );
  defineCall(app, '/inside/site/open', { ...buying, input: siteOpenInput }, (ctx, input) => purchases.open(ctx, input));
  defineCall(app, '/inside/site/renew', { ...buying, input: siteRenewInput }, (ctx, input) =>
    purchases.renew(ctx, input),
  );
  defineCall(app, '/inside/site/upgradeQuote', { ...member, input: siteUpgradeQuoteInput }, (ctx, input) =>
    purchases.upgradeQuote(ctx, input),
  );
  defineCall(app, '/inside/site/upgrade', { ...buying, input: siteUpgradeInput }, (ctx, input) =>
    purchases.upgrade(ctx, input),
  );
  defineCall(app, '/inside/site/purchases', { ...member, input: pageOnlyInput }, (ctx, input) =>
    purchases.purchases(ctx, input.page, input.pageSize),
  );

  defineCall(app, '/vip/site/profile', member, (ctx) => profile.profile(ctx));
  defineCall(
    app,
    '/vip/site/saveProfile',
    { ...member, input: siteProfileInput, audit: { action: 'siteOwner.profile' } },
    (ctx, input) => profile.saveProfile(ctx, input),
  );
  defineCall(
    app,
    '/vip/site/setOpen',
    { ...member, input: siteOpenStateInput, audit: { action: 'siteOwner.setOpen' } },
    (ctx, input) => profile.setOpen(ctx, input.open, input.reason),
  );
  defineCall(app, '/vip/site/pathInfo', member, (ctx) => domains.pathView(ctx));
  defineCall(
    app,
    '/vip/site/savePath',
    { ...member, input: sitePathInput, audit: { action: 'siteOwner.path' } },
    (ctx, input) => profile.savePath(ctx, input.path),
  );
  defineCall(
    app,
    '/vip/site/addSubdomain',
    { ...member, input: siteSubdomainInput, audit: { action: 'siteOwner.addSubdomain' } },
    (ctx, input) => domains.addSubdomain(ctx, input.label, input.platformDomain),
  );
  defineCall(
    app,
    '/vip/site/addDomain',
    { ...member, input: siteDomainInput, audit: { action: 'siteOwner.addDomain' } },
    (ctx, input) => domains.addDomain(ctx, input.host),
  );
  defineCall(
    app,
    '/vip/site/checkDomain',
    { ...member, input: siteDomainIdInput, limits: [{ max: 10, windowMs: minute }] },
    (ctx, input) => domains.check(ctx, input.id),
  );
  defineCall(
    app,
    '/vip/site/removeDomain',
    { ...member, input: siteDomainIdInput, audit: { action: 'siteOwner.removeDomain' } },
    (ctx, input) => domains.remove(ctx, input.id),
  );
  defineCall(app, '/vip/site/versionPrices', member, async (ctx) =>
    prices.list(await requireOwnedSite(deps.db, ctx.actor.id)),
  );
  defineCall(
    app,
    '/vip/site/saveVersionPrice',
    { ...member, input: versionMoneySaveInput, audit: { action: 'siteOwner.versionPrice' } },
    async (ctx, input) => {
      await prices.save(ctx, await requireOwnedSite(deps.db, ctx.actor.id), input);
    },
  );
  // 操作记录: the owner's own site's audit entries (their edits of rules, shelf, customers, settings).
  defineCall(app, '/vip/site/auditLog', { ...member, input: pageOnlyInput }, async (ctx, input) => {
    const site = await requireOwnedSite(deps.db, ctx.actor.id);
    return listAudit(deps.db, deps.config.timeZone, { ...input, siteId: site.id }, ownerNames);
  });
}
