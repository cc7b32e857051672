import type { AnnouncementView, Paged, ServiceContacts } from '@kapu/contract';
import { announcementDetailInput, announcementListInput } from '@kapu/contract';
import type { FastifyInstance } from 'fastify';
import { defineCall } from '../../core/calls.js';
import type { RequestContext } from '../../core/context.js';
import { businessError } from '../../core/errors.js';
import { fetchPage, mapPage } from '../../core/paging.js';
import { formatDateTime } from '../../core/time.js';
import type { Deps } from '../../deps.js';

export { sanitizeRichText } from './rich-text.js';
export {
  announcementOfSite,
  announcementValues,
  deleteAnnouncement,
  insertAnnouncement,
  siteAnnouncementsPage,
  updateAnnouncement,
} from './site-announcements.js';

export const SERVICE_SETTING = 'content.service';

/** Announcements (written in admin) and customer-service contacts, per site. */
export function contentService({ db, config, settings }: Deps) {
  const view = (r: {
    id: number;
    title: string;
    content_html: string;
    pinned: number;
    popup: number;
    created_at: number;
    updated_at: number;
  }): AnnouncementView => ({
    id: r.id,
    title: r.title,
    content: r.content_html,
    pinned: r.pinned === 1,
    popup: r.popup === 1,
    createdAt: formatDateTime(r.created_at, config.timeZone),
    updatedAt: formatDateTime(r.updated_at, config.timeZone),
  });
  return {
    service(): ServiceContacts {
      const raw = settings.get(SERVICE_SETTING);
      return raw ? (JSON.parse(raw) as ServiceContacts) : {};
    },
    async list(
      ctx: RequestContext,
      input: { page: number; pageSize: number },
      includeDrafts = false,
    ): Promise<Paged<AnnouncementView>> {
      let q = db.selectFrom('announcements').where('site_id', '=', ctx.site.id);
      if (!includeDrafts) q = q.where('status', '=', 'published');
      return mapPage(await fetchPage(q.selectAll().orderBy('pinned', 'desc').orderBy('id', 'desc'), input), view);
    },
    async detail(ctx: RequestContext, id: number, includeDrafts = false): Promise<AnnouncementView> {
      let q = db.selectFrom('announcements').selectAll().where('id', '=', id).where('site_id', '=', ctx.site.id);
      if (!includeDrafts) q = q.where('status', '=', 'published');
      const row = await q.executeTakeFirst();
      if (!row) throw businessError('NOT_FOUND');
      return view(row);
    },
    async popup(ctx: RequestContext): Promise<AnnouncementView | null> {
      const row = await db
        .selectFrom('announcements')
        .selectAll()
        .where('site_id', '=', ctx.site.id)
        .where('status', '=', 'published')
        .where('popup', '=', 1)
        .orderBy('id', 'desc')
        .executeTakeFirst();
      return row ? view(row) : null;
    },
  };
}
export type ContentService = ReturnType<typeof contentService>;

export function registerContentRoutes(app: FastifyInstance, content: ContentService): void {
  defineCall(app, '/content/service', {}, () => content.service());
  defineCall(app, '/content/announcements', { input: announcementListInput }, (ctx, input) => content.list(ctx, input));
  defineCall(app, '/content/announcement', { input: announcementDetailInput }, (ctx, input) =>
    content.detail(ctx, input.id),
  );
  defineCall(app, '/content/popupAnnouncement', {}, (ctx) => content.popup(ctx));
}

export { registerContentAdminRoutes } from './content.admin.routes.js';
