import type { Selectable } from 'kysely';
import type { Paged, SiteAnnouncementView, announcementSaveInput, z } from '@kapu/contract';
import type { Db } from '../../core/db/connect.js';
import { businessError } from '../../core/errors.js';
import { fetchPage, mapPage } from '../../core/paging.js';
import { formatDateTime } from '../../core/time.js';
import { sanitizeRichText } from './rich-text.js';
import type { AnnouncementsTable } from './tables.js';

type AnnouncementRow = Selectable<AnnouncementsTable>;
export type AnnouncementInput = z.output<typeof announcementSaveInput>;

/**
 * A site's announcements as whoever runs the site writes them: the platform's staff for site 1
 * (admin calls, audited) and a sub-site's owner for theirs (the back office). Every read and
 * write names the site, so an id of another site's announcement is not found.
 */
export function siteAnnouncementView(r: AnnouncementRow, timeZone: string): SiteAnnouncementView {
  return {
    id: r.id,
    title: r.title,
    content: r.content_html,
    pinned: r.pinned === 1,
    popup: r.popup === 1,
    status: r.status,
    createdAt: formatDateTime(r.created_at, timeZone),
    updatedAt: formatDateTime(r.updated_at, timeZone),
  };
}

/** A site's announcements, drafts included, pinned first then newest. */
export async function siteAnnouncementsPage(
  db: Db,
  siteId: number,
  input: { page: number; pageSize: number },
  timeZone: string,
): Promise<Paged<SiteAnnouncementView>> {
  const rows = db
    .selectFrom('announcements')
    .where('site_id', '=', siteId)
    .selectAll()
    .orderBy('pinned', 'desc')
    .orderBy('id', 'desc');
  return mapPage(await fetchPage(rows, input), (r) => siteAnnouncementView(r, timeZone));
}

/** One of the site's announcements, or NOT_FOUND (another site's looks missing). */
export async function announcementOfSite(db: Db, siteId: number, id: number): Promise<AnnouncementRow> {
  const row = await db
    .selectFrom('announcements')
    .selectAll()
    .where('id', '=', id)
    .where('site_id', '=', siteId)
    .executeTakeFirst();
  if (!row) throw businessError('NOT_FOUND', '公告不存在');
  return row;
}

/** What is stored of an edit: the body sanitised (formatting, links and images only). */
export function announcementValues(input: AnnouncementInput, now: number) {
  return {
    title: input.title,
    content_html: sanitizeRichText(input.content),
    pinned: input.pinned ? 1 : 0,
    popup: input.popup ? 1 : 0,
    status: input.status,
    updated_at: now,
  };
}
export type AnnouncementValues = ReturnType<typeof announcementValues>;

export async function insertAnnouncement(
  trx: Db,
  siteId: number,
  authorId: number,
  values: AnnouncementValues,
): Promise<number> {
  const row = await trx
    .insertInto('announcements')
    .values({ ...values, site_id: siteId, created_by: authorId, created_at: values.updated_at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateAnnouncement(trx: Db, siteId: number, id: number, values: AnnouncementValues) {
  await trx.updateTable('announcements').set(values).where('id', '=', id).where('site_id', '=', siteId).execute();
}

export async function deleteAnnouncement(trx: Db, siteId: number, id: number) {
  await trx.deleteFrom('announcements').where('id', '=', id).where('site_id', '=', siteId).execute();
}
