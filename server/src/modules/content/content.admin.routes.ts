import { announcementListInput, announcementSaveInput, recordIdInput, serviceContactsInput } from '@kapu/contract';
import type { FastifyInstance } from 'fastify';
import { defineCall } from '../../core/calls.js';
import { ADMIN_PREFIX, type RequestContext } from '../../core/context.js';
import { businessError } from '../../core/errors.js';
import type { Deps } from '../../deps.js';
import { recordAudit } from '../audit/index.js';
import { SERVICE_SETTING, sanitizeRichText, type ContentService } from './index.js';

const A = ADMIN_PREFIX;

/** Admin calls on announcements and the customer-service contacts. Every write is audited. */
export function registerContentAdminRoutes(app: FastifyInstance, deps: Deps, content: ContentService): void {
  const { db, settings } = deps;
  const audit = (ctx: RequestContext, action: string, target: string, before: unknown, after: unknown) =>
    recordAudit(db, ctx, action, target, before, after);
  const set = { auth: 'admin' as const, permission: 'settings.edit' };
  defineCall(app, `${A}/settings/service`, { ...set, input: serviceContactsInput }, async (ctx, input) => {
    const before = content.service();
    await settings.set(SERVICE_SETTING, JSON.stringify(input));
    await audit(ctx, 'settings.service', 'setting:service', before, input);
  });

  // ---- announcements ----
  defineCall(app, `${A}/announcements/list`, { ...set, input: announcementListInput }, (ctx, input) =>
    content.list(ctx, input, true),
  );
  defineCall(app, `${A}/announcements/save`, { ...set, input: announcementSaveInput }, async (ctx, input) => {
    const values = {
      title: input.title,
      content_html: sanitizeRichText(input.content),
      pinned: input.pinned ? 1 : 0,
      popup: input.popup ? 1 : 0,
      status: input.status,
      updated_at: Date.now(),
    };
    if (!input.id) {
      const row = await db
        .insertInto('announcements')
        .values({ ...values, site_id: ctx.site.id, created_by: ctx.actor!.id, created_at: values.updated_at })
        .returning('id')
        .executeTakeFirstOrThrow();
      await audit(ctx, 'announcements.create', `announcement:${row.id}`, null, values);
      return { id: row.id };
    }
    const before = await db
      .selectFrom('announcements')
      .selectAll()
      .where('id', '=', input.id)
      .where('site_id', '=', ctx.site.id)
      .executeTakeFirst();
    if (!before) throw businessError('NOT_FOUND');
    await db.updateTable('announcements').set(values).where('id', '=', input.id).execute();
    await audit(ctx, 'announcements.update', `announcement:${input.id}`, before, values);
    return { id: input.id };
  });
  defineCall(app, `${A}/announcements/delete`, { ...set, input: recordIdInput }, async (ctx, input) => {
    const before = await db
      .selectFrom('announcements')
      .selectAll()
      .where('id', '=', input.id)
      .where('site_id', '=', ctx.site.id)
      .executeTakeFirst();
    if (!before) throw businessError('NOT_FOUND');
    await db.deleteFrom('announcements').where('id', '=', input.id).execute();
    await audit(ctx, 'announcements.delete', `announcement:${input.id}`, before, null);
  });
}
