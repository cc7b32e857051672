import type { AnnouncementView, Paged, ServiceContacts } from '@kapu/contract';
import { announcementDetailInput, announcementListInput } from '@kapu/contract';
import type { FastifyInstance } from 'fastify';
import { lazyModule } from '../../core/lazy-module.js';
import { defineCall } from '../../core/calls.js';
import type { RequestContext } from '../../core/context.js';
import { businessError } from '../../core/errors.js';
import { fetchPage, mapPage } from '../../core/paging.js';
import { formatDateTime } from '../../core/time.js';
import type { Deps } from '../../deps.js';

const loadSanitizer = lazyModule<typeof import('sanitize-html')>('sanitize-html');

export const SERVICE_SETTING = 'content.service';

/** Rich text from the admin editor: formatting, links and images only; no scripts, no handlers. */
export function sanitizeRichText(html: string): string {
  const sanitizeHtml = loadSanitizer();
  return sanitizeHtml(html, {
    allowedTags: [
      'p',
      'br',
      'span',
      'strong',
      'b',
      'em',
      'i',
      'u',
      's',
      'del',
      'h1',
      'h2',
      'h3',
      'h4',
      'blockquote',
      'ul',
      'ol',
      'li',
      'a',
      'img',
      'table',
      'thead',
      'tbody',
      'tr',
      'th',
      'td',
      'hr',
      'pre',
      'code',
    ],
    allowedAttributes: { a: ['href', 'target', 'rel'], img: ['src', 'alt', 'width', 'height'], '*': ['style'] },
    allowedStyles: {
      '*': {
        color: [/^#[0-9a-f]{3,6}$/i, /^rgb\(\d{1,3}, ?\d{1,3}, ?\d{1,3}\)$/],
        'text-align': [/^(left|right|center|justify)$/],
        'font-size': [/^\d{1,2}px$/],
      },
    },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['http', 'https', 'data'] },
    allowProtocolRelative: false,
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }) },
  });
}

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
