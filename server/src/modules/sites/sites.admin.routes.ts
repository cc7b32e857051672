import { adminPathInput, siteSettingsInput } from '@kapu/contract';
import type { FastifyInstance } from 'fastify';
import { defineCall, writeAudit } from '../../core/calls.js';
import { ADMIN_PREFIX } from '../../core/context.js';
import { businessError } from '../../core/errors.js';
import { SettingKeys } from '../../core/settings.js';
import type { Deps } from '../../deps.js';

const A = ADMIN_PREFIX;

/** Admin calls on the site: title and subtitle, and the admin path. Audited. */
export function registerSiteAdminRoutes(app: FastifyInstance, deps: Deps, reloadPlatform: () => Promise<void>): void {
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
      const before = settings.adminPath;
      await db.transaction().execute(async (trx) => {
        await settings.set(SettingKeys.adminPath, path, trx);
        await writeAudit(ctx, trx, { target: 'setting:adminPath', before: { adminPath: before } });
      });
      return { adminPath: path };
    },
  );
}
