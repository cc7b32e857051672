import { announcementListInput, announcementSaveInput, recordIdInput, serviceContactsInput } from '@kapu/contract';
import type { FastifyInstance } from 'fastify';
import { defineCall, writeAudit } from '../../core/calls.js';
import { ADMIN_PREFIX } from '../../core/context.js';
import { businessError } from '../../core/errors.js';
import type { Deps } from '../../deps.js';
import { SERVICE_SETTING, sanitizeRichText, type ContentService } from './index.js';

const A = ADMIN_PREFIX;

/** Admin calls on announcements and the customer-service contacts. Every write is audited. */
export function registerContentAdminRoutes(app: FastifyInstance, deps: Deps, content: ContentService): void {
  const { db, settings } = deps;
  const set = { auth: 'admin', permission: 'settings.edit' } as const;
  defineCall(
    app,
    `${A}/settings/service`,
    { ...set, input: serviceContactsInput, audit: { action: 'settings.service' } },
    async (ctx, input) => {
      const before = content.service();
      await db.transaction().execute(async (trx) => {
        await settings.set(SERVICE_SETTING, JSON.stringify(input), trx);
        await writeAudit(ctx, trx, { target: 'setting:service', before });
      });
    },
  );

  // ---- announcements ----
  /** One of this site's announcements (another site's is not found). */
  async function announcementOfSite(id: number, siteId: number) {
    const row = await db
      .selectFrom('announcements')
      .selectAll()
      .where('id', '=', id)
      .where('site_id', '=', siteId)
      .executeTakeFirst();
    if (!row) throw businessError('NOT_FOUND');
    return row;
  }
  defineCall(app, `${A}/announcements/list`, { ...set, input: announcementListInput }, (ctx, input) =>
    content.list(ctx, input, true),
  );
  defineCall(
    app,
    `${A}/announcements/save`,
    { ...set, input: announcementSaveInput, audit: { action: 'announcements.save' } },
    async (ctx, input) => {
      const values = {
        title: input.title,
        content_html: sanitizeRichText(input.content),
        pinned: input.pinned ? 1 : 0,
        popup: input.popup ? 1 : 0,
        status: input.status,
        updated_at: Date.now(),
      };
      if (!input.id) {
        return db.transaction().execute(async (trx) => {
          const row = await trx
            .insertInto('announcements')
            .values({ ...values, site_id: ctx.site.id, created_by: ctx.actor.id, created_at: values.updated_at })
            .returning('id')
            .executeTakeFirstOrThrow();
          await writeAudit(ctx, trx, {
            action: 'announcements.create',
            target: `announcement:${row.id}`,
            after: values,
          });
          return { id: row.id };
        });
      }
      const before = await announcementOfSite(input.id, ctx.site.id);
      const id = input.id;
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('announcements').set(values).where('id', '=', id).execute();
        await writeAudit(ctx, trx, {
          action: 'announcements.update',
          target: `announcement:${id}`,
          before,
          after: values,
        });
      });
      return { id };
    },
  );
  defineCall(
    app,
    `${A}/announcements/delete`,
    { ...set, input: recordIdInput, audit: { action: 'announcements.delete' } },
    async (ctx, input) => {
      const before = await announcementOfSite(input.id, ctx.site.id);
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('announcements').where('id', '=', input.id).execute();
        await writeAudit(ctx, trx, { target: `announcement:${input.id}`, before, after: null });
      });
    },
  );
}
