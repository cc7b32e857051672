import { announcementListInput, announcementSaveInput, recordIdInput, serviceContactsInput } from '@kapu/contract';
import type { FastifyInstance } from 'fastify';
import { defineCall, writeAudit } from '../../core/calls.js';
import { ADMIN_PREFIX } from '../../core/context.js';
import type { Deps } from '../../deps.js';
import { SERVICE_SETTING, type ContentService } from './index.js';
import {
  announcementOfSite,
  announcementValues,
  deleteAnnouncement,
  insertAnnouncement,
  updateAnnouncement,
} from './site-announcements.js';

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

  // ---- announcements (the platform's own; owners write theirs in the back office) ----
  defineCall(app, `${A}/announcements/list`, { ...set, input: announcementListInput }, (ctx, input) =>
    content.list(ctx, input, true),
  );
  defineCall(
    app,
    `${A}/announcements/save`,
    { ...set, input: announcementSaveInput, audit: { action: 'announcements.save' } },
    async (ctx, input) => {
      const values = announcementValues(input, Date.now());
      const siteId = ctx.site.id;
      if (!input.id) {
        return db.transaction().execute(async (trx) => {
          const id = await insertAnnouncement(trx, siteId, ctx.actor.id, values);
          await writeAudit(ctx, trx, { action: 'announcements.create', target: `announcement:${id}`, after: values });
          return { id };
        });
      }
      const before = await announcementOfSite(db, siteId, input.id);
      const id = input.id;
      await db.transaction().execute(async (trx) => {
        await updateAnnouncement(trx, siteId, id, values);
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
      const before = await announcementOfSite(db, ctx.site.id, input.id);
      await db.transaction().execute(async (trx) => {
        await deleteAnnouncement(trx, ctx.site.id, input.id);
        await writeAudit(ctx, trx, { target: `announcement:${input.id}`, before, after: null });
      });
    },
  );
}
