import {
  adminPathInput,
  adminSiteDomainInput,
  adminSiteIdInput,
  adminSiteListInput,
  adminSiteSuspendInput,
  siteSettingsInput,
  sitesSettingsInput,
  siteVersionIdInput,
  siteVersionSaveInput,
} from '@kapu/contract';
import type { FastifyInstance } from 'fastify';
import { defineCall, writeAudit } from '../../core/calls.js';
import { ADMIN_PREFIX } from '../../core/context.js';
import { businessError } from '../../core/errors.js';
import { SettingKeys } from '../../core/settings.js';
import type { Deps } from '../../deps.js';
import { adminSites } from './admin-sites.js';
import type { ShelfCatalog } from './seller.js';
import { versionsAdmin } from './versions.js';

const A = ADMIN_PREFIX;

/**
 * Admin calls on sites: the platform's title and subtitle and the admin path (settings.edit), and
 * the sub-sites — list, suspend/resume, domains, versions, platform domains and the freeze and
 * grace days (sites.manage). Every write is audited.
 */
export function registerSiteAdminRoutes(
  app: FastifyInstance,
  deps: Deps,
  reloadPlatform: () => Promise<void>,
  catalog: ShelfCatalog,
): void {
  const { db, settings } = deps;
  const set = { auth: 'admin', permission: 'settings.edit' } as const;
  defineCall(
    app,
    `${A}/settings/site`,
    { ...set, input: siteSettingsInput, audit: { action: 'settings.site' } },
    async (ctx, input) => {
      const before = await db
        .selectFrom('sites')
        .select(['title', 'subtitle'])
        .where('id', '=', ctx.site.id)
        .executeTakeFirstOrThrow();
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('sites')
          .set({ title: input.title ?? before.title, subtitle: input.subtitle ?? before.subtitle })
          .where('id', '=', ctx.site.id)
          .execute();
        await writeAudit(ctx, trx, { target: `site:${ctx.site.id}`, before });
      });
      await reloadPlatform();
    },
  );
  defineCall(
    app,
    `${A}/settings/adminPath`,
    { ...set, input: adminPathInput, audit: { action: 'settings.adminPath' } },
    async (ctx, input) => {
      const path = input.adminPath;
      if (!/^[A-Za-z0-9]{4,32}$/.test(path)) throw businessError('ADMIN_PATH_INVALID');
      if (app.isReservedPath(path)) throw businessError('ADMIN_PATH_RESERVED');
      // A sub-site's path is a first segment too (decision 0009).
      const site = await db.selectFrom('sites').select('id').where('path', '=', path.toLowerCase()).executeTakeFirst();
      if (site) throw businessError('ADMIN_PATH_RESERVED');
      const before = settings.adminPath;
      await db.transaction().execute(async (trx) => {
        await settings.set(SettingKeys.adminPath, path, trx);
        await writeAudit(ctx, trx, { target: 'setting:adminPath', before: { adminPath: before } });
      });
      return { adminPath: path };
    },
  );

  const sites = adminSites(deps);
  const versions = versionsAdmin(deps, catalog);
  const manage = { auth: 'admin', permission: 'sites.manage' } as const;
  defineCall(app, `${A}/sites/list`, { ...manage, input: adminSiteListInput }, (_ctx, input) => sites.list(input));
  defineCall(
    app,
    `${A}/sites/suspend`,
    { ...manage, input: adminSiteSuspendInput, audit: { action: 'sites.suspend' } },
    (ctx, input) => sites.suspend(ctx, input.id, input.reason),
  );
  defineCall(
    app,
    `${A}/sites/resume`,
    { ...manage, input: adminSiteIdInput, audit: { action: 'sites.resume' } },
    (ctx, input) => sites.resume(ctx, input.id),
  );
  defineCall(
    app,
    `${A}/sites/removeDomain`,
    { ...manage, input: adminSiteDomainInput, audit: { action: 'sites.removeDomain' } },
    (ctx, input) => sites.removeDomain(ctx, input.id),
  );
  defineCall(app, `${A}/sites/versions`, manage, () => versions.list());
  defineCall(
    app,
    `${A}/sites/versions/save`,
    { ...manage, input: siteVersionSaveInput, audit: { action: 'sites.saveVersion' } },
    (ctx, input) => versions.save(ctx, input),
  );
  defineCall(
    app,
    `${A}/sites/versions/delete`,
    { ...manage, input: siteVersionIdInput, audit: { action: 'sites.deleteVersion' } },
    (ctx, input) => versions.remove(ctx, input.id),
  );
  defineCall(app, `${A}/sites/settings`, manage, () => sites.settings());
  defineCall(
    app,
    `${A}/sites/settings/save`,
    { ...manage, input: sitesSettingsInput, audit: { action: 'sites.settings' } },
    (ctx, input) => sites.saveSettings(ctx, input),
  );
}
