import type { SiteInfo } from '@kapu/contract';
import type { SiteRef } from '../../core/context.js';
import type { Db } from '../../core/db/connect.js';

export const PLATFORM_SITE_ID = 1;

/** A site's title for messages sent on its behalf (mails); the product name when it has none. */
export async function siteTitleOf(db: Db, siteId: number): Promise<string> {
  const site = await db.selectFrom('sites').select('title').where('id', '=', siteId).executeTakeFirst();
  return site?.title || '卡铺';
}

/** The first path segment that serves a site ('/abc'), or '' for the platform and sites reached by host only. */
export async function sitePathPrefix(db: Db, siteId: number): Promise<string> {
  if (siteId === PLATFORM_SITE_ID) return '';
  const site = await db.selectFrom('sites').select('path').where('id', '=', siteId).executeTakeFirst();
  return site?.path ? `/${site.path}` : '';
}

/** Sub-sites' titles and paths by id, for lists that say where each row happened (the platform is left out). */
export async function siteLabels(
  db: Db,
  ids: readonly number[],
): Promise<Map<number, { title: string; path: string | null }>> {
  const wanted = [...new Set(ids)].filter((id) => id !== PLATFORM_SITE_ID);
  if (wanted.length === 0) return new Map();
  const rows = await db.selectFrom('sites').select(['id', 'title', 'path']).where('id', 'in', wanted).execute();
  return new Map(rows.map((r) => [r.id, { title: r.title, path: r.path }]));
}

/**
 * Sites: the platform is site 1, read on every request, so its row is kept (reloaded on change by
 * the 'site' cache); sub-sites resolve by host or path (resolve.ts).
 */
export function sitesService(db: Db) {
  let platform: { ref: SiteRef; subtitle: string } | undefined;

  async function loadPlatform() {
    const row = await db
      .selectFrom('sites')
      .select(['id', 'title', 'subtitle'])
      .where('id', '=', PLATFORM_SITE_ID)
      .executeTakeFirstOrThrow();
    platform = {
      subtitle: row.subtitle,
      ref: {
        id: row.id,
        title: row.title,
        depth: 0,
        chain: [row.id],
        ownerId: null,
        path: null,
        status: 'active',
        rootLevelId: null,
        decorated: true,
      },
    };
  }

  return {
    loadPlatform,
    platformRef(): SiteRef {
      if (!platform) throw new Error('platform site not loaded');
      return platform.ref;
    },
    /** What the storefront shows of its site: the platform's row is kept, a sub-site's is read. */
    async info(site: SiteRef): Promise<SiteInfo> {
      const base = { siteId: site.id, path: site.path ?? '', status: site.status, notice: '' };
      if (site.depth === 0)
        return { ...base, title: site.title, subtitle: platform?.subtitle ?? '', logo: '', closedReason: '' };
      const row = await db
        .selectFrom('sites')
        .select(['subtitle', 'logo', 'closed_reason'])
        .where('id', '=', site.id)
        .executeTakeFirst();
      return {
        ...base,
        title: site.title,
        subtitle: row?.subtitle ?? '',
        logo: row?.logo ?? '',
        closedReason: site.status === 'closed' ? (row?.closed_reason ?? '') : '',
      };
    },
  };
}
export type SitesService = ReturnType<typeof sitesService>;
