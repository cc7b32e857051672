import { adminPathInput, siteSettingsInput } from '@kapu/contract';
import type { FastifyInstance } from 'fastify';
import { defineCall } from '../../core/calls.js';
import { ADMIN_PREFIX, type RequestContext } from '../../core/context.js';
import { businessError } from '../../core/errors.js';
import { SettingKeys } from '../../core/settings.js';
import type { Deps } from '../../deps.js';
import { recordAudit } from '../audit/index.js';

const A = ADMIN_PREFIX;

/** Admin calls on the site: title and subtitle, and the admin path. Audited. */
export function registerSiteAdminRoutes(app: FastifyInstance, deps: Deps, reloadPlatform: () => Promise<void>): void {
  const { db, settings } = deps;
  const audit = (ctx: RequestContext, action: string, target: string, before: unknown, after: unknown) =>
    recordAudit(db, ctx, action, target, before, after);
  const set = { auth: 'admin' as const, permission: 'settings.edit' };
  defineCall(app, `${A}/settings/site`, { ...set, input: siteSettingsInput }, async (ctx, input) => {
    const before = await db
      .selectFrom('sites')
      .select(['title', 'subtitle'])
      .where('id', '=', ctx.site.id)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('sites')
      .set({ title: input.title ?? before.title, subtitle: input.subtitle ?? before.subtitle })
      .where('id', '=', ctx.site.id)
      .execute();
    await reloadPlatform();
    await audit(ctx, 'settings.site', `site:${ctx.site.id}`, before, input);
  });
  defineCall(app, `${A}/settings/adminPath`, { ...set, input: adminPathInput }, async (ctx, input) => {
    const path = input.adminPath;
    if (!/^[A-Za-z0-9]{4,32}$/.test(path)) throw businessError('ADMIN_PATH_INVALID');
    if (app.isReservedPath(path)) throw businessError('ADMIN_PATH_RESERVED');
    const before = settings.adminPath;
    await settings.set(SettingKeys.adminPath, path);
    await audit(ctx, 'settings.adminPath', 'setting:adminPath', { adminPath: before }, { adminPath: path });
    return { adminPath: path };
  });
}
